"""How long a draft's odds take, estimated before any work: the draft
edition's part of the engine's cost guard (:mod:`venus_widgets.engine.contract.cost`
refuses what would take more than about a second, naming the field to
lower and the largest value that fits).

The estimate follows the kernel (:mod:`.kernel`) convolution by
convolution, with array lengths only: numpy's direct convolution of
arrays of lengths ``a`` and ``b`` takes ``a * b`` multiply-adds, and each
call some microseconds of Python (:data:`PER_CALL`). The packed lengths
come from the dice's ranges (:mod:`.space`): tracking several marks makes
long arrays, and that is what a roll of twenty d20 with three marks costs
(about 2e10 multiply-adds: refused). :data:`LIMIT` is about a second of
numpy on a machine doing nothing else (measured: 1.6e8 multiply-adds a
second with seven other programs running).

>>> int(power_cost(7, 10, 10**6)[1])      # ten dice of 7 values each: 61 values
61
>>> power_cost(10**4, 20, 2 * 10**5)[0] > LIMIT   # twenty dice over a wide packed space
True
"""

from __future__ import annotations

import functools
import math

import numpy as np
from typing import Any, Callable, Sequence

from .denominator import big_die, denominator
from .whole_cost import (INT_OPS, Reach, die_bits, element, first_in_python_ints, in_python_ints, multisets, places,
                         reachable)
from .dice import rows
from .plan import Plan
from .tails import reaches
from .total_cost import all_taken, dice_reach
from . import reroll_successes as successes
from .powers import PER_CALL, conv, lattice_power, power_bound, power_cost  # noqa: F401  (a convolution's price, a power's)
from .walk_cost import MAX_CELLS, WIDE_KEYS, chains, span, walk_cells, walk_cost  # noqa: F401 (the walk's model)

#: The Python of one count of the dice with a re-roll step (its groups merged, its kernels, its states and
#: their ends), in multiply-adds (measured: the FC screen's 600 odds of 8 to 12 d6 pushed, two counts
#: each, 1.2-1.6 ms an odds; priced 1.1 ms without it).
COUNT = 4e5

#: A 64-bit word of the packed end's result read back into Python ints (:mod:`.reroll_end`), in multiply-adds.
WORD_OUT = 60.0

#: Work (multiply-adds) of about one second.
LIMIT = 4e8


def in_whole_numbers(denominator: int) -> float:
    """How many times the work costs when counted in Python ints (ways past
    2**53: :mod:`.whole`), by the size of the numbers: measured on the push
    of docs/drafts.md (37 to 300 dice, 192 to 1551 bits), 1.6 to 6 times
    the time of the same convolutions in float64 per unit of :data:`LIMIT`.

    >>> in_whole_numbers(6 ** 20), in_whole_numbers(2 ** 1000)
    (1.0, 6.005)
    """
    return in_whole_numbers_of_bits(denominator.bit_length())


def in_whole_numbers_of_bits(bits: float) -> float:
    """:func:`in_whole_numbers` by the denominator's size in bits (read off
    logarithms: the denominator of a heavy roll is never computed to price it)."""
    return 1.0 if bits <= 53 else 1.0 + bits / 200


#: A Python step of :func:`.allocate.allocate` (a few dict operations), in multiply-adds
#: (measured: 0.7 to 0.9 microseconds a step, 300 to 360 multiply-adds).
PER_STEP = 500.0


def _states(states: list[float], n: int, budget: int) -> list[float]:
    """The re-roll states (by re-rolls made so far, 0 to ``budget``) after a
    group of ``n`` dice: each state's ``r`` dice of it, ``r`` up to ``n`` and
    the budget left (one convolution in numpy: the model stays cheap for a
    budget of thousands)."""
    out = np.convolve(np.asarray(states, dtype=float), np.ones(min(n, budget) + 1))[: budget + 1]
    return out.tolist()


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
                nonzero: tuple[float, Reach, Sequence[Sequence[tuple[float, Reach]]]] | None = None,
                first: bool = True, first_rows: bool = False) -> tuple[float, float]:
    """Work of the re-roll step (:func:`.kernel.count`), and of the same
    step when only the number of its rolls is wanted, not their spread (a
    mark counted again: :func:`.kernel.ways_without`, the end each state's
    ways added up and scaled, its re-rolled dice by their ways alone, never
    convolved), from the ``plain``
    array of the other dice: ``blocks`` of groups of one chance to succeed,
    in the step's order, each group ``(dice, length of one die, faces the
    step takes)``. Per state (the dice re-rolled so far; their number by
    the re-rolls made, :func:`_states`), a lone group convolves with one
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
    per block each group's die's: their number and what is known of them)``
    (:func:`.whole_cost.reachable`, :func:`.whole_cost.places`); ``first``:
    the first roll counted in Python ints too (else in float64 or int64,
    below 2**63 ways: :func:`.denominator.first_mode`), the end alone in them;
    ``first_rows``: the dice have no chain without end (a lone group's
    first state may then be counted by rows: :func:`.reroll_rows.by_rows`)."""
    work = 0.0
    states = [0.0] * (budget + 1)
    states[0] = 1.0
    arr = float(plain)
    abits, lbits = (whole[0], whole[1]) if whole else (0.0, 0.0)
    inner = whole is not None and first  # the first roll's steps in Python ints
    eb = 1.0 if inner else 0.0  # (the bits an entry's work reads: none in float64 or int64)
    fresh, near = 1.0, nonzero[0] if nonzero else math.inf
    for bi, block in enumerate(blocks):
        lengths, kbits = [], []
        dbits = list(whole[2][bi]) if whole else [0.0] * len(block)
        dr = [x[0] for x in nonzero[2][bi]] if nonzero else [math.inf] * len(block)
        one: list[Reach] = [x[1] for x in nonzero[2][bi]] if nonzero else [math.inf] * len(block)
        for (n, length, _), db, r, o in zip(block, dbits, dr, one):
            # the kernels: the powers of the faces the step does not take (made once), each scaled by its
            # ways; the j-th convolves a power of j dice, dearer as j grows (each run priced at its last)
            for a, b in _chunks(n):
                j = b - 1
                ke = min(size, j * (length - 1) + 1)
                w, kernel = conv(ke, length, size, (j * db, db) if inner else None, (multisets(j, r), o))
                work += (b - a) * (w + kernel * element(eb * (j * db + db), eb * n * db))
            kernel = min(size, n * (length - 1) + 1)
            lengths.append(kernel)
            kbits.append(n * db)
            fresh = max(fresh, length)  # one fresh die: the step's end adds them one at a time (Horner)
        if len(block) == 1:
            n = block[0][0]
            # per state, one convolution with the kernel of each number j of its dice the budget can take
            # (j dice long, by runs of j each at its last)
            left = budget - np.arange(len(states))  # the budget left in each state
            # (the first block's one state in float64 or int64, its few cells not 0 at most the kernels it
            # meets: one pass over them all per cell, :func:`.reroll._short_states`, not a convolution each)
            by_rows = not inner and first_rows and bi == 0 and 2 * budget >= n \
                and near <= min(budget, n + 1) + (budget <= n)
            for a, b in _chunks(n + 1, 8):
                j = max(b - 1, 1)
                kl = min(size, j * (block[0][1] - 1) + 1)
                w, grown = conv(arr, kl, size, (abits, kbits[0]) if inner else None, (near, multisets(j, dr[0])))
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
                    w, mean = conv(mean, sum(min(size, e * (length - 1) + 1) for e in range(n + 1)) / (n + 1), size)
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
        near *= math.prod(multisets(x[0], r) for x, r in zip(block, dr))
        for n, _, _ in block:
            states = _states(states, n, budget)
    all_bits = abits + budget * lbits
    groups = sum(len(b) for b in blocks)
    dice = sum(n for b in blocks for n, _, _ in b)
    # each state: scaled by the re-rolls not made and added up twice; then the re-rolled dice added one
    # die at a time (Horner's scheme, the most re-rolled first: H = H F + G_r), one convolution per group
    # (the first none): the sum H grows by a fresh die at each step, from a state's length (the run's
    # fewest re-rolls s: budget - s steps grown), never cut to the counts' size until the end
    scaled = arr * (element(abits, all_bits - abits) + 3 * element(all_bits))
    packed = whole is not None and not first  # the end's states packed into Python ints (:mod:`.reroll_end`)
    if packed:  # by numpy at once, each state's scaled by the re-rolls not made in one product, read back once
        words = (all_bits + math.log2(max(size, 1.0)) + 2) // 64 + 1
        scaled = arr * words * 2 + INT_OPS
        work += size * words * WORD_OUT
    # the number alone: each state's row summed, scaled by its re-rolls' ways (a few Python ints a state)
    alone = work + sum(states) * (scaled + PER_CALL)
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
        w, _ = conv(min(h, size) / 2 + fresh if packed else h, fresh, size,
                    (min(all_bits - lbits, abits + (budget - s) * lbits), lbits) if whole else None,
                    (held, nonzero[1] if nonzero else math.inf), counts=True, packed=packed)  # (H: a count, below size)
        # (packed: Horner's scheme multiplies once per state and per prefix of the groups' re-rolls, at most
        # twice a state; measured 342 products for the 343 states of three groups of 6 dice, priced 3 each)
        times = min(groups, b - 1, 2) if packed else min(groups, b - 1)
        work += k * (scaled + times * w) - (states[0] * w * times if a == 0 else 0.0)
    return work, alone


# --------------------------------------------------------------------------
# One spec's work, from its plan's numbers
# --------------------------------------------------------------------------


def marks_counted(p: Plan) -> int:
    """How many times the odds count the dice: once, and once more for
    each mark a die of the roll shows that the counts do not track (its
    chance: one minus the rolls without its faces)."""
    names = {r.key for r in p.readings}
    return 1 + sum(1 for i, m in enumerate(p.marks)
                   if m not in names and any(g.count and any(g.table.marks[i]) for g in p.groups))


def work(p: Plan) -> float:
    """The work of a spec's odds in multiply-adds (infinite past
    :data:`MAX_CELLS` cells: the memory's bound): the walk's
    (:func:`walk_cost`) when a formula reads the dice in order, else the
    kernel's convolutions, by the lengths of its arrays; once per count
    (:func:`marks_counted`), a mark's count with a re-roll step without
    the convolutions of the step's end (:func:`reroll_cost`); a step the
    kernel counts by successes alone by that count's price
    (:func:`.reroll_successes.work`)."""
    if p.ordered:
        return walk_cost(p) * marks_counted(p)
    B = min(p.budget, p.rerollable)
    steps = p.draft.reroll is not None and B > 0
    tallies = [r for r in p.readings if not r.ordered]
    spans = []  # per group: (plan, the range of each quantity one die adds, what each face adds)
    lo_all = [0] * len(tallies)
    hi_all = [0] * len(tallies)
    for g in p.groups:
        if not g.count:
            continue
        V = rows(g.table, tallies, g.name, p.marks)
        lo, hi = span(g.table, V)
        shift = [min(0, x) for x in lo] if steps and g.rerollable else list(lo)
        spans.append((g, [h - s for h, s in zip(hi, shift)], V))
        for i in range(len(tallies)):
            lo_all[i] += g.count * shift[i]
            hi_all[i] += g.count * hi[i]
    size = 1.0
    strides = []
    for h, lw in zip(hi_all, lo_all):
        strides.append(size)
        size *= h - lw + 1
    if size > MAX_CELLS:
        return float("inf")
    marks = marks_counted(p)
    whole = in_python_ints(p)
    first = whole and (not steps or first_in_python_ints(p))  # the first roll too (else the step's end alone)
    if not whole and not steps and not p.unbounded and size * size * len(spans) * 8 * marks < LIMIT:  # short
        return size * size * len(spans) * 8 * marks
    total, plain, pbits, near = COUNT if steps else 0.0, 1.0, 0.0, 1.0  # near: the plain array's cells not 0
    recount = total  # a mark counted again: its dice's faces the mark's left out, none pair by pair
    takers: list[tuple[Any, float]] = []
    dr = {g.name: reachable(g.table, V) for g, _, V in spans}  # what one die (its chain) can add: its vectors
    at = {g.name: places(g.table, V, strides) if whole else None for g, _, V in spans}  # and where, packed
    for g, sp, V in spans:
        length = 1.0 + sum(x * z for x, z in zip(sp, strides))
        if steps and g.rerollable:
            takers.append((g, length))
            continue
        db = die_bits(g.table) if first else None
        cap = _cut(g.table, V, strides, size) if p.unbounded and not whole else None
        if cap is not None:
            length = min(length, cap(1))
        lay = places(g.table, V, strides) if not p.unbounded and g.count > 1 else None  # (the first count's)
        w, again, grown = lattice_power(lay, length, g.count, size, db, cap, functools.partial(dice_reach, dr[g.name]))
        nz = (near, multisets(g.count, dr[g.name]))
        pb = (pbits, g.count * db) if db is not None else None
        w2, _ = conv(plain, grown, size, pb, nz, sparse=not p.unbounded) if plain > 1 else (0.0, grown)
        again2, plain = conv(plain, grown, size, pb, nz) if plain > 1 else (0.0, grown)
        pbits += g.count * (die_bits(g.table) if whole else 0.0)
        near *= multisets(g.count, dr[g.name])
        total += w + w2
        recount += again + again2
    if takers:
        # the kernel's blocks (groups of one chance, alike groups next to each other merged)
        blocks: list[list[list[Any]]] = []
        for g, length in sorted(takers, key=lambda x: -x[0].table.chance):
            if blocks and blocks[-1][-1][3] == g.table.chance:
                last = blocks[-1][-1]
                if (last[4], last[5], last[6]) == (g.table, g.eligible, p.rows(g)):
                    last[0] += g.count
                    continue
                blocks[-1].append([g.count, length, len(g.eligible), g.table.chance, g.table, g.eligible,
                                   p.rows(g), g.name])
            else:
                blocks.append([[g.count, length, len(g.eligible), g.table.chance, g.table, g.eligible, p.rows(g),
                                g.name]])
        bits = (pbits, math.log2(big_die(p)), [[die_bits(x[4]) for x in b] for b in blocks]) if whole else None
        fresh = {at[g.name] or dr[g.name] for g, _ in takers}  # one fresh die: where it lands, if one kind
        sparse = (near, fresh.pop() if len(fresh) == 1 else max(dr[g.name] for g, _ in takers),
                  [[(dr[x[7]], at[x[7]] or dr[x[7]]) for x in b] for b in blocks])
        step, alone = reroll_cost(plain, [[(x[0], x[1], x[2]) for x in b] for b in blocks], B, size, bits, sparse,
                                  first, not p.unbounded)
        by = None if p.unbounded else successes.kinds(p, [i for i, g in enumerate(p.groups) if g.rerollable and g.count],
                                                      [int(x) for x in strides])
        step = step if by is None else successes.work(by[0], B, size, math.log2(denominator(p)) if whole else 0.0)
        # a mark counted again needs only the number of its rolls (:func:`.kernel.ways_without`): the step's
        # end sums each state, its re-rolled dice never convolved (dice without end: counted whole again);
        # a budget that covers every die it may take needs no state at all (:mod:`.reroll_total`)
        if not p.unbounded and p.budget >= sum(g.count for g, _ in takers):
            alone = COUNT + all_taken(p, takers, plain, size, pbits if whole else None, dr, near)
        return total + (marks - 1) * recount + step + (marks - 1) * (step if p.unbounded else alone)
    return total + (marks - 1) * recount


def _cut(t: Any, V: Any, strides: Sequence[float], size: float) -> Callable[[int], float] | None:
    """The most an array of ``m`` dice of ``t`` holds once the kernel cuts
    its tails (:func:`.tails.reach`; None: no bound of that kind)."""
    of = reaches(t, V, strides)
    if of(1) is None:
        return None
    return lambda m: min(size, 1.0 + (of(m) or 0.0))
