"""The pool dice's successes (each success face scores, each re-roll face
is rolled again while re-roll faces come up) and the black dice's cancels,
for any reading of the rules (:class:`~.rules.Rules`; today: success on 1
or 6, 6 re-rolled).

One pool die's generating function is ``A(z) / (6 - B(z))``: ``A`` counts
the faces that stop (``z`` for a success), ``B`` the faces rolled again.
Today ``A = 4 + z`` and ``B = z``: one die gives ``k >= 1`` successes
with probability ``(10/6) 6**-k``. Written ``(a0 + a1 z) / (c - b1 z)``
with ``c = 6 - b0``, the pool's successes are a Binomial(m, a1 / (a0 + a1))
plus a negative binomial (m, 1 - b1 / c) count. The unbounded tail is cut
where the mass left is below 1e-12.

>>> pmf, cut = pool_pmf(1)
>>> round(float(pmf[0]), 12), round(float(pmf[1]), 12)   # 4/6, (10/6)/6
(0.666666666667, 0.277777777778)
>>> pmf, cut = pool_pmf(1, Rules(success_faces=[6]))      # 6 only: 5/6 none, then (1/6)^k (5/6)
>>> round(float(pmf[0]), 12), round(float(pmf[1]), 12), cut < 1e-12
(0.833333333333, 0.138888888889, True)
"""

from __future__ import annotations

import numpy as np

from ...maths.dist import binom
from ...maths.exact import ratio
from ...maths.odds import TAIL_CUTOFF
from .rules import RULES, Rules


def die_faces(rules: Rules) -> tuple[int, int, int, int]:
    """Faces of one pool die: (stop, no success), (stop, success),
    (re-roll, no success), (re-roll, success): ``a0, a1, b0, b1``.

    >>> die_faces(RULES)
    (4, 1, 0, 1)
    """
    succ, again = set(rules.success_faces), set(rules.reroll_faces)
    count = [0, 0, 0, 0]
    for f in range(1, 7):
        count[2 * (f in again) + (f in succ)] += 1
    a0, a1, b0, b1 = count
    return a0, a1, b0, b1


def rational(rules: Rules = RULES) -> bool:
    """Whether a pool die's successes are a finite count: no face that is
    rolled again scores (a re-roll of a face that does not score only
    delays the stop). Then the pool's odds are fractions; else a scoring
    face rolls on without end.

    >>> rational(RULES), rational(Rules(reroll_faces=[])), rational(Rules(reroll_faces=[2, 3]))
    (False, True, True)
    """
    return die_faces(rules)[3] == 0


def pool_pmf(m: int, rules: Rules = RULES, exact: bool = False) -> tuple[np.ndarray, float]:
    """Successes of ``m`` pool dice (re-roll faces rolled again without
    limit): the pmf, cut where the tail left is below 1e-12, and the mass
    cut off. Where the odds are fractions (:func:`rational`), ``exact``
    gives them in Fractions.

    >>> pmf, cut = pool_pmf(2)
    >>> bool(abs(pmf[0] - (4 / 6) ** 2) < 1e-15), cut < 1e-12
    (True, True)
    """
    if m == 0:
        return np.ones(1, dtype=object if exact else float), 0.0
    a0, a1, b0, b1 = die_faces(rules)
    c = 6 - b0  # a re-roll that scores nothing only delays the stop: drop it
    pmf_first = binom(m, ratio(a1, a0 + a1, exact))  # the face each die stops on
    if not b1:
        return pmf_first, 0.0
    if exact:
        raise ValueError("a scoring face is rolled again without end: the odds are not rational")
    # negative binomial: j extra successes from the re-rolls, ratio (m + j) b1 / (c (j + 1)) -> b1 / c < 1
    j_max = 60 + 3 * m
    while True:
        j = np.arange(j_max)
        ratios = (m + j[:-1]) * b1 / (c * (j[:-1] + 1.0))
        nb = ((c - b1) / c) ** m * np.concatenate(([1.0], np.cumprod(ratios)))
        # beyond j_max the terms fall at least geometrically with ratio r (the ratios fall toward b1 / c):
        # the mass left is at most last r / (1 - r), at most the last term when r < 1/2
        r = float(ratios[-1])
        beyond = float(nb[-1]) if r < 0.5 else float(nb[-1]) * r / (1 - r) if r < 1 else 1.0
        if beyond < TAIL_CUTOFF / 10:
            break
        j_max *= 2
    pmf = np.convolve(pmf_first, nb)
    tail = np.cumsum(pmf[::-1])[::-1]  # tail[i] = P(Y >= i) within the computed range
    keep = int(np.searchsorted(-tail, -TAIL_CUTOFF / 10, side="right"))
    keep = max(keep, 1)
    cut = float(tail[keep]) if keep < len(pmf) else 0.0
    cut += beyond
    return pmf[:keep], cut


def cancels(black: int, exact: bool = False, rules: Rules = RULES) -> np.ndarray:
    """Successes cancelled by ``black`` black dice (each success face
    cancels one, today 1 or 6: 1 in 3; no re-rolls): a binomial, in
    Fractions with ``exact``.

    >>> [round(float(p), 12) for p in cancels(2)]
    [0.444444444444, 0.444444444444, 0.111111111111]
    >>> cancels(1, exact=True).tolist()
    [Fraction(2, 3), Fraction(1, 3)]
    """
    return binom(black, ratio(len(rules.success_faces), 6, exact))
