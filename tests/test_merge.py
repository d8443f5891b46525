"""Agora helper merging (docs/rules_agora.md#help; the seed's "Merging Dice from Multiple Helpers").

"For every two helpers who's ability rank is the same, merge their dice
into a single die of one rank lower." Every worked example of the seed is
a test case, and ``try_merge`` is checked against an independent search
over every order of pairings.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import venus_widgets as vw
from venus_widgets import MergeError, SpecError
from venus_widgets.engine.editions.agora.merge import best_subset, merge, try_merge

# The seed's example multi-merge operations, written out as helper ranks.
SEED_EXAMPLES = [
    ([5, 5], 4),  # 5 ⊕ 5 = 4
    ([4, 4], 3),  # 4 ⊕ 4 = 3
    ([3, 3], 2),  # 3 ⊕ 3 = 2
    ([2, 2], 1),  # 2 ⊕ 2 = 1, an automatic success
    ([6, 6, 5], 4),  # (6 ⊕ 6) ⊕ 5
    ([5, 5, 4], 3),  # (5 ⊕ 5) ⊕ 4
    ([4, 4, 4, 4], 2),  # (4 ⊕ 4) ⊕ (4 ⊕ 4)
    ([3, 3, 2], 1),  # (3 ⊕ 3) ⊕ 2
    ([5, 5, 5, 5], 3),  # (5 ⊕ 5) ⊕ (5 ⊕ 5)
    ([5, 5, 4, 3], 2),  # ((5 ⊕ 5) ⊕ 4) ⊕ 3
    ([4, 4, 3, 3, 3], 1),  # ((4 ⊕ 4) ⊕ 3) ⊕ (3 ⊕ 3)
]


@lru_cache(maxsize=None)
def _reachable(ranks: tuple[int, ...]) -> frozenset[int]:
    """Every single die that some order of same-rank pairings reaches."""
    if len(ranks) == 1:
        return frozenset(ranks)
    out: set[int] = set()
    for r in set(ranks):
        if r >= 2 and ranks.count(r) >= 2:
            rest = list(ranks)
            rest.remove(r)
            rest.remove(r)
            out |= _reachable(tuple(sorted(rest + [r - 1])))
    return frozenset(out)


def brute_merge(ranks) -> int | None:
    found = _reachable(tuple(sorted(ranks))) if ranks else frozenset()
    assert len(found) <= 1, f"merging {ranks} is ambiguous: {sorted(found)}"
    return next(iter(found), None)


@pytest.mark.parametrize("ranks, merged", SEED_EXAMPLES)
def test_seed_worked_examples(ranks, merged):
    """Seed 004: 'Some example multi-merge operations' (and the 5 ⊕ 5 = 4 ... 2 ⊕ 2 = 1 line)."""
    assert merge(ranks) == merged
    assert brute_merge(ranks) == merged
    assert merge(list(reversed(ranks))) == merged  # order of the offers does not matter


@pytest.mark.parametrize("ranks, merged", SEED_EXAMPLES)
def test_seed_examples_through_the_spec(ranks, merged):
    """The merged die is what the odds roll: rank 1 is an automatic success."""
    o = vw.odds({"edition": "agora", "roll": "check", "health": 0, "helpers": ranks})
    if merged == 1:
        assert o.p_pass == 1.0 and dict(o.distribution) == {1: 1.0}
    else:
        assert o.p_pass == pytest.approx((7 - merged) / 6, abs=1e-15)


@pytest.mark.parametrize(
    "ranks, best, best_rank",
    [
        ([5, 4], (4,), 4),  # different ranks: accept one helper, the better
        ([5, 5, 5], (5, 5), 4),  # one five left over
        ([6, 6, 6, 5], (6, 6, 5), 4),
        ([2, 2, 2, 2], (2, 2), 1),  # (2 ⊕ 2) ⊕ (2 ⊕ 2) would go below rank 1
        ([3, 3, 3], (3, 3), 2),
        ([6, 5, 5, 4, 4], (4, 4), 3),  # rank 3 either way: fewer people tied to the roll
        ([6, 6, 3], (3,), 3),  # 6 ⊕ 6 = 5 does not beat a lone 3
        ([5, 5, 4, 4], (4, 4), 3),  # 5 ⊕ 5 = 4 leaves three 4s
    ],
)
def test_infeasible_offers_propose_the_best_subset(ranks, best, best_rank):
    """docs/rules_agora.md#help: 'an error naming helpers, which proposes the accepted subset that
    merges to the best (lowest) rank'."""
    assert try_merge(ranks) is None and brute_merge(ranks) is None
    with pytest.raises(MergeError) as err:
        merge(ranks)
    assert err.value.best == best and err.value.best_rank == best_rank
    assert err.value.field == "helpers"
    assert f"accept {', '.join(map(str, best))}," in str(err.value) and f"rank {best_rank}" in str(err.value)
    with pytest.raises(SpecError, match="helpers="):
        vw.odds({"edition": "agora", "helpers": ranks})
    assert merge(best) == best_rank


def test_no_helpers_is_no_help_die():
    assert merge([]) is None and try_merge([]) is None and best_subset([]) == ((), None)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(2, 6), min_size=1, max_size=9))
def test_try_merge_agrees_with_every_order_of_pairings(ranks):
    assert try_merge(ranks) == brute_merge(ranks)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(2, 6), min_size=1, max_size=8))
def test_best_subset_is_the_lowest_rank_of_any_subset(ranks):
    """Against every sub-multiset: no accepted subset merges lower; ties go to fewer helpers."""
    counts = Counter(ranks)
    subsets = [()]
    for r, c in counts.items():
        subsets = [s + (r,) * k for s in subsets for k in range(c + 1)]
    feasible = [(brute_merge(s), len(s)) for s in subsets if s and brute_merge(s) is not None]
    best, rank = best_subset(ranks)
    assert (rank, len(best)) == min(feasible)
    assert not (Counter(best) - counts)  # a sub-multiset of the offer
