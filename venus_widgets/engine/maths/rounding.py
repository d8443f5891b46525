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
from .counts import Counts
from .odds import SNAP_BELOW, SNAP_TOLERANCE, Odds


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
    snapped = snap_rounded(floats, denominator) if denominator <= SNAP_BELOW else None
    return snapped if snapped is not None else exact().rounded()


def odds_of(spec: Mapping[str, Any], odds: Callable[..., Odds],
            denominator: Callable[..., int | None]) -> Odds:
    """The float odds of a normalized ``spec`` by an edition's own ``odds``
    (``odds(spec, exact=False)``) and ``denominator``, as ``odds(spec)``
    hands them out (:func:`correctly_rounded`; not cached)."""
    return correctly_rounded(odds(spec), denominator(spec), lambda: odds(spec, exact=True))


def snap_rounded(o: Odds, denominator: int, tolerance: float = SNAP_TOLERANCE) -> Odds | None:
    """Float odds whose every probability is a multiple of ``1 /
    denominator``, kept as those snapped numerators (:class:`.counts.Counts`),
    each float correctly rounded from its fraction (``.exact`` gives the
    Fractions); ``None`` when any value is farther than ``tolerance /
    denominator`` from such a multiple, or the distribution's numerators
    do not add up to the denominator (then the caller counts exactly instead).

    >>> o = Odds.from_pmf({"edition": "agora"}, {0: 1 / 6, 1: 0.8333333333333333}, threshold=1)
    >>> snap_rounded(o, 6).p_pass, snap_rounded(o, 6).exact.p_pass, snap_rounded(o, 7)
    (0.8333333333333334, Fraction(5, 6), None)
    """
    if denominator >= 2**53 or o.truncated:
        return None
    c = Counts.snapped(denominator, tolerance, o.distribution, p_pass=o.p_pass, p_goal=o.p_goal,
                       breakdown=o.breakdown, p_critical=o.p_critical, p_ego_spent=o.p_ego_spent,
                       events=o.events, events_passed=o.events_passed)
    if c is None:
        return None
    return Odds._counted(o.spec, c, threshold=o.threshold, goal=o.goal, notes=o.notes)
