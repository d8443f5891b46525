"""The re-roll step of the kernel (:mod:`.kernel`): the dice the step may
take, group by group in the step's order (the best chance to succeed
first), each group's ``e`` dice showing a face the step takes and the
``min(e, b)`` of them re-rolled with ``b`` of the budget left; at the end,
the first rolls short of the goal get their re-rolled dice (see the
kernel's module for the counting over one denominator).

The state is how many dice of each group are re-rolled (the budget left
follows from it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any, Mapping, Sequence

import numpy as np

from ..maths.dist import pascal_counts
from .allocate import allocate
from .denominator import big_die, budget, denominator
from .dice import die_weight, face_weight, pack, ways_of
from .plan import Plan
from .reroll_end import packed_end
from .reroll_pascal import pascal
from . import reroll_successes as successes
from .reroll_rows import Stacked, by_rows, lone_ends, one_die
from .reroll_total import covers, total as all_taken
from .space import Space, value_grid
from .whole import add_into as _add, conv as _conv, dtype_of as _dtype, grow as _grow, power as _power


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
    rows: Any = ()  # what each face adds to each tally (:meth:`.plan.Plan.rows`)


def step(plan: Plan, takers: list[int], plain: np.ndarray, space: Space, mode: str,
         shifts: Mapping[int, Sequence[int]], hidden: Mapping[int, tuple[int, ...]], cut: list[float] | None,
         total: bool = False, inner: str = "") -> Any:
    """The joint counts after the re-roll step: ``plain`` (the dice it may
    not take, counted) with the groups ``takers`` it may take; ``(final,
    first)``, or with ``total`` the sum of ``final`` alone (a whole number
    unless counted in probabilities: the re-rolled dice added by their
    ways, never convolved). The first roll is counted in ``inner``
    (:func:`.denominator.first_mode`: ``plain`` is), its end in ``mode``."""
    by_successes = successes.step(plan, takers, plain, space, mode, hidden, cut, total)
    return by_successes if by_successes is not None else \
        by_states(plan, takers, plain, space, mode, shifts, hidden, cut, total, inner)


def by_states(plan: Plan, takers: list[int], plain: np.ndarray, space: Space, mode: str,
              shifts: Mapping[int, Sequence[int]], hidden: Mapping[int, tuple[int, ...]], cut: list[float] | None,
              total: bool = False, inner: str = "") -> Any:
    """:func:`step` by the states of the re-rolls made (every plan)."""
    inner = inner or mode
    B = budget(plan)
    L = 1 if mode == "float" else big_die(plan)
    pad_b = 1 if mode == "float" else L ** B
    merged = _merged(plan, takers, space, mode, inner, L, shifts, hidden)
    if total and cut is None and mode != "float" and covers(B, [m.count for m in merged]):  # no state needed
        short = _short(plan, space) if plan.draft.reroll is not None and plan.when == "short" else None
        return all_taken([(m.count, m.ne, len(m.eligible) * m.each, int(m.fresh.sum()) * m.pad, m.zero)
                          for m in merged], plain, short, B, L, mode)
    order = sorted(merged, key=_chance, reverse=True)  # (stable: of one chance, in the groups' order)
    blocks: list[list[int]] = []
    for i, m in enumerate(order):
        if blocks and order[blocks[-1][0]].chance == m.chance:
            blocks[-1].append(i)
        else:
            blocks.append([i])
    states: dict[tuple[int, ...], np.ndarray] = {(0,) * len(order): plain}
    for block in blocks:
        states = _block(states, [order[i] for i in block], block, B, inner, cut)
    # the end: the first rolls short of the goal get their re-rolled dice
    short = _short(plan, space) if plan.draft.reroll is not None and plan.when == "short" else None
    # every count lies in the space (each quantity within its range): past its size an array holds 0s
    # (the kernels of :func:`_matrix` are as long as the longest)
    size = space.size
    fresh = [(m.fresh * m.pad if mode != "float" and m.pad != 1 else m.fresh, m.zero) for m in order]
    unused = [B - sum(R) for R in states]
    if mode == "exact" and inner != "exact":  # the end in Python ints, each state's array packed in one
        return packed_end(states, size, short, unused, L, pad_b, fresh, mode, inner, total,
                           denominator(plan).bit_length())
    if isinstance(states, Stacked) and states.matrix.shape[1] >= size:  # the states' rows at hand
        rows = states.matrix[:, :size].astype(_dtype(mode), copy=False)
    else:
        rows = np.zeros((len(states), size), dtype=_dtype(mode))  # the states, one row each
        for i, arr in enumerate(states.values()):
            rows[i, : arr.size] = arr[:size]
    allsum = rows.sum(axis=0)  # every state's first roll, the budget unused
    if mode != "float" and L != 1 and any(unused):  # the re-rolls not made count L ways each
        rows = rows * np.array([L ** u for u in unused], dtype=object if mode == "exact" else rows.dtype)[:, None]
    if short is not None:
        rows = rows * short
    first = allsum * pad_b if pad_b != 1 else allsum
    if total:  # each state's dice re-rolled add their ways: sum(a * b) = sum(a) sum(b)
        ways = [f.sum() for f, _ in fresh]
        out: Any = 0
        for R, s in zip(states, rows.sum(axis=1)):
            for w, r in zip(ways, R):
                if r:
                    s = s * w ** r
            out = out + s
        return out + first[~short].sum() if short is not None else out
    final = np.zeros(size, dtype=_dtype(mode))  # the rolls that re-roll
    keys, rows, left = (list(states), rows, fresh) if cut is not None or mode == "exact" else \
        lone_ends(list(states), rows, fresh, True)  # (whole numbers: the lone dice's ends every state at once)
    out = _added(dict(zip(keys, rows)), left, mode, cut, size if cut is None and mode != "exact" else 0)
    n = min(out.size, size)
    final[:n] += out[:n]
    if short is not None:  # the first rolls that reach the goal stand as they fell
        final += first * ~short
    return final, first


def _added(states: dict[tuple[int, ...], np.ndarray], fresh: list[tuple[np.ndarray, int]], mode: str,
           cut: list[float] | None, size: int = 0) -> np.ndarray:
    """``sum over R of states[R] * prod over t of fresh_t**R[t]``: each
    state's re-rolled dice (``R[t]`` fresh dice of merged group ``t``, each
    in place of a first face that added nothing, at ``zero``). By Horner's
    scheme on the last group (``(G_m F + G_(m-1)) F + ...``), then on the
    one before: one convolution per state. ``size``: every count of the end
    lies below it (the counts' space): a sum of a die that adds nothing
    below ``zero`` is cut there (its entries past it are 0: every entry is
    part of the end's, none moves down)."""
    if not fresh:
        (arr,) = states.values()
        return arr
    F, zero = fresh[-1]
    end = size if size and not (zero and F[:zero].any()) else None  # (nothing below a place of 0)
    m = max(R[-1] for R in states)
    by: dict[tuple[int, ...], dict[int, np.ndarray]] = {}
    for R, arr in states.items():
        by.setdefault(R[:-1], {})[R[-1]] = arr
    inner: dict[tuple[int, ...], np.ndarray] = {}
    for prefix, rs in by.items():
        H: np.ndarray | None = None
        for r in range(m, -1, -1):  # H = H F + G_r
            if H is not None:
                H = _conv(H[:end], F, mode, cut)[zero: zero + end if end else None]
            g = rs.get(r)
            if g is not None:
                if H is None:
                    H = g
                else:  # H was just convolved: an array of its own
                    H = _grow(H, g.size) if H.size < g.size else H
                    H[: g.size] += g
        assert H is not None
        inner[prefix] = H
    return _added(inner, fresh[:-1], mode, cut, size)


def _chance(m: Merged) -> Fraction:
    return m.chance


def _merged(plan: Plan, takers: list[int], space: Space, mode: str, inner: str, L: int,
            shifts: Mapping[int, Sequence[int]], hidden: Mapping[int, tuple[int, ...]]) -> list[Merged]:
    """Groups the step may take, alike ones together (same die, same faces
    taken): a group joins the last one of its chance when they are alike,
    so that between groups of one chance the dice keep their order (the
    step takes the lowest face first, then the first die). The first roll's
    arrays in ``inner``, the fresh dice in ``mode``."""
    out: list[Merged] = []
    for gi in takers:
        g = plan.groups[gi]
        V = plan.rows(g)
        key = (g.table, g.eligible, V)  # alike for every reading too (a group's own tallies)
        last = next((m for m in reversed(out) if m.chance == g.table.chance), None)
        if last is not None and (last.table, last.eligible, last.rows) == key:
            last.count += g.count
            continue
        shift = shifts[gi]
        ends = inner if mode == "exact" and inner != "exact" else mode  # (:func:`.reroll_end.packed_end`: any whole numbers)
        zero = -sum(x * st for x, st in zip(shift, space.strides))  # a face that adds nothing, packed
        each = face_weight(g.table, inner)
        if mode == "float":
            fresh = pack(*ways_of(plan.compiled, g.table, V, ends, (), hidden[gi]), space, shift)
            ne = pack(*ways_of(plan.compiled, g.table, V, inner, g.eligible, hidden[gi]), space, shift)
        else:  # whole numbers: the faces it takes all lie at ``zero``, so its other faces are the die without them
            whole = pack(*ways_of(plan.compiled, g.table, V, inner, (), hidden[gi]), space, shift)
            ne = _without(whole, zero, len(g.eligible) * each)
            if not ne.size:  # every face taken: no other face, as its own packing has it (of its own kind)
                ne = pack(*ways_of(plan.compiled, g.table, V, inner, g.eligible, hidden[gi]), space, shift)
            fresh = whole if ends == inner else whole.astype(np.int64)  # (only "wide" of a first roll in float64)
        pad = 1 if mode == "float" else L // die_weight(g.table, "count")
        out.append(Merged(g.count, g.table, g.eligible, ne, fresh, each, pad, g.table.chance,
                          zero, V))
    return out


def _without(whole: np.ndarray, zero: int, taken: Any) -> np.ndarray:
    """One die's packed ways without the faces the step takes (``taken``
    ways, all at ``zero``), as packing its other faces alone gives them (no
    trailing 0s; empty when it takes every face)."""
    out = whole.copy()
    out[zero] -= taken
    if out[-1] == 0:
        out = np.trim_zeros(out, "b")
    return out


def _block(states: dict, members: list[Merged], index: list[int], B: int, mode: str,
           cut: list[float] | None) -> dict:
    """The dice of one block of groups of equal chance (see the module)."""
    out: dict[tuple[int, ...], np.ndarray] = {}
    if len(members) == 1:
        m, t = members[0], index[0]
        if m.count == 1 and cut is None and mode != "exact" and m.ne.size:  # every state at once
            return one_die(states, m.ne, len(m.eligible) * m.each, m.zero, t, B)
        if cut is None and 2 * B < m.count and m.count * m.ne.size <= SMALL:  # only the rows a small budget reaches
            kernels, tails = _reached(m, mode, B)
        elif cut is None and m.ne.size and _short_states(states, B, m.count):  # every kernel and tail at once
            K, T = _matrix(m, mode)
            return by_rows(states, K, T, t, B, m.count)  # (each key once: the block's re-rolls are its own)
        else:
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


def _short_states(states: dict, B: int, n: int) -> bool:
    """Whether every state's array has fewer entries that are not 0 than
    kernels it meets (at most ``n + 2``): then one pass per entry
    (:func:`.reroll_rows.by_rows`) makes fewer calls than one convolution per kernel."""
    return all(np.count_nonzero(arr) <= min(B - sum(R), n + 1) + (B - sum(R) <= n) for R, arr in states.items())


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
        c = math.comb(n, e) * taken ** e if mode != "float" else math.comb(n, e) * float(taken) ** e * mass ** (n - e)
        base = ne_pow[n - e]  # (a power of 0, no die with another face, not scaled: past int64, an OverflowError)
        k = base * c if base.any() else np.zeros(base.shape, float if isinstance(c, float) else base.dtype)
        if e and m.zero and k.size:  # the e faces the step takes add nothing: each at ``zero``
            k = np.concatenate((np.zeros(e * m.zero, dtype=k.dtype), k))
        out.append(k)
    return out


def _matrix(m: Merged, mode: str) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_kernels` and :func:`_tails` as two matrices, one row each
    (``K[e]``, ``T[b]``; each as long as the longest, 0 past its own end), in
    whole numbers: the powers of the other faces one die at a time (of a
    die whose other faces all add the same, its ways to the power), scaled
    and moved by ``e`` faces at ``zero`` at once, the tails summed from the last."""
    n, ne = m.count, m.ne
    taken = len(m.eligible) * m.each
    found = pascal(n, ne, taken, m.zero)  # (other faces of one or two values: each entry at once)
    if found is not None:
        return found
    width = n * (ne.size - 1) + 1
    dt = object if ne.dtype == object else ne.dtype
    P = np.zeros((n + 1, width), dtype=dt)  # P[j]: the other faces of j dice
    nz = ne.nonzero()[0]  # (1-D: flatnonzero without its wrapper, 2 us a call)
    if nz.size == 1:
        at, v = int(nz[0]), ne[nz[0]]
        P[np.arange(n + 1), np.arange(n + 1) * at] = [v ** j for j in range(n + 1)]
    elif nz.size == 2 and dt == np.float64 and n * math.log2(ne.sum()) < 52:
        # two faces' values (a ways at p, b at q): j dice give i of the first in C(j, i) a**i b**(j - i)
        # ways (below 2**53: whole numbers in float64), at i p + (j - i) q: Pascal's triangle, no convolution
        p, q = int(nz[0]), int(nz[1])
        J, I = np.nonzero(_LOWER[: n + 1, : n + 1])
        P[J, J * q + I * (p - q)] = pascal_counts(n, int(ne[p]), int(ne[q]))[J, I]
    else:
        P[0, 0] = 1
        for j in range(1, n + 1):
            row = _conv(P[j - 1, : (j - 1) * (ne.size - 1) + 1], ne, mode, None)
            P[j, : row.size] = row
    scaled = P[::-1] * np.array([math.comb(n, e) * taken ** e for e in range(n + 1)], dtype=dt)[:, None]
    if m.zero:  # the e faces the step takes add nothing: each at ``zero``
        K = np.zeros((n + 1, width + n * m.zero), dtype=dt)
        K[np.arange(n + 1)[:, None], np.arange(width)[None, :] + (np.arange(n + 1) * m.zero)[:, None]] = scaled
    else:
        K = scaled
    return K, np.add.accumulate(K[::-1], axis=0)[::-1]


#: ``_LOWER[j, i]``: ``i <= j`` (Pascal's triangle's entries, to row 64).
_LOWER = np.tri(65, dtype=bool)


#: Dice times the length of one die's array at most, for :func:`_reached`: arrays this short cost
#: their calls more than their multiply-adds (two powers by squaring against one convolution per die).
SMALL = 256
#: The dice from which :func:`_reached` reads its rows off Pascal's triangle where it can
#: (:func:`.reroll_pascal.pascal`): measured, 8 Bronze dice, a budget of 3: 41 -> 30 us, 12 Gold, 4: 70 -> 36;
#: 5 Silver, 2 alike; 6 Silver, 1: 26 -> 28 (fewer powers to make than the triangle's entries to read).
PASCAL_DICE = 7


def _reached(m: Merged, mode: str, top: int) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """``K[e]`` for ``e < top`` and ``T[b]`` for ``b <= top`` (a budget of
    ``top``, fewer than the ``n`` dice), in whole numbers: ``T[0]`` every
    way of the dice, one die's other faces plus its faces the step takes
    at ``zero``, to the power ``n``; ``T[b] = T[b - 1] - K[b - 1]``; the
    powers of the other faces from ``n - top + 1`` up (by squaring, then
    one die at a time), not every power from 1; from :data:`PASCAL_DICE`
    dice whose other faces add one value or two, read off Pascal's
    triangle (:func:`.reroll_pascal.pascal`: the same rows, as long)."""
    n = m.count
    taken = len(m.eligible) * m.each
    found = pascal(n, m.ne, taken, m.zero) if n >= PASCAL_DICE else None
    if found is not None:  # (other faces of one or two values: every row at once, each as long as made here)
        K, T = found
        w = m.ne.size - 1
        return [K[e, : e * m.zero + (n - e) * w + 1] for e in range(top)], \
            [T[b, : n * max(w, m.zero) + 1] for b in range(top + 1)]
    one = _grow(m.ne, m.zero + 1).copy()
    one[m.zero] += taken
    tails = [_power(one, n, mode, None)]
    pows = [_power(m.ne, n - top + 1, mode, None)]  # pows[j]: the other faces of n - top + 1 + j dice
    for _ in range(top - 1):
        pows.append(_conv(pows[-1], m.ne, mode, None))
    kernels = []
    for e in range(top):
        k = pows[top - 1 - e] * (math.comb(n, e) * taken ** e)
        if e and m.zero and k.size:  # the e faces the step takes add nothing: each at ``zero``
            k = np.concatenate((np.zeros(e * m.zero, dtype=k.dtype), k))
        kernels.append(k)
        t = _grow(tails[-1], k.size).copy()
        t[: k.size] -= k
        tails.append(t)
    return kernels, tails


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
