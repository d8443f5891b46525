"""The memory of the re-roll step (:mod:`.reroll`), priced from the plan's
numbers before any work: its states' rows (one per state, as wide as the
counts: :func:`step_bytes`), its packed end (:func:`packed_end_bytes`), a
group's kernels and their tails made at once (:func:`kernel_bytes`), and a
cheap bound of all of it for the quick bound (:func:`step_bytes_bound`).

>>> by_rerolls([1.0, 0.0, 0.0], 2, 2)     # two dice, a budget of 2: 0, 1 or 2 re-rolled
[1.0, 1.0, 1.0]
"""

from __future__ import annotations

import math
from typing import Any, Sequence

import numpy as np

from .denominator import budget, int_bytes
from .dice import levels
from .plan import Plan
from .walk_cost import span
from .whole_cost import die_bits, first_in_python_ints, in_python_ints, multisets, plan_bits, reachable


def by_rerolls(states: list[float], n: int, budget: int) -> list[float]:
    """The re-roll states (by re-rolls made so far, 0 to ``budget``) after a
    group of ``n`` dice: each state's ``r`` dice of it, ``r`` up to ``n`` and
    the budget left (one convolution in numpy)."""
    out = np.convolve(np.asarray(states, dtype=float), np.ones(min(n, budget) + 1))[: budget + 1]
    return out.tolist()


def packed_end_bytes(p: Plan, size: float) -> float:
    """The memory of the packed end of a re-roll step (:func:`.reroll_end.packed_end`:
    the end in Python ints past 2**63 ways, the first roll below): every
    state's array at once, its rows (int64), the words of its digits and
    its packed int (each ``words`` 64-bit words a cell); the states at most
    one per number of re-rolls of each group the step may take. The shipped
    Year Zero draft pushed at 6/6/6: 343 states of 6,517 cells, 86 MB
    (tracemalloc), priced 2.5 MB without it; 0 for another plan."""
    B = budget(p)
    if not B or p.unbounded or not in_python_ints(p) or first_in_python_ints(p):
        return 0.0
    words = (plan_bits(p) + math.log2(max(size, 1.0)) + 2) // 64 + 1
    return _most_states(p, B) * size * 8 * (2 + 2 * words)  # (the rows twice: made, then masked)


def _most_states(p: Plan, B: int) -> float:
    """The re-roll states at most: one per number of re-rolls of each group the step may take."""
    states = 1.0
    for g in p.groups:
        if g.count and g.rerollable:
            states *= min(g.count, B) + 1
    return states


def kept_reach(t: Any, V: Any, eligible: Sequence[int]) -> float:
    """How many vectors one die adds showing a face the re-roll step does
    not take (``V``: what each face adds to each quantity, a row per
    quantity; ``eligible``: the faces it takes): a d100 succeeding on 99
    and 100 re-rolled when it fails, one; a die with a chain, every vector
    it can add (:func:`.whole_cost.reachable`)."""
    if levels(t):
        return reachable(t, V)
    vec = list(zip(*V)) if len(V) else [()] * t.sides
    return float(len({v for f, v in enumerate(vec, 1) if f not in eligible}))


#: How many times the states' rows (one per state, as wide as the counts) are held at the step's end:
#: made row by row (wider than the counts), cut to them, scaled by the re-rolls not made, masked (measured
#: with tracemalloc: 100 d100 and 100 d6 re-rolled when short, 10,201 states of 201 cells, 55 MB: 3.4 times).
ROWS_HELD = 4


def step_bytes(p: Plan, size: float, cut: float = math.inf) -> float:
    """The memory of a re-roll step's states (0 without one): packed in
    Python ints (:func:`packed_end_bytes`), else one row each, as wide as
    the counts (``size``), held :data:`ROWS_HELD` times, their cells not 0
    in Python ints past 2**63 ways (a state with budget left: its dice that
    stand show faces not taken, :func:`kept_reach`; one with none, any face).
    100 d100 and 100 d6 re-rolled when short: 55 MB, priced 0.2 MB without it.
    Dice without end: the rows alone (:data:`CUT_HELD`), and the kernels
    of each group, a row per number of its dice, each at most ``cut`` long
    (their tails cut as the counts' are)."""
    B = budget(p)
    packed = packed_end_bytes(p, size)
    if not B or not math.isfinite(size):
        return packed
    if packed:
        return packed + kernel_bytes(p)
    states = [1.0] + [0.0] * B
    near_k = near = 1.0
    for g in p.groups:
        if g.count:
            V = p.rows(g)
            r = multisets(g.count, reachable(g.table, V))
            k = kept_reach(g.table, V, g.eligible) if g.rerollable else 0.0
            near_k *= multisets(g.count, k) if g.rerollable else r
            near *= min(r, multisets(g.count, k + 1)) if g.rerollable else r
            if g.rerollable:
                states = by_rerolls(states, g.count, B)
    S, last = sum(states), states[-1]
    if p.unbounded:  # (probabilities, their arrays' tails cut: the rows alone, masked when short)
        kernels = sum(MATRICES * (g.count + 1) * min(size, cut) * 8 for g in p.groups if g.count and g.rerollable)
        one = all(len(p.rows(g)) <= 1 for g in p.groups if g.count)  # (one quantity: each row written to its cut)
        return S * size * 8 * ((1.0 if one else CUT_HELD) + (p.when == "short")) + kernels
    return _rows_held(p, S, size, (S - last) * min(size, near_k) + last * min(size, near)) + kernel_bytes(p)


#: How many times the states' rows are held at the step's end of dice without end (probabilities: none
#: scaled; the arrays of the states, the kernels and the end's sums cut where their tails hold less than
#: :data:`.whole.TRIM`), once more when short of the goal (masked): measured with tracemalloc, 30 d6
#: exploding without end and re-rolled always, a bane and 2 successes on a 6, 31 rows of 46,531 cells: 11.5
#: MB of 14.2 at the peak, priced 0.2 MB without them (13.1 MB of resident memory). Of one quantity, the rows
#: once: each row's pages past its state's cut array are never written (1,000 such d6 with one tally, 200 MB of
#: rows, 73 MB resident; 353 of them, 25 MB of rows, 16 MB resident: refused at 40 MB priced 1.5 times).
CUT_HELD = 1.5


def _rows_held(p: Plan, states: float, size: float, ints: float) -> float:
    """The states' rows, ``size`` cells each, held :data:`ROWS_HELD` times, and
    in Python ints past 2**63 ways ``ints`` entries not 0 a Python int, made and scaled."""
    held = states * size * 8 * ROWS_HELD
    if in_python_ints(p):
        held += ints * int_bytes(plan_bits(p)) * 2
    return held


def step_bytes_bound(p: Plan, size: float) -> float:
    """At least :func:`step_bytes`, for the quick bound (:mod:`.quick_cost`)
    and without its work: the states at most one per number of re-rolls of
    each group the step may take (their product, not their count), every
    entry of each not 0 (tests/test_quick_cost.py)."""
    B = budget(p)
    packed = packed_end_bytes(p, size)
    if not B or not math.isfinite(size):
        return packed
    # (a group's kernels: a row per number of its dice, at most twice as wide as the counts, every entry a
    # Python int past 2**63 ways, :func:`kernel_bytes`; in a few steps: it runs before every new spec)
    rows = 0
    for g in p.groups:  # (a loop: a generator's every step is a Python call)
        if g.count and g.rerollable:
            rows += g.count + 1
    if packed:
        return packed + MATRICES * rows * 2 * size * 8
    S = _most_states(p, B)
    bits = plan_bits(p)  # (past 2**63 ways, Python ints: :func:`.whole_cost.in_python_ints`)
    each = int_bytes(bits) if not p.unbounded and bits >= 63 else 0.0
    return S * size * (8 * ROWS_HELD + 2 * each) + MATRICES * rows * 2 * size * (8 + each)


#: The matrices of a group's kernels held at once (:func:`.reroll._matrix`: the powers of its faces the step
#: does not take, the kernels scaled from them, their tails summed; measured with tracemalloc: 500 d10
#: re-rolled always, 3 matrices of 501 rows of 501 cells, 34 MB, 125,751 tails not 0 of 1,661 bits).
MATRICES = 3


def kernel_bytes(p: Plan) -> float:
    """The memory of the kernels the re-roll step's groups meet, made at
    once (:func:`.reroll._matrix`, :func:`.reroll._kernels`): per group of
    ``n`` dice, :data:`MATRICES` matrices of a row per number of them the
    step takes, as wide as ``n`` dice reach packed, and in Python ints (the
    first roll's kind) each entry not 0 one: a kernel's at most the sums of
    its other dice's faces not taken (:func:`kept_reach`), a tail's every
    sum of the kernels after it (500 d10 re-rolled always: 34 MB, not priced
    at all)."""
    ints = in_python_ints(p) and first_in_python_ints(p)
    out = 0.0
    for g, width in _widths(p):
        n = g.count
        held = MATRICES * (n + 1) * width * 8.0  # (the matrices' cells, each a pointer or a number)
        if not ints:
            out += held
            continue
        each = int_bytes(n * die_bits(g.table))  # (an entry: at most the ways of the n dice)
        r = kept_reach(g.table, p.rows(g), g.eligible)
        entries, tails, after = 0.0, 0.0, 0.0  # (after: the kernels' entries not 0 from the run's end up)
        step = max(1, -(-(n + 1) // 16))  # (runs of e, each at its dearest end: its fewest taken, e = a)
        for a in reversed(range(0, n + 1, step)):
            c = min(n + 1, a + step)
            one = min(width, multisets(n - a, r)) if r > 1 else 1.0  # (one value: one entry a kernel)
            after += (c - a) * one
            entries += (c - a) * one
            tails += (c - a) * min(width, after)
        out += held + (2 * entries + tails) * each  # (the powers' and the kernels', then the tails')
    return out


def _widths(p: Plan) -> list[tuple[Any, float]]:
    """Each group the step may take, and how wide its dice's kernels are
    packed (:func:`.reroll._matrix`: ``n`` dice's faces not taken, and the
    taken ones at the place of a face that adds nothing), in the space of
    the counts (each quantity's range every group's dice added up, a group
    the step takes from the lowest of its faces or 0: :func:`.cost.work`'s)."""
    spans = []
    lo_all: list[int] = []
    hi_all: list[int] = []
    for g in p.groups:
        if not g.count:
            continue
        lo, hi = span(g.table, p.rows(g))
        shift = [min(0, x) for x in lo] if g.rerollable else list(lo)
        if not lo_all:
            lo_all, hi_all = [0] * len(lo), [0] * len(lo)
        spans.append((g, shift, hi))
        for i in range(len(lo)):
            lo_all[i] += g.count * shift[i]
            hi_all[i] += g.count * hi[i]
    strides, size = [], 1.0
    for h, lw in zip(hi_all, lo_all):
        strides.append(size)
        size *= h - lw + 1
    out = []
    for g, shift, hi in spans:
        if g.rerollable:
            reach = sum((h - s) * st for h, s, st in zip(hi, shift, strides))
            zero = sum(-s * st for s, st in zip(shift, strides))
            out.append((g, g.count * (reach + zero) + 1.0))
    return out
