"""Playtest task dice: what one d6 of a caliber does (docs/rules_playtest.md#task).

A die succeeds on Bronze 5-6, Silver 4-6, Gold 3-6, Platinum 2-6; a 6 is
a success that Ego ``double6`` may count twice, so each die falls in one
of three classes: failed, success (not 6), six.

>>> classes("silver", exact=True)
(Fraction(1, 2), Fraction(1, 3), Fraction(1, 6))
>>> face_class(6, "bronze"), face_class(4, "bronze"), face_class(4, "silver")
(2, 0, 1)
>>> joint(1, "gold").round(4).tolist()
[[0.3333, 0.0], [0.5, 0.1667]]
"""

from __future__ import annotations

from ...caching import cached
from math import comb

import numpy as np

from ...maths.exact import ratio, zeros
from .rules import RULES, Rules

#: The classes of a die's face.
FAIL, SUCC, SIX = 0, 1, 2


def classes(caliber: str, exact: bool = False, rules: Rules = RULES) -> tuple[float, float, float]:
    """P(fail), P(success but not 6), P(6) for one die (Fractions with
    ``exact``); "6" is every face Ego ``double6`` doubles."""
    fail, succ, six = rules.faces(caliber)
    return ratio(fail, 6, exact), ratio(succ, 6, exact), ratio(six, 6, exact)


def face_class(face: int, caliber: str, rules: Rules = RULES) -> int:
    """The class of a face: FAIL, SUCC or SIX."""
    low = rules.lowest_success(caliber)
    return FAIL if face < low else (SIX if face >= max(low, rules.ego_double_from) else SUCC)


@cached(512)
def joint(r: int, caliber: str, exact: bool = False, rules: Rules = RULES) -> np.ndarray:
    """P(successes = s, sixes = x) for ``r`` dice: an (r+1, r+1) array."""
    pf, ps, p6 = classes(caliber, exact, rules)
    out = zeros((r + 1, r + 1), exact)
    for s in range(r + 1):
        for x in range(s + 1):
            out[s, x] = comb(r, s) * comb(s, x) * pf ** (r - s) * ps ** (s - x) * p6**x
    out.setflags(write=False)
    return out
