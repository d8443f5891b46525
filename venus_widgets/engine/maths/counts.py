"""Exact odds as whole numbers: :class:`Counts`, the numerators of every
probability of an :class:`~venus_widgets.engine.maths.odds.Odds` over one common
denominator, and the check that counts are whole (:func:`whole_counts`).

>>> whole_counts([2, 3]), Counts(6, {0: 1, 1: 5}, p_pass=5, p_goal=5, breakdown={}).share(5)
([2, 3], 0.8333333333333334)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

import numpy as np


@dataclass(frozen=True, init=False)
class Counts:
    """Exact odds as whole numbers over one common ``denominator``: each
    probability of an :class:`Odds` is ``numerator / denominator``.

    Float odds keep these beside their floats instead of the Fractions:
    every float is ``numerator / denominator``, a division of two integers
    that Python rounds correctly, so it equals ``float(Fraction(numerator,
    denominator))``; sums (``at_least``, ``mean``) are added in integers
    and divided once. The Fractions are built only when :attr:`Odds.exact`
    is read.

    >>> c = Counts(6, {0: 1, 1: 5}, p_pass=5, p_goal=5, breakdown={})
    >>> c.fraction(c.p_pass)
    Fraction(5, 6)
    """

    denominator: int
    distribution: Mapping[Any, int]
    p_pass: int
    p_goal: int
    breakdown: Mapping[str, int]
    p_critical: int | None = None
    p_ego_spent: int | None = None
    #: a draft's named events: each one's ways, and its ways with a pass
    events: Mapping[str, int] = field(default_factory=dict)
    events_passed: Mapping[str, int] = field(default_factory=dict)

    def __init__(self, denominator: int, distribution: Mapping[Any, int], p_pass: int, p_goal: int,
                 breakdown: Mapping[str, int], p_critical: int | None = None, p_ego_spent: int | None = None,
                 events: Mapping[str, int] = MappingProxyType({}),
                 events_passed: Mapping[str, int] = MappingProxyType({})) -> None:
        # every field into the instance's dict at once: the frozen dataclass's
        # generated __init__ calls object.__setattr__ once per field (~1 µs of
        # every new float odds)
        self.__dict__.update(denominator=denominator, distribution=distribution, p_pass=p_pass, p_goal=p_goal,
                             breakdown=breakdown, p_critical=p_critical, p_ego_spent=p_ego_spent, events=events,
                             events_passed=events_passed)

    def fraction(self, numerator: int | None) -> Fraction | None:
        return None if numerator is None else Fraction(numerator, self.denominator)

    def share(self, numerator: int) -> float:
        """``numerator / denominator`` as a float, correctly rounded."""
        return numerator / self.denominator

    @classmethod
    def snapped(cls, denominator: int, tolerance: float, distribution: Mapping[Any, float], *, p_pass: float,
                p_goal: float, breakdown: Mapping[str, float], p_critical: float | None,
                p_ego_spent: float | None, events: Mapping[str, float] = MappingProxyType({}),
                events_passed: Mapping[str, float] = MappingProxyType({})) -> "Counts | None":
        """The counts over ``denominator`` that float odds round to: each
        float ``p`` read as the whole number nearest ``p * denominator``;
        ``None`` when one is farther than ``tolerance`` from it, or the
        distribution's do not add up to ``denominator``.

        >>> Counts.snapped(6, 0.05, {0: 1 / 6, 1: 5 / 6}, p_pass=5 / 6, p_goal=5 / 6, breakdown={},
        ...                p_critical=None, p_ego_spent=None).distribution
        {0: 1, 1: 5}
        >>> Counts.snapped(7, 0.05, {0: 1 / 6, 1: 5 / 6}, p_pass=5 / 6, p_goal=5 / 6, breakdown={},
        ...                p_critical=None, p_ego_spent=None) is None
        True
        """
        bad = False

        def fix(v: float) -> int:
            nonlocal bad
            x = v * denominator  # exact up to half a unit in 2**53: far below the tolerance
            n = round(x)
            if abs(x - n) > tolerance:
                bad = True
            return n

        dist = {k: fix(v) for k, v in distribution.items()}
        if sum(dist.values()) != denominator:
            return None
        c = cls(denominator, dist, p_pass=fix(p_pass), p_goal=fix(p_goal),
                breakdown={k: fix(v) for k, v in breakdown.items()},
                p_critical=None if p_critical is None else fix(p_critical),
                p_ego_spent=None if p_ego_spent is None else fix(p_ego_spent),
                events={k: fix(v) for k, v in events.items()}, events_passed={k: fix(v) for k, v in events_passed.items()})
        return None if bad else c


def whole_counts(counts: Any) -> list[int]:
    """Counts (an array or list of whole numbers: ints, or floats below
    2**53) as a list of Python ints; a count that is not a whole number
    raises (float counts past 2**53 are not exact, or a bug).

    >>> whole_counts(np.array([1.0, 5.0])), whole_counts([2, 3])
    ([1, 5], [2, 3])
    """
    if isinstance(counts, list) and all(type(v) is int for v in counts):
        return counts
    arr = np.asarray(counts)
    if arr.dtype.kind == "f":
        # compared as Python lists: numpy's int64 == float64 costs more than
        # both tolist() and a list comparison for a pool's few dozen counts
        values = arr.astype(np.int64).tolist()
        if values != arr.tolist():
            raise ValueError("counts must be whole numbers (float counts are exact only below 2**53)")
        return values
    return [whole_count(v) for v in arr.tolist()]


def whole_count(value: Any) -> int:
    """A count as a Python int; a count that is not a whole number (float
    counts past 2**53, or a bug) raises instead of being rounded."""
    if type(value) is int:
        return value
    if isinstance(value, float) and value.is_integer():  # numpy's float64 too (a float subclass): no numpy compare
        return int(value)
    n = int(value)
    if n != value:
        raise ValueError(f"a count must be a whole number, not {value!r}")
    return n
