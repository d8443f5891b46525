"""The one kernel of every draft: the joint counts of what the dice show
(successes, marks, total) after the re-roll step, in whole numbers.

What it counts (:mod:`.space` packs the quantities into one index, so each
addition of dice is a 1-D convolution):

1. the dice no re-roll may take (and the cancelling ones), all at once:
   one die's polynomial (:mod:`.dice`) to the power of their number;
2. the dice the re-roll step may take, group by group in the step's order
   (the best chance to succeed first): ``e`` of a group's ``m`` dice show
   a face the step takes (faces that count nothing, so the first roll of a
   re-rolled die adds nothing either way), ``C(m, e)`` ways to choose them;
   with ``b`` of the budget left, ``min(e, b)`` are re-rolled, lowest face
   first. Which of them does not matter, except between groups of the same
   chance but different dice, where the faces decide (:func:`allocate`).
   The state is how many dice of each group are re-rolled; the budget left
   follows from it;
3. at the end, the first rolls that are short of the goal (the draft's
   ``when = "short"``) get their re-rolled dice (each group's fresh die to
   the power of the dice re-rolled); the others stand as they fell.

Counting over one denominator ``D``: every die ``sides ** (depth + 1)``
ways, and the budget ``B`` as ``L ** B`` (``L`` a common multiple of the ways
of the dice the step re-rolls), a re-roll not made counted as ``L`` equal ways, a
smaller die's re-roll as ``L / ways`` each, so that every branch counts
over the same ``D``. Below 2**53 the counts are exact in float64 (sums and
products of whole numbers below it), below 2**63 in int64 (``wide``), above
it Python ints (``exact``, added up by :mod:`.whole`). Dice that explode
without a depth are counted in probabilities, their tails below 1e-18 cut
(and reported).

What is tracked is what the formulas read (:mod:`.readings`): every reading
here is a tally (what each face adds, of every die or of a group's); a
reading of the dice in order is counted by :mod:`.walk`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Any, Mapping, Sequence

import numpy as np

from . import whole
from .allocate import allocate
from .dice import CHAIN_CUT, Rows, die_weight, face_weight, pack, rows, ways_of
from .plan import GroupPlan, Plan
from .readings import Tally
from .space import Space, value_grid

#: In probabilities, array ends below this mass are cut (tails of dice exploding without end).
TRIM = 1e-20


def tracked(plan: Plan) -> tuple[str, ...]:
    """The quantities the odds need (the keys of the plan's readings),
    least significant first (``successes`` last: the most significant digit)."""
    return tuple(r.key for r in plan.readings)


def group_rows(plan: Plan, g: GroupPlan) -> Rows:
    """What each face of a group's die adds to each quantity tracked (kept on the plan)."""
    memo = plan.__dict__.setdefault("_rows", {})
    found = memo.get((g.name, g.table))
    if found is None:
        found = memo[(g.name, g.table)] = rows(g.table, [r for r in plan.readings if isinstance(r, Tally)], g.name,
                                              plan.marks)
    return found


def mode_of(plan: Plan, exact: bool) -> str:
    """How to count: "count" (whole numbers in float64, below 2**53),
    "wide" (in int64, below 2**63), "exact" (Python ints, past it) or
    "float" (probabilities: dice that explode without end)."""
    if plan.unbounded:
        return "float"
    D = denominator(plan)
    if D < 2**53:  # whole numbers in float64 are exact: the Fractions come from them
        return "count"
    if D < 2**63:  # every count is at most D: int64 holds them exactly
        return "wide"
    return "exact"  # past 2**63 in Python ints, for float odds too: each float its fraction correctly rounded


def denominator(plan: Plan) -> int:
    """The common denominator of every count (dice that explode without a
    depth: the one their odds would have if cut; the odds are not rational);
    kept on the plan (it is asked several times a spec)."""
    known = plan.__dict__.get("_denominator")
    if known is not None:
        return known
    d = 1
    for g in plan.groups:
        d *= die_weight(g.table, "count") ** g.count
    d *= big_die(plan) ** budget(plan)
    plan.__dict__["_denominator"] = d
    return d


def budget(plan: Plan) -> int:
    """The re-rolls the step may make: the budget, at most the dice it may take."""
    return min(plan.budget, plan.rerollable)


def big_die(plan: Plan) -> int:
    """``L``: a whole number of ways of every die the step re-rolls (their
    least common multiple; 1 without a step)."""
    return math.lcm(*(die_weight(g.table, "count") for g in plan.groups if g.rerollable))


@dataclass
class Merged:
    """Dice of one kind the step may take, of one or more groups alike."""

    count: int
    table: Any
    eligible: tuple[int, ...]
    ne: np.ndarray  # one die's faces the step does not take
    fresh: np.ndarray  # one fresh die
    each: Any  # the ways of one face the step takes
    pad: Any  # L / the ways of one fresh die
    chance: Fraction
    zero: int = 0  # the packed place of a face that adds nothing (the dice count from their lowest)


@dataclass
class Counted:
    """The joint counts: ``final`` (after the re-roll step), ``first`` (the
    first roll, the budget counted as unused), over ``denominator`` (None:
    probabilities)."""

    space: Space
    final: np.ndarray
    first: np.ndarray
    denominator: int | None
    mode: str
    truncated: float = 0.0
    notes: list[str] = field(default_factory=list)

def _dtype(mode: str) -> Any:
    return object if mode == "exact" else np.int64 if mode == "wide" else np.float64


def _conv(a: np.ndarray, b: np.ndarray, mode: str, cut: list[float] | None) -> np.ndarray:
    """``a`` and ``b`` added up; with ``cut`` (probabilities of dice that
    explode without end) the trailing entries below :data:`TRIM` are cut
    off and their mass added to ``cut[0]``."""
    if not a.size or not b.size:  # no ways at all (e.g. no face other than those the step takes)
        return np.zeros(0, dtype=np.result_type(a, b))
    out = whole.convolve(a, b) if mode == "exact" else np.convolve(a, b)
    if cut is not None and out.size > 1:
        tail = out[::-1].cumsum()
        k = int(tail.searchsorted(TRIM))  # the last k entries hold less than TRIM
        if k:
            cut[0] += float(tail[k - 1])
            out = out[: out.size - k]
    return out


def _power(a: np.ndarray, m: int, mode: str, cut: list[float] | None) -> np.ndarray:
    out: np.ndarray | None = None
    base = a
    while m:
        if m & 1:
            out = base if out is None else _conv(out, base, mode, cut)
        m >>= 1
        if m:
            base = _conv(base, base, mode, cut)
    return np.ones(1, dtype=a.dtype) if out is None else out


def _add(acc: dict, key: Any, arr: np.ndarray) -> None:
    old = acc.get(key)
    if old is None:
        acc[key] = arr
    elif old.size >= arr.size:
        old[: arr.size] += arr
    else:
        arr = arr.copy()
        arr[: old.size] += old
        acc[key] = arr


def count(plan: Plan, exact: bool = False, without: str = "") -> Counted:
    """The joint counts of ``plan`` (``exact``: in Python ints); with
    ``without`` (a mark), only of the rolls in which no die shows that mark
    (over the same denominator: one minus their sum is the mark's chance)."""
    mode = mode_of(plan, exact)
    names = tracked(plan)
    marks = plan.marks
    steps = plan.draft.reroll is not None and budget(plan) > 0
    hidden = {gi: mark_faces(g.table, marks, without) for gi, g in enumerate(plan.groups)}
    # each group's die: the values it adds and their ways (dice the step may take: without those faces too)
    ways = {}
    for gi, g in enumerate(plan.groups):
        if g.count:
            ways[gi] = ways_of(plan.compiled, g.table, group_rows(plan, g), mode, (), hidden[gi])
    # the range of each quantity: each die adds from its lowest (at most 0 for the dice the step may take,
    # whose faces it takes add 0)
    lo = [0] * len(names)
    hi = [0] * len(names)
    shifts: dict[int, list[int]] = {}
    for gi, (values, _) in ways.items():
        g = plan.groups[gi]
        dlo = values.min(axis=1).tolist() if values.size else [0] * len(names)
        dhi = values.max(axis=1).tolist() if values.size else [0] * len(names)
        shift = [min(0, x) for x in dlo] if (steps and g.rerollable) else dlo
        shifts[gi] = shift
        for i in range(len(names)):
            lo[i] += g.count * shift[i]
            hi[i] += g.count * dhi[i]
    space = Space(names, tuple(lo), tuple(h - l + 1 for h, l in zip(hi, lo)))
    cut: list[float] | None = [0.0] if plan.unbounded else None
    plain = np.ones(1, dtype=_dtype(mode))
    takers: list[int] = []
    for gi in ways:
        g = plan.groups[gi]
        if steps and g.rerollable:
            takers.append(gi)
            continue
        die = _power(pack(*ways[gi], space, shifts[gi]), g.count, mode, cut)
        plain = die if plain.size == 1 and plain[0] == 1 else _conv(plain, die, mode, cut)
    B = budget(plan)
    L = 1 if mode == "float" else big_die(plan)
    pad_b = 1 if mode == "float" else L ** B
    if not takers:
        full = plain * pad_b if pad_b != 1 else plain
        return Counted(space, full, full, None if mode == "float" else denominator(plan), mode, (cut[0] if cut else 0.0) + _lost(plan, mode))
    merged = _merged(plan, takers, names, space, mode, L, shifts, hidden)
    order = sorted(merged, key=lambda m: -m.chance)
    blocks: list[list[int]] = []
    for i, m in enumerate(order):
        if blocks and order[blocks[-1][0]].chance == m.chance:
            blocks[-1].append(i)
        else:
            blocks.append([i])
    states: dict[tuple[int, ...], np.ndarray] = {(0,) * len(order): plain}
    for block in blocks:
        states = _block(states, [order[i] for i in block], block, B, mode, cut)
    # the end: the first rolls short of the goal get their re-rolled dice
    short_mask = _short(plan, space) if plan.draft.reroll is not None and plan.when == "short" else None
    final = np.zeros(1, dtype=_dtype(mode))
    first = np.zeros(1, dtype=_dtype(mode))
    powers: dict[tuple[int, int], np.ndarray] = {}
    for R, arr in states.items():
        first = _grow(first, arr.size)
        first[: arr.size] += arr * pad_b if pad_b != 1 else arr
        if short_mask is not None:
            keep = arr * ~short_mask[: arr.size]
            final = _grow(final, keep.size)
            final[: keep.size] += keep * pad_b if pad_b != 1 else keep
            go = arr * short_mask[: arr.size]
        else:
            go = arr
        if not any(R):
            out = go * pad_b if pad_b != 1 else go
        else:
            out = go
            factor: Any = 1 if mode == "float" else L ** (B - sum(R))
            for t, r in enumerate(R):
                if r:  # r fresh dice take the place of r first faces that added nothing (at ``zero`` each)
                    out = _conv(out, _fresh_power(order[t], t, r, powers, mode, cut), mode, cut)[r * order[t].zero:]
                    if mode != "float":
                        factor *= order[t].pad ** r
            if factor != 1:
                out = out * factor
        final = _grow(final, out.size)
        final[: out.size] += out
    return Counted(space, final, first, None if mode == "float" else denominator(plan), mode,
                   (cut[0] if cut else 0.0) + _lost(plan, mode))


def _grow(a: np.ndarray, n: int) -> np.ndarray:
    if a.size >= n:
        return a
    out = np.zeros(n, dtype=a.dtype)
    out[: a.size] = a
    return out


def _lost(plan: Plan, mode: str) -> float:
    """The mass of the chains of dice exploding without end left uncounted."""
    if mode != "float" or not plan.unbounded:
        return 0.0
    return CHAIN_CUT * sum(g.count for g in plan.groups if g.table.explodes and g.table.depth is None)


def mark_faces(t: Any, marks: Sequence[str], mark: str) -> tuple[int, ...]:
    """The faces of a die that show ``mark`` (none for ``""``)."""
    if not mark:
        return ()
    row = t.marks[list(marks).index(mark)]
    return tuple(f for f in range(1, t.sides + 1) if row[f - 1])


def _merged(plan: Plan, takers: list[int], names: tuple[str, ...], space: Space, mode: str, L: int,
            shifts: Mapping[int, Sequence[int]], hidden: Mapping[int, tuple[int, ...]]) -> list[Merged]:
    """Groups the step may take, alike ones together (same die, same faces
    taken): a group joins the last one of its chance when they are alike,
    so that between groups of one chance the dice keep their order (the
    step takes the lowest face first, then the first die)."""
    out: list[Merged] = []
    for gi in takers:
        g = plan.groups[gi]
        key = (g.table, g.eligible)
        last = next((m for m in reversed(out) if m.chance == g.table.chance), None)
        if last is not None and (last.table, last.eligible) == key:
            last.count += g.count
            continue
        shift = shifts[gi]
        V = group_rows(plan, g)
        fresh = pack(*ways_of(plan.compiled, g.table, V, mode, (), hidden[gi]), space, shift)
        ne = pack(*ways_of(plan.compiled, g.table, V, mode, g.eligible, hidden[gi]), space, shift)
        pad = 1 if mode == "float" else L // die_weight(g.table, "count")
        zero = -sum(x * st for x, st in zip(shift, space.strides))  # a face that adds nothing, packed
        out.append(Merged(g.count, g.table, g.eligible, ne, fresh, face_weight(g.table, mode), pad, g.table.chance,
                          zero))
    return out


def _fresh_power(m: Merged, t: int, r: int, cache: dict, mode: str, cut: list[float] | None) -> np.ndarray:
    key = (t, r)
    if key not in cache:
        cache[key] = _power(m.fresh, r, mode, cut)
    return cache[key]


def _block(states: dict, members: list[Merged], index: list[int], B: int, mode: str,
           cut: list[float] | None) -> dict:
    """The dice of one block of groups of equal chance (see the module)."""
    out: dict[tuple[int, ...], np.ndarray] = {}
    if len(members) == 1:
        m, t = members[0], index[0]
        kernels = _kernels(m, mode, cut)
        tails = _tails(kernels)
        for R, arr in states.items():
            b = B - sum(R)
            for e in range(0, min(b, m.count + 1)):  # fewer dice to take than the budget left: all re-rolled
                _add(out, _bump(R, t, e), _conv(arr, kernels[e], mode, cut))
            if b <= m.count:  # the budget runs out: b of them re-rolled, lowest faces first
                _add(out, _bump(R, t, b), _conv(arr, tails[b], mode, cut))
        return out
    per = [_kernels(m, mode, cut, with_faces=False) for m in members]
    eligible = [m.eligible for m in members]
    memo: dict[tuple[tuple[int, ...], int], dict[tuple[int, ...], int]] = {}
    for R, arr in states.items():
        b = B - sum(R)
        for evec in product(*(range(m.count + 1) for m in members)):
            k = arr
            for j, e in enumerate(evec):
                k = _conv(k, per[j][e], mode, cut)
            if (evec, b) not in memo:
                memo[evec, b] = allocate(eligible, evec, b)
            for rvec, ways in memo[evec, b].items():
                key = R
                for j, r in enumerate(rvec):
                    key = _bump(key, index[j], r)
                scaled = k * ways
                for j, e in enumerate(evec):
                    if e:
                        scaled = scaled * (members[j].each ** e)
                _add(out, key, scaled)
    return out


def _bump(R: tuple[int, ...], t: int, r: int) -> tuple[int, ...]:
    return R if not r else R[:t] + (R[t] + r,) + R[t + 1:]


def _kernels(m: Merged, mode: str, cut: list[float] | None, with_faces: bool = True) -> list[np.ndarray]:
    """``K[e]``: ``e`` of the ``m`` dice show faces the step takes (``C(m, e)``
    ways to choose them, each such face ``each`` ways unless
    ``with_faces`` is False), the others their other faces."""
    n = m.count
    ne, mass = m.ne, 1.0
    if cut is not None and m.ne.size and m.ne.sum() > 0:
        # tails are cut where they hold less than TRIM of the whole: the powers are made of one die's
        # other faces as a law of their own (mass 1), and weighted after, so no cut tail is scaled up
        mass = float(m.ne.sum())
        ne = m.ne / mass
    ne_pow = [np.ones(1, dtype=ne.dtype)]
    for _ in range(n):
        ne_pow.append(_conv(ne_pow[-1], ne, mode, cut))
    out = []
    taken = len(m.eligible) * m.each if with_faces else 1
    for e in range(n + 1):
        c = math.comb(n, e) * (taken ** e) if mode != "float" else \
            math.comb(n, e) * float(taken) ** e * mass ** (n - e)
        k = ne_pow[n - e] * c
        if e and m.zero and k.size:  # the e faces the step takes add nothing: each at ``zero``
            k = np.concatenate((np.zeros(e * m.zero, dtype=k.dtype), k))
        out.append(k)
    return out


def _tails(kernels: list[np.ndarray]) -> list[np.ndarray]:
    """``T[b] = K[b] + K[b + 1] + ...``."""
    out: list[np.ndarray] = [kernels[-1]]
    for k in reversed(kernels[:-1]):
        prev = out[-1]
        s = _grow(k.copy(), prev.size)
        s[: prev.size] += prev
        out.append(s)
    return out[::-1]


def _short(plan: Plan, space: Space) -> np.ndarray:
    """At each packed index: the first roll is short of the goal."""
    return value_grid(plan, space, space.values()) < plan.goal
