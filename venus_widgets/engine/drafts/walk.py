"""The walk: the joint counts of what a draft's formulas read when one of
them reads the dice in order (``highest(2)``, ``lowest()``), icepool's
multiset evaluation (``MultisetEvaluator.next_state`` over a pool that
pops each outcome with its count) in whole numbers.

Each die, with the dice it explodes into, comes to an *outcome*: its value
(its faces added up) and what it adds to each tally (:mod:`.readings`).
The walk meets the outcomes from the highest value down (from the lowest
up when every reading wants the lowest dice), each once; at an outcome,
``c`` of the ``m`` dice a group has left show it, ``C(m, c) w**c`` ways
(``w`` the ways of one die showing it), the group keeps ``m - c`` and each
reading moves: a tally by ``c`` times what the outcome adds, an ordered
reading by its :meth:`~.readings.Ordered.step` (which knows how many of
its dice came before). At a group's last outcome its dice left all show
it. The state is a cell: (dice left of each group, the readings' values),
memoised by (outcome, dice left, values) as icepool's evaluators are:
every cell in one array while they are few (:data:`DENSE`), else only the
cells the dice can reach (sorted packed keys and their ways). When no
reading needs a group's dice left any more (the two highest are met),
they are counted at once (icepool's skip). A cell counts the ways of the
dice met so far, so every count stays at most the denominator and whole.

Groups whose dice are alike for every reading walk as one. The work is
(outcomes) x (cells) x (counts a group can show at once): see
:func:`.cost.walk_cost`.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .dice import die_ways
from .kernel import Counted, denominator, group_rows, lost_mass, mark_faces
from .plan import Plan
from .readings import Ordered, Reading
from .space import Space
from .whole import bincount, dtype_of

#: Up to this many cells (dice left times the readings' values) the walk keeps every cell (dense, no sorting).
DENSE = 60_000


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
    w = _Walk(plan, mode, without)
    keys, W = w.start()
    for j in range(len(w.entries)):
        keys, W = w.skip(j, *w.step(j, keys, W))
    sp = w.space
    if w.dense:  # every die met: the cells with no dice left
        keys, W = keys[: sp.size], W[: sp.size]
        keys, W = keys[W != 0], W[W != 0]
    assert not keys.size or int(keys.max()) < sp.size
    listed = Listed(sp.names, sp.lo, sp.radix,
                    {name: (keys // st) % r + x for name, st, r, x in zip(sp.names, sp.strides, sp.radix, sp.lo)})
    D = None if mode == "float" else denominator(plan)
    return Counted(listed, W, W, D, mode, lost_mass(plan, mode))


class Listed(Space):
    """The values the walk ended on, listed (not every packed index of the space)."""

    @property
    def size(self) -> int:
        return len(next(iter(self._values.values()))) if self._values else 1


def _ordered(r: Reading) -> Ordered:
    assert isinstance(r, Ordered)
    return r


class _Walk:
    """One walk's tables: its groups and their outcomes, the cells' packing,
    the outcomes in the walk's order (see the module)."""

    def __init__(self, plan: Plan, mode: str, without: str) -> None:
        self.mode, self.dtype = mode, dtype_of(mode)
        readings = plan.readings
        self.tallies = [i for i, r in enumerate(readings) if not isinstance(r, Ordered)]
        self.at = [i for i, r in enumerate(readings) if isinstance(r, Ordered)]
        self.ordered = [_ordered(readings[i]) for i in self.at]
        self.groups = walk_groups(plan)
        self.dies = [_outcomes(plan, t, V, mode, without) for t, V, _, _, _ in self.groups]
        self.down = all(r.down is not False for r in self.ordered)
        lo, hi = [0] * len(readings), [0] * len(readings)  # each reading's values part way too: from 0
        for (t, V, n, reads, _), (values, _) in zip(self.groups, self.dies):
            for j, i in enumerate(self.tallies):
                row = values[1 + j] if values.size else np.zeros(1, dtype=np.int64)
                lo[i] += n * min(0, int(row.min()))
                hi[i] += n * max(0, int(row.max()))
        self.counts = [sum(n for _, _, n, reads, _ in self.groups if reads[k]) for k in range(len(self.at))]
        for k, i in enumerate(self.at):
            vals = [v[0] for (_, _, _, reads, _), (v, _) in zip(self.groups, self.dies) if reads[k] and v.size]
            a, b = self.ordered[k].span(min((int(v.min()) for v in vals), default=0),
                                        max((int(v.max()) for v in vals), default=0), self.counts[k])
            lo[i], hi[i] = min(0, a), max(0, b)
        self.space = Space(tuple(r.key for r in readings), tuple(lo), tuple(h - x + 1 for h, x in zip(hi, lo)))
        self.sizes = [n + 1 for _, _, n, _, _ in self.groups]
        self.lstride = np.cumprod([1] + self.sizes[:-1]).tolist()
        cells = math.prod(self.sizes) * self.space.size
        self.dense = cells <= DENSE and mode != "exact"  # Python ints: only the cells that hold ways
        self.wide = cells >= 2**62  # packed keys past int64: Python ints (slower, rare)
        self.entries = sorted(((int(v), gi, k) for gi, (values, _) in enumerate(self.dies)
                               for k, v in enumerate(values[0])), key=lambda x: -x[0] if self.down else x[0])
        self.last = {gi: max(j for j, e in enumerate(self.entries) if e[1] == gi) for gi in range(len(self.groups))
                     if self.dies[gi][0].size}
        # the ways of a die of each group over the outcomes still to come, after each entry (to skip dice)
        self.rest = [[0] * (len(self.entries) + 1) for _ in self.groups]
        for j in range(len(self.entries) - 1, -1, -1):
            e = self.entries[j]
            for gi in range(len(self.groups)):
                self.rest[gi][j] = self.rest[gi][j + 1] + (self.dies[gi][1][e[2]] if e[1] == gi else 0)
        # a group a tally reads is met die by die, never skipped
        self.tallied = [any(any(row) for row in V) for _, V, _, _, _ in self.groups]
        self.comb = [np.array([[math.comb(m, c) for c in range(n + 1)] for m in range(n + 1)], dtype=self.dtype)
                     for _, _, n, _, _ in self.groups]
        self.skips = any(r.down == self.down for r in self.ordered)
        self.fixed: tuple | None = None
        if self.dense:  # every cell, always: what depends on the cell alone, once
            keys = np.arange(cells)
            self.fixed = (keys, *self._cells(keys))

    def _cells(self, keys: np.ndarray) -> tuple[list[np.ndarray], list[np.ndarray], list[np.ndarray]]:
        """Per cell: the dice left of each group, the dice each ordered
        reading has met, and each ordered reading's value."""
        sp = self.space
        cell, state = keys // sp.size, keys % sp.size
        left = [(cell // st) % sz for sz, st in zip(self.sizes, self.lstride)]
        seen = [n - sum((left[g] for g, (_, _, _, r, _) in enumerate(self.groups) if r[k]), np.zeros_like(cell))
                for k, n in enumerate(self.counts)]
        old = [(state // sp.strides[i]) % sp.radix[i] + sp.lo[i] for i in self.at]
        return left, seen, old

    def _live(self, keys: np.ndarray, W: np.ndarray) -> tuple[np.ndarray, np.ndarray, tuple]:
        """The cells that hold ways, their ways, and what :meth:`_cells` says of them."""
        if self.fixed is None:
            return keys, W, self._cells(keys)
        rows = W.nonzero()[0]  # (np.flatnonzero's own step: W is 1-D)
        _, left, seen, old = self.fixed
        return rows, W[rows], ([x[rows] for x in left], [x[rows] for x in seen], [x[rows] for x in old])

    def _number(self, x: Any) -> Any:
        return float(x) if self.mode == "float" else int(x)

    def start(self) -> tuple[np.ndarray, np.ndarray]:
        """The first cell: every die left, every reading at 0."""
        sp = self.space
        first = sum((s - 1) * st for s, st in zip(self.sizes, self.lstride)) * sp.size + sp.pack(
            dict.fromkeys(sp.names, 0), dict(zip(sp.names, sp.lo)))
        if self.dense:
            W = np.zeros(math.prod(self.sizes) * sp.size, dtype=self.dtype)
            W[first] = 1
            return np.arange(W.size), W
        return np.array([first], dtype=object if self.wide else np.int64), np.ones(1, dtype=self.dtype)

    def _merged(self, keys: np.ndarray, new: np.ndarray, weight: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The ways of each cell ``new`` names (dense: every cell)."""
        if self.fixed is not None:
            cells = self.fixed[0]
            out = bincount(new, weight, minlength=cells.size)
            return cells, out if out.dtype == self.dtype else out.astype(self.dtype)
        cells, inverse = np.unique(new, return_inverse=True)
        out = bincount(inverse, weight, minlength=cells.size)
        return cells, out if out.dtype == self.dtype else out.astype(self.dtype)

    def step(self, j: int, keys: np.ndarray, W: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The cells after the walk meets entry ``j``: an outcome of one group's die."""
        v, gi, k = self.entries[j]
        _, _, n, reads, _ = self.groups[gi]
        values, ways = self.dies[gi]
        sp = self.space
        keys, W, (left, seen, olds) = self._live(keys, W)
        c = np.arange(n + 1)[None, :]
        m = left[gi]
        ok = (c <= m[:, None]) if j != self.last[gi] else (c == m[:, None])
        one = self._number(ways[k])
        powers = np.array([one ** x for x in range(n + 1)], dtype=self.dtype)
        weight = W[:, None] * (self.comb[gi][m] * powers[None, :])
        new = keys[:, None] - c * (self.lstride[gi] * sp.size)
        for jj, i in enumerate(self.tallies):
            add = int(values[1 + jj, k])
            if add:
                new = new + c * (add * sp.strides[i])
        for kk, i in enumerate(self.at):
            if reads[kk]:
                old = olds[kk][:, None]
                moved = self.ordered[kk].step(old, v, c, seen[kk][:, None], self.counts[kk], self.down)
                new = new + (moved - old) * sp.strides[i]
        keep = ok & (weight != 0)
        return self._merged(keys, new[keep], weight[keep])

    def skip(self, j: int, keys: np.ndarray, W: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Cells whose dice left of a group no reading needs any more (each
        reading of it is done: the two highest met): those dice are counted
        at once, ``rest ** left`` ways (``rest``: the ways of a die over the
        outcomes still to come), and the cell goes on without them."""
        if not self.skips:
            return keys, W
        given = keys, W
        keys, W, (left, seen, _) = self._live(keys, W)
        done = [r.done(s, n, self.down) for r, s, n in zip(self.ordered, seen, self.counts)]
        new, moved = keys, False
        for gi, (_, _, _, reads, _) in enumerate(self.groups):
            if self.tallied[gi]:
                continue
            free = left[gi] > 0
            for kk, yes in enumerate(reads):
                if yes:
                    free = free & done[kk]
            if free.any():
                moved = True
                rest = self._number(self.rest[gi][j + 1])
                factor = np.array([rest ** x for x in range(self.sizes[gi])], dtype=self.dtype)[left[gi]]
                W = np.where(free, W * factor, W)
                new = np.where(free, new - left[gi] * (self.lstride[gi] * self.space.size), new)
        return self._merged(keys, new, W) if moved else given
