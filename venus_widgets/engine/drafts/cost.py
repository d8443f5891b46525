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

from typing import Sequence

#: Work (multiply-adds) of about one second.
LIMIT = 4e8

#: Python work per convolution, in multiply-adds.
PER_CALL = 4000.0

#: The most packed cells a draft's odds may hold (a few hundred MB of float64 at most).
MAX_CELLS = 2e7


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


def reroll_cost(plain: float, groups: Sequence[tuple[int, float, int]], budget: int, size: float) -> float:
    """Work of the re-roll step: groups ``(dice, length of one die, members
    of its block)``, in the step's order, from the ``plain`` array of the
    other dice: per state (the dice re-rolled so far) one convolution per
    number of dice the budget can take, then each state's re-rolled dice."""
    work = 0.0
    states, arr = 1.0, float(plain)
    for n, length, members in groups:
        kernel = 1.0  # the kernels: the powers of the faces the step does not take
        for _ in range(n):
            w, kernel = conv(kernel, length, size)
            work += w
        takes = min(n, budget) + 1
        calls = takes if members <= 1 else float(n + 1) ** members
        w, grown = conv(arr, kernel, size)
        work += states * calls * w
        arr = grown
        states *= takes
    w, _ = conv(arr, arr, size)
    return work + states * w  # the re-rolled dice of each state
