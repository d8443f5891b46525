"""A probability and an outcome as the engine hands them out: plain
Python values, a chance clipped to [0, 1] where float noise passes an end.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any


def plain(outcome: Any) -> Any:
    """An outcome as a plain int (numpy integers included) or word."""
    return outcome if isinstance(outcome, str) else int(outcome)


def probability(value: Any) -> Any:
    """A probability as a plain float (numpy scalars included) in [0, 1],
    or the Fraction it is in exact odds. Float noise past either end (odds
    too large to count exactly are summed in floats: 1.0000000000000002,
    a difference of two chances: -1.1e-16) is clipped: the true value lies
    within. The one place the engine clips a chance: the odds, advice,
    the odds of a KISS choice and the steps of an explanation go through it.

    >>> probability(1.0000000000000002), probability(-1.1e-16), probability(0.25)
    (1.0, 0.0, 0.25)
    """
    # floats first (numpy's float64 is one): Fraction's isinstance goes
    # through the numbers ABCs (~0.4 µs a value)
    if isinstance(value, float):
        v = float(value)
        return v if 0.0 < v <= 1.0 else min(1.0, max(0.0, v))  # else clipped as below (0.0, -0.0 and NaN give 0.0)
    if isinstance(value, Fraction):
        return value
    return min(1.0, max(0.0, float(value)))
