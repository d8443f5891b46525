"""Exact maths that several editions share: binomial pmfs (and, as the
editions move theirs here, convolutions and tables). Float or exact: a
:class:`fractions.Fraction` ``p`` gives an exact (object) array.

>>> [float(x) for x in binom(2, 0.5)]
[0.25, 0.5, 0.25]
>>> from fractions import Fraction
>>> list(binom(2, Fraction(1, 3)))
[Fraction(4, 9), Fraction(4, 9), Fraction(1, 9)]
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .exact import array


def binom(n: int, p: Any) -> np.ndarray:
    """Binomial(n, p) pmf over 0..n (exact for a Fraction ``p``)."""
    if not isinstance(p, float):
        return array((math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(n + 1)), True)
    k = np.arange(n + 1)
    # each C(n, k) the correctly rounded float of the integer, as the table holds it
    comb = comb_table(n)[n] if n < _COMB.shape[0] else np.array([float(math.comb(n, i)) for i in range(n + 1)])
    return comb * p**k * (1 - p) ** (n - k)


# -- counting in integers (exact in float64 below 2**53) ----------------------------


def count_dtype(denominator: int, exact: bool) -> Any:
    """The dtype to count in when every probability is a whole number of
    ``1 / denominator``: float64 holds every integer below 2**53 exactly (so
    sums and products of counts below the denominator are exact, in any
    order, BLAS included); above that, Python ints for exact counts
    (``object``), float64 otherwise (no longer exact, as any float).

    >>> count_dtype(6**20, True), count_dtype(6**21, True), count_dtype(6**21, False)
    (<class 'numpy.float64'>, <class 'object'>, <class 'numpy.float64'>)
    """
    return np.float64 if denominator < 2**53 or not exact else object


#: Pascal's triangle to row 64 (more dice than any roll has), in Python
#: ints and in float64 (exact to row 55, which is all float64 counts need).
_COMB = np.array([[math.comb(r, k) for k in range(65)] for r in range(65)], dtype=object)
_COMB_FLOAT = _COMB.astype(np.float64)
_COMB.flags.writeable = _COMB_FLOAT.flags.writeable = False


def comb_table(n: int, dtype: Any = np.float64) -> np.ndarray:
    """``C(r, k)`` for ``0 <= k, r <= n`` (0 for ``k > r``), read-only:
    Python ints with ``dtype=object``, else float64 (exact to row 55).

    >>> comb_table(3).tolist()[3], comb_table(3, np.dtype(object))[3].tolist()
    ([1.0, 3.0, 3.0, 1.0], [1, 3, 3, 1])
    """
    return (_COMB if np.dtype(dtype) == object else _COMB_FLOAT)[: n + 1, : n + 1]


#: ``_DOWN[r, k] = max(r - k, 0)``: the misses of ``r`` dice with ``k`` hits (clipped at 0).
_DOWN = np.maximum(np.arange(65)[:, None] - np.arange(65)[None, :], 0)


#: ``a**k`` for faces ``a`` of a die up to a d20 and ``k`` up to 64 dice (Python ints, and float64:
#: each the correctly rounded ``float(a**k)``, exact while below 2**53).
_POW = np.array([[a**k for k in range(65)] for a in range(21)], dtype=object)
_POW_FLOAT = _POW.astype(np.float64)
_POW.flags.writeable = _POW_FLOAT.flags.writeable = False


def whole_powers(a: int, n: int, dtype: Any = np.float64) -> np.ndarray:
    """``a**0 .. a**n`` (Python ints with ``dtype=object``: exact; in
    float64 exact while below 2**53), read-only.

    >>> whole_powers(6, 3).tolist(), whole_powers(2, 2, object).tolist()
    ([1.0, 6.0, 36.0, 216.0], [1, 2, 4])
    """
    table = _POW if np.dtype(dtype) == object else _POW_FLOAT
    if 0 <= a < table.shape[0] and n < table.shape[1]:
        return table[a, : n + 1]
    return np.array([a**i for i in range(n + 1)], dtype=dtype)


def pascal_counts(n: int, a: int, b: int, dtype: Any = np.float64) -> np.ndarray:
    """``out[r, k] = C(r, k) a**k b**(r - k)`` for ``0 <= k <= r <= n``
    (0 above the diagonal): the ways ``r`` dice give ``k`` hits when a die
    hits on ``a`` faces and misses on ``b`` (exact in float64 while
    ``(a + b)**n < 2**53``: ``C(r, k) a**k`` never exceeds it; always with
    ``dtype=object``, the type or ``np.dtype(object)``).

    >>> pascal_counts(2, 1, 5).tolist()
    [[1.0, 0.0, 0.0], [5.0, 1.0, 0.0], [25.0, 10.0, 1.0]]
    """
    if n > 64:
        raise ValueError(f"{n} dice: Pascal's triangle is kept to row 64")
    return comb_table(n, dtype) * whole_powers(a, n, dtype) * whole_powers(b, n, dtype).take(_DOWN[: n + 1, : n + 1])
