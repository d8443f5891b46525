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
from typing import Any

from .denominator import big_die
from .dice import levels
from .plan import Plan

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


def whole_conv(a: float, b: float, bits: float) -> float:
    """Work of :func:`.whole.convolve` of arrays of lengths ``a`` and ``b``
    whose product's entries are whole numbers of up to ``bits`` bits: entry
    by entry below :data:`DIRECT`, else packed by Kronecker substitution.
    """
    lo, hi = min(a, b), max(a, b)
    if lo < DIRECT:
        return a * b * (PAIR + PAIR_BITS * (bits / 1000) ** 2)
    words = bits // 64 + 1
    small, big = lo * words * 64 / 30, hi * words * 64 / 30  # limbs of the two packed integers
    return WHOLE_CALL + (a + b) * words * WORD + big / small * small ** KARATSUBA * LIMB


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
    if p.unbounded:
        return False
    bits = sum(g.count * die_bits(g.table) for g in p.groups if g.count)
    if p.draft.reroll is not None and min(p.budget, p.rerollable):
        bits += min(p.budget, p.rerollable) * math.log2(big_die(p))
    return bits >= 63
