"""What whole numbers past 2**63 cost the kernel (:mod:`.whole`: Python
ints, convolved by Kronecker substitution): the prices of one convolution
and of one entry scaled or added, by the lengths of the arrays and the bits
of their numbers, in the multiply-adds of :mod:`.cost` (about 1.25 ns each).

>>> whole_conv(1000, 1000, 2000) > 30 * whole_conv(100, 100, 2000)   # ten times longer: 10 ** 1.585
True
>>> element(0), element(2000, 2000) > 100 * element(64)
(1.0, True)
"""

from __future__ import annotations

import math
from bisect import bisect_left
from typing import Any, Sequence, Union

from .denominator import big_die, budget
from .dice import levels
from .plan import Plan
from .karatsuba import CUTOFF, karatsuba

#: Whole numbers past 2**63 (:mod:`.whole`), in multiply-adds: a pair of short arrays' entries
#: multiplied one by one (:data:`.whole.DIRECT`; plus :data:`PAIR_BITS` per (kilobit)**2 of the
#: product), an entry's 64-bit word written into or read out of the packed integers, a call's own
#: work, and one ``limb ** log2(3)`` of Python's Karatsuba product of the two packed integers
#: (30-bit limbs). Measured on this machine busy (one core of two): a pair 50-80 ns (+0.2 µs at
#: 1 kbit), a word 0.2-0.5 µs, a call 40 µs, 9 ns a Karatsuba unit (1000 x 1000 entries of 2 kbit: 0.43 s).
PAIR = 80.0
PAIR_BITS = 200.0
WORD = 400.0
WHOLE_CALL = 30_000.0
LIMB = 9.0
DIRECT = 16


#: What :func:`whole_conv` knows of the entries of an array that are not 0: at most how many, or their places.
Reach = Union[float, Sequence[int]]


def whole_conv(a: float, b: float, bits: float, reach: tuple[Reach, Reach] | None = None,
               entry_bits: tuple[float, float] | None = None, within: float = math.inf,
               packed: bool = False) -> float:
    """Work of :func:`.whole.convolve` of arrays of lengths ``a`` and ``b``
    whose product's entries are whole numbers of up to ``bits`` bits: entry
    by entry below :data:`DIRECT`, else packed by Kronecker substitution.
    ``reach``: what is known of the entries of each array that are not 0
    (:data:`Reach`: the cells its dice can reach): Python's product of the
    two packed integers skips the runs of zero limbs (:func:`sparse_product`);
    ``entry_bits``: the most bits of an entry of each array: where one
    side's places are known, its product is followed step by step as
    CPython makes it (:func:`karatsuba`), its entries' limbs only; the
    other's entries not 0 lie below ``within`` (a count lies in the space
    of the counts: past its size an array holds 0s). ``packed``: the two
    arrays are packed integers already (:func:`.reroll_end.packed_end`:
    every state's array packed at once by numpy, then Horner's scheme on
    the integers): the product, its shift and addition, no entry written
    or read and no call's own work (the end of a pushed Year Zero pool of
    6 base, 6 skill and 6 gear dice was priced 2.9 s for 0.1 s real).

    >>> whole_conv(20250, 1216, 130, (740, (0, 10, 405, 415, 810, 820, 1215))) < whole_conv(20250, 1216, 130) / 3
    True
    """
    lo, hi = min(a, b), max(a, b)
    if lo < DIRECT and not packed:  # (each pair's product by the limbs of its two entries, a pair with a 0 at
        # once: measured, a state's sum of 449 entries, 155 not 0, of 9,800 bits, by a fresh die's 13, 3 not 0
        # of 300 bits: 2.7 ms, priced 16.5e6 as if every pair were not 0)
        ea, eb = (bits / 2, bits / 2) if entry_bits is None else (min(entry_bits[0], bits), min(entry_bits[1], bits))
        pairs = a * b  # (the entries not 0 of each side, at most; inline: the guard's searches price thousands)
        if reach is not None:
            pairs = min(float(reach[0]) if isinstance(reach[0], (int, float)) else float(len(reach[0])), a, within) \
                * min(float(reach[1]) if isinstance(reach[1], (int, float)) else float(len(reach[1])), b, within)
        return a * b * PAIR + pairs * 4 * PAIR_BITS * ea * eb / 1e6
    words = bits // 64 + 1
    small, big = lo * words * 64 / 30, hi * words * 64 / 30  # limbs of the two packed integers
    product = big / small * small ** KARATSUBA * LIMB
    packed_io = INT_OPS + (a + b) * words * 64 / 30 * PASS  # (packed: a few operations, each limb passed once)
    if reach is None:
        return (packed_io if packed else WHOLE_CALL + (a + b) * words * WORD) + product
    ra, rb = min(count_of(reach[0]), a), min(count_of(reach[1]), b)
    product = min(product, sparse_product(a, b, reach[0], reach[1], words))
    followed = _followed(a, b, reach, entry_bits, words, within)
    if followed is not None:
        product = min(product, followed)
    if packed:
        return packed_io + product
    # (the words not 0: the two arrays' written, the product's read back, at most a pair of entries not 0
    # each: 931 entries, 31 not 0, of 75 bits by 31 of 5,000, 961 entries of 80 words read back, 36 ms,
    # priced by the 62 written)
    nz = max(ra + rb, min(a + b - 1, within, ra * rb))
    return WHOLE_CALL + ((a + b) * ZERO + nz * (WORD - ZERO)) * words + product


#: Packed integers (:func:`whole_conv`'s ``packed``): a few operations of Python on them (the product,
#: a shift, an addition) whatever their size, and a limb shifted or added once, in multiply-adds.
INT_OPS = 1200.0
PASS = 1.0


def sparse_product(a: float, b: float, ra: Reach, rb: Reach, words: float) -> float:
    """A bound of Python's product of two packed integers (arrays of ``a``
    and ``b`` entries of ``words`` 64-bit words) whose entries are mostly 0
    (``ra``, ``rb``: :data:`Reach`). The longer is cut into pieces as long as
    the shorter (``M`` limbs), each multiplied by Karatsuba's halving down to
    :data:`CUTOFF` limbs, and a half that is 0 is not multiplied: at depth
    ``d`` at most ``2**d`` times the blocks of either side not 0 (of ``M / 2**d``
    limbs) are multiplied, each piece's of ``M / 2**d`` limbs: per limb of the
    pieces, :data:`NODE` per block not 0 at each depth and :data:`LEAF` at
    the last (where the halving stops and digits are multiplied one by one).

    >>> one = sparse_product(100_000, 1216, 100_000, (1215,), 3)   # one entry, at the top (measured 0.06 s)
    >>> round(one * 1.25e-9, 3), round(sparse_product(100_000, 1216, 100_000, 7, 3) / one, 1)  # 7: 0.2 s
    (0.072, 6.1)
    """
    L = words * 64 / 30
    (n, r), (m, q) = sorted([(a, ra), (b, rb)], key=lambda x: x[0])  # the shorter n (reach r), the longer m
    M = n * L
    D = max(0, math.ceil(math.log2(M / CUTOFF)))
    pieces = math.ceil(m / n)

    def blocks(x: Reach, k: int) -> float:  # the blocks not 0 at each depth over k pieces, each by its weight
        total = 0.0
        for d in range(D + 1):
            w = LEAF if d == D else NODE
            if isinstance(x, (int, float)):
                total += w * min(k * 2.0 ** d, float(x))
            else:
                step = M / 2 ** d  # (a set, not numpy's unique: at most 64 places, its first call imports)
                total += w * float(len({float(p) * L // step for p in x}))
        return total

    # (plain loops: the model of a grid of thousands of specs prices thousands of products)
    return min(blocks(r, 1) * m * L, blocks(q, pieces) * M)


def count_of(r: Reach) -> float:
    """How many entries not 0 a :data:`Reach` says at most."""
    return float(r) if isinstance(r, (int, float)) else float(len(r))


#: The work per limb of the pieces of Python's Karatsuba (:data:`.karatsuba.CUTOFF`) of a block not 0 at
#: one depth (:data:`NODE`) and at the last (:data:`LEAF`), in multiply-adds: measured 55-100 ns a limb of
#: the longer for one entry not 0 (depths 2 to 9), 5-14 ns a block and a limb at each depth for 2 to 30
#: entries (arrays of 100 to 5,000 entries of 1 to 3 words against 2,000 to 100,000; one busy core of two).
NODE = 6.0
LEAF = 48.0
#: A word of an entry that is 0, written into the packed integers and read back, in multiply-adds
#: (measured: 95-110 ns, in arrays of 1,945 to 20,250 entries of 2 and 3 words, 0.03 to 4 % not 0).
ZERO = 120.0


KARATSUBA = math.log2(3)


def product_bits(bits_a: float, bits_b: float, a: float, b: float) -> float:
    """The bits of the largest entry of the product of two arrays of whole
    numbers whose entries add up to ``2**bits_a`` and ``2**bits_b`` (ways)."""
    return bits_a + bits_b + math.log2(max(min(a, b), 1.0))


def element(bits_a: float, bits_b: float = 0.0) -> float:
    """Work of one entry of an array of Python ints (``bits_a`` bits) added
    to or multiplied by a number of ``bits_b`` bits (measured: 40 ns, 0.4 µs
    at 500 x 500 bits, 5 µs at 2,000 x 2,000); 1 in float64 or int64 (``bits_a`` 0)."""
    if not bits_a:
        return 1.0
    return 32.0 + bits_a / 16 + 1e-3 * bits_a * bits_b


def die_bits(t: Any) -> float:
    """The bits of one die's ways (``sides ** (depth + 1)``: :func:`.dice.die_weight`)."""
    return (levels(t) + 1) * math.log2(t.sides)


def in_python_ints(p: Plan) -> bool:
    """Whether the kernel counts this plan in Python ints (:func:`.denominator.mode_of`:
    past 2**63 ways), read off logarithms (the denominator is never computed to price it)."""
    return not p.unbounded and plan_bits(p) >= 63


def plan_bits(p: Plan) -> float:
    """The bits of a plan's ways (its denominator, :func:`.denominator.denominator`),
    read off logarithms: each die's ways, and a re-rolled die's per re-roll of the budget
    (kept on the plan: the cost guard's bound and the estimate ask it many times)."""
    known = p.memo.get("bits")
    if known is None:
        bits = sum([g.count * die_bits(g.table) for g in p.groups if g.count])
        B = budget(p)
        known = p.memo["bits"] = bits + B * math.log2(big_die(p)) if B else bits
    return known


def first_in_python_ints(p: Plan) -> bool:
    """Whether the first roll of a plan with a re-roll step is counted in
    Python ints (:func:`.denominator.first_mode`: its dice's ways past
    2**63; below, in float64 or int64, and the step's end alone in Python ints)."""
    return first_bits(p) >= 63


def first_bits(p: Plan) -> float:
    """The bits of the ways of a plan's first roll (its dice's, the re-roll
    step's budget not counted), read off logarithms (kept on the plan)."""
    known = p.memo.get("first_bits")
    if known is None:
        known = p.memo["first_bits"] = sum(
            g.count * (math.log2(max(g.table.sides - sum(g.table.explode), 1)) if g.table.redraw
                       else die_bits(g.table)) for g in p.groups if g.count)
    return known


def first_in_floats(p: Plan) -> bool:
    """Whether the first roll of a plan is counted in float64 (:func:`.denominator.first_mode`:
    probabilities for dice without end, whole numbers below 2**53 ways; else int64 or Python ints)."""
    return p.unbounded or first_bits(p) < 53


def multisets(n: float, d: float) -> float:
    """How many sums ``n`` dice can reach when one die adds one of ``d``
    vectors (at most the multisets of ``d`` kinds: ``C(n + d - 1, d - 1)``),
    in floats (read off logarithms; at most 1e300).

    >>> multisets(4, 2), multisets(8, 7), multisets(0, 5)
    (5.0, 3003.0, 1.0)
    """
    if n <= 0 or d <= 1:
        return 1.0
    logs = math.lgamma(n + d) - math.lgamma(n + 1) - math.lgamma(d)
    return round(math.exp(min(logs, 690.0)), 6)


def reachable(t: Any, V: Any) -> float:
    """How many vectors one die and its chain can add (``V``: what each face
    adds to each quantity, a row per quantity): ``S`` distinct vectors of
    the faces that stop, ``E`` of those that explode and ``A`` of every face
    (the last level's die stops whatever it shows), ``k`` levels: at most
    ``S C(k + E - 1, E) + A C(k + E - 1, E - 1)`` (a chain's sum of ``j``
    explosions, a multiset, for each ``j`` below ``k``, then its last die).

    >>> from .plan import DieTable
    >>> d6 = DieTable(6, (0,) * 5 + (1,), ((1,) + (0,) * 5,), (False,) * 5 + (True,), 2)  # a bane on 1, 6 explodes
    >>> reachable(d6, [(1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 1)])   # of 16 chains: 7 (bane, successes) sums
    7.0
    """
    vec = list(zip(*V)) if len(V) else [()] * t.sides
    k = levels(t)
    every = float(len(set(vec)))
    if not k:
        return every
    stop = len({v for v, e in zip(vec, t.explode) if not e})
    boom = len({v for v, e in zip(vec, t.explode) if e})
    return stop * multisets(k - 1, boom + 1) + every * multisets(k, boom)


def places(t: Any, V: Any, strides: Sequence[float], most: int = 64) -> tuple[int, ...] | None:
    """The packed places (from the lowest, 0) one die and its chain can add
    to (``V``: what each face adds to each quantity, ``strides`` the
    quantities' places), found by adding the chain's faces level by level;
    None past ``most`` of them or 64 levels (then :func:`reachable` counts them).

    >>> from .plan import DieTable
    >>> d6 = DieTable(6, (0,) * 5 + (1,), ((1,) + (0,) * 5,), (False,) * 5 + (True,), 2)
    >>> places(d6, [(1, 0, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 1)], (1, 9, 405))
    (0, 10, 405, 415, 810, 820, 1215)
    """
    face = [int(sum(row[f] * st for row, st in zip(V, strides))) for f in range(t.sides)]
    k = levels(t)
    if k > 64:
        return None
    stop = {x for x, e in zip(face, t.explode) if not e or not k}
    boom = {x for x, e in zip(face, t.explode) if e and k}
    found, chain = set(), {0}
    for _ in range(k):
        found |= {c + x for c in chain for x in stop}
        chain = {c + x for c in chain for x in boom}
        if len(found) > most or len(chain) > most:
            return None
    found |= {c + x for c in chain for x in face}
    if len(found) > most:
        return None
    low = min(found)
    return tuple(sorted(x - low for x in found))


def _followed(a: float, b: float, reach: tuple[Reach, Reach], entry_bits: tuple[float, float] | None,
              words: float, within: float = math.inf) -> float | None:
    """:func:`karatsuba` of the side whose places are known (the fewer, if
    both), the other in full up to its last place known (else its length,
    at most ``within``);
    None where no places are known or the steps run past :data:`STEPS`."""
    if entry_bits is None:
        return None
    sides = [(count_of(r), i) for i, r in enumerate(reach) if not isinstance(r, (int, float)) and len(r)]
    if not sides:
        return None
    i = min(sides)[1]
    known, other = reach[i], reach[1 - i]
    if isinstance(known, (int, float)):  # (never: sides holds only the sides with places)
        return None
    length = min((b, a)[i], within) if isinstance(other, (int, float)) or not len(other) else float(max(other)) + 1
    slot = int(words) * 64
    return karatsuba(tuple(int(x) for x in known), min(entry_bits[i], slot), slot, int(length * slot) // 30 + 1)
