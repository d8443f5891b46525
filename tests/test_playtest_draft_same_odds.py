"""The playtest draft gives the same odds, exact and float, as before a
change of how its dice are counted (issue 33: faster, never different): 300
random specs (tests/playtest_draft_specs.py) against the digests recorded
with next at c0fb8ed (tests/data/make_playtest_draft_odds.py); 51 of them
count the chance of a 6 with a budget that covers every die
(drafts/reroll_total.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import venus_widgets as vw
from playtest_draft_specs import digest, random_specs
from venus_widgets.engine.contract import edition
from venus_widgets.engine.drafts import EXAMPLES, load_edition

DATA = Path(__file__).resolve().parent / "data" / "playtest_draft_odds.json"


@pytest.fixture(scope="module")
def draft():
    load_edition(EXAMPLES / "playtest.toml")
    yield
    edition.unregister("playtest-draft")


def test_the_playtest_draft_gives_the_odds_it_gave_before(draft):
    want = json.loads(DATA.read_text(encoding="utf-8"))["digests"]
    specs = random_specs()
    assert len(want) == len(specs)
    differ = [s for s, d in zip(specs, want) if digest(vw.odds(s, exact=True), vw.odds(s)) != d]
    assert differ == [], f"{len(differ)} of {len(specs)} specs give other odds, e.g. {differ[:2]}"
