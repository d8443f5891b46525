"""The re-roll step's first lone die (drafts/reroll_rows.py ``one_die``:
one state of one entry, no dice before it) is worked out from its faces
alone; the states it gives are those of the general case, byte for byte
and of the same kind: the same state beside a second one (which takes
the general case) gives the same arrays, over random dice, counts and
budgets, in whole numbers and in probabilities."""

from __future__ import annotations

import numpy as np
import pytest

from venus_widgets.engine.drafts.reroll_rows import one_die


@pytest.mark.parametrize("kind, first", [(np.float64, np.float64), (np.int64, np.int64), (object, object),
                                         (np.float64, np.int64), ("chance", np.float64)])
def test_the_first_die_alone_gives_the_general_case_s_states(kind, first) -> None:
    rng = np.random.default_rng(33)
    for _ in range(200):
        size = int(rng.integers(1, 20))
        if kind == "chance":
            ne, taken = rng.random(size) * (rng.random(size) < 0.7), float(rng.random() * 2)
            a = np.array([rng.random() * 3])
        else:
            ne, taken = rng.integers(0, 5, size).astype(kind), int(rng.integers(0, 5))
            a = np.array([int(rng.integers(0, 50))], dtype=first)
        zero, budget = int(rng.integers(0, 20)), int(rng.integers(0, 3))
        R, other = (int(rng.integers(0, 2)), 0), (5, 5)  # (the other state: past the budget, a key of its own)
        alone = one_die({R: a}, ne, taken, zero, 1, budget)
        both = one_die({R: a, other: a.copy()}, ne, taken, zero, 1, budget)
        assert list(alone) == [k for k in both if k[0] != 5]
        for key, got in alone.items():
            want = both[key]
            assert got.dtype == want.dtype and got.shape == want.shape
            assert got.tolist() == want.tolist() and (kind is object or got.tobytes() == want.tobytes())
