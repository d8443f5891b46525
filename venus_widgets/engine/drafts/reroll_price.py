"""The re-roll step's price (:func:`.kernel.count` with a re-roll step,
:mod:`.reroll`), in the multiply-adds of :mod:`.cost`: its states, the
kernels each block meets, the blocks made row by row
(:func:`.reroll_rows.by_rows`, :func:`rows_work`) and the step's end;
the memory it holds is :mod:`.reroll_bytes`'.

>>> allocate_cost([5, 2], [2, 1], 7)
18.0
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from .powers import COMB, PER_CALL, conv
from .reroll_bytes import by_rerolls, kept_reach, step_bytes, step_bytes_bound  # noqa: F401 (its memory: step_cost's, quick_cost's)
from .whole_cost import INT_OPS, Reach, element, multisets

#: A 64-bit word of the packed end's result read back into Python ints (:mod:`.reroll_end`), in multiply-adds.
WORD_OUT = 60.0

#: A Python step of :func:`.allocate.allocate` (a few dict operations), in multiply-adds
#: (measured: 0.7 to 0.9 microseconds a step, 300 to 360 multiply-adds).
PER_STEP = 500.0


def _chunks(n: int, most: int = 48) -> list[tuple[int, int]]:
    """``range(n)`` in at most ``most`` runs ``(start, stop)``: a sum over
    thousands of dice priced from a few of its terms (each run at its
    dearest end: still a bound)."""
    step = max(1, -(-n // most))
    return [(i, min(n, i + step)) for i in range(0, n, step)]


def allocate_cost(counts: Sequence[int], classes: Sequence[int], b: int) -> float:
    """A bound on the steps of :func:`.allocate.allocate` over every way the
    dice of a block can show faces the step takes (``e[j]`` from 0 to
    ``counts[j]``), ``classes[j]`` faces taken on group ``j``'s dice, ``b`` of
    the budget left: one each when the budget takes every die, else per
    class of group ``j`` at most one step per state (the re-rolls ``r`` that
    leave some budget: fewer than ``prod(e + 1)`` and than ``C(b - 1 + m, m)``)
    and per number of its dice, ``e[j] + 1`` (on average over the ways,
    ``counts[j] / 2 + 1``).

    >>> allocate_cost([5, 2], [2, 1], 7), allocate_cost([5, 2], [2, 1], 2)
    (18.0, 486.0)
    """
    ways = 1.0
    for n in counts:
        ways *= n + 1
    if sum(counts) <= b:
        return ways
    m = len(counts)
    states = min(ways, math.comb(b - 1 + m, m))
    return ways * states * sum(c * (n / 2 + 1) for n, c in zip(counts, classes))


def reroll_cost(plain: float, blocks: Sequence[Sequence[tuple[int, float, int]]], budget: int,
                size: float, whole: tuple[float, float, Sequence[Sequence[float]]] | None = None,
                nonzero: tuple[float, Reach, Sequence[Sequence[tuple[float, Reach, float]]]] | None = None,
                first: bool = True, first_rows: bool = False, floats: bool = False,
                cut: bool = False) -> tuple[float, float]:
    """Work of the re-roll step (:func:`.kernel.count`), and of the same
    step when only the number of its rolls is wanted, not their spread (a
    mark counted again: :func:`.kernel.ways_without`, the end each state's
    ways added up and scaled, its re-rolled dice by their ways alone, never
    convolved), from the ``plain``
    array of the other dice: ``blocks`` of groups of one chance to succeed,
    in the step's order, each group ``(dice, length of one die, faces the
    step takes)``. Per state (the dice re-rolled so far; their number by
    the re-rolls made, :func:`.reroll_bytes.by_rerolls`), a lone group convolves with one
    kernel per number of its dice the budget can take; a block of several
    groups, per way its dice can show faces the step takes (``prod(n + 1)``),
    one convolution per group, one :func:`.allocate.allocate` (bounded by
    :func:`allocate_cost`, once per budget left) and one scaled addition
    per way of re-rolling; at the end, each state's re-rolled dice (each
    state scaled by the re-rolls it did not make, then convolved).

    ``whole``: counted in Python ints, ``(bits of the plain dice's ways,
    bits of the ways of one re-rolled die L, per block the bits of each
    group's die)``: each convolution priced by its numbers
    (:func:`.whole_cost.whole_conv`), each entry scaled or added by :func:`element`;
    ``nonzero``: ``(the cells of the plain array not 0, those of a fresh die,
    per block each group's die's: their number, what is known of them, and
    the vectors of its faces the step does not take, :func:`kept_reach`)``
    (:func:`.whole_cost.reachable`, :func:`.whole_cost.places`); ``first``:
    the first roll counted in Python ints too (else in float64 or int64,
    below 2**63 ways: :func:`.denominator.first_mode`), the end alone in them;
    ``first_rows``: the dice have no chain without end (a lone group's
    first state may then be counted by rows: :func:`.reroll_rows.by_rows`);
    ``floats``: the first roll counted in float64 (below 2**53 ways, or
    probabilities): its blocks' convolutions priced so (:func:`.powers.dense`);
    ``cut``: probabilities of dice without end, each convolution's tail cut
    (:data:`.powers.CUT_CALL`)."""
    work = 0.0
    states = [0.0] * (budget + 1)
    states[0] = 1.0
    arr = float(plain)
    abits, lbits = (whole[0], whole[1]) if whole else (0.0, 0.0)
    inner = whole is not None and first  # the first roll's steps in Python ints
    eb = 1.0 if inner else 0.0  # (the bits an entry's work reads: none in float64 or int64)
    fresh, near = 1.0, nonzero[0] if nonzero else math.inf
    lasts: list[float] = []  # each group's die's length, in the step's order
    near_k = near  # (the cells not 0 of a state with budget left: its dice that stand show faces not taken)
    before = 0  # the dice of the blocks before
    prefixes = 1.0
    for bi, block in enumerate(blocks):
        lengths, kbits = [], []
        dbits = list(whole[2][bi]) if whole else [0.0] * len(block)
        dr = [x[0] for x in nonzero[2][bi]] if nonzero else [math.inf] * len(block)
        one: list[Reach] = [x[1] for x in nonzero[2][bi]] if nonzero else [math.inf] * len(block)
        kept = [x[2] for x in nonzero[2][bi]] if nonzero else dr  # (the vectors of the faces not taken)
        enter = budget - min(budget, before)  # the least budget a state has left on entering the block
        before += sum(n for n, _, _ in block)
        for (n, length, _), db, r, o in zip(block, dbits, dr, one):
            # the kernels: the powers of the faces the step does not take (made once), each scaled by its
            # ways; the j-th convolves a power of j dice, dearer as j grows (each run priced at its last)
            for a, b in _chunks(n):
                j = b - 1
                ke = min(size, j * (length - 1) + 1)
                w, kernel = conv(ke, length, size, (j * db, db) if inner else None, (multisets(j, r), o),
                                 floats=floats, cut=cut)
                work += (b - a) * (w + kernel * element(eb * (j * db + db), eb * n * db) + COMB * (n / 1000) ** 1.6)
            kernel = min(size, n * (length - 1) + 1)
            lengths.append(kernel)
            kbits.append(n * db)
            fresh = max(fresh, length)  # one fresh die: the step's end adds them one at a time (Horner)
            lasts.append(length)
        if len(block) == 1:
            n = block[0][0]
            # per state, one convolution with the kernel of each number e of its dice the budget can take
            # (K[e]: the other n - e dice's faces not taken, those e at the place of a face that adds
            # nothing, :func:`.reroll._kernels`: n - e dice long; by runs of e, each at its first, the
            # longest; a budget of 1 of 30 d10 exploding to depth 50 was priced two kernels of 1 and 2
            # dice for two of 30, 29: 3.3 times under the real)
            left = budget - np.arange(len(states))  # the budget left in each state
            # (the first block's one state in float64 or int64, its few cells not 0 at most the kernels it
            # meets: one pass over them all per cell, :func:`.reroll._short_states`, not a convolution each)
            by_rows = not inner and first_rows and bi == 0 and 2 * budget >= n \
                and near <= min(budget, n + 1) + (budget <= n)
            e1 = max(enter, 1)  # (:func:`.reroll._short_states`: a state with no budget left meets one row)
            rows = first_rows and 2 * budget >= n and kept[0] >= 1 and (enter > 0 or near <= 1) \
                and near_k <= min(e1, n + 1) + (e1 <= n)
            if rows and (inner or bi > 0):  # every state's few cells not 0 row by row, in any kind of number
                work += rows_work(states, budget, n, (near_k, near), lengths[0], element(eb * (abits + kbits[0])))
                grown = min(size, arr + lengths[0] - 1)
            for a, b in _chunks(n + 1, 8) if not (rows and (inner or bi > 0)) else ():
                j = max(n - a, 1)
                kl = min(size, j * (block[0][1] - 1) + 1)
                kz = multisets(j, min(dr[0], kept[0] + 1))  # (a kernel's dice: faces not taken, or taken at 0)
                w, grown = conv(arr, kl, size, (abits, kbits[0]) if inner else None, (near, kz), floats=floats,
                                cut=cut)
                if by_rows:
                    w = min(w, 2 * near * kl + arr + kl + PER_CALL)
                calls = float(np.dot(states, np.clip(left + 1 - a, 0, b - a)))
                work += calls * (w + grown * element(eb * (abits + kbits[0])))  # each added into its state
        else:
            counts = [n for n, _, _ in block]
            classes = [c for _, _, c in block]
            m = len(block)
            ways = 1.0
            grown, per_way, gbits = arr, 0.0, abits
            near_g, mean = near, arr
            for n, k, kb, r, (_, length, _) in zip(counts, lengths, kbits, dr, block):
                ways *= n + 1
                w, longest = conv(grown, k, size, (gbits, kb) if inner else None, (near_g, multisets(n, r)))
                if not inner:  # in float64 or int64, a convolution's work is its lengths' product: priced over
                    # every way at once, each kernel's mean length by the mean of the sum's (the ways of the
                    # groups are independent; past the space's size, its end: a bound)
                    w, mean = conv(mean, sum(min(size, e * (length - 1) + 1) for e in range(n + 1)) / (n + 1), size,
                                   floats=floats, cut=cut)
                grown = longest
                near_g *= multisets(n, r)
                per_way += w
                gbits += kb
            for lo, hi in _chunks(len(states)):  # by runs of states, each at its most budget left (dearest)
                k = sum(states[lo:hi])
                if not k:
                    continue
                b = budget - lo
                rvecs = 1 if sum(counts) <= b else min(ways, math.comb(b + m - 1, m - 1))
                work += k * ways * (per_way + rvecs * ((2 + m) * grown * element(eb * gbits, eb * gbits) + PER_CALL))
                work += (hi - lo) * allocate_cost(counts, classes, b) * PER_STEP  # memoized: once per budget left
        arr = grown
        abits += sum(kbits)
        # (a state's array: its dice that stand, each a face not taken, or one taken that adds nothing where
        # the budget may run out in the block; of a block of several groups, any face)
        near *= math.prod(min(multisets(x[0], r), multisets(x[0], k + (enter <= x[0]))) if len(block) == 1
                          else multisets(x[0], r) for x, r, k in zip(block, dr, kept))
        # (a state left with budget: its block's dice that stand all show faces not taken, a tail never met)
        near_k = min(near, near_k * multisets(block[0][0], kept[0])) if len(block) == 1 else near
        for n, _, _ in block:
            prefixes = sum(states)  # (the states of every group but the last: the outer sums of the end)
            states = by_rerolls(states, n, budget)
    all_bits = abits + budget * lbits
    groups = sum(len(b) for b in blocks)
    dice = sum(n for b in blocks for n, _, _ in b)
    # each state: scaled by the re-rolls not made and added up twice; then the re-rolled dice added one
    # die at a time (Horner's scheme, the most re-rolled first: H = H F + G_r), one convolution per group
    # (the first none): the sum H grows by a fresh die at each step, from a state's length (the run's
    # fewest re-rolls s: budget - s steps grown), never cut to the counts' size until the end
    # (in Python ints, an entry that is 0 passed as such: a state's few cells not 0 are scaled, a state
    # with budget left by ``near_k``, one with none by ``near``)
    each = element(abits, all_bits - abits) + 3 * element(all_bits)
    scaled = [arr * each if not whole else (arr - nz) * 4 * element(1.0) + nz * each
              for nz in (min(arr, near_k), min(arr, near))]
    packed = whole is not None and not first  # the end's states packed into Python ints (:mod:`.reroll_end`)
    digit = 0.0  # (packed: the bits of a digit, wide enough for any count: :func:`.reroll_end.packed_end`)
    if packed:  # by numpy at once, each state's scaled by the re-rolls not made in one product, read back once
        words = (all_bits + math.log2(max(size, 1.0)) + 2) // 64 + 1
        digit = words * 64 - 1
        scaled = [arr * words * 2 + INT_OPS] * 2
        work += size * words * WORD_OUT
    # the number alone: each state's row summed, scaled by its re-rolls' ways (a few Python ints a state)
    alone = work + (sum(states) - states[-1]) * (scaled[0] + PER_CALL) + states[-1] * (scaled[1] + PER_CALL)
    if packed and groups > 1 and prefixes > 1:
        # (packed: Horner's scheme makes one product per state but one, S - 1 in all; P - 1 of them (P the
        # states of every group but the last) multiply the sums of the groups after, as long as the counts:
        # measured 342 products for the 343 states of three groups of 6 dice, 48 of them outer)
        held = nonzero[0] * multisets(dice, sum(x[0] for b in nonzero[2] for x in b)) if nonzero else math.inf
        w, _ = conv(size + fresh, fresh, size, (all_bits - lbits, lbits) if whole else None,
                    (held, nonzero[1] if nonzero else math.inf), counts=True, packed=True, digit=digit)
        work += (prefixes - 1) * w
    for a, b in _chunks(len(states)):
        k = sum(states[a:b])
        s = max(a, 1)  # the run's longest sum (its fewest re-rolls)
        # (the sum: the plain dice and n - s + 1 of the re-rollable dice, kept or fresh: D vectors each at most)
        held = nonzero[0] * multisets(dice - s + 1, sum(x[0] for b in nonzero[2] for x in b)) if nonzero \
            else math.inf
        # (its ways: the first roll's, times a fresh die's for each re-roll the run's states did not make
        # or the sum grew by: at most abits + (budget - s) lbits, the most re-rolled first)
        # (packed: the integer H ends at its last entry not 0, in the counts' space, and grows from a
        # state's own array to the whole: half of it on average; measured 440 entries on average, 833 at
        # most, of 931, in the 342 products of three groups of 6 dice pushed)
        h = arr + (budget - s) * (fresh - 1)
        args = ((min(all_bits - lbits, abits + (budget - s) * lbits), lbits) if whole else None,
                (held, nonzero[1] if nonzero else math.inf))
        w, _ = conv(min(h, size) / 2 + fresh if packed else h, fresh, size, *args, counts=True, packed=packed,
                    digit=digit, cut=cut)  # (H: a count, below size)
        # (packed: Horner's scheme multiplies once per state, the outer sums priced above; else once per state
        # by the last group's die, :func:`.reroll._added`, and the sums of the groups before it once per state
        # of those groups, at most ``prefixes`` each: re-rolls of d100 and d6 were priced a d100's product per
        # group and state, 0.44 s for 0.04 s real)
        times = min(b - 1, 1)
        last = states[-1] if b == len(states) else 0.0  # (the states with no budget left)
        if not packed and groups > 1:
            w_last, _ = conv(h, lasts[-1], size, *args, counts=True, cut=cut)
            work += (prefixes * (groups - 1) * w if a == 0 else 0.0)  # (priced at the longest sum, the first run's)
            w = w_last
        work += (k - last) * scaled[0] + last * scaled[1] + k * times * w - (states[0] * w * times if a == 0 else 0.0)
    return work, alone


def rows_work(states: Sequence[float], budget: int, n: int, near: tuple[float, float], width: float,
              el: float) -> float:
    """The work of a block of one group of ``n`` dice made row by row
    (:func:`.reroll_rows.by_rows`): per state (``states[r]`` of them with
    ``r`` re-rolls made, ``budget - r`` left), per cell of its array not 0
    (at most ``near``: a state with budget left, one with none), the rows it meets (a kernel per number of its dice
    the budget can take, and a tail where it runs out), ``width`` long,
    scaled and added (``el``: an entry's work, :func:`.whole_cost.element`),
    and the new states' matrix written.

    >>> rows_work([1.0, 0.0, 0.0], 2, 2, (1.0, 3.0), 3.0, 1.0) == 2 * 3 * 3 + PER_CALL + 3 * 3   # 3 rows of 3
    True
    """
    left = budget - np.arange(len(states))
    rows = np.minimum(left, n + 1) + (left <= n)
    nz = np.where(left > 0, near[0], near[1])
    return float(np.dot(states, nz * (2 * rows * width * el + PER_CALL) + rows * width))
