"""Dice that reach few cells of the kernel's packed arrays are added up by
those cells alone, and priced so (issue 32 item 1: the cost model tight
both ways, no false refusal).

Several quantities packed into one index (:mod:`venus_widgets.engine.drafts.space`)
make long arrays with few entries not 0: two groups' totals, a mark and the
successes of exploding dice reach 16 of a die's 6,474 cells. The kernel
convolved them in full: 200 million multiply-adds for three dice (bench_cost
"totals of two groups, doubled, 3 dice", 24-31 ms, estimated 0.25 s), and in
Python ints past 2**63 ways packed products of 400,000 bits (fuzz_drafts
seed 7: 100 d10 with a mark and a re-roll refused at an estimated 0.9 s,
0.2 s real). Now a product of two arrays mostly 0 is made pair by pair of
their entries not 0 (:func:`venus_widgets.engine.drafts.whole.sparse_conv`),
when that is surely the cheaper; the model prices it so where the cells the
dice reach prove the kernel takes it.

Work is counted, never timed: the multiply-adds and the Python ints' words
of the kernel's products.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import venus_widgets as vw
from venus_widgets.engine import caching
from venus_widgets.engine.contract import edition as registry
from venus_widgets.engine.contract import guard
from venus_widgets.engine.contract.cost import MAX_SECONDS
from venus_widgets.engine.contract.spec import normalize
from venus_widgets.engine.drafts import whole
from test_work_dots import TOTALS as DOTS
from work_count import unguarded

#: the draft of test_work_dots (the two groups' totals, doubled) under an id of its own
TOTALS = DOTS.replace('id = "dots"', 'id = "few"', 1)

#: fuzz_drafts seed 7, a mangled draft (seed 2625924816) as a player reads it
CRITS = '''id = "few"
[fields.dice]
range = [1, 100]
default = 1
[fields.need]
range = [1, 6]
default = 4
group = "difficulty"
[dice.d0]
sides = 10
success = "1+"
successes = { 10 = -1 }
marks = { crit = [10] }
[groups.g0]
die = "d0"
count = "dice"
[outcome]
threshold = "need"
[reroll]
budget = "1"
when = "short"
[double]
adds = "crit"
'''


@pytest.fixture(autouse=True)
def _unregistered():
    yield
    if "few" in registry.ids():
        registry.unregister("few")



def _dense_odds(spec: dict, exact: bool = False) -> object:
    """The odds with every product made in full (none pair by pair)."""
    most = whole.SPARSE_MOST
    whole.SPARSE_MOST = -1
    try:
        caching.forget_results()
        return unguarded(lambda: vw.odds(spec, exact=exact))
    finally:
        whole.SPARSE_MOST = most
        caching.forget_results()


def _done(spec: dict, exact: bool = False) -> tuple[object, float, float]:
    """The odds, the multiply-adds of float64 and int64 convolutions and the
    64-bit words of the Python ints packed for Kronecker's products."""
    mads, words = [0.0], [0.0]
    np_conv, packed = whole.np_conv, whole._packed

    def counted(a, b):
        mads[0] += a.size * b.size
        return np_conv(a, b)

    def packed_counted(values, w):
        words[0] += values.size * w
        return packed(values, w)

    whole.np_conv, whole._packed = counted, packed_counted
    try:
        odds = unguarded(lambda: vw.odds(spec, exact=exact))
    finally:
        whole.np_conv, whole._packed = np_conv, packed
    return odds, mads[0], words[0]


def test_two_groups_totals_are_added_up_by_the_cells_their_dice_reach():
    vw.load_edition(TOTALS)
    spec = {"edition": "few", "n": 2, "m": 1}
    odds, mads, _ = _done(spec)
    assert mads < 1e6, mads  # was 2.0e8: the three dice's arrays in full
    est = guard.estimate(unguarded(lambda: normalize(spec))).seconds
    assert est < 0.05, est  # was 0.25 s
    dense = _dense_odds(spec)
    assert (odds.distribution, odds.p_pass, odds.p_ego_spent) == (dense.distribution, dense.p_pass, dense.p_ego_spent)


def test_a_hundred_d10_with_a_mark_and_a_reroll_are_not_refused():
    """fuzz_drafts seed 7: refused ('from 1 to 85') at an estimated 0.9 s,
    0.2 s without the guard; odds and exact odds."""
    vw.load_edition(CRITS)
    spec = {"edition": "few", "dice": 100, "need": 2}
    for exact in (False, True):
        odds, _, words = _done(spec, exact)
        assert words < 2e4, words  # was 2.1e5 words packed (products of up to 400,000 bits)
        dense = _dense_odds(spec, exact)
        assert (odds.distribution, odds.p_pass, odds.p_ego_spent) == (dense.distribution, dense.p_pass,
                                                                      dense.p_ego_spent)
    assert guard.estimate(normalize(spec)).seconds < MAX_SECONDS / 5


def _dense(a: np.ndarray, b: np.ndarray) -> list:
    return [int(x) for x in np.convolve(a.astype(object), b.astype(object))]


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 3000), st.integers(1, 3000), st.integers(1, 12), st.integers(1, 12),
       st.sampled_from(["float", "wide", "exact"]), st.integers(0, 2 ** 32 - 1))
def test_a_product_pair_by_pair_is_the_product(la, lb, na, nb, mode, seed):
    """The same whole numbers in the same kind, whether the kernel takes the
    entries not 0 alone or not."""
    rng = np.random.default_rng(seed)
    top = {"float": 2 ** 20, "wide": 2 ** 30, "exact": 2 ** 62}[mode]
    arrays = []
    for n, size in ((na, la), (nb, lb)):
        a = np.zeros(size, dtype=whole.dtype_of(mode))
        for i in rng.choice(size, min(n, size), replace=False):
            a[i] = int(rng.integers(1, top)) * (2 ** 40 if mode == "exact" else 1)
        arrays.append(a)
    a, b = arrays
    out = whole.conv(a, b, mode, None, sparse=True)
    assert out.dtype == whole.conv(a, b, mode, None).dtype
    assert [int(x) for x in out] == _dense(a, b)


def test_the_outcome_read_at_every_cell_in_python_ints_is_priced_by_their_size():
    """100 d10 with a mark and a re-roll, exact odds: once the dice were
    added up pair by pair (3 ms), most of the odds' 6 ms was the outcome
    read at each of the counts' 20,301 cells, every count a Python int of
    about 330 bits (a few passes of numpy over objects: about 150 ns a cell,
    measured), priced as one multiply-add a cell (float64's), 1 ms in all."""
    from venus_widgets.engine.drafts import kernel, outcome, step_cost
    from venus_widgets.engine.drafts.whole_cost import element

    vw.load_edition(CRITS)
    p = registry.get("few").plan(normalize({"edition": "few", "dice": 100, "need": 2}))
    steps = step_cost.odds_steps(p, kernel.tracked(p), outcome.shown_marks(p), True)
    assert steps.finish >= steps.cells * 3 * element(step_cost.ways_bits(p)), steps


def test_each_quantity_read_off_the_packed_cells_is_priced():
    """Two groups' totals, doubled: once the dice were added up pair by
    pair (0.1 ms), most of the odds' 3 ms was the cells' own work: each of
    the 4 quantities' value read off each of the 28,120 packed cells (an
    integer division and remainder a cell, about 9 ns: 1 ms), priced as
    the outcome's formula alone (0.25 ms)."""
    from venus_widgets.engine.drafts import kernel, outcome, step_cost

    vw.load_edition(TOTALS)
    p = registry.get("few").plan(normalize({"edition": "few", "n": 2, "m": 1}))
    names = kernel.tracked(p)
    steps = step_cost.odds_steps(p, names, outcome.shown_marks(p))
    nodes = 1 + len(p.draft.outcome.value.expr.text) / 4
    assert len(names) == 4 and steps.cells == 28_120
    assert steps.finish - step_cost.FIXED >= steps.cells * (nodes * step_cost.PER_NODE + len(names) * 8), steps
