"""Helpers merging into one helping die.

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
venus_widgets.engine.editions.agora.merge.MergeError: helpers=[5, 4] is not allowed: expected ranks that pair up: two helpers of the same rank make one die a rank lower, until one die is left (these helpers cannot merge into one die; accept 4, which makes one die of rank 4)
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Any, Iterable

from .rules import KNOBS
from ...errors import SpecError
from ...contract.fields import Int, List

#: The most helpers a roll accepts.
MAX_HELPERS = 16

#: The spec's ``helpers`` field: each helper's rank.
HELPERS = List(Int(2, 6, 4), MAX_HELPERS, "each helper's rank; they merge into one helping die", "Helpers", "help")


class MergeError(SpecError):
    """Helpers that cannot merge into one helping die.

    ``best`` is the accepted subset of helper ranks that merges into the
    best (lowest) rank, and ``best_rank`` that rank.
    """

    def __init__(self, value: Any, best: tuple[int, ...], best_rank: int | None, drop: int = 1) -> None:
        self.best = best
        self.best_rank = best_rank
        if best:
            kept = ", ".join(map(str, best))
            hint = (f"these helpers cannot merge into one die; accept {kept}, "
                    f"which {'merge into' if len(best) > 1 else 'makes'} one die of rank {best_rank}")
        else:
            hint = "these helpers cannot merge into one die"
        lower = "a rank" if drop == 1 else f"{drop} ranks"
        super().__init__(
            "helpers",
            value,
            f"ranks that pair up: two helpers of the same rank make one die {lower} lower, until one die is left"
            + ("" if drop == 1 else " (never below rank 1)"),
            hint,
        )


def try_merge(ranks: Iterable[int], drop: int = 1) -> int | None:
    """The merged rank of ``ranks``, or ``None`` when they cannot merge.

    An empty list of helpers gives ``None`` too (no helping die). ``drop``
    is the rule's knob (``merge_drop``): two dice of rank ``r`` make one of
    rank ``r - drop``. A pair that would merge below rank 1 (the automatic
    success) cannot merge, whatever ``drop``: never a rank silently raised
    to 1 (docs/rules_agora.md#help).

    >>> try_merge([3, 3, 2]), try_merge([5, 5, 5]), try_merge([2, 2, 2, 2])
    (1, None, None)
    >>> try_merge([6, 6, 4], drop=2), try_merge([6, 6, 5], drop=2)
    (2, None)
    >>> try_merge([3, 3], drop=2), try_merge([2, 2], drop=2), try_merge([4, 4, 3, 3], drop=2)
    (1, None, None)
    """
    counts: dict[int, int] = {}  # (a plain dict: a Counter costs more than the merge on a few helpers)
    for r in map(int, ranks):
        counts[r] = counts.get(r, 0) + 1
    if not counts:
        return None
    carry: dict[int, int] = {}
    rest = sum(counts.values())  # the dice, given and merged, at the rank reached or below
    for rank in range(max(counts), 0, -1):
        n = counts.get(rank, 0) + carry.get(rank, 0)
        if n == 0:
            continue
        rest -= n  # now the dice below this rank
        if n == 1:
            return None if rest else rank
        if n % 2 or rank - drop < 1:  # rank 1 never merges; no pair merges below it
            return None
        carry[rank - drop] = carry.get(rank - drop, 0) + n // 2
        rest += n // 2
    return None


def best_subset(ranks: Iterable[int], drop: int = 1) -> tuple[tuple[int, ...], int | None]:
    """The accepted subset that merges into the best (lowest) rank
    (``drop``: the ``merge_drop`` knob).

    Ties go to the subset with the fewest helpers (fewer people tied to the
    roll's consequences), then to the higher-ranked helpers left out.
    Returns ``((), None)`` for no helpers.

    >>> best_subset([5, 5, 4, 6])
    ((5, 5, 4), 3)

    For ranks as :func:`merge` checks them (2 to 6). Polynomial: for each rank ``R`` from the best, the ranks above ``R``
    are taken from the highest down, keeping per carry (dice of the rank
    below made so far) the best choice; dice of rank ``r`` and the carry
    into ``r`` must pair up, and at ``R`` exactly one die must remain.
    """
    counts = Counter(int(r) for r in ranks)
    if not counts:
        return (), None
    if drop != 1:
        return _best_subset_any_drop(counts, drop)
    top, low = max(counts), min(counts)
    # n dice merge at most log2(n) ranks below the lowest of them
    for target in range(max(1, low - sum(counts.values()).bit_length()), top + 1):
        # carry -> (size, chosen ranks in ascending order): the best choice above the rank being taken
        states: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
        for rank in range(top, target, -1):
            nxt: dict[int, tuple[int, tuple[int, ...]]] = {}
            for carry, (size, chosen) in states.items():
                for c in range(counts.get(rank, 0) + 1):
                    if (c + carry) % 2:
                        continue
                    cand = (size + c, (rank,) * c + chosen)
                    key = (c + carry) // 2
                    if key not in nxt or cand < nxt[key]:
                        nxt[key] = cand
            states = nxt
        best = None
        for carry, (size, chosen) in states.items():
            c = 1 - carry
            if 0 <= c <= counts.get(target, 0):
                cand = (size + c, (target,) * c + chosen)
                if best is None or cand < best:
                    best = cand
        if best is not None:
            return tuple(sorted(best[1], reverse=True)), target
    return (), None


def _best_subset_any_drop(counts: Counter[int], drop: int) -> tuple[tuple[int, ...], int | None]:
    """:func:`best_subset` for any ``drop``, by trying every number of
    helpers of each rank (at most 16 helpers of 5 ranks: about 1,300
    choices), with the same preferences (best rank, fewest helpers, the
    higher-ranked left out).

    >>> best_subset([6, 6, 5, 3], drop=2), best_subset([6, 6, 5, 5], drop=2)
    (((3,), 3), ((5, 5), 3))
    """
    ranks = sorted(counts)
    best: tuple[int, int, tuple[int, ...]] | None = None
    for take in product(*(range(counts[r] + 1) for r in ranks)):
        chosen = tuple(r for r, c in zip(ranks, take) for _ in range(c))
        rank = try_merge(chosen, drop)
        if rank is None:
            continue
        cand = (rank, len(chosen), chosen)
        if best is None or cand < best:
            best = cand
    if best is None:
        return (), None
    return tuple(sorted(best[2], reverse=True)), best[0]


def merge(ranks: Iterable[int], drop: int = 1) -> int | None:
    """Merge helpers' ranks into the helping die's rank (``None``: no help).

    ``ranks`` is checked as the spec's ``helpers`` field (a list of at most
    16 ranks from 2 to 6), so a wrong value is a :class:`SpecError`
    naming ``helpers``. Raises :class:`MergeError` when they cannot merge;
    the error names the best feasible subset (``err.best``) and its rank
    (``err.best_rank``).
    ``drop`` is the ``merge_drop`` knob (:func:`try_merge`).
    """
    knob = next(k for k in KNOBS if k.name == "merge_drop")
    try:
        drop = knob.check(drop)
    except SpecError as err:
        raise SpecError("drop", drop, err.allowed, "the merge_drop rule: two of rank r make one of rank r - drop") \
            from None
    checked = HELPERS.check("helpers", ranks)
    assert isinstance(checked, (list, tuple))  # a List field's check gives a sequence
    ranks = list(checked)
    if not ranks:
        return None
    rank = try_merge(ranks, drop)
    if rank is None:
        best, best_rank = best_subset(ranks, drop)
        raise MergeError(ranks, best, best_rank, drop)
    return rank
