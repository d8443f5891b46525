"""A shipped draft with every number a rule knob: its ``[knobs]`` left out
(heresy.toml names four knobs, the names the Heresy Engine's rules had;
a test that turns a number the draft does not name, its depth, reads it so).
A draft that serves a built-in edition (heresy.toml, vers.toml) is changed
so: it takes an id of its own (``heresy-every-knob``)."""

from __future__ import annotations

import re

from venus_widgets.engine.contract.edition import BUILT_IN
from venus_widgets.engine.drafts import EXAMPLES


def every_knob(name: str) -> str:
    """The TOML text of the shipped draft ``name`` without its ``[knobs]``."""
    text = re.sub(r"\n\[knobs\][^\[]*", "\n", (EXAMPLES / name).read_text())
    return re.sub(r'^id = "(\w+)"', lambda m: f'id = "{m.group(1)}-every-knob"' if m.group(1) in BUILT_IN
                  else m.group(0), text, count=1, flags=re.M)
