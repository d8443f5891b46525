"""Writes tests/data/playtest_draft_odds.json: the digests of the playtest
draft's odds (tests/playtest_draft_specs.py) with the package as it was
before a change of the counting: run there, e.g.
``mkdir /tmp/nextwt && git archive next | tar -x -C /tmp/nextwt`` then
``PYTHONPATH=/tmp/nextwt python tests/data/make_playtest_draft_odds.py``.
Never run by the tests (they read what it wrote).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import venus_widgets as vw  # noqa: E402
from playtest_draft_specs import digest, random_specs  # noqa: E402
from venus_widgets.engine.drafts import EXAMPLES, load_edition  # noqa: E402

load_edition(EXAMPLES / "playtest.toml")
digests = [digest(vw.odds(s, exact=True), vw.odds(s)) for s in random_specs()]
made = sys.argv[1] if len(sys.argv) > 1 else "next"
(HERE / "playtest_draft_odds.json").write_text(json.dumps({"made_with": made, "digests": digests}, indent=0) + "\n")
print(len(digests), "digests from", vw.__file__)
