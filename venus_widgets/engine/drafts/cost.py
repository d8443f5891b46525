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

import math
from typing import Sequence

#: Work (multiply-adds) of about one second.
LIMIT = 4e8

#: Python work per convolution, in multiply-adds.
PER_CALL = 4000.0

#: The most packed cells a draft's odds may hold (a few hundred MB of float64 at most).
MAX_CELLS = 2e7


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


def conv(a: float, b: float, size: float) -> tuple[float, float]:
    """Work and length of one convolution of arrays of lengths ``a`` and ``b``."""
    return a * b + PER_CALL, min(size, a + b - 1)


def power_cost(length: float, n: int, size: float) -> tuple[float, float]:
    """Work and length of a die's array (``length``) to the power ``n`` by
    squaring, every array at most ``size`` long."""
    work, out, base = 0.0, 0.0, float(length)
    while n:
        if n & 1:
            if out:
                w, out = conv(out, base, size)
                work += w
            else:
                out = base
        n >>= 1
        if n:
            w, base = conv(base, base, size)
            work += w
    return work, max(out, 1.0)


#: A Python step of :func:`.allocate.allocate` (a few dict operations), in multiply-adds
#: (measured: 0.7 to 0.9 microseconds a step, 300 to 360 multiply-adds).
PER_STEP = 500.0


def _states(states: list[float], n: int, budget: int) -> list[float]:
    """The re-roll states (by re-rolls made so far, 0 to ``budget``) after a
    group of ``n`` dice: each state's ``r`` dice of it, ``r`` up to ``n`` and
    the budget left."""
    out = [0.0] * (budget + 1)
    for s, k in enumerate(states):
        if k:
            for r in range(min(n, budget - s) + 1):
                out[s + r] += k
    return out


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
                size: float) -> float:
    """Work of the re-roll step (:func:`.kernel.count`), from the ``plain``
    array of the other dice: ``blocks`` of groups of one chance to succeed,
    in the step's order, each group ``(dice, length of one die, faces the
    step takes)``. Per state (the dice re-rolled so far; their number by
    the re-rolls made, :func:`_states`), a lone group convolves with one
    kernel per number of its dice the budget can take; a block of several
    groups, per way its dice can show faces the step takes (``prod(n + 1)``),
    one convolution per group, one :func:`.allocate.allocate` (bounded by
    :func:`allocate_cost`, once per budget left) and one scaled addition
    per way of re-rolling; at the end, each state's re-rolled dice."""
    work = 0.0
    states = [0.0] * (budget + 1)
    states[0] = 1.0
    arr = float(plain)
    fresh = 1.0
    for block in blocks:
        lengths = []
        for n, length, _ in block:
            kernel = 1.0  # the kernels: the powers of the faces the step does not take (made once)
            for _ in range(n):
                w, kernel = conv(kernel, length, size)
                work += w
            lengths.append(kernel)
            fresh = max(fresh, min(size, min(n, budget) * (length - 1) + 1))
        if len(block) == 1:
            n = block[0][0]
            w, grown = conv(arr, lengths[0], size)
            calls = sum(k * (min(budget - s, n + 1) + (budget - s <= n)) for s, k in enumerate(states))
            work += calls * w
        else:
            counts = [n for n, _, _ in block]
            classes = [c for _, _, c in block]
            m = len(block)
            ways = 1.0
            grown, per_way = arr, 0.0
            for n, k in zip(counts, lengths):
                ways *= n + 1
                w, grown = conv(grown, k, size)
                per_way += w
            for s, k in enumerate(states):
                if not k:
                    continue
                b = budget - s
                rvecs = 1 if sum(counts) <= b else min(ways, math.comb(b + m - 1, m - 1))
                work += k * ways * (per_way + rvecs * ((2 + m) * grown + PER_CALL))
                work += allocate_cost(counts, classes, b) * PER_STEP  # memoized: once per budget left
        arr = grown
        for n, _, _ in block:
            states = _states(states, n, budget)
    w, _ = conv(arr, fresh, size)
    groups = sum(len(b) for b in blocks)
    return work + sum(states) * min(groups, budget) * w  # the re-rolled dice of each state

