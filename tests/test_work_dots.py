"""The dot products the kernel hands numpy (issue 32: the bench_cost case
"totals of two groups, doubled, 3 dice", estimated 0.25 s, 0.40 s of CPU
and up to 1.1 s in a busy run).

The model prices a convolution of float64 arrays of lengths ``a`` and ``b``
at ``a * b`` multiply-adds, and that is the work numpy does: one dot
product per entry of the result, each as long as the arrays overlap there.
numpy hands a float64 dot product to OpenBLAS, which splits one longer than
about 2,000 entries over its threads; the thread not working spins,
waiting, and its spinning is CPU time too: measured, 0.35 ns a multiply-add
on a quiet machine and 0.4 to 7 ns on a busy one, against 0.17 ns on one
thread, whatever the load. The two groups' totals with a doubling step
pack each die into 6,474 and 12,254 cells (16 of them not 0), and the
product of the last convolution (12,947 by 12,254 cells) is made of dot
products up to 12,254 long. The kernel now cuts the shorter array into
pieces of at most :data:`venus_widgets.engine.drafts.whole.DOT` entries:
the same multiply-adds, the same sums, every dot product on one thread.

Work is counted, never timed: the lengths of the dot products numpy is handed.
"""

from __future__ import annotations

import numpy as np
import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition as registry
from venus_widgets.engine.contract import guard
from venus_widgets.engine.drafts import whole

TOTALS = '''id = "dots"
[fields.n]
range = [0, 3]
default = 1
[fields.m]
range = [0, 2]
default = 1
[dice.a]
sides = 6
success = []
marks = { top = [6] }
successes = { 1 = -1 }
explode = [6]
depth = 2
[groups.own]
die = "a"
count = "n"
[groups.ally]
die = "a"
count = "m"
[outcome]
value = "total(own) - total(ally)"
threshold = 0
[double]
adds = "top"
'''

#: OpenBLAS (numpy's wheels) splits a float64 dot product over threads past about 2,000 entries
#: (measured here: 2,000 on one thread, 2,500 on two).
ONE_THREAD = 2048


@pytest.fixture(autouse=True)
def _unregistered():
    yield
    if "dots" in registry.ids():
        registry.unregister("dots")


def _dots(call):
    """What ``call`` returns and the longest float64 dot product numpy's
    correlation was handed meanwhile (the shorter of its two arrays)."""
    longest = [0]
    correlate = whole._correlate

    def counted(a, v, mode):
        if np.result_type(a, v) == np.float64:
            longest[0] = max(longest[0], min(a.size, v.size))
        return correlate(a, v, mode)

    whole._correlate = counted
    check = guard.check
    guard.check = lambda *a, **k: None
    try:
        return call(), longest[0]
    finally:
        whole._correlate = correlate
        guard.check = check


def test_two_groups_totals_doubled_are_counted_in_dot_products_on_one_thread():
    """2 own dice and 1 ally die: the last convolution's dot products were
    up to 12,254 long (two threads, one spinning); then at most 2,048; now
    none at all (16 cells of 6,474 not 0: the kernel adds them up pair by
    pair of those, tests/test_work_few_cells.py)."""
    vw.load_edition(TOTALS)
    spec = {"edition": "dots", "n": 2, "m": 1}
    odds, longest = _dots(lambda: vw.odds(spec))
    assert longest <= ONE_THREAD, longest
    exact, _ = _dots(lambda: vw.odds(spec, exact=True))  # (whole numbers: no dot product of floats)
    assert odds.p_pass == pytest.approx(exact.p_pass, rel=1e-12)
    assert odds.distribution.keys() == exact.distribution.keys()
    assert list(odds.distribution.values()) == pytest.approx(list(exact.distribution.values()), rel=1e-9, abs=1e-15)


@pytest.mark.parametrize("n, m", [(12_947, 12_254), (5_000, 2_049), (3_000, 4_100), (2_048, 9_000), (7, 30_000)])
def test_long_float_convolutions_are_the_same_sums_in_short_dot_products(n, m):
    rng = np.random.default_rng(n + m)
    a, b = rng.random(n), rng.random(m)
    out, longest = _dots(lambda: whole.np_conv(a, b))
    assert longest <= ONE_THREAD
    np.testing.assert_allclose(out, np.convolve(a, b), rtol=1e-12, atol=0)
    ints = (a * 100).astype(np.int64), (b * 100).astype(np.int64)
    assert whole.np_conv(*ints).tolist() == np.convolve(*ints).tolist()  # (no BLAS: whole numbers as they are)
