"""The price of the kernel's convolutions (:mod:`.whole`), in multiply-adds
(the units of :mod:`.cost`): one convolution by the lengths of its arrays
(and in Python ints by the bits of its numbers and the cells the dice can
reach, :mod:`.whole_cost`), and a
die's array to a power by squaring, made to grow with the dice
(:func:`power_bound`: the cost guard's search for the nearest value that
fits bisects a field's values).
"""

from __future__ import annotations

import math
from typing import Callable

from .whole_cost import Reach, product_bits, whole_conv

#: Python work per convolution, in multiply-adds.
PER_CALL = 4000.0


def conv(a: float, b: float, size: float, bits: tuple[float, float] | None = None,
         nonzero: tuple[Reach, Reach] | None = None, counts: bool = False,
         packed: bool = False) -> tuple[float, float]:
    """Work and length of one convolution of arrays of lengths ``a`` and ``b``
    (``bits``: in Python ints, the two arrays' ways in bits, ``nonzero``
    what is known of their entries not 0; ``None``: in float64 or int64, a
    multiply-add a pair; ``counts``: the arrays count dice in the space of
    the counts, their entries not 0 below ``size``; ``packed``: a product
    of packed integers, :func:`.whole_cost.whole_conv`'s)."""
    if bits is None:
        return a * b + PER_CALL, min(size, a + b - 1)
    entry = (math.ceil(bits[0]) + 1.0, math.ceil(bits[1]) + 1.0)  # an entry is at most the array's ways
    return whole_conv(a, b, product_bits(*bits, a, b), nonzero, entry, size if counts else math.inf, packed) + \
        (0.0 if packed else PER_CALL), min(size, a + b - 1)


Args = tuple[tuple[float, float] | None, tuple[Reach, Reach] | None]


def _args(bits: float | None, nonzero: Callable[[int], float] | None) -> Callable[[int, int], Args]:
    """What :func:`conv` is told of a product of arrays of ``x`` and ``y``
    dice: in Python ints (``bits`` one die's), their bits and, when known,
    their cells not 0 (in float64 the price reads neither)."""
    if bits is None:
        return lambda x, y: (None, None)
    if nonzero is None:
        return lambda x, y: ((x * bits, y * bits), None)
    return lambda x, y: ((x * bits, y * bits), (nonzero(x), nonzero(y)))


def power_cost(length: float, n: int, size: float, bits: float | None = None,
               cap: Callable[[int], float] | None = None,
               nonzero: Callable[[int], float] | None = None) -> tuple[float, float]:
    """Work and length of a die's array (``length``) to the power ``n`` by
    squaring, every array at most ``size`` long (``bits``: one die's ways in
    bits, counted in Python ints; ``None``: in float64 or int64; ``cap``:
    the most an array of that many dice holds, its tail cut; ``nonzero``: the
    most cells of an array of that many dice that are not 0)."""
    work, out, base = 0.0, 0.0, float(length)
    have, dice = 0, 1  # the dice in ``out`` and in ``base``
    b = _args(bits, nonzero)
    most = cap or (lambda m: size)
    while n:
        if n & 1:
            if out:
                w, out = conv(out, base, size, *b(have, dice))
                work += w
            else:
                out = base
            have += dice
            out = min(out, most(have))
        n >>= 1
        if n:
            w, base = conv(base, base, size, *b(dice, dice))
            work += w
            dice *= 2
            base = min(base, most(dice))
    return work, max(out, 1.0)


def power_bound(length: float, n: int, size: float, bits: float | None = None,
                cap: Callable[[int], float] | None = None,
                nonzero: Callable[[int], float] | None = None) -> tuple[float, float]:
    """:func:`power_cost`, its work the most of any count up to ``n``: by
    squaring, a power of fewer dice may take more steps (31 dice: 4 squares
    and 4 products; 32: 5 squares), and the cost guard's search for the
    nearest value that fits needs the estimate to fall with the dice. The
    most is at ``n`` or at a count that shares its leading bits, has a 0
    where ``n`` has a 1, and 1s after (a product more for each): one try per
    bit of ``n``, the squares (the same for every count) priced once.

    >>> [round(power_bound(2, n, 1e9)[0]) for n in (31, 32)] == [round(power_cost(2, 31, 1e9)[0])] * 2
    True
    """
    if n <= 1:
        return power_cost(length, n, size, bits, cap, nonzero)
    b = _args(bits, nonzero)
    most = cap or (lambda m: size)
    bases, squares = [float(length)], [0.0]  # the array of 2**j dice, and the work of the squares to it
    for j in range(1, n.bit_length()):
        half = 1 << (j - 1)
        w, nxt = conv(bases[-1], bases[-1], size, *b(half, half))
        bases.append(min(nxt, most(1 << j)))
        squares.append(squares[-1] + w)

    def products(m: int) -> tuple[float, float]:
        work, out, have = squares[m.bit_length() - 1], 0.0, 0
        for j in range(m.bit_length()):
            if m >> j & 1:
                if out:
                    w, out = conv(out, bases[j], size, *b(have, 1 << j))
                    work += w
                else:
                    out = bases[j]
                have += 1 << j
                out = min(out, most(have))
        return work, max(out, 1.0)

    work, out = products(n)
    for i in range(n.bit_length()):
        if n >> i & 1:
            m = (n >> (i + 1) << (i + 1)) | ((1 << i) - 1)
            if m:
                work = max(work, products(m)[0])
    return work, out
