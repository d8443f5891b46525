"""The walk: the joint counts of what a draft's formulas read when one of
them reads the dice in order (``highest(2)``, ``lowest()``), icepool's
multiset evaluation (``MultisetEvaluator.next_state`` over a pool that
pops each outcome with its count) in whole numbers.

Each die, with the dice it explodes into, comes to an *outcome*: its value
(its faces added up) and what it adds to each tally (:mod:`.readings`).
The walk meets the outcomes from the highest value down, each once; at
an outcome, ``c`` of the ``m`` dice a group has left show it, ``C(m, c)
w**c`` ways (``w`` the ways of one die showing it), the group keeps ``m -
c`` and each reading moves: a tally by ``c`` times what the outcome adds,
an ordered reading by its :meth:`~.readings.Ordered.step` (which knows how
many of its dice came before). At a group's last outcome its dice left all
show it. The state is a cell: (dice left of each group, the readings'
values), counted in one dense array, memoised by (outcome, dice left,
values) as icepool's evaluators are: only the cells the dice can reach
are kept (sparse: sorted packed keys and their ways). A cell counts the
ways of the dice met so far, so every count stays at most the denominator
and whole.

Groups whose dice are alike for every reading walk as one. The work is
(outcomes) x (cells) x (counts a group can show at once): see
:func:`.cost.walk_cost`.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .dice import die_ways, levels
from .kernel import Counted, _dtype, _lost, denominator, group_rows, mark_faces
from .plan import Plan
from .readings import Ordered, Reading
from .space import Space
from .whole import bincount


def walk_groups(plan: Plan) -> list[tuple[Any, Any, int, tuple[bool, ...], list[int]]]:
    """The groups the walk meets, alike ones merged: (table, rows of its
    tallies, dice, which ordered readings read them, the plan's groups in it)."""
    ordered = [r for r in plan.readings if r.ordered]
    out: list[tuple[Any, Any, int, tuple[bool, ...], list[int]]] = []
    for gi, g in enumerate(plan.groups):
        if not g.count:
            continue
        key = (g.table, group_rows(plan, g), tuple(r.reads(g.name) for r in ordered))
        for i, (t, V, n, reads, members) in enumerate(out):
            if (t, V, reads) == key:
                out[i] = (t, V, n + g.count, reads, members + [gi])
                break
        else:
            out.append((*key[:2], g.count, key[2], [gi]))
    return out


def _outcomes(plan: Plan, t: Any, V: Any, mode: str, without: str) -> tuple[np.ndarray, np.ndarray]:
    """One die's outcomes: its value (first row) and what it adds to each
    tally (the other rows), with their ways."""
    total = tuple(range(1, t.sides + 1))
    return die_ways(t, (total, *V), mode, (), mark_faces(t, plan.marks, without))


def count(plan: Plan, mode: str, without: str = "") -> Counted:
    """The joint counts of the plan's readings (``without``: only of the
    rolls in which no die shows that mark), in ``mode`` (:func:`.kernel.mode_of`)."""
    readings = plan.readings
    tallies = [i for i, r in enumerate(readings) if not isinstance(r, Ordered)]
    ordered = [i for i, r in enumerate(readings) if isinstance(r, Ordered)]
    groups = walk_groups(plan)
    dies = [_outcomes(plan, t, V, mode, without) for t, V, _, _, _ in groups]
    # the range of each reading over the walk (its values part way too: from 0)
    lo, hi = [0] * len(readings), [0] * len(readings)
    for (t, V, n, reads, _), (values, _) in zip(groups, dies):
        for j, i in enumerate(tallies):
            row = values[1 + j] if values.size else np.zeros(1, dtype=np.int64)
            lo[i] += n * min(0, int(row.min()))
            hi[i] += n * max(0, int(row.max()))
    counts = [sum(n for _, _, n, reads, _ in groups if reads[k]) for k in range(len(ordered))]
    for k, i in enumerate(ordered):
        vals = [values[0] for (_, _, _, reads, _), (values, _) in zip(groups, dies) if reads[k] and values.size]
        top = max((int(v.max()) for v in vals), default=0)
        bottom = min((int(v.min()) for v in vals), default=0)
        a, b = _ordered(readings[i]).span(bottom, top, counts[k])
        lo[i], hi[i] = min(0, a), max(0, b)
    space = Space(tuple(r.key for r in readings), tuple(lo), tuple(h - x + 1 for h, x in zip(hi, lo)))
    S = space.size
    sizes = [n + 1 for _, _, n, _, _ in groups]
    lstride = np.cumprod([1] + sizes[:-1]).tolist()
    strides, radix = space.strides, space.radix
    dtype = _dtype(mode)
    # the cells met so far, sparse: keys (dice left, then the readings' values, packed) and their ways
    wide = math.prod(sizes) * S >= 2**62  # packed keys past int64: Python ints (slower, rare)
    keys = np.array([sum((s - 1) * st for s, st in zip(sizes, lstride)) * S
                     + sum((0 - x) * st for x, st in zip(lo, strides))], dtype=object if wide else np.int64)
    W = np.ones(1, dtype=dtype)
    entries = sorted(((int(v), gi, k) for gi, (values, _) in enumerate(dies) for k, v in enumerate(values[0])),
                     key=lambda x: -x[0])
    last = {gi: max(j for j, e in enumerate(entries) if e[1] == gi) for gi in range(len(groups)) if dies[gi][0].size}
    for j, (v, gi, k) in enumerate(entries):
        _, _, n, reads, _ = groups[gi]
        values, ways = dies[gi]
        cell, state = keys // S, keys % S
        left = [(cell // st) % sz for sz, st in zip(sizes, lstride)]
        c = np.arange(n + 1)[None, :]
        m = left[gi][:, None]
        ok = (c <= m) if j != last[gi] else (c == m)
        new = keys[:, None] - c * (lstride[gi] * S)
        for jj, i in enumerate(tallies):
            add = int(values[1 + jj, k])
            if add:
                new = new + c * (add * strides[i])
        for kk, i in enumerate(ordered):
            if reads[kk]:
                seen = counts[kk] - sum(left[g] for g, (_, _, _, r, _) in enumerate(groups) if r[kk])
                old = (state // strides[i]) % radix[i] + lo[i]
                moved = _ordered(readings[i]).step(old[:, None], v, c, seen[:, None], counts[kk])
                new = new + (moved - old[:, None]) * strides[i]
        coef = _coef(m[:, 0], n, ways[k], mode)
        weight = W[:, None] * coef
        keep = ok & (coef != 0)
        keys, inverse = np.unique(new[keep], return_inverse=True)
        W = bincount(inverse, weight[keep], minlength=keys.size)
        if W.dtype != dtype:
            W = W.astype(dtype)
    assert not keys.size or int(keys.max()) < S  # every die met: no dice left
    listed = Listed(space.names, space.lo, space.radix,
                    {name: (keys // st) % r + x for name, st, r, x in zip(space.names, strides, radix, lo)})
    D = None if mode == "float" else denominator(plan)
    return Counted(listed, W, W, D, mode, _lost(plan, mode))


class Listed(Space):
    """The values the walk ended on, listed (not every packed index of the space)."""

    @property
    def size(self) -> int:
        return len(next(iter(self._values.values()))) if self._values else 1


def _ordered(r: Reading) -> Ordered:
    assert isinstance(r, Ordered)
    return r


def _coef(m: np.ndarray, n: int, w: Any, mode: str) -> np.ndarray:
    """``C(m, c) w**c`` for each number of dice left ``m`` (per cell) and
    each ``c`` from 0 to ``n`` (0 past ``m``)."""
    one = float(w) if mode == "float" else int(w)
    table = np.array([[math.comb(mm, c) * one ** c if c <= mm else 0 for c in range(n + 1)] for mm in range(n + 1)],
                     dtype=_dtype(mode))
    return table[m]


def depth_of(plan: Plan) -> int:
    """The deepest chain of the plan's dice (for the cost estimate)."""
    return max((levels(g.table) for g in plan.groups if g.count), default=0)
