"""Exact arithmetic for the odds: the same numpy code in floats or in
:class:`fractions.Fraction`.

Why: numpy's vectorised sums and products are not reproducible to the last
bit across CPUs (SIMD dispatch changes the order of summation), so the
float odds of one spec differed between machines (5/6 came out as
0.8333333333333333 on one, 7/8 as 0.8750000000000001 on another) and the
book printed 87% or 88% depending on the machine.

What the engine promises: where a roll's odds are rational (every rule but
exploding dice, which can roll again without end) and their common
denominator ``D`` (each edition's ``denominator(spec)``: 6 to the dice that
can be rolled, KISS re-rolls included; 20 * 6**k for a d20 with k bonus
d6 ...) is below 2**53, every float of the odds (``Odds``
fields, ``at_least``/``at_most``/``mean``, ``kiss_odds`` and ``advise``
figures) is the correctly rounded value of the exact rational: the same on
every machine, in any process, whatever ran before, with any thread count.

How (:func:`venus_widgets.engine.api.odds`), three paths that give the
same Fractions (``tests/test_exact.py`` checks it):

* **counted by the edition** (the editions whose kernels count ways, for
  the rolls they count; ``D < 2**53``): the edition counts ways in whole numbers over
  ``D`` (in float64, where every sum and product of them is exact) and
  hands them to :meth:`Odds.from_counts`,
  which checks that they are whole and add up to ``D``, divides each once
  and keeps the counts as the exact odds (:class:`Odds.exact` builds the
  Fractions only when read);
* **snap** (``D <= 2**44``, the other editions): the float computation,
  then every value is taken to the nearest multiple of ``1 / D``
  (:func:`.rounding.snap_rounded`), accepted only when each value lies within
  ``0.05 / D`` of one and the distribution's numerators add up to ``D``
  exactly; float noise measured on the benchmark specs is at most 1.1e-15
  relative, i.e. 0.0007 / D at D = 2**41 and 0.004 / D at 2**43, so a wrong
  snap would need an error hundreds of times larger;
* **count** (``2**44 < D < 2**53`` for the other editions, or when a snap
  is refused, and always for ``odds(spec, exact=True)``): the same numpy
  code run on object arrays of Python ints or Fractions (this module's
  helpers keep it one code path); slower, cached.

Every float is then the correctly rounded value of its fraction. Above
2**53 (huge pools with big KISS budgets) and for exploding dice the floats
are computed as before (exact to about 1e-15, not guaranteed to the bit).

An optimal KISS policy (the edition's ``policy="optimal"``) compares choices exactly on the counted
path and for rolls, ``advise`` and ``kiss_odds``: a choice replaces the one
before only when strictly better, so exact ties keep the default policy's
choice on every machine. The float path needs a choice to win by more
than 1e-14: above float noise, below the smallest true difference ``1 / D``
for ``D <= 2**44``, so the snapped odds follow the same choices.

>>> import numpy as np
>>> w = array([ratio(1, 6, True)] * 3, True)
>>> bincount(np.array([0, 2, 2]), w)
array([Fraction(1, 6), 0, Fraction(1, 3)], dtype=object)
>>> total(w), total([0.1, 0.2])
(Fraction(1, 2), 0.30000000000000004)
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Iterable

import numpy as np

#: Largest common denominator for which the float odds are promised
#: correctly rounded: below it the engine always takes the exact path.
EXACT_BELOW = 2**53


def ratio(a: int, b: int, exact: bool) -> Any:
    """``a / b`` as a Fraction (exact) or a float."""
    return Fraction(a, b) if exact else a / b


def dtype(exact: bool) -> Any:
    return object if exact else float


def array(values: Iterable[Any], exact: bool) -> np.ndarray:
    """An array of probabilities: object (Fractions) or float64."""
    return np.array(list(values), dtype=dtype(exact))


def zeros(shape: Any, exact: bool) -> np.ndarray:
    """Zeros to accumulate probabilities in (object zeros are the int 0)."""
    return np.zeros(shape, dtype=dtype(exact))


def ones(shape: Any, exact: bool) -> np.ndarray:
    return np.ones(shape, dtype=dtype(exact))


def bincount(idx: np.ndarray, weights: np.ndarray, minlength: int = 0) -> np.ndarray:
    """``np.bincount(idx, weights)`` that keeps object (Fraction) weights exact."""
    idx = np.asarray(idx).ravel()
    weights = np.asarray(weights).ravel()
    if weights.dtype != object:
        return np.bincount(idx, weights=weights, minlength=minlength)
    out = np.zeros(max(minlength, int(idx.max()) + 1 if idx.size else 0), dtype=object)
    np.add.at(out, idx, weights)
    return out


def is_exact(v: Any) -> bool:
    return isinstance(v, (Fraction, int)) and not isinstance(v, bool)


def total(values: Iterable[Any]) -> Any:
    """A sum: exact for Fractions, ``math.fsum`` (correctly rounded) for floats."""
    values = list(values)
    if values and all(map(is_exact, values)):
        return sum(values, Fraction(0))
    return math.fsum(map(float, values))
