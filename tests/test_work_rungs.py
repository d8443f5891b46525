"""Each rung of a call of many odds is checked against the cost guard before
its odds are counted (issue 32 item 1, benchmarks/bench_cost.py): the ladder,
``solve``, the party ladder and the FC's screen leave out a rung the guard
would refuse. That check made each rung's whole estimate (a few hundred
thousand instructions: 0.47 ms a rung of 8 to 12 d6 pushed, two thirds of
its odds' 0.7 ms), work the call's price did not hold (the FC's screen of
three characters over 200 rungs: as long as its estimate, 1.0 times). The
guard's own check of one spec asks the cheap bound first
(:mod:`venus_widgets.engine.drafts.quick_cost`)
and estimates only what it cannot place; each rung now does the same.

Work is counted, never timed: the estimates made, by a counter on the
draft's estimate.
"""

from __future__ import annotations

import pytest

import venus_widgets as vw
from venus_widgets.engine import caching
from venus_widgets.engine.contract import edition as registry
from venus_widgets.engine.drafts import step_cost

DRAFT = '''id = "rungs"
[fields.dice]
range = [0, 1000]
default = {dice}
[fields.need]
range = [1, 200]
default = 1
group = "difficulty"
[dice.d]
sides = 6
success = "5+"
marks = {{ bane = [1] }}
[groups.own]
count = "dice"
[outcome]
threshold = "need"
[reroll]
name = "Push"
budget = "all_dice"
faces = "2-4"
[ladder]
field = "need"
from = 1
to = 200
'''


@pytest.fixture(autouse=True)
def _unregistered():
    caching.forget_results()
    yield
    if "rungs" in registry.ids():
        registry.unregister("rungs")


def _estimates(call) -> int:
    """How many whole estimates ``call`` makes (each prices the steps around the counting once)."""
    made = [0]
    steps = step_cost.odds_steps

    def counted(*a, **k):
        made[0] += 1
        return steps(*a, **k)

    step_cost.odds_steps = counted
    try:
        call()
    finally:
        step_cost.odds_steps = steps
    return made[0]


@pytest.mark.parametrize("call, ladders", [
    (lambda: vw.ladder({"edition": "rungs", "dice": 10}), 1),
    (lambda: vw.solve({"edition": "rungs", "dice": 10}, vary="need"), 1),
    (lambda: vw.FCScreen({"A": {"edition": "rungs", "dice": 8}, "B": {"edition": "rungs", "dice": 12}}), 2),
])
def test_the_rungs_of_a_ladder_the_cheap_bound_places_are_not_estimated_one_by_one(call, ladders):
    """The estimates left are the call's own price (a sample of 24 rungs a
    ladder, the screen's and its party ladder's): 24, 24 and 96 where every
    rung was estimated as well (224, 224 and 496)."""
    vw.load_edition(DRAFT.format(dice=10))
    assert _estimates(call) <= 2 * 24 * ladders
