"""The work of the walk (:mod:`.walk`: a formula that reads the dice in
order, ``highest(2)``), from the plan's numbers alone: the part of
:func:`.cost.work` for those plans, and the cells the walk holds."""

from __future__ import annotations

import math
from typing import Any, Sequence

from .dice import levels
from .plan import Plan
from .powers import PER_CALL
from .readings import Ordered
from .walk import walk_groups

#: The most packed cells a draft's odds may hold (a few hundred MB of float64 at most).
MAX_CELLS = 2e7


def span(t: Any, V: Sequence[Sequence[int]]) -> tuple[list[int], list[int]]:
    """Lowest and highest values one die (with its chain) adds to each row
    of ``V`` (as :func:`.dice.bounds`, in plain Python: it runs per spec)."""
    k = levels(t)
    lo, hi = [], []
    for row in V:
        boom = [x for x, e in zip(row, t.explode) if e] if k else []
        lo.append(min(row) + k * min(0, min(boom, default=0)))
        hi.append(max(row) + k * max(0, max(boom, default=0)))
    return lo, hi


def walk_cost(p: Plan) -> float:
    """The walk's work (:mod:`.walk`), from the plan's numbers alone: per
    outcome of a group's die (at most its values: the die's value and its
    tallies, chains included), one pass over the cells the walk holds (at
    most the dice left of every group times the readings' values, and at
    most the multisets the dice met so far can show: ``C(n + k, k)`` for
    ``n`` dice of ``k`` outcomes), times the counts the group can show at
    once (its dice + 1), plus a call's fixed work.

    """
    tallies = [r for r in p.readings if not isinstance(r, Ordered)]
    ordered = [r for r in p.readings if isinstance(r, Ordered)]
    dense, multisets, outcomes, per = 1.0, 1.0, [], []
    lo_t, hi_t = [0] * len(tallies), [0] * len(tallies)
    top: dict[str, int] = {}
    for t, V, n, reads, _ in walk_groups(p):
        lo, hi = span(t, (tuple(range(1, t.sides + 1)), *V))
        distinct = 1.0
        for a, b in zip(lo, hi):
            distinct *= b - a + 1
        k = min(distinct, chains(t))
        outcomes.append(k)
        per.append(n + 1)
        dense *= n + 1
        multisets *= math.comb(n + int(min(k, 10**6)), n) if k < 10**6 else float("inf")
        for i in range(len(tallies)):
            lo_t[i] += n * min(0, lo[1 + i])
            hi_t[i] += n * max(0, hi[1 + i])
        for r, yes in zip(ordered, reads):
            if yes:
                top[r.key] = max(top.get(r.key, 0), hi[0])
    for a, b in zip(lo_t, hi_t):
        dense *= b - a + 1
    for r in ordered:
        a, b = r.span(0, top.get(r.key, 0), sum(g.count for g in p.groups if r.reads(g.name)))
        dense *= max(0, b) - min(0, a) + 1
    cells = min(dense, multisets)
    p.memo["walk_cells"] = cells  # (the cells the counts end on, at most: :func:`walk_cells`)
    p.memo["walk_width"] = max(per, default=1)  # (the counts a step meets at once: :func:`walk_bytes`)
    if cells > MAX_CELLS:
        return float("inf")
    slow = 1.0 if dense < 2.0 ** 62 else WIDE_KEYS  # packed keys past int64: Python ints
    return sum(k * (cells * c * (8 + len(p.readings)) * slow + PER_CALL) for k, c in zip(outcomes, per))


def walk_cells(p: Plan) -> float:
    """The most cells the walk holds (and the counts it ends on list), as :func:`walk_cost` bounds them."""
    if "walk_cells" not in p.memo:
        walk_cost(p)
    return float(p.memo["walk_cells"])


#: The walk's arrays of one step alive at once, per cell and count of a group's dice it meets: the
#: keys and their ways (8 bytes each: an int64, or a pointer to a Python int), held about twice over
#: (the ways kept and the keys kept; the sort that merges them), in bytes. Measured over the cells the
#: walk bounds (:func:`walk_cells`), which the readings may merge far below it: 31 to 55 bytes with
#: tracemalloc for the readings' draft of bench_cost (tallies mostly, the old part of the estimate
#: covering the rest); growth of the peak resident memory for 60 d20 read by highest(k): 13 bytes at
#: k = 12, 26 at 30, 34 at 60. More would refuse 60 d20 keep 12 (11.5 MB, 0.2 s) at the 40 MB limit.
WALK_BYTES = 40.0


def walk_bytes(p: Plan) -> float:
    """The memory of the walk's widest step (:meth:`.walk._Walk.step`): its
    cells times the counts a group's dice can show at once, each a key and
    a count (:data:`WALK_BYTES`). The cells alone were priced: 7.2 MB for a
    peak of 18 MB (tracemalloc; bench_cost's readings' draft: 22 MB)."""
    if "walk_width" not in p.memo:
        walk_cost(p)
    return float(p.memo["walk_cells"]) * float(p.memo["walk_width"]) * WALK_BYTES


def chains(t: Any) -> float:
    """How many chains one die can roll (a face, and the faces its
    explosions add): ``a (1 + b + ... + b**(k - 1)) + b**k s`` for ``a``
    faces that stop, ``b`` that explode, ``s`` sides, ``k`` levels."""
    k = levels(t)
    b = float(sum(t.explode)) if k else 0.0
    a = t.sides - b
    return a * sum(b ** j for j in range(k)) + b ** k * t.sides if k else float(t.sides)


#: How many times slower the walk's cells are when their packed keys pass int64 (Python ints).
WIDE_KEYS = 20.0
