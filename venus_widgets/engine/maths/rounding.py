"""Float odds as the engine hands them out: each float correctly rounded
from its exact fraction (:mod:`.exact` says why and how).

:func:`correctly_rounded` is what ``odds(spec)`` does to the float odds an
edition computes; :func:`odds_of` is the same for an edition that wants the
odds of another of its specs (the chance without KISS, for its
explanation): the very floats ``odds`` gives, without asking the engine
above it.

>>> from fractions import Fraction
>>> floats = Odds.from_pmf({"edition": "coins"}, {0: 0.25, 1: 0.7500000000000001}, threshold=1)
>>> exact = lambda: Odds.from_pmf({"edition": "coins"}, {0: Fraction(1, 4), 1: Fraction(3, 4)}, threshold=1)
>>> correctly_rounded(floats, 4, exact).p_pass, correctly_rounded(floats, None, exact).rational
(0.75, False)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from .exact import EXACT_BELOW
from .odds import SNAP_BELOW, Odds


def correctly_rounded(floats: Odds, denominator: int | None, exact: Callable[[], Odds]) -> Odds:
    """Float odds of a spec whose odds have the common ``denominator`` D,
    correctly rounded from the exact rationals where D is below 2**53: as
    computed when they were counted in whole numbers (:meth:`Odds.from_counts`);
    else, up to :data:`.odds.SNAP_BELOW`, snapped to multiples of ``1 / D``
    (when every value is within ``SNAP_TOLERANCE / D`` of one and the
    distribution adds up to exactly 1); otherwise ``exact()`` (the odds in
    Fractions) rounded. ``None`` for D: dice that roll again without end,
    whose odds are not fractions, and say so (``rational`` False)."""
    if denominator is None:
        return dataclasses.replace(floats, rational=False) if floats.rational else floats
    if denominator >= EXACT_BELOW or floats._counts() is not None:  # too large to count, or already exact
        return floats
    snapped = floats.snap_rounded(denominator) if denominator <= SNAP_BELOW else None
    return snapped if snapped is not None else exact().rounded()


def odds_of(spec: Mapping[str, Any], odds: Callable[..., Odds],
            denominator: Callable[..., int | None]) -> Odds:
    """The float odds of a normalized ``spec`` by an edition's own ``odds``
    (``odds(spec, exact=False)``) and ``denominator``, as ``odds(spec)``
    hands them out (:func:`correctly_rounded`; not cached)."""
    return correctly_rounded(odds(spec), denominator(spec), lambda: odds(spec, exact=True))
