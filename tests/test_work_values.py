"""The memory of the values a draft's odds list (issue 32 item 1,
benchmarks/bench_cost.py "spread: successes * 1000"): each value the odds
list from the lowest to the highest holds its count, and in Python ints
(past 2**53 ways) a count is as large as its number. Measured with
tracemalloc, never timed."""

from __future__ import annotations

import tracemalloc

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition as registry
from venus_widgets.engine.contract import guard
from venus_widgets.engine.contract.spec import normalize


@pytest.fixture(autouse=True)
def _unregistered():
    yield
    if "values" in registry.ids():
        registry.unregister("values")


def test_the_memory_of_the_values_listed_grows_with_the_size_of_their_counts():
    """200 d6 at ``successes * 1000``: the odds list 200,001 values, each
    count a whole number of 517 bits in Python ints (68 bytes): 24.6 MB at
    the peak (tracemalloc), priced 24.1 MB at 120 bytes a value whatever the
    numbers (benchmarks/bench_cost.py: real/estimate 1.09). Now a value is
    priced by the size of its counts."""
    vw.load_edition('id = "values"\n[fields.dice]\nrange = [1, 300]\ndefault = 200\n[dice.d6]\nsides = 6\n'
                    'success = "5+"\nmarks = { bane = [1] }\n[groups.own]\ndie = "d6"\ncount = "dice"\n'
                    '[outcome]\nthreshold = 1\nvalue = "successes * 1000"\n')
    for dice in (20, 200):
        spec = {"edition": "values", "dice": dice}
        priced = guard.estimate(normalize(spec)).memory
        tracemalloc.start()
        try:
            vw.odds(spec)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert peak <= priced <= 10 * peak, (dice, peak, priced)


FRACTIONS = '''id = "values"
[fields.dice]
range = [1, 400]
default = 1
[dice.d]
sides = 100
success = "99+"
[groups.own]
count = "dice"
[outcome]
threshold = 1
value = "total"
'''


@pytest.mark.parametrize("dice", [20, 100])
def test_exact_odds_price_the_fractions_they_make(dice):
    """Exact odds list each value's chance as a fraction, and the chances
    of at least each value as sums of fractions: four fractions a value
    (each reduced by a greatest common divisor, in Python), about 12 us a
    value at 133 bits and 23 at 664 (20 and 100 d100 read for their total:
    1,981 and 9,901 values; 0.034 s real for 0.025 s estimated at 20). The
    estimate of exact odds was that of float odds; now it prices the
    fractions, each at least :data:`...step_cost.FRACTION` (counted: the
    fractions really made, Python's own calls)."""
    import fractions

    from work_count import unguarded

    from venus_widgets.engine.drafts import step_cost

    vw.load_edition(FRACTIONS)
    spec = unguarded(lambda: normalize({"edition": "values", "dice": dice}))
    ed = registry.get("values")
    made = [0]
    new = fractions.Fraction.__new__

    def counted(cls, *args, **kwargs):
        made[0] += 1
        return new(cls, *args, **kwargs)

    fractions.Fraction.__new__ = counted  # type: ignore[method-assign]
    try:
        unguarded(lambda: vw.odds(spec, exact=True))
    finally:
        fractions.Fraction.__new__ = new  # type: ignore[method-assign]
    from venus_widgets.engine.contract import cost as budget
    from venus_widgets.engine.drafts import cost

    scale = cost.WORK_SECONDS / budget.SECONDS["float"]  # (multiply-adds to the engine's steps)
    more = (ed.cost(spec, exact=True).steps - ed.cost(spec, exact=False).steps) / scale
    assert made[0] >= 4 * (dice * 99 + 1) - 10  # (four a value: the test counts what is made)
    assert more >= made[0] / 4 * step_cost.FRACTION, (more, made[0])


def test_exact_odds_memory_covers_their_fractions():
    """Each value's fractions are held too (its chance and its chance of at
    least it, each a numerator and a denominator of the counts' size): 50
    d100 read for their total, exact, 4.1 MB at the peak for 2.5 MB
    priced (bench_cost); now the estimate covers the peak."""
    from work_count import unguarded

    vw.load_edition(FRACTIONS)
    spec = {"edition": "values", "dice": 50}
    est = registry.get("values").cost(unguarded(lambda: normalize(spec)), exact=True).memory
    tracemalloc.start()
    try:
        unguarded(lambda: vw.odds(spec, exact=True))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak <= est <= 10 * peak, (peak / 1e6, est / 1e6)
