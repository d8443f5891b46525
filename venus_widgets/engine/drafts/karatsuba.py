"""CPython's product of two whole numbers followed step by step, to price
the kernel's products of packed integers whose entries are mostly 0
(:func:`.whole_cost.whole_conv`): :func:`karatsuba` walks ``k_mul`` on one
side's limbs that are not 0, and :func:`walk_budget` bounds the walks of one
estimate, so that pricing a spec stays cheap.
"""

from __future__ import annotations

import contextlib
import math
import threading
from bisect import bisect_left
from typing import Iterator

#: Python's Karatsuba (CPython's ``KARATSUBA_CUTOFF``): halves no shorter than 70 limbs of 30 bits.
CUTOFF = 70.0

#: CPython's product of two ints (``k_mul``, Python 3.8 to 3.13), followed step by step on one side's
#: limbs that are not 0 (:func:`karatsuba`), in multiply-adds: a pair of limbs of the grade-school
#: product (:data:`CUTOFF` limbs and shorter, zeros and all) and a limb of a step's own copying, adding
#: and subtracting. Measured on 43 products (1 to 61 entries not 0 of 3 to 180 bits in slots of 1 to 3
#: words, of arrays of 100 to 5,000 entries, against 2,000 to 100,000 entries in full; this machine, one
#: busy core of two): 1.05 ns a pair and 0.37 ns a limb, real within 7 % of it either way.
PAIR_LIMBS = 1.0
STEP_LIMB = 0.4
#: The most steps :func:`karatsuba` follows (a few µs each) before it leaves the product to
#: :func:`.whole_cost.sparse_product`.
STEPS = 600


def karatsuba(places: tuple[int, ...], bits: float, slot: int, other: int, steps: int = STEPS) -> float | None:
    """Work of CPython's product of a packed integer whose entries not 0
    (``places``, of at most ``bits`` bits, in slots of ``slot`` bits) are
    known, by one of ``other`` 30-bit limbs, all taken as not 0 (more zeros
    only shorten the pieces): CPython's steps followed (``k_mul``): the
    grade-school product of two pieces when either is :data:`CUTOFF` limbs
    or shorter (every pair of limbs, zeros too), the longer cut in slices
    as long as the shorter when it is twice as long or more, else each
    halved at half the longer, three products of the halves (highs, lows,
    and the sums of each side's two halves) and a few passes over them;
    a piece's zero limbs on top are dropped and a piece that is 0 is not
    multiplied. None past ``steps`` steps.

    >>> seam = (0, 10, 405, 415, 810, 820, 1215)   # a pushed die's few places, 8 bits each, in slots of 3 words
    >>> round(karatsuba(seam, 8, 192, 20250 * 192 // 30) * 1.25e-9, 3)   # measured: 0.039 s, the other full
    0.048
    """
    room = getattr(_WALKS, "left", None)
    if room is not None and room <= 0:  # (the estimate's budget spent: no walk at all)
        return None
    limit = steps if room is None else min(steps, room)
    limbs: set[int] = set()
    for p in places:
        start = p * slot
        limbs.update(range(start // 30, (start + max(int(bits), 1) - 1) // 30 + 1))
    P = tuple(sorted(limbs))
    if not P:
        return 0.0
    key0 = (P, other)
    known = _FOLLOWED.get(key0)
    if known is not None:
        value, used = known
        if value is not None:  # (found in ``used`` steps: past this limit, as a walk now would be)
            return _charged(used, value) if used <= limit else _charged(limit, None)
        if used > limit:  # (past a limit found before: past this one too)
            return _charged(limit, None)
    seen: dict[tuple[tuple[int, ...], int, int], tuple[float, float]] = {}
    left = [limit]

    def k(P: tuple[int, ...], sp: int, n: int) -> tuple[float, float]:  # (pairs, limbs) of P (nominally sp long) by n
        key = (P, sp, n)
        if key in seen:
            return seen[key]
        left[0] -= 1
        if left[0] < 0:
            raise OverflowError
        lo_n, hi_n = min(sp, n), max(sp, n)
        x, y = 0.0, float(sp + n)
        if lo_n <= CUTOFF:
            x = float(sp) * n
        elif 2 * lo_n <= hi_n and sp <= n:  # the other cut in slices as long as the known side
            q, rem = divmod(n, sp)
            x, y = k(P, sp, sp)
            x2, y2 = k(P, sp, rem) if rem > 0 else (0.0, 0.0)
            x, y = q * x + x2, q * y + y2 + 2.0 * (sp + n)
        elif 2 * lo_n <= hi_n:  # the known side cut in slices as long as the other (not trimmed)
            y *= 2.0
            for j in range(0, sp, n):
                w = min(n, sp - j)
                piece = P[bisect_left(P, j): bisect_left(P, j + w)]
                if piece:
                    xs, ys = k(tuple([p - j for p in piece]), w, n)
                    x, y = x + xs, y + ys
                else:
                    y += w + n
        else:  # halved at half the longer: highs, lows, and the sums of the halves
            shift = hi_n >> 1
            cut = bisect_left(P, shift)
            low, high = P[:cut], tuple([p - shift for p in P[cut:]])
            y *= 6.0
            for piece, m in ((high, n - shift), (low, min(n, shift)), (tuple(sorted(set(low).union(high))),
                                                                       max(n - shift, min(n, shift)))):
                if piece and m > 0:
                    xs, ys = k(piece, piece[-1] + 1, m)
                    x, y = x + xs, y + ys
        seen[key] = (x, y)
        return x, y

    try:
        pairs, passes = k(P, P[-1] + 1, other)
    except OverflowError:
        pairs = passes = math.nan
    if len(_FOLLOWED) > 4096:
        _FOLLOWED.clear()
    if math.isnan(pairs):
        _FOLLOWED[key0] = (None, limit + 1)  # (more steps than the limit: a product left to sparse_product)
        return _charged(limit, None)
    value = pairs * PAIR_LIMBS + passes * STEP_LIMB
    _FOLLOWED[key0] = (value, limit - left[0])
    return _charged(limit - left[0], value)


def _charged(used: int, value: float | None) -> float | None:
    """``value``, its walk's ``used`` steps taken off the estimate's budget (:func:`walk_budget`), if one runs."""
    if getattr(_WALKS, "left", None) is not None:
        _WALKS.left -= used
    return value


def walks_left() -> int | None:
    """The steps the estimate running in this thread may still walk (None: no :func:`walk_budget` runs)."""
    return getattr(_WALKS, "left", None)


def walked() -> int:
    """The steps the estimate running in this thread has walked so far (0: no :func:`walk_budget` runs)."""
    left = getattr(_WALKS, "left", None)
    return 0 if left is None else getattr(_WALKS, "budget", WALK_BUDGET) - left


def charge(used: int) -> None:
    """Take ``used`` steps off the budget of the estimate running in this thread (a price
    found before without walking, whose walks took them: :func:`.counts_kept.work_kept`)."""
    _charged(used, None)


@contextlib.contextmanager
def walk_budget(steps: int | None = None) -> Iterator[None]:
    """While it runs, the :func:`karatsuba` walks of this thread take at most
    ``steps`` steps in all (:data:`WALK_BUDGET`), each charged the same
    whether its price was found now or before (the estimate is the same cold
    or warm); past them a product is priced by :func:`.whole_cost.sparse_product`. One
    estimate's walks, so that pricing a spec stays cheap: a re-roll step of
    d100 pools (fuzz_drafts seed 47) walked 37,000 steps an estimate, 0.1 s.

    >>> with walk_budget(0):
    ...     karatsuba((0, 10, 405, 415, 810, 820, 1215), 8, 192, 20250 * 192 // 30) is None
    True
    """
    was, budget = getattr(_WALKS, "left", None), getattr(_WALKS, "budget", None)
    _WALKS.left = _WALKS.budget = WALK_BUDGET if steps is None else steps
    try:
        yield
    finally:
        _WALKS.left, _WALKS.budget = was, budget


#: The most steps of :func:`karatsuba` walks one estimate takes (:func:`walk_budget`; a few µs each).
WALK_BUDGET = 4000
_WALKS = threading.local()

#: :func:`karatsuba`'s prices already found (the cost guard prices the same products again and again): its
#: price (None past the steps it was given) and the steps it took (more than those given, past them).
_FOLLOWED: dict[tuple[tuple[int, ...], int], tuple[float | None, int]] = {}
