"""The re-roll step (:func:`.reroll.step`) counted by successes alone, as
a pool of success dice is counted by its successes, where the plan allows it
exactly: no die outside the step adds anything, no die explodes, each
face of a die the step may take either is a face it takes (adding
nothing) or adds exactly one success (and, to the other tallies, one of at
most two patterns: a plain success, or one that also shows a mark), the
groups have different chances (the step's order is theirs) and the first
roll is short of the goal by its successes alone.

Then which dice are re-rolled, and what they add, depends only on how
many dice of each group succeed: the first roll is counted by the
successes of each group (``C(n, e) taken**e`` ways for ``e`` of its ``n``
dice showing a face the step takes, each success one way), every group's
re-rolls read off at once (the budget left, group by group), the
re-rolled dice of the rolls short of the goal added by Pascal's triangle
(``C(r, j) taken**(r - j)`` ways for ``j`` of ``r`` fresh dice to
succeed), and only at the end each group's ``s`` successes spread over the
other tallies (``C(s, x) a**x b**(s - x)`` ways for ``x`` of them to show
the mark, of ``a`` such faces and ``b`` plain ones): the same counts as
:func:`.reroll.step`'s, in the same kind of number.

>>> g = Kind(count=1, taken=3, pad=1, a=1, b=2, at_mark=3, at_plain=2)  # a d6: 3 faces taken, a 6 marked
>>> final, first = counted([g], 1, np.array([True, False]), 6, 1.0, size=4, mode="count")  # a budget of 1
>>> first.tolist()       # over 36: 3 faces of no success, 2 plain, 1 marked; the re-roll not made, 6 ways
[18.0, 0.0, 12.0, 6.0]
>>> final.tolist()       # short of 1 success: a failure re-rolled, 3 times 3 ways it fails again
[9.0, 0.0, 18.0, 9.0]
"""

from __future__ import annotations

import math
import operator
from typing import Any, Mapping, NamedTuple, Sequence

import numpy as np

from ..maths.dist import comb_table, whole_powers
from .denominator import big_die, budget
from .plan import Plan
from .powers import PER_CALL
from .readings import Tally
from .space import Space, value_grid
from .success_faces import faces_of
from .whole_cost import element
from .whole import dtype_of

#: The most first rolls told apart (the product of each group's dice plus one) the step counts here: its
#: work grows with their square (each one's re-rolled dice spread over every group's successes).
MOST_ROLLS = 1024
#: The most dice of a group (Pascal's triangle is kept to row 64, in int64 too).
MOST_DICE = 64
#: The fewest: below, the states of :func:`.reroll.by_states` are as quick (measured, CPU time of the step: a
#: Silver die and a Gold ally, a budget of 2: 4 first rolls, 163 against 144 us; 2 Silver dice: 6, 227 against
#: 154; 12 Silver dice, two allies, a budget of 8: 52, 770 against 430).
FEWEST_ROLLS = 4


class Kind(NamedTuple):
    """The dice of one group (or of alike groups) the step may take, by successes."""

    count: int  # type: ignore[assignment]  # (a field, not the tuple's method)
    taken: int  # the ways of the faces the step takes (each adds nothing)
    pad: int  # L / the ways of one die (a re-roll counted over the common denominator)
    a: int  # the ways of the successes that show the mark
    b: int  # the ways of the plain successes
    at_mark: int  # the packed place of a marked success (its success and the other tallies)
    at_plain: int  # of a plain one


def step(plan: Plan, takers: list[int], plain: np.ndarray, space: Space, mode: str,
         hidden: Mapping[int, tuple[int, ...]], cut: list[float] | None, total: bool,
         fewest: int = FEWEST_ROLLS) -> tuple[np.ndarray, np.ndarray] | None:
    """:func:`.reroll.step`'s ``(final, first)`` counted by successes, or
    ``None`` where the plan does not allow it exactly (see the module) or
    tells apart fewer than ``fewest`` first rolls."""
    if total or cut is not None or mode == "float" or plain.size != 1 or [gi for gi in takers if hidden[gi]]:
        return None
    found = kinds(plan, takers, space.strides, fewest)
    if found is None:
        return None
    groups, si = found
    short = None
    if plan.draft.reroll is not None and plan.when == "short":  # (the goal reads the successes alone)
        short = value_grid(plan, space, space.values())[: space.radix[si] * space.strides[si]: space.strides[si]] \
            < plan.goal  # (the other tallies at 0)
    return counted(groups, budget(plan), short, big_die(plan), plain[0] if mode == "count" else int(plain[0]),
                   space.size, mode)


def kinds(plan: Plan, takers: Sequence[int], strides: Sequence[int], fewest: int = FEWEST_ROLLS
          ) -> tuple[list[Kind], int] | None:
    """The step's groups, alike ones merged, best chance first, and the
    place of the successes' tally among the tallies (packed by
    ``strides``); ``None`` where the plan does not count by successes
    alone (see the module) or tells apart fewer than ``fewest`` or more
    than :data:`MOST_ROLLS` first rolls (read off the plan: the cost model
    asks it too, :func:`.cost.work`)."""
    readings = plan.readings
    if len(readings) != len(strides) or [r for r in readings if type(r) is not Tally]:
        return None
    merged: list[list[Any]] = []  # [faces, key, dice]
    compiled = plan.compiled
    for gi, g in enumerate(plan.groups):
        rows = plan.rows(g)
        if gi not in takers:
            if g.count and any(any(row) for row in rows):  # a die outside the step adds something
                return None
            continue
        f = faces_of(compiled, g.table, g.eligible, rows)  # (worked out at load: :mod:`.success_faces`)
        if f is None:
            return None
        key = (g.table, g.eligible, rows)
        same = [m for m in merged if m[0].chance == f.chance]
        if not same:
            merged.append([f, key, g.count])
        elif same[0][1] == key:
            same[0][2] += g.count
        else:  # two groups of one chance, not alike: which is re-rolled first depends on their faces
            return None
    rolls = 1
    for *_, n in merged:
        if n > MOST_DICE:
            return None
        rolls *= n + 1
    if not merged or not fewest <= rolls <= MOST_ROLLS:
        return None
    if len(merged) > 1:
        merged.sort(key=_chance, reverse=True)
    ones = merged[0][0].ones
    for f, *_ in merged[1:]:
        ones = ones & f.ones
    names = plan.draft.outcome.value.expr.names
    read = [i for i, r in enumerate(readings) if r.key in names]  # the tallies the goal reads
    si = read[0] if len(read) == 1 else min(ones) if not read and ones else -1
    if si not in ones:  # no such tally, or the goal reads another
        return None
    L = big_die(plan)
    return [Kind(n, f.taken, L // f.weight, f.a, f.b, _place(f.mark, strides) if f.a else 0, _place(f.plain, strides))
            for f, _, n in merged], si


#: The first rolls times the re-rolled dice's successes at most (:func:`counted`) counted in Python's ints
#: rather than numpy's arrays (measured, CPU time of the count: 5 Silver dice, a Gold ally, a budget of 2: 72, 143
#: against 187 us; 12 Silver dice: 156, 205 against 205; a budget of 8: 468, 265 against 225).
FEW = 160
#: The numpy calls of a count by successes whatever its groups, and per group (in :func:`counted`).
CALLS, CALLS_PER_GROUP = 30, 45


def work(groups: Sequence[Kind], B: int, size: float, bits: float = 0.0, rolled: int | None = None) -> float:
    """The work of :func:`counted` in multiply-adds (the units of
    :mod:`.cost`): its numpy calls, and each entry it makes: per first
    roll told apart its weight and each group's successes after its
    re-rolls (``rolled``: the rolls short of the goal, at most every one,
    each spread over every group's successes), then every group's
    successes and marks spread over the packed space of ``size``, twice;
    each entry priced as a Python int of ``bits`` bits (0: in float64 or
    int64; :func:`.whole_cost.element`)."""
    rolls = math.prod(g.count + 1 for g in groups)
    rolled = rolls if rolled is None else rolled
    pairs = math.prod((g.count + 1) * (g.count + 2) // 2 for g in groups)
    entries = rolls * len(groups) + rolled * (sum(g.count + 1 for g in groups) + rolls) + 2 * pairs + 2 * size
    return PER_CALL * (CALLS + CALLS_PER_GROUP * len(groups)) + entries * element(bits)


def _chance(m: list[Any]) -> Any:
    return m[0].order


def _place(col: tuple[int, ...], strides: Sequence[int]) -> int:
    """The packed place of what a face adds to each tally."""
    return sum(map(operator.mul, col, strides))


def counted(groups: list[Kind], B: int, short: np.ndarray | None, L: int, p: Any, size: int,
            mode: str) -> tuple[np.ndarray, np.ndarray]:
    """``(final, first)`` over the packed space of ``size`` of the step of
    ``groups`` (best chance first) with a budget of ``B``, ``short`` the
    first rolls short of the goal by their successes (None: every roll
    re-rolls), ``p`` the ways of the dice outside the step (adding
    nothing), in ``mode``'s numbers (every count and every factor of one
    at most the denominator: exact in each)."""
    dt = dtype_of(mode)
    ct = _COMB_INT if dt is np.int64 else _COMB_FLOAT if dt is np.float64 else comb_table(64, object)
    M = few = 1
    for g in groups:
        M *= g.count + 1
        few *= min(g.count, B) + 1
    if M * few <= FEW:  # (few: Python's ints beat numpy's calls)
        return _spread(groups, np.array(_few(groups, B, short, L, p), dtype=dt), size, dt, ct)
    at = np.arange(M)
    W: Any = p
    b: Any = B
    K, R = [], []
    step_ = M
    for g in groups:
        n = g.count
        step_ //= n + 1
        k = at // step_ % (n + 1) if step_ > 1 else at % (n + 1)  # each first roll by each group's successes
        e = n - k  # the dice showing a face the step takes
        W = W * ct[n, e] * _powers(g.taken, n, dt)[e]
        r = np.minimum(e, b)  # re-rolled: the budget left, group by group
        K.append(k)
        R.append(r)
        b = b - r
    first = W * L ** B
    final = first.copy()
    rolled = np.flatnonzero(short[sum(K)]) if short is not None else at
    if rolled.size:
        final[rolled] = 0
        Z = (W[rolled] * _powers(L, B, dt)[b[rolled]])[:, None]
        for i, (g, k, r) in enumerate(zip(groups, K, R)):
            n, top = g.count, min(g.count, B)
            P = np.zeros((top + 1, 2 * n + 1), dtype=dt)  # P[r, n + j]: j of r fresh dice succeed
            P[:, n:] = ct[: top + 1, : n + 1] * _powers(g.taken, n, dt)[_DOWN[: top + 1, : n + 1]]
            if g.pad != 1:  # (dice of fewer ways than the largest re-rolled)
                P *= _powers(g.pad, top, dt)[:, None]
            V = P[r[rolled, None], (n - k[rolled])[:, None] + _UP[: n + 1]]  # at each roll's first successes
            if i == len(groups) - 1:
                final += (Z.T @ V).ravel()
            else:
                Z = (Z[:, :, None] * V[:, None, :]).reshape(rolled.size, -1)
    return _spread(groups, np.stack((final, first)), size, dt, ct)


def _few(groups: list[Kind], B: int, short: np.ndarray | None, L: int, p: Any) -> list[list[Any]]:
    """:func:`counted`'s counts by each group's successes before they are
    spread, in Python's ints, first roll by first roll (few of them): one
    or two groups by :func:`_few_two`, more by :func:`_few_any`."""
    if len(groups) > 2:
        return _few_any(groups, B, short, L, p)
    return _few_two(groups if len(groups) == 2 else [_NO_DICE, *groups], B, short, L, p)


#: A group of no dice (one group counted as two: :func:`_few_two`).
_NO_DICE = Kind(count=0, taken=1, pad=1, a=0, b=1, at_mark=0, at_plain=0)


def _few_two(groups: list[Kind], B: int, short: np.ndarray | None, L: int, p: Any) -> list[list[Any]]:
    """:func:`_few` of two groups: each first roll ``(k1, k2)`` (each
    group's successes, the first group's re-rolls taken first), its
    re-rolled dice added where it is short of the goal."""
    (n1, t1, p1, *_), (n2, t2, p2, *_) = groups
    m2 = n2 + 1
    first1 = [_COMB[n1][k] * t1 ** (n1 - k) for k in range(n1 + 1)]
    first2 = [_COMB[n2][k] * t2 ** (n2 - k) for k in range(m2)]
    # fresh[r][j]: j of r fresh dice succeed (each of pad ways)
    fresh1 = [[c * t1 ** (r - j) * pad for j, c in enumerate(_COMB[r])]
              for r, pad in enumerate(_powers_of(p1, min(n1, B)))]
    fresh2 = [[c * t2 ** (r - j) * pad for j, c in enumerate(_COMB[r])]
              for r, pad in enumerate(_powers_of(p2, min(n2, B)))]
    Lb = _powers_of(L, B)
    LB = Lb[B]
    sh = short.tolist() if short is not None else None
    w0 = int(p)
    first_: list[Any] = []
    final_: list[Any] = [0] * ((n1 + 1) * m2)
    for k1, f1 in enumerate(first1):
        r1 = min(n1 - k1, B)
        b1 = B - r1
        ends = [((k1 + j) * m2, x) for j, x in enumerate(fresh1[r1])]  # (the cell of k1 + j, its ways)
        for k2, f2 in enumerate(first2):
            w = w0 * f1 * f2
            cell = k1 * m2 + k2
            first_.append(w * LB)
            if sh is not None and not sh[k1 + k2]:  # reaches the goal: stands as it fell
                final_[cell] += w * LB
                continue
            r2 = min(n2 - k2, b1)
            w *= Lb[b1 - r2]  # (the re-rolls not made: L ways each)
            ys = fresh2[r2]
            for o, x in ends:
                wx = w * x
                o += k2
                for j, y in enumerate(ys):
                    final_[o + j] += wx * y
    return [final_, first_]


def _few_any(groups: list[Kind], B: int, short: np.ndarray | None, L: int, p: Any) -> list[list[Any]]:
    """:func:`_few` of any number of groups."""
    rolls: list[tuple[int, int, Any, int, tuple[int, ...], tuple[int, ...]]] = [(0, 0, int(p), B, (), ())]
    fresh = []
    for g in groups:  # (cell, successes, ways, budget left, each group's successes, its re-rolls)
        n, taken, m = g.count, g.taken, g.count + 1
        first = [_COMB[n][k] * taken ** (n - k) for k in range(n + 1)]
        rolls = [(cell * m + k, ks + k, w * first[k], b - r, kk + (k,), rr + (r,))
                 for cell, ks, w, b, kk, rr in rolls for k in range(n + 1) for r in (n - k if n - k < b else b,)]
        fresh.append([[c * taken ** (r - j) * pad for j, c in enumerate(_COMB[r])]
                      for r, pad in zip(range(min(n, B) + 1), _powers_of(g.pad, min(n, B)))])
    strides = [math.prod(g.count + 1 for g in groups[t + 1:]) for t in range(len(groups))]
    LB = L ** B
    first_ = [w * LB for _, _, w, _, _, _ in rolls]
    final_ = [0] * len(rolls)
    for cell, ks, w, b, kk, rr in rolls:
        if short is not None and not short[ks]:
            final_[cell] += w * LB
            continue
        acc = [(0, w * L ** b)]
        for k, r, f, st in zip(kk, rr, fresh, strides):
            acc = [(o + (k + j) * st, v * x) for o, v in acc for j, x in enumerate(f[r])]
        for o, v in acc:
            final_[o] += v
    return [final_, first_]


def _powers_of(a: int, n: int) -> list[int]:
    """``a**0 .. a**n`` in Python's ints."""
    return [a ** k for k in range(n + 1)]


def _spread(groups: list[Kind], both: np.ndarray, size: int, dt: Any, ct: np.ndarray
            ) -> tuple[np.ndarray, np.ndarray]:
    """Counts by each group's successes (``both``: the final counts and the
    first roll's, in C order as :func:`counted`'s) over the packed space:
    ``s`` successes of a group, ``x`` of them marked, in ``C(s, x) a**x
    b**(s - x)`` ways."""
    cell: Any = None
    off: Any = None
    coef: Any = None
    for g in groups:
        n = g.count
        s, x, d, c = _PAIRS[n] if g.a else _NONE_MARKED[n]
        w = (c if dt is np.float64 else ct[s, x]) * _powers(g.b, n, dt)[d]
        if g.a:
            w = w * _powers(g.a, n, dt)[x]
        o = x * (g.at_mark - g.at_plain) + s * g.at_plain
        if cell is None:
            cell, off, coef = s, o, w
        else:
            cell = np.add.outer(cell * (n + 1), s).ravel()
            off = np.add.outer(off, o).ravel()
            coef = np.multiply.outer(coef, w).ravel()
    weights = (both[:, cell] * coef).ravel()  # (both at once: the first roll's past ``size``)
    if dt is np.float64:
        out = np.bincount(np.concatenate((off, off + size)), weights, 2 * size)
    else:
        out = np.zeros(2 * size, dtype=dt)
        np.add.at(out, np.concatenate((off, off + size)), weights)
    return out[:size], out[size:]


def _powers(a: int, n: int, dt: Any) -> np.ndarray:
    """``a**0 .. a**n`` exactly, in ``dt`` (each at most the denominator)."""
    if dt is np.float64 and a < _POWERS.shape[0] and n < _POWERS.shape[1]:
        return _POWERS[a, : n + 1]  # (exact where read: below 2**53)
    if dt is np.float64:
        return whole_powers(a, n)
    found = whole_powers(a, n, object)
    return found if dt is object else found.astype(np.int64)


#: ``_PAIRS[n]``: every ``(s, x)`` with ``0 <= x <= s <= n`` (Pascal's triangle's entries, to row 64), ``s - x``
#: and ``C(s, x)`` in float64.
_PAIRS = [(s, x, s - x, comb_table(64)[s, x]) for s, x in (np.tril_indices(n + 1) for n in range(65))]
#: The same of a die with no marked success: ``x`` 0.
_NONE_MARKED = [(np.arange(n + 1), np.zeros(n + 1, dtype=np.intp), np.arange(n + 1), np.ones(n + 1)) for n in range(65)]
#: ``_DOWN[r, j] = max(r - j, 0)``: the fresh dice that fail of ``r`` with ``j`` successes.
_DOWN = np.maximum(np.arange(65)[:, None] - np.arange(65)[None, :], 0)
_UP = np.arange(65)
#: ``C(r, k)`` to row 64 in int64 (the largest, C(64, 32), below 2**63) and in float64 (exact to row 55).
_COMB_INT = comb_table(64, object).astype(np.int64)
_COMB_FLOAT = comb_table(64)
_COMB = [[math.comb(r, k) for k in range(r + 1)] for r in range(65)]
#: ``a**k`` for ``a, k <= 64`` in float64 (exact below 2**53, where the counts read them).
_POWERS = np.array([[float(a ** k) for k in range(65)] for a in range(65)])
