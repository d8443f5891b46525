"""Agora helpers merging into one helping die.

A player may accept help from several helpers, but only one helping die is
rolled. Two helpers of the same rank ``r`` merge into one die of rank
``r - 1``, repeatedly, until one die remains. Rank 1 is an automatic
success (not rolled) and cannot merge further.

>>> merge([5, 5])
4
>>> merge([6, 6, 5])
4
>>> merge([4, 4, 3, 3, 3])
1
>>> merge([])
>>> merge([5, 4])
Traceback (most recent call last):
...
venus_widgets.engine.errors.MergeError: helpers=[5, 4] is not allowed: expected ranks that pair up, two of rank r making one of rank r-1, until one die remains (these helpers cannot merge into one die; accept [4], which merges into one die of rank 4)
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Iterable

from .errors import MergeError


def try_merge(ranks: Iterable[int]) -> int | None:
    """The merged rank of ``ranks``, or ``None`` when they cannot merge.

    An empty list of helpers gives ``None`` too (no helping die).

    >>> try_merge([3, 3, 2]), try_merge([5, 5, 5]), try_merge([2, 2, 2, 2])
    (1, None, None)
    """
    counts = Counter(int(r) for r in ranks)
    if not counts:
        return None
    carry = 0
    for rank in range(max(counts), 0, -1):
        n = counts.get(rank, 0) + carry
        lower_left = any(counts.get(r, 0) for r in range(1, rank))
        if n == 0:
            carry = 0
            continue
        if n == 1:
            return None if lower_left else rank
        if n % 2 or rank == 1:
            return None
        carry = n // 2
    return None


def best_subset(ranks: Iterable[int]) -> tuple[tuple[int, ...], int | None]:
    """The accepted subset that merges into the best (lowest) rank.

    Ties go to the subset with the fewest helpers (fewer people tied to the
    roll's consequences), then to the higher-ranked helpers left out.
    Returns ``((), None)`` for no helpers.

    >>> best_subset([5, 5, 4, 6])
    ((5, 5, 4), 3)
    """
    counts = Counter(int(r) for r in ranks)
    keys = sorted(counts, reverse=True)
    best: tuple[tuple[int, int, tuple[int, ...]], tuple[int, ...]] | None = None
    for choice in product(*(range(counts[k] + 1) for k in keys)):
        subset = tuple(r for k, c in zip(keys, choice) for r in [k] * c)
        rank = try_merge(subset)
        if rank is None:
            continue
        key = (rank, len(subset), tuple(sorted(subset)))
        if best is None or key < best[0]:
            best = (key, subset)
    if best is None:
        return (), None
    return best[1], best[0][0]


def merge(ranks: Iterable[int]) -> int | None:
    """Merge helpers' ranks into the helping die's rank (``None``: no help).

    Raises :class:`MergeError` when they cannot merge; the error names the
    best feasible subset (``err.best``) and its rank (``err.best_rank``).
    """
    ranks = [int(r) for r in ranks]
    if not ranks:
        return None
    rank = try_merge(ranks)
    if rank is None:
        best, best_rank = best_subset(ranks)
        raise MergeError(ranks, best, best_rank)
    return rank
