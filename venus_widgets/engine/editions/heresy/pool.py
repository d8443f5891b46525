"""The pool dice's successes (each 1 or 6 a success, each 6 rolled again
while 6s come up) and the black dice's cancels.

One pool die gives ``k >= 1`` successes with probability ``(10/6) 6**-k``
(``k - 1`` sixes then a 1, or ``k`` sixes then a 2..5), so its generating
function is ``(4 + z) / (6 - z)``: the pool's successes are a
Binomial(m, 1/5) plus a negative binomial (m, 5/6) count. The unbounded
tail is cut where the mass left is below 1e-12.

>>> pmf, cut = pool_pmf(1)
>>> round(float(pmf[0]), 12), round(float(pmf[1]), 12)   # 4/6, (10/6)/6
(0.666666666667, 0.277777777778)
"""

from __future__ import annotations

import numpy as np

from ..._dist import binom
from ...exact import ratio
from ...odds import TAIL_CUTOFF


def pool_pmf(m: int) -> tuple[np.ndarray, float]:
    """Successes of ``m`` pool dice (6s re-rolled without limit): the pmf,
    cut where the tail left is below 1e-12, and the mass cut off.

    >>> pmf, cut = pool_pmf(2)
    >>> bool(abs(pmf[0] - (4 / 6) ** 2) < 1e-15), cut < 1e-12
    (True, True)
    """
    if m == 0:
        return np.ones(1), 0.0
    # negative binomial: j extra successes from the 6s' re-rolls, ratio (m + j) / (6 (j + 1)) < 1 for j >= m / 5
    j_max = 60 + 3 * m
    j = np.arange(j_max)
    ratios = (m + j[:-1]) / (6.0 * (j[:-1] + 1))
    nb = (5.0 / 6.0) ** m * np.concatenate(([1.0], np.cumprod(ratios)))
    pmf = np.convolve(binom(m, 0.2), nb)
    tail = np.cumsum(pmf[::-1])[::-1]  # tail[i] = P(Y >= i) within the computed range
    keep = int(np.searchsorted(-tail, -TAIL_CUTOFF / 10, side="right"))
    keep = max(keep, 1)
    cut = float(tail[keep]) if keep < len(pmf) else 0.0
    # beyond j_max the series is geometric with ratio below 1/2: bounded by its last term
    cut += float(nb[-1])
    return pmf[:keep], cut


def cancels(black: int, exact: bool = False) -> np.ndarray:
    """Successes cancelled by ``black`` black dice (each 1 or 6, 1 in 3; no
    re-rolls): Binomial(black, 1/3), in Fractions with ``exact``.

    >>> [round(float(p), 12) for p in cancels(2)]
    [0.444444444444, 0.444444444444, 0.111111111111]
    >>> cancels(1, exact=True).tolist()
    [Fraction(2, 3), Fraction(1, 3)]
    """
    return binom(black, ratio(1, 3, exact))
