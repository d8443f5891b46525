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
faces = "{faces}"
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
    vw.load_edition(DRAFT.format(dice=10, faces="2-4"))
    assert _estimates(call) <= 2 * 24 * ladders


DEEP = DRAFT.replace('sides = 6\nsuccess = "5+"\nmarks = {{ bane = [1] }}',
                     'sides = 20\nsuccess = "15+"\nexplode = "18+"\ndepth = 50\nmarks = {{ a = [1], b = [2] }}'
                     ).replace('[reroll]\nname = "Push"\nbudget = "all_dice"\nfaces = "{faces}"\n', "")


@pytest.mark.parametrize("draft, dice", [(DRAFT, 10), (DEEP, 6)])
def test_each_rung_s_check_is_priced_as_it_is_made(draft, dice):
    """The check of a rung is work the call does before the rung's odds: the
    cheap bound, and the estimate where the bound cannot place the spec (six
    d20 exploding to depth 50: Python ints, past what the bound covers; its
    30 rungs' estimates were a fifth of the ladder's time, unpriced). Each
    spec's price holds the check as it is made: the estimate priced exactly
    where one is counted."""
    from venus_widgets.engine.contract import guard
    from venus_widgets.engine.drafts import estimate_work, quick_cost

    assert "explode" in DEEP and "reroll" not in DEEP  # (no re-roll step: the rungs share their counts)
    vw.load_edition(draft.format(dice=dice, faces="2-4"))
    ed = registry.get("rungs")
    checked = []
    allowed = guard.allowed

    def counted(spec, exact=False):
        made = _estimates(lambda: allowed(spec, exact))
        checked.append((made, quick_cost.check_work(ed.plan(spec), 1e30, estimate_work.FIXED)))
        return True

    guard.allowed = counted
    try:
        vw.ladder({"edition": "rungs", "dice": dice})
    finally:
        guard.allowed = allowed
    assert len(checked) == 200
    assert all(w == quick_cost.BOUND_WORK + made * estimate_work.FIXED for made, w in checked), checked[:3]
    assert {made for made, _ in checked} == ({0} if draft == DRAFT else {1})
    s = {"edition": "rungs", "dice": dice, "need": 3}
    plain, work = ed.cost(s).seconds, quick_cost.BOUND_WORK
    quick_cost.BOUND_WORK = work + 1e7  # the estimate holds the check's work (1e7 more: 12.5 ms more)
    try:
        assert ed.cost(s).seconds == pytest.approx(plain + 0.0125)
    finally:
        quick_cost.BOUND_WORK = work
