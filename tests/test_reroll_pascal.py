"""The kernels of a re-roll step's block read off Pascal's triangle
(drafts/reroll_pascal.py: the other faces of a die add one value or two)
are the kernels the block makes by convolving one die at a time: the same
matrices, entry by entry and of the same shape, over random dice (faces
at any place, ways of each, faces the step takes anywhere)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from venus_widgets.engine.drafts import reroll
from venus_widgets.engine.drafts.reroll_pascal import pascal


@pytest.mark.parametrize("seed", range(8))
def test_pascal_kernels_equal_the_convolved_ones(seed, monkeypatch):
    rng = random.Random(seed)
    compared = 0
    for _ in range(150):
        ne = np.zeros(rng.randint(1, 20))
        for p in rng.sample(range(ne.size), min(rng.choice([1, 2]), ne.size)):
            ne[p] = rng.randint(1, 7)
        n = rng.randint(0, 20)
        m = reroll.Merged(n, None, tuple(range(rng.randint(1, 3))), ne, ne, rng.randint(1, 4), 1, 0,
                          rng.randint(0, 5))
        found = pascal(n, ne, len(m.eligible) * m.each, m.zero)
        if found is None:
            continue
        with monkeypatch.context() as mp:
            mp.setattr(reroll, "pascal", lambda *a: None)
            K, T = reroll._matrix(m, "count")
        assert K.shape == found[0].shape and np.array_equal(K, found[0]) and np.array_equal(T, found[1])
        compared += 1
    assert compared > 50


def test_pascal_leaves_more_values_and_large_counts_to_the_convolutions():
    three = np.array([0.0, 1.0, 1.0, 1.0])
    assert pascal(3, three, 1, 0) is None
    assert pascal(40, np.array([0.0, 3.0, 2.0]), 1, 0) is None  # 6**40 ways: past 2**53
    assert pascal(3, np.array([0, 3, 2], dtype=np.int64), 1, 0) is None  # counted in int64: not here


@pytest.mark.parametrize("seed", range(8))
def test_reached_rows_off_the_triangle_equal_the_powers(seed, monkeypatch):
    """A block of many dice and a small budget (reroll._reached: only the
    rows the budget reaches) reads them off Pascal's triangle from
    PASCAL_DICE dice: each kernel and tail the same, entry by entry and of
    the same length, as the powers of the die make them."""
    rng = random.Random(50 + seed)
    compared = 0
    for _ in range(150):
        ne = np.zeros(rng.randint(1, 20))
        for p in rng.sample(range(ne.size), min(rng.choice([1, 2]), ne.size)):
            ne[p] = rng.randint(1, 7)
        ne[-1] = ne[-1] or rng.randint(1, 7)  # (a die's packed ways end on ways, as packing gives them)
        if np.count_nonzero(ne) > 2:
            continue
        n = rng.randint(reroll.PASCAL_DICE, 24)
        top = rng.randint(1, (n - 1) // 2)
        m = reroll.Merged(n, None, tuple(range(rng.randint(1, 3))), ne, ne, rng.randint(1, 4), 1, 0,
                          rng.randint(0, 5))
        if pascal(n, ne, len(m.eligible) * m.each, m.zero) is None:
            continue
        kernels, tails = reroll._reached(m, "count", top)
        with monkeypatch.context() as mp:
            mp.setattr(reroll, "pascal", lambda *a: None)
            k0, t0 = reroll._reached(m, "count", top)
        assert [k.size for k in kernels] == [k.size for k in k0] and [t.size for t in tails] == [t.size for t in t0]
        assert all(np.array_equal(a, b) for a, b in zip(kernels + tails, k0 + t0))
        compared += 1
    assert compared > 25
