"""A ladder's rungs that share their counts share the estimate of the
counting too (issue 32, "a cost bound before work that prices every step,
and is itself cheap"). fuzz_drafts seed 49, friendly seed 1755698495: an FC
screen over a draft of 100 d6 and 100 cancelling d3 whose field ``need``
(0 to 1,000) the dice never read. Its 1,001 rungs counted the dice once
(:mod:`venus_widgets.engine.drafts.counts_kept`), but the cost guard's
check of each rung priced the counting afresh: 1,001 estimates of 2 ms,
2.3 s of CPU in all for a call priced 1.9 s.

Work is counted, never timed: the kernel's price made, as calls of
:func:`venus_widgets.engine.drafts.cost.work`."""

from __future__ import annotations

import pytest

import venus_widgets as vw
from venus_widgets.engine import caching
from venus_widgets.engine.contract import edition as registry, guard, work
from venus_widgets.engine.contract.spec import Spec, normalize
from venus_widgets.engine.drafts import cost as draft_cost, karatsuba

#: the fuzz's draft, as a designer would write it
UNREAD = '''id = "unread"
[fields.dice]
range = [0, 100]
default = 4
group = "ability"
[fields.need]
range = [0, 1000]
default = 4
group = "other"
[dice.d0]
sides = 6
success = { but = [1] }
[dice.d1]
sides = 3
success = "1-1"
explode = [3]
depth = 1
[groups.g0]
die = "d0"
count = "dice"
[groups.g1]
die = "d1"
count = "dice"
cancels = true
[outcome]
threshold = 2
'''

SPEC = {"edition": "unread", "dice": 100, "need": 1000}


@pytest.fixture
def unread(monkeypatch):
    vw.load_edition(UNREAD)
    caching.forget_results()
    made = []
    priced = draft_cost.work

    def counted(p):
        made.append(p)
        return priced(p)

    monkeypatch.setattr(draft_cost, "work", counted)
    yield made
    registry.unregister("unread")
    caching.forget_results()


def test_a_ladder_of_rungs_sharing_their_counts_prices_the_counting_once(unread):
    rungs = vw.ladder(SPEC)
    assert len(rungs) == 1001
    assert len(unread) <= 2, f"the counting priced {len(unread)} times"


def test_the_fc_screen_over_them_prices_the_counting_a_few_times(unread):
    vw.FCScreen({"A": SPEC})
    assert len(unread) <= 3, f"the counting priced {len(unread)} times"


@pytest.mark.parametrize("need", [0, 4, 1000])
def test_an_estimate_is_the_same_cold_and_after_the_ladder(unread, need):
    spec = normalize({**SPEC, "need": need}, priced=False)
    karatsuba._FOLLOWED.clear()
    cold = guard.estimate(spec)
    vw.ladder(SPEC)
    assert guard.estimate(normalize({**SPEC, "need": need}, priced=False)) == cold


def test_other_counts_are_priced_apart(unread):
    """Rungs over the dice (what the counts read) each price their own counting."""
    specs = [normalize({**SPEC, "dice": d}, priced=False) for d in (10, 11, 12)]
    costs = [guard.estimate(s) for s in specs]
    assert len(unread) == 3 and len({c.seconds for c in costs}) == 3
