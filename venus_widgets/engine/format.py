"""One way to show a probability to a person: :func:`percent`; and one way
to show a whole number (:func:`number`: a negative one with the minus sign).

The book, the tutorial helpers and the docs show chances with it, so a
number never says more than is true and never flips between machines:

* "0%" only when the event is impossible and "100%" only when it is
  certain; anything else that would round to 0 or 100 shows as "<1%" or
  ">99%" (with more digits, "<0.1%", ">99.9%", ...);
* halves round up ("87.5" -> "88"), the same everywhere;
* the probability is first rounded to 12 decimals, far above float noise
  (about 1e-16) and far below what is shown, so a value one last bit
  either side of a half (0.87499999999999989 or 0.875) shows the same.

The engine's floats for rational odds are already the correctly rounded
values (see :mod:`venus_widgets.engine.maths.exact`); this makes the display
safe for the rest (exploding dice) too. ``Fraction`` inputs are exact.

>>> percent(0.875), percent(0.87499999999999989), percent(0.125)
('88%', '88%', '13%')
>>> percent(0.0), percent(1.0), percent(0.004), percent(0.9999999999999999)
('0%', '100%', '<1%', '>99%')
>>> percent(0.555556, 1), percent(0.0004, 1), percent(0.99996, 2)
('55.6%', '<0.1%', '>99.99%')
>>> from fractions import Fraction
>>> percent(Fraction(7, 8)), percent(Fraction(1, 200), 0), percent(Fraction(1, 3), 2)
('88%', '1%', '33.33%')
>>> percent(True)
Traceback (most recent call last):
...
venus_widgets.engine.errors.SpecError: p=True is not allowed: expected a probability from 0 to 1 (a number, not True or False)
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

from .errors import SpecError

__all__ = ["number", "percent", "percent_text"]

#: Decimals of probability kept before rounding for display.
_SETTLE = 10**12


def percent(p: Any, digits: int = 0) -> str:
    """``p`` (a probability: float, int or Fraction, 0..1) as a percentage
    with ``digits`` decimals (0..6), halves rounded up; "0%"/"100%" only for
    impossible/certain, "<1%"/">99%" (or "<0.1%", ">99.9%" ...) for what
    would round to them."""
    if isinstance(digits, (bool, np.bool_)) or not isinstance(digits, (int, np.integer)) or not 0 <= digits <= 6:
        raise SpecError("digits", digits, "a whole number of decimals from 0 to 6")
    digits = int(digits)
    allowed = "a probability from 0 to 1 (a number, not True or False)"
    if isinstance(p, (bool, np.bool_)) or not isinstance(p, (int, float, Fraction)) and not hasattr(p, "__float__"):
        raise SpecError("p", p, allowed)
    if not isinstance(p, (int, Fraction)):
        try:
            p = float(p)
        except (TypeError, ValueError, OverflowError):
            raise SpecError("p", p, allowed) from None
        if math.isnan(p):
            raise SpecError("p", p, allowed)
    if not 0 <= p <= 1:
        raise SpecError("p", p, allowed)
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    settled = Fraction(math.floor(Fraction(p) * _SETTLE + Fraction(1, 2)), _SETTLE)
    scale = 10**digits
    n = math.floor(settled * 100 * scale + Fraction(1, 2))  # units of 10**-digits percent, half up
    if n == 0:
        return f"<{_show(1, digits)}%"
    if n == 100 * scale:
        return f">{_show(100 * scale - 1, digits)}%"
    return f"{_show(n, digits)}%"


def _show(n: int, digits: int) -> str:
    """``n`` units of ``10**-digits`` as a decimal."""
    whole, frac = divmod(n, 10**digits)
    return f"{whole}.{frac:0{digits}d}" if digits else f"{whole}"


def percent_text(p: Any, digits: int = 0) -> str:
    """:func:`percent` as the views and the lab write it, a space before
    the sign.

    >>> percent_text(0.4515, 1), percent_text(0.004)
    ('45.2 %', '<1 %')
    """
    return percent(p, digits).replace("%", " %")



def number(k: Any) -> str:
    """A number as a person reads it: a negative one with the minus sign
    (U+2212, which screen readers say "minus"), not a hyphen: the tables,
    charts and sentences of the rollers and the lab ("−1 net success",
    "≥−2", "−8.0 points").

    >>> number(-2), number(3), number(0), number(-1.5)
    ('−2', '3', '0', '−1.5')
    """
    return str(k).replace("-", "−")
