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
from typing import Callable, Sequence

from .whole import (SPARSE_CALL, SPARSE_CELL, SPARSE_MOST, SPARSE_PAIR, SPARSE_SHORTEST, WHOLE_CELL, WHOLE_PAIR,
                    WHOLE_PAIR_WORD, WHOLE_ZERO)
from .whole_cost import WHOLE_CALL, Reach, count_of, product_bits, whole_conv

#: Python work per convolution, in multiply-adds.
PER_CALL = 4000.0


def conv(a: float, b: float, size: float, bits: tuple[float, float] | None = None,
         nonzero: tuple[Reach, Reach] | None = None, counts: bool = False,
         packed: bool = False, sparse: bool = False) -> tuple[float, float]:
    """Work and length of one convolution of arrays of lengths ``a`` and ``b``
    (``bits``: in Python ints, the two arrays' ways in bits, ``nonzero``
    what is known of their entries not 0; ``None``: in float64 or int64, a
    multiply-add a pair; ``counts``: the arrays count dice in the space of
    the counts, their entries not 0 below ``size``; ``packed``: a product
    of packed integers, :func:`.whole_cost.whole_conv`'s; ``sparse``: the
    kernel makes it pair by pair of the entries not 0 where that surely
    pays, :func:`sparse_price`)."""
    few = sparse_price(a, b, bits, nonzero) if sparse and nonzero is not None else None
    if few is not None:
        return few, min(size, a + b - 1)
    if bits is None:
        return a * b + PER_CALL, min(size, a + b - 1)
    entry = (math.ceil(bits[0]) + 1.0, math.ceil(bits[1]) + 1.0)  # an entry is at most the array's ways
    return whole_conv(a, b, product_bits(*bits, a, b), nonzero, entry, size if counts else math.inf, packed) + \
        (0.0 if packed else PER_CALL), min(size, a + b - 1)


def sparse_price(a: float, b: float, bits: tuple[float, float] | None, nonzero: tuple[Reach, Reach]) -> float | None:
    """The work of :func:`.whole.sparse_conv` of arrays of at most ``a``
    and ``b`` entries (at least half as many: a die's array ends at the
    last place it reaches, never below half its quantities' ranges packed)
    with at most ``nonzero`` entries not 0 each, when the kernel surely
    makes it so (:func:`.whole.sparse_pays` holds at the fewest entries and
    the most pairs; ``bits``: in Python ints, the ways of each array in
    bits), else None: the kernel may make it in full (priced so; where it
    goes pair by pair instead, that costs less than the full product's
    multiply-adds, or its packed integers' words, alone).

    >>> round(sparse_price(6474.0, 12947.0, None, (16.0, 136.0)))   # 200 million multiply-adds in full
    242132
    >>> sparse_price(300.0, 300.0, None, (40.0, 40.0)) is None
    True
    """
    pairs = min(count_of(nonzero[0]), a) * min(count_of(nonzero[1]), b)
    if pairs > SPARSE_MOST or min(a, b) / 2 < SPARSE_SHORTEST:
        return None
    if bits is None:
        if pairs * SPARSE_PAIR + (a + b) * SPARSE_CELL + SPARSE_CALL > a / 2 * b / 2:
            return None
        return sparse_work(pairs, a, b)
    # (the kernel's test divided by the words of the product's largest digit, at least 1: the fewer, the dearer)
    if pairs * (WHOLE_PAIR + WHOLE_PAIR_WORD) + (a + b) * WHOLE_CELL > (a + b) / 2 * WHOLE_ZERO:
        return None
    fewer = max(1.0, min(count_of(nonzero[0]), count_of(nonzero[1])))
    return sparse_work(pairs, a, b, int(bits[0] + bits[1] + math.log2(fewer) + 1) // 64 + 1)


def sparse_work(pairs: float, a: float, b: float, words: float = 0.0) -> float:
    """The work of :func:`.whole.sparse_conv` of arrays of lengths ``a``
    and ``b`` with ``pairs`` pairs of entries not 0 (``words``: in Python
    ints, the 64-bit words of the product's largest digit; 0: float64 or int64)."""
    if not words:
        return pairs * SPARSE_PRICE + (a + b) * SPARSE_ENTRY + SPARSE_CALLED
    return pairs * (WHOLE_PAIR + WHOLE_PAIR_WORD * words) + (a + b) * WHOLE_CELL + WHOLE_CALL


#: float64 and int64: a pair of entries not 0 of :func:`.whole.sparse_conv`, an entry of either array and
#: a call's own work, in multiply-adds (about 1.25 ns; measured 11 to 38 ns a pair, about 1 ns an entry,
#: 20 us a call; a dense product the kernel chose instead is at most 0.35 ns a multiply-add of its test).
SPARSE_PRICE, SPARSE_ENTRY, SPARSE_CALLED = 48.0, 4.0, 60_000.0


Args = tuple[tuple[float, float] | None, tuple[Reach, Reach] | None]


def _args(bits: float | None, nonzero: Callable[[int], float] | None) -> Callable[[int, int], Args]:
    """What :func:`conv` is told of a product of arrays of ``x`` and ``y``
    dice: in Python ints (``bits`` one die's), their bits and, when known,
    their cells not 0 (in float64 read for a product pair by pair alone)."""
    if bits is None:
        if nonzero is not None:
            return lambda x, y: (None, (nonzero(x), nonzero(y)))
        return lambda x, y: (None, None)
    if nonzero is None:
        return lambda x, y: ((x * bits, y * bits), None)
    return lambda x, y: ((x * bits, y * bits), (nonzero(x), nonzero(y)))


def power_cost(length: float, n: int, size: float, bits: float | None = None,
               cap: Callable[[int], float] | None = None,
               nonzero: Callable[[int], float] | None = None, sparse: bool = False) -> tuple[float, float]:
    """Work and length of a die's array (``length``) to the power ``n`` by
    squaring, every array at most ``size`` long (``bits``: one die's ways in
    bits, counted in Python ints; ``None``: in float64 or int64; ``cap``:
    the most an array of that many dice holds, its tail cut; ``nonzero``: the
    most cells of an array of that many dice that are not 0; ``sparse``: the
    kernel's products pair by pair where they surely pay, :func:`sparse_price`:
    ``length`` is then the array's on its lattice, as the kernel takes it)."""
    work, out, base = 0.0, 0.0, float(length)
    have, dice = 0, 1  # the dice in ``out`` and in ``base``
    b = _args(bits, nonzero)
    most = cap or (lambda m: size)
    few = sparse
    while n:
        if n & 1:
            if out:
                w, out = conv(out, base, size, *b(have, dice), sparse=few)
                work += w
            else:
                out = base
            have += dice
            out = min(out, most(have))
        n >>= 1
        if n:
            w, base = conv(base, base, size, *b(dice, dice), sparse=few)
            work += w
            dice *= 2
            base = min(base, most(dice))
    return work, max(out, 1.0)


def lattice_power(places: Sequence[int] | None, length: float, n: int, size: float, bits: float | None = None,
                  cap: Callable[[int], float] | None = None,
                  nonzero: Callable[[int], float] | None = None) -> tuple[float, float, float]:
    """Work of a die's array to the power ``n`` as the kernel makes it
    (:func:`.whole.power`), in its first count and in a mark's count again
    (whose dice leave the mark's faces out), and its length: on its lattice
    from its first place, known where the ``places`` the die reaches are
    (None: priced at its ``length``), each product of the first count pair
    by pair of the cells the dice reach where that surely pays
    (:func:`sparse_price`; never where tails are cut: ``cap``)."""
    if places is None or len(places) < 2 or cap is not None:
        w, grown = power_bound(length, n, size, bits, cap, nonzero)
        return w, w, grown
    short = places[-1] // math.gcd(*places) + 1.0
    w = power_bound(short, n, size, bits, cap, nonzero, sparse=True)[0]
    return w, power_bound(short, n, size, bits, cap, nonzero)[0], min(size, n * (length - 1) + 1)


def power_bound(length: float, n: int, size: float, bits: float | None = None,
                cap: Callable[[int], float] | None = None,
                nonzero: Callable[[int], float] | None = None, sparse: bool = False) -> tuple[float, float]:
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
        return power_cost(length, n, size, bits, cap, nonzero, sparse)
    b = _args(bits, nonzero)
    most = cap or (lambda m: size)
    few = sparse
    bases, squares = [float(length)], [0.0]  # the array of 2**j dice, and the work of the squares to it
    for j in range(1, n.bit_length()):
        half = 1 << (j - 1)
        w, nxt = conv(bases[-1], bases[-1], size, *b(half, half), sparse=few)
        bases.append(min(nxt, most(1 << j)))
        squares.append(squares[-1] + w)

    def products(m: int) -> tuple[float, float]:
        work, out, have = squares[m.bit_length() - 1], 0.0, 0
        for j in range(m.bit_length()):
            if m >> j & 1:
                if out:
                    w, out = conv(out, bases[j], size, *b(have, 1 << j), sparse=few)
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
