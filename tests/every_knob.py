"""A shipped draft with every number a rule knob: its ``[knobs]`` left out
(heresy.toml names four knobs, the names the Heresy Engine's rules had;
a test that turns a number the draft does not name, its depth, reads it so)."""

from __future__ import annotations

import re

from venus_widgets.engine.drafts import EXAMPLES


def every_knob(name: str) -> str:
    """The TOML text of the shipped draft ``name`` without its ``[knobs]``."""
    return re.sub(r"\n\[knobs\][^\[]*", "\n", (EXAMPLES / name).read_text())
