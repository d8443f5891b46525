"""A call of many odds prices the cost guard's estimate of each spec it
checks (issue 32: "a cost bound before work that prices every step").
fuzz_drafts seed 32's draft 158 (d6 pools re-rolled while short, a 6 two
successes, a bane doubled), solved over 50 counts of dice: each count's
check is the estimate (the cheap bound cannot place it), which walks
Python's products up to its budget: 0.5 s of the call's 0.77 s, each
estimate priced 1 ms whatever it walked. The estimate's own work is now
counted as it goes (:mod:`venus_widgets.engine.drafts.estimate_work`): the
kernel's products it prices and its walks' steps.

Work is counted, never timed."""

from __future__ import annotations

import pytest

import venus_widgets as vw
from venus_widgets.engine import caching
from venus_widgets.engine.contract import edition as registry, guard, work
from venus_widgets.engine.contract.spec import Spec, normalize
from venus_widgets.engine.drafts import cost as draft_cost, estimate_work, karatsuba, powers, quick_cost

#: the fuzz's draft, as a designer would write it (its dice up to 50)
REROLLED = '''id = "rerolled"
[fields.dice]
range = [1, 50]
default = 2
group = "difficulty"
[fields.need]
options = ["low", "high"]
default = "low"
group = "difficulty"
[dice.d0]
sides = 6
success = { but = [1] }
successes = { "6" = 2 }
marks = { bane = [1] }
[groups.g0]
die = "d0"
count = "dice"
[outcome]
threshold = 1
[reroll]
budget = "all_dice"
when = "short"
[double]
adds = "bane"
'''

#: from draft multiply-adds to the engine's steps (drafts/edition.py)
SCALE = draft_cost.WORK_SECONDS / 3e-9


@pytest.fixture
def rerolled():
    vw.load_edition(REROLLED)
    caching.forget_results()
    yield registry.get("rerolled")
    registry.unregister("rerolled")
    caching.forget_results()


def counted_estimate(spec, monkeypatch) -> tuple[object, int, int]:
    """``(the estimate, the kernel's products it priced, the steps its walks took)``, cold:
    the products counted as calls of :func:`.powers.conv`, the steps as the walks charged them."""
    products, steps = [0], [0]
    conv, budget = powers.conv, karatsuba.walk_budget

    def counted(*a, **k):
        products[0] += 1
        return conv(*a, **k)

    import contextlib

    @contextlib.contextmanager
    def watched(n=None):
        with budget(n):
            try:
                yield
            finally:
                steps[0] += karatsuba.WALK_BUDGET - karatsuba.walks_left()

    caching.forget_results()
    karatsuba._FOLLOWED.clear()
    with monkeypatch.context() as m:
        m.setattr(powers, "conv", counted)
        m.setattr("venus_widgets.engine.drafts.edition.walk_budget", watched)
        c = guard.estimate(spec)
    return c, products[0], steps[0]


@pytest.mark.parametrize("dice", [30, 40, 50])
def test_the_check_prices_the_estimate_as_it_is_made(rerolled, monkeypatch, dice):
    spec = normalize({"edition": "rerolled", "dice": dice}, priced=False)
    assert not rerolled.surely_within(spec)  # (the check is the estimate)
    c, products, steps = counted_estimate(spec, monkeypatch)
    assert products > 20 and steps > 0
    assert c.check + c.estimate == pytest.approx((quick_cost.BOUND_WORK + estimate_work.work(products, steps)) * SCALE)
    assert c.check == pytest.approx((quick_cost.BOUND_WORK + estimate_work.FIXED) * SCALE)  # (one spec's own price)


def test_the_estimate_is_the_same_cold_and_warm(rerolled, monkeypatch):
    spec = normalize({"edition": "rerolled", "dice": 30}, priced=False)
    cold, _, _ = counted_estimate(spec, monkeypatch)
    for dice in (29, 31, 50, 30):
        guard.estimate(normalize({"edition": "rerolled", "dice": dice}, priced=False))
    assert guard.estimate(spec) == cold


def test_solve_over_the_dice_prices_each_estimate_it_makes(rerolled, monkeypatch):
    """Each setting's price holds its check as counted: the settings the
    cheap bound cannot place, their estimates' work."""
    s = Spec.of({"edition": "rerolled"})
    settings = [{"dice": d} for d in range(1, 51)]
    made = 0.0
    for setting in settings:
        spec = normalize({**s, **setting}, priced=False)
        if not rerolled.surely_within(spec):
            _, products, steps = counted_estimate(spec, monkeypatch)
            counted = (quick_cost.BOUND_WORK + estimate_work.work(products, steps)) * SCALE * 3e-9
            caching.forget_results()
            assert work._priced({**s, **setting}).seconds >= counted
            made += counted
    assert made > 0.2  # (the estimates are a good part of the call: 0.5 s of 0.77 s measured)
    caching.forget_results()
    assert work.price([work.Job(s, settings)]).seconds >= made
