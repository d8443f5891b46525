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
