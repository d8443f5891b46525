"""Pricing a spec stays cheap: the walks that price Python's products of
packed integers (:func:`venus_widgets.engine.drafts.karatsuba.karatsuba`)
take at most a budget of steps an estimate (issue 32, the cost model "cannot
itself run long"; fuzz_drafts seed 47, friendly seed 2572329404: an FC
screen over d100 pools of up to 1,000 dice, every die re-rolled, was refused
in words after 2.1 to 2.4 s of pricing, 37,000 steps an estimate of its 24
sampled rungs). Past the budget a product is priced as before the walks
(:func:`~venus_widgets.engine.drafts.whole_cost.sparse_product`), and the
estimate is the same whatever was priced before it.

Work is counted, never timed: the steps of the walks, as calls of their
inner function."""

from __future__ import annotations

import sys

import pytest

import venus_widgets as vw
from venus_widgets.engine import caching
from venus_widgets.engine.contract import edition as registry, guard
from venus_widgets.engine.contract.spec import normalize
from venus_widgets.engine.drafts import karatsuba
from venus_widgets.engine.errors import SpecError

#: the fuzz's draft as a player reads it
POOLS = '''id = "pools"
[fields.dice]
range = [0, 1000]
default = 2
group = "ability"
[dice.d0]
sides = 100
success = [9, 67, 98]
marks = { bane = [1] }
[dice.d1]
sides = 100
success = [22, 60]
successes = { "100" = -2 }
[groups.g0]
die = "d0"
count = "dice"
[groups.g1]
die = "d1"
count = "dice"
[outcome]
threshold = 1
[reroll]
budget = "dice"
when = "always"
[double]
adds = "bane"
'''


@pytest.fixture
def pools():
    vw.load_edition(POOLS)
    caching.forget_results()
    yield
    registry.unregister("pools")
    caching.forget_results()


def steps_of(call) -> tuple[object, int]:
    """``(call() or the SpecError it raised, the steps of the walks it took)``:
    each step a piece of a product a walk of :func:`karatsuba` prices (a call
    of its inner ``k`` on a piece that walk had not met)."""
    steps = [0]
    walk = karatsuba.karatsuba.__code__
    met: set = set()

    def profile(frame, event, arg):
        if event != "call":
            return
        if frame.f_code is walk:
            met.clear()
        elif frame.f_code.co_name == "k" and frame.f_code in walk.co_consts:
            piece = (frame.f_locals["P"], frame.f_locals["sp"], frame.f_locals["n"])
            if piece not in met:
                met.add(piece)
                steps[0] += 1

    sys.setprofile(profile)
    try:
        out: object = call()
    except SpecError as err:
        out = err
    finally:
        sys.setprofile(None)
    return out, steps[0]


@pytest.mark.parametrize("dice", [44, 435, 1000])
def test_an_estimate_walks_at_most_its_budget(pools, dice):
    karatsuba._FOLLOWED.clear()
    _, steps = steps_of(lambda: guard.estimate(normalize({"edition": "pools", "dice": dice}, priced=False)))
    assert steps <= karatsuba.WALK_BUDGET + 1


def test_an_estimate_is_the_same_cold_and_after_others(pools):
    """A walk's price found before is charged its steps again: the budget runs
    out at the same walk, cold or warm, and the estimate is the same."""
    spec = normalize({"edition": "pools", "dice": 435}, priced=False)
    karatsuba._FOLLOWED.clear()
    cold = guard.estimate(spec)
    for dice in (44, 1000, 87, 435, 436):
        caching.forget_results()
        guard.estimate(normalize({"edition": "pools", "dice": dice}, priced=False))
    caching.forget_results()
    assert guard.estimate(spec) == cold


def test_the_fc_screen_over_its_thousand_rungs_is_refused_in_words_after_few_steps(pools):
    """Its 1,001 rungs priced by a sample of 24 and refused: at most the budget of each."""
    karatsuba._FOLLOWED.clear()
    out, steps = steps_of(lambda: vw.FCScreen({"A": {"edition": "pools"}}))
    assert isinstance(out, SpecError) and "1,001 rungs) would take an estimated" in str(out)
    assert "more than the 2 s one call may take" in str(out)  # (each refused rung: its estimate, some 30 s in all)
    assert steps <= 30 * (karatsuba.WALK_BUDGET + 1)


def test_a_party_whose_ladders_run_over_the_same_rungs_prices_each_rung_once(pools, monkeypatch):
    """Six characters of these pools, whose ladders all run over the dice: 24
    rungs sampled for each, the same 24 rungs; estimated once each (144
    estimates before, 1.35 s of CPU to refuse the screen; 0.54 s since)."""
    from venus_widgets.engine.contract import work
    from venus_widgets.engine.contract.edition import get

    made = []
    estimate = guard.estimate
    monkeypatch.setattr(guard, "estimate", lambda spec, exact=False: made.append(spec) or estimate(spec, exact))
    specs = [normalize({"edition": "pools", "dice": d}) for d in range(1, 7)]
    priced = work.price([work.Job(s, get("pools").ladder_settings(s)) for s in specs])
    assert priced.specs == 6 * 1001 and priced.seconds > work.MAX_CALL_SECONDS
    assert len(made) == work.SAMPLED, len(made)
