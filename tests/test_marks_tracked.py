"""A draft with a re-roll step counts the marks its dice show in the same
count as the rest where the cells stay few (draft_reads.with_marks): one
count of the dice, not a second one without each mark; the mark's chance is
the same as counted the other way (exact), and past the cells the mark is
counted again as before."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

import venus_widgets as vw
from venus_widgets.engine import caching
from venus_widgets.engine.api import _edition
from venus_widgets.engine.drafts import EXAMPLES, kernel, load_edition, outcome
from venus_widgets.engine.drafts.draft_reads import with_marks
from venus_widgets.engine.drafts.edition import counted

SPEC = {"edition": "playtest-draft", "roll": "task", "caliber": "silver", "dice": 12, "allies": ["gold"],
        "factors": 4, "kiss": 8, "ego": "none", "consequences": 1}


@pytest.fixture(scope="module")
def ed():
    from venus_widgets.engine.contract import edition

    load_edition(EXAMPLES / "playtest.toml")
    yield _edition("playtest-draft")
    edition.unregister("playtest-draft")


def _six_chance_counted_again(p) -> Fraction:
    """The chance of a 6 by the count without it (the plan without the mark tracked)."""
    bare = dataclasses.replace(p, readings=tuple(r for r in p.readings if r.key != "six"))
    c = counted(bare, True)
    ways = outcome.mark_ways(bare, c, "six", lambda mark: counted(bare, True, without=mark))
    return Fraction(int(ways), int(c.denominator))


@pytest.mark.parametrize("ego", ["none", "reroll"])
def test_a_mark_of_a_re_roll_step_is_read_off_one_count(ed, ego, monkeypatch):
    spec = vw.normalize({**SPEC, "ego": ego, "dice": 6 if ego == "reroll" else 12})
    p = ed.plan(spec)
    assert "six" in kernel.tracked(p)
    made = []
    real = kernel._count
    monkeypatch.setattr(kernel, "_count", lambda *a: made.append(a[2:]) or real(*a))
    caching.forget_results()
    o = vw.odds(spec, exact=True)
    assert made == [("", False)]  # one count, not a second one without the 6s
    monkeypatch.undo()
    key = outcome.mark_key(p, "six")
    assert o.breakdown[key] == _six_chance_counted_again(p)


def test_past_the_cells_the_mark_is_counted_again(ed):
    spec = vw.normalize({**SPEC, "dice": 30})
    p = ed.plan(spec)
    assert "six" not in kernel.tracked(p)  # 32 x 32 cells: a second count of 32 costs less (12.9 ms against 1.2 ms)
    assert with_marks(p.readings, p.groups, p.marks, p.budget) == p.readings


def test_without_a_re_roll_step_nothing_more_is_tracked(ed):
    p = ed.plan(vw.normalize({**SPEC, "kiss": 0}))
    assert "six" not in kernel.tracked(p)
