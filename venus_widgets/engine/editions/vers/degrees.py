"""VERS's target and degrees: roll 3d6, add the penalty, succeed at or
under the competence target (docs/rules_heresy_vers.md#vers-vers-3d6-roll-under-for-comparison).

>>> spec = {"ranks": 3, "penalty": 2}
>>> target(spec), threshold(spec), degrees(spec, 8)
(13, 0, 3)
"""

from __future__ import annotations


from ..._dist import sum_ways
from .rules import RULES, Rules

#: Ways to roll each total 3..18 on 3d6 (index 0 = a total of 3).
WAYS_3D6 = sum_ways(3, 6).astype(float)


def target(spec: dict, rules: Rules = RULES) -> int:
    """The competence target (CT) that 3d6 + penalty must not exceed: 10 + ranks."""
    return rules.base_ct + spec["ranks"]


def threshold(spec: dict) -> int:
    """Degrees needed to pass: 0 (the modified roll equals the CT)."""
    return 0


def degrees(spec: dict, total, rules: Rules = RULES):
    """CT - (roll + penalty); negative = degrees of failure (``total`` may be an array)."""
    return target(spec, rules) - (total + spec["penalty"])


def ways_at_most(n: int) -> int:
    """Rolls of 3d6 (out of 216) totalling ``n`` or less.

    >>> ways_at_most(3), ways_at_most(10), ways_at_most(18)
    (1, 108, 216)
    """
    return int(WAYS_3D6[: max(0, min(n, 18) - 2)].sum())
