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

import numpy as np

from .exact import array


def binom(n: int, p) -> np.ndarray:
    """Binomial(n, p) pmf over 0..n (exact for a Fraction ``p``)."""
    if not isinstance(p, float):
        return array((math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(n + 1)), True)
    k = np.arange(n + 1)
    comb = np.array([math.comb(n, int(i)) for i in k], dtype=float)
    return comb * p**k * (1 - p) ** (n - k)


def sum_ways(n: int, sides: int) -> np.ndarray:
    """Ways (integers, out of ``sides ** n``) to roll each total ``n`` ..
    ``n * sides`` on ``n`` dice of ``sides`` faces (index 0 = a total of ``n``).

    >>> sum_ways(3, 6).tolist()[:4], int(sum_ways(3, 6).sum())
    ([1, 3, 6, 10], 216)
    """
    ways = np.ones(1, dtype=np.int64)
    for _ in range(n):
        ways = np.convolve(ways, np.ones(sides, dtype=np.int64))
    return ways
