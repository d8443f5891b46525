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
from functools import lru_cache

import numpy as np

from .exact import array


def binom(n: int, p) -> np.ndarray:
    """Binomial(n, p) pmf over 0..n (exact for a Fraction ``p``)."""
    if not isinstance(p, float):
        return array((math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(n + 1)), True)
    k = np.arange(n + 1)
    comb = np.array([math.comb(n, int(i)) for i in k], dtype=float)
    return comb * p**k * (1 - p) ** (n - k)


@lru_cache(maxsize=16)
def binom_table(n: int, exact: bool = True) -> np.ndarray:
    """Binomial coefficients ``C(m, j)`` for ``0 <= j <= m <= n`` (0 above
    the diagonal), read-only: Python ints in an object array, or float64
    (exact while the coefficients stay below 2**53, i.e. ``n <= 55``).

    >>> binom_table(4)[4].tolist(), binom_table(4)[2, 3], binom_table(3, False)[3].tolist()
    ([1, 4, 6, 4, 1], 0, [1.0, 3.0, 3.0, 1.0])
    """
    if exact:
        out = np.array([[math.comb(m, j) for j in range(n + 1)] for m in range(n + 1)], dtype=object)
    else:  # Pascal's rule, one row at a time
        out = np.zeros((n + 1, n + 1))
        out[:, 0] = 1.0
        for m in range(1, n + 1):
            out[m, 1:] = out[m - 1, 1:] + out[m - 1, :-1]
    out.flags.writeable = False
    return out
