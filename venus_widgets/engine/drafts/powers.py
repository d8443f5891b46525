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

import numpy as np
from typing import Any, Callable, Sequence

from .whole import (SPARSE_CALL, SPARSE_CELL, SPARSE_MOST, SPARSE_PAIR, SPARSE_SHORTEST, WHOLE_CELL, WHOLE_PAIR,
                    WHOLE_PAIR_WORD, WHOLE_ZERO)
from .dice import levels
from .estimate_work import COUNTED as _COUNTED
from .whole_cost import WHOLE_CALL, Reach, count_of, multisets, places, product_bits, reachable, whole_conv

#: Python work per convolution, in multiply-adds.
PER_CALL = 4000.0


def conv(a: float, b: float, size: float, bits: tuple[float, float] | None = None,
         nonzero: tuple[Reach, Reach] | None = None, counts: bool = False,
         packed: bool = False, sparse: bool = False, digit: float = 0.0,
         floats: bool = False, cut: bool = False) -> tuple[float, float]:
    """Work and length of one convolution of arrays of lengths ``a`` and ``b``
    (``bits``: in Python ints, the two arrays' ways in bits, ``nonzero``
    what is known of their entries not 0; ``None``: in float64 or int64, a
    multiply-add a pair; ``counts``: the arrays count dice in the space of
    the counts, their entries not 0 below ``size``; ``packed``: a product
    of packed integers, :func:`.whole_cost.whole_conv`'s, ``digit`` the
    bits of their digits where wider than the product's entries; ``sparse``: the
    kernel makes it pair by pair of the entries not 0 where that surely
    pays, :func:`sparse_price`; ``floats``: in float64, :func:`dense`; ``cut``: probabilities
    whose tails are cut, :data:`CUT_CALL`)."""
    _COUNTED.products = getattr(_COUNTED, "products", 0) + 1  # (the estimate's own work: :mod:`.estimate_work`)
    few = sparse_price(a, b, bits, nonzero) if sparse and nonzero is not None else None
    if few is not None:
        return few, min(size, a + b - 1)
    if bits is None:
        return dense(a, b, floats) + (CUT_CALL + min(size, a + b - 1) * CUT_ENTRY if cut else 0.0), \
            min(size, a + b - 1)
    entry = (math.ceil(bits[0]) + 1.0, math.ceil(bits[1]) + 1.0)  # an entry is at most the array's ways
    return whole_conv(a, b, max(product_bits(*bits, a, b), digit), nonzero, entry, size if counts else math.inf,
                      packed) + \
        (0.0 if packed else PER_CALL), min(size, a + b - 1)


#: numpy's direct convolution in float64 (:func:`.whole.np_conv`): a multiply-add, and the dot product
#: of each entry it makes (OpenBLAS's, one call an entry) at most :data:`FLOAT_OUT`, and :data:`FLOAT_SHORT`
#: a multiply-add of a short one, in multiply-adds (measured on arrays of 50 to 30,000 entries by 2 to
#: 3,000: 0.13 to 0.32 ns a multiply-add past a few hundred, 30 to 45 ns an entry made by 12 to 100;
#: int64's, 0.7 to 0.9 ns a multiply-add, are priced one each).
FLOAT_PAIR, FLOAT_OUT, FLOAT_SHORT = 0.3, 40.0, 1.2


#: Probabilities of dice without end (:func:`.whole.conv` with ``cut``): the tail below
#: :data:`.whole.TRIM` found and cut off each call, its own work and a pass over each entry made, in
#: multiply-adds (measured: 3 to 4 us a call more, 5 ns an entry: a cumulative sum and a search).
CUT_CALL, CUT_ENTRY = 3200.0, 4.0
#: The ways of choosing which of ``n`` dice show the faces the re-roll step takes, ``C(n, e)`` times
#: theirs, once per kernel (:func:`.reroll._kernels`), in multiply-adds at a thousand dice, growing as
#: ``n ** 1.6`` (measured: 34 us at 1,000 dice, 0.9 us at 100).
COMB = 27_000.0


def dense(a: float, b: float, floats: bool = False) -> float:
    """The work of numpy's direct convolution of arrays of lengths ``a``
    and ``b``: a multiply-add a pair in int64 (and whole numbers in
    float64 priced so); ``floats``: in float64, far cheaper a pair but a
    dot product per entry made.

    >>> dense(3000, 3000), dense(3000, 3000, floats=True) < dense(3000, 3000) / 3
    (9004000.0, True)
    """
    if not floats:
        return a * b + PER_CALL
    return a * b * FLOAT_PAIR + (a + b - 1) * min(FLOAT_OUT, min(a, b) * FLOAT_SHORT) + PER_CALL


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


def _args(bits: float | None, nonzero: Callable[[int], Reach] | None,
          top: float | None = None) -> Callable[[int, int], Args]:
    """What :func:`conv` is told of a product of arrays of ``x`` and ``y``
    dice: in Python ints (``bits`` one die's ways), the bits of their
    largest entries (at most their ways; ``top``: one die's largest entry,
    and an array of ``x`` dice's at most it times the ways of the other
    ``x - 1``) and, when known, their cells not 0 (in float64 read for a
    product pair by pair alone)."""
    if bits is None:
        if nonzero is not None:
            return lambda x, y: (None, (nonzero(x), nonzero(y)))
        return lambda x, y: (None, None)
    lift = bits - min(bits, top) if top is not None else 0.0
    if nonzero is None:
        return lambda x, y: ((x * bits - lift, y * bits - lift), None)
    return lambda x, y: ((x * bits - lift, y * bits - lift), (nonzero(x), nonzero(y)))


def power_cost(length: float, n: int, size: float, bits: float | None = None,
               cap: Callable[[int], float] | None = None,
               nonzero: Callable[[int], Reach] | None = None, sparse: bool = False,
               top: float | None = None, floats: bool = False) -> tuple[float, float]:
    """Work and length of a die's array (``length``) to the power ``n`` by
    squaring, every array at most ``size`` long (``bits``: one die's ways in
    bits, counted in Python ints; ``None``: in float64 or int64; ``cap``:
    the most an array of that many dice holds, its tail cut; ``nonzero``: the
    most cells of an array of that many dice that are not 0; ``sparse``: the
    kernel's products pair by pair where they surely pay, :func:`sparse_price`:
    ``length`` is then the array's on its lattice, as the kernel takes it;
    ``top``: the bits of one die's largest entry, :func:`die_top`; ``floats``:
    in float64, :func:`dense`)."""
    work, out, base = 0.0, 0.0, float(length)
    have, dice = 0, 1  # the dice in ``out`` and in ``base``
    b = _args(bits, nonzero, top)
    most = cap or (lambda m: size)
    few = sparse
    while n:
        if n & 1:
            if out:
                w, out = conv(out, base, size, *b(have, dice), sparse=few, floats=floats)
                work += w
            else:
                out = base
            have += dice
            out = min(out, most(have))
        n >>= 1
        if n:
            w, base = conv(base, base, size, *b(dice, dice), sparse=few, floats=floats)
            work += w
            dice *= 2
            base = min(base, most(dice))
    return work, max(out, 1.0)


def lattice_power(places: Sequence[int] | None, length: float, n: int, size: float, bits: float | None = None,
                  cap: Callable[[int], float] | None = None,
                  nonzero: Callable[[int], Reach] | None = None, top: float | None = None,
                  floats: bool = False, sparse: bool = True) -> tuple[float, float, float]:
    """Work of a die's array to the power ``n`` as the kernel makes it
    (:func:`.whole.power`), in its first count and in a mark's count again
    (whose dice leave the mark's faces out), and its length: on its lattice
    from its first place, known where the ``places`` the die reaches are
    (None: priced at its ``length``), each product of the first count pair
    by pair of the cells the dice reach where that surely pays
    (:func:`sparse_price`; never where tails are cut: ``cap``, or
    ``sparse`` False, as for dice without end, whose powers the kernel
    always cuts); ``floats``: in float64 (:func:`dense`)."""
    if places is None or len(places) < 2 or cap is not None:
        w, grown = power_bound(length, n, size, bits, cap, nonzero, top=top, floats=floats)
        return w, w, grown
    short = places[-1] // math.gcd(*places) + 1.0
    w = power_bound(short, n, size, bits, cap, nonzero, sparse=sparse, top=top, floats=floats)[0]
    return w, power_bound(short, n, size, bits, cap, nonzero, top=top, floats=floats)[0], \
        min(size, n * (length - 1) + 1)


def power_bound(length: float, n: int, size: float, bits: float | None = None,
                cap: Callable[[int], float] | None = None,
                nonzero: Callable[[int], Reach] | None = None, sparse: bool = False,
                top: float | None = None, floats: bool = False) -> tuple[float, float]:
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
        return power_cost(length, n, size, bits, cap, nonzero, sparse, top, floats)
    b = _args(bits, nonzero, top)
    most = cap or (lambda m: size)
    few = sparse
    bases, squares = [float(length)], [0.0]  # the array of 2**j dice, and the work of the squares to it
    for j in range(1, n.bit_length()):
        half = 1 << (j - 1)
        w, nxt = conv(bases[-1], bases[-1], size, *b(half, half), sparse=few, floats=floats)
        bases.append(min(nxt, most(1 << j)))
        squares.append(squares[-1] + w)

    def products(m: int) -> tuple[float, float]:
        work, out, have = squares[m.bit_length() - 1], 0.0, 0
        for j in range(m.bit_length()):
            if m >> j & 1:
                if out:
                    w, out = conv(out, bases[j], size, *b(have, 1 << j), sparse=few, floats=floats)
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


def dice_sums(t: Any, V: Sequence[Sequence[int]], strides: Sequence[float] | None = None) -> Callable[[int], Reach]:
    """What is known of the cells not 0 of the array of ``m`` dice of ``t``
    (with their chains; ``V``: what each face adds to each quantity, a row
    per quantity): their places, packed at ``strides``, while they are few
    (:data:`KNOWN_PAIRS`: each array's the sums of the last one's and one
    die's, a die without a chain; Python's product of packed integers is then followed on them,
    :func:`.whole_cost.whole_conv`), else how many at most: the multisets of
    the vectors one die adds (:func:`.whole_cost.multisets` of
    :func:`.whole_cost.reachable`), every value of each quantity's range
    (``m`` times one die's, plus one, multiplied), and the sums of the other
    quantities (the same bound, the widest left out) times the widest's
    range. A d100's total, a mark on its 100 and a success on 99 and 100:
    4.4 million sums of four dice by the multisets alone, 9,925 in the
    ranges, 5,955 (15 of the mark and the successes times 397 totals; 1,955 real).

    >>> from .plan import DieTable
    >>> d100 = DieTable(100, (0,) * 98 + (1, 1), ((0,) * 99 + (1,),), (False,) * 100, 0)
    >>> V = (tuple(range(1, 101)), (0,) * 99 + (1,), (0,) * 98 + (1, 1))
    >>> [dice_sums(d100, V)(m) for m in (1, 2, 4)]
    [100.0, 1194.0, 5955.0]
    >>> len(dice_sums(d100, V, (1, 991, 10901))(2))   # two dice's places: 394
    394
    """
    k = levels(t)
    widths = []
    for row in V:
        boom = [x for x, e in zip(row, t.explode) if e] if k else []
        widths.append(max(row) - min(row) + k * (max(0, max(boom, default=0)) - min(0, min(boom, default=0))))
    d = reachable(t, V)
    inner: Callable[[int], Reach] | None = None
    w = max(range(len(widths)), key=lambda i: widths[i]) if len(V) > 1 else 0
    if len(V) > 1:
        inner = dice_sums(t, [r for i, r in enumerate(V) if i != w])
    one = places(t, V, strides, KNOWN_ONE) if strides is not None and not k and t.sides <= KNOWN_ONE else None
    known: dict[int, np.ndarray] = {1: np.asarray(one, dtype=np.int64)} if one and math.gcd(*one) == 1 else {}

    found: dict[int, Reach] = {}  # (the model asks again and again for the same few counts)

    def of(m: int) -> Reach:
        if m in found:
            return found[m]
        if known and 1 <= m <= KNOWN_DICE:
            top = max(known)
            while top < m and known[top].size * known[1].size <= KNOWN_PAIRS:
                known[top + 1] = np.unique(np.add.outer(known[top], known[1]))
                top += 1
            if m in known:
                found[m] = tuple(known[m].tolist())
                return found[m]
        box = 1.0
        for x in widths:
            box *= m * x + 1
        most = min(multisets(m, d), box)
        if inner is not None:
            most = min(most, count_of(inner(m)) * (m * widths[w] + 1))
        found[m] = most
        return most

    return of


#: The most pairs of places :func:`dice_sums` adds to know the places of one die more (a few ms), and
#: the most faces of a die whose places it knows (a die without a chain: a chain's are counted alone).
KNOWN_PAIRS, KNOWN_ONE = 1 << 14, 1024
#: The most dice whose places :func:`dice_sums` adds up, one die at a time (a sum of more is bounded
#: by the ranges: the estimate of 1,000 d6 added 1,000 times, 0.2 s an estimate, the FC screen's 25 of them 5 s).
KNOWN_DICE = 16


def die_top(t: Any, V: Sequence[Sequence[int]], bits: float) -> float:
    """The bits of the largest entry of one die's array (``V``: what each
    face adds to each quantity; ``bits``: its ways'): as many as the faces
    that add the same, for a die without a chain (a d100 read for its total:
    1, 0 bits); its ways' for one with a chain (:func:`_args`)."""
    if levels(t):
        return bits
    same: dict[tuple[int, ...], int] = {}
    for v in zip(*V) if len(V) else [()] * t.sides:
        same[v] = same.get(v, 0) + 1
    return min(bits, math.log2(max(same.values())))
