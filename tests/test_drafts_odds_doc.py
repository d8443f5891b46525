"""docs/drafts.md's table of what the odds of a draft give names every
entry of ``to_dict()`` and the breakdown's names without degrees (issue 33:
"pass on the first roll", "pass after ...", "fail" and p_critical were not
documented)."""

from __future__ import annotations

from pathlib import Path

import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.drafts import load_edition
from venus_widgets.engine.drafts.model import FAIL, FIRST_ROLL

DOCS = (Path(__file__).resolve().parents[1] / "docs" / "drafts.md").read_text(encoding="utf-8")
SECTION = DOCS.split("## What the odds of a draft give", 1)[1].split("\n## ", 1)[0]

POOL = '''
id = "doc-pool"
[fields.pool]
range = [1, 4]
default = 3
[dice.d6]
sides = 6
success = "5+"
[groups.own]
die = "d6"
count = "pool"
[outcome]
value = "successes"
threshold = 1
[reroll]
name = "Push"
budget = 1
dice = ["own"]
faces = "failed"
'''


def test_every_entry_of_the_odds_and_of_the_breakdown_is_documented():
    load_edition(POOL)
    try:
        o = vw.odds({"edition": "doc-pool"})
    finally:
        edition.unregister("doc-pool")
    for key in o.to_dict():
        assert key == "spec" or f"`{key}`" in SECTION, key
    assert {FIRST_ROLL, "pass after Push", FAIL} <= set(o.breakdown)
    for said in (f'`"{FIRST_ROLL}"`', '`"pass after <the re-roll step\'s name>"`', f'`"{FAIL}"`'):
        assert said in SECTION, said


def test_the_reserved_names_and_the_field_names_the_roller_keeps_are_documented():
    """docs/drafts.md names every name a draft cannot give (the reserved
    names of formulas and the spec) and every name a field cannot take
    because a roller keeps it for itself ("seed", "layout", "status"...): a
    designer meets the refusal only after writing the draft."""
    import re

    from venus_widgets.engine.drafts.reader import RESERVED, ROLLER_NAMES

    section = " ".join(DOCS.split("### How big a draft may be", 1)[1].split("\n## ", 1)[0].split())
    reserved = section.split("The reserved names", 1)[1].split(". ", 1)[0]
    assert set(re.findall(r"`([a-z_]+)`", reserved)) == set(RESERVED)
    kept = section.split("A field cannot take a name the roller keeps for itself", 1)[1].split(". ", 1)[0]
    assert set(re.findall(r"`([a-z_]+)`", kept)) == set(ROLLER_NAMES) - set(RESERVED)
