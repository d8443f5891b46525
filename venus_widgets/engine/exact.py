"""Exact arithmetic for the odds: the same numpy code in floats or in
:class:`fractions.Fraction`.

Each edition's odds code takes ``exact``: with ``exact=False`` it works in
float64 arrays as before, with ``exact=True`` in numpy object arrays of
``Fraction`` (and Python ints), so every probability is the exact rational.
:func:`venus_widgets.engine.api.odds` computes rational specs exactly and
rounds each number once (``float(Fraction)`` is correctly rounded): the
floats do not depend on the machine, the numpy build, the order of
summation or what ran before.

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


def ratio(a: int, b: int, exact: bool):
    """``a / b`` as a Fraction (exact) or a float."""
    return Fraction(a, b) if exact else a / b


def dtype(exact: bool):
    return object if exact else float


def array(values: Iterable[Any], exact: bool) -> np.ndarray:
    """An array of probabilities: object (Fractions) or float64."""
    return np.array(list(values), dtype=dtype(exact))


def zeros(shape, exact: bool) -> np.ndarray:
    """Zeros to accumulate probabilities in (object zeros are the int 0)."""
    return np.zeros(shape, dtype=dtype(exact))


def ones(shape, exact: bool) -> np.ndarray:
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


def total(values: Iterable[Any]):
    """A sum: exact for Fractions, ``math.fsum`` (correctly rounded) for floats."""
    values = list(values)
    if values and all(is_exact(v) for v in values):
        return sum(values, Fraction(0))
    return math.fsum(float(v) for v in values)
