"""Drafts keep their promises (issue 32, round 3 and the fuzz of drafts):
each failure the hostile round or the fuzz found, as a test that counts
work (tests/work_count.py) or memory (tracemalloc), never a stopwatch."""

from __future__ import annotations

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition

HIGHEST = '''id = "pr"
[fields.dice]
range = [1, 6]
default = 3
[fields.need]
range = [0, 80]
default = 21
group = "difficulty"
[dice.d6]
sides = 6
success = "5+"
[groups.own]
count = "dice"
[outcome]
value = "successes * 10 + 1"
threshold = "need"
[reroll]
name = "Push"
budget = "all_dice"
faces = "1-3"
'''


@pytest.fixture(autouse=True)
def _forget():
    yield
    if "pr" in edition.ids():
        edition.unregister("pr")


def test_a_drafts_roll_names_the_value_before_its_re_roll_for_what_it_is():
    """A draft's roll held the outcome's value before the re-roll step
    under ``successes_before_kiss``: a value (here ten times the successes, plus one),
    not a count of successes. It is named for what it holds, and the
    roller's re-roll header reads it."""
    vw.load_edition(HIGHEST)
    spec = {"edition": "pr", "dice": 3}
    for seed in range(20):
        kept = vw.roll(spec, seed, kiss=[])  # nothing re-rolled: the value stands as first rolled
        assert "successes_before_kiss" not in kept.details
        assert kept.details["value_before_reroll"] == kept.outcome == 10 * kept.details["successes"] + 1
        r = vw.roll(spec, seed)
        assert r.details["value_before_reroll"] == kept.outcome
        start = edition.get("pr").at_table.kiss_start(vw.normalize(spec), kept)
        assert start.successes == kept.outcome
