"""VERS's target and degrees: roll 3d6, add the penalty, succeed at or
under the competence target (docs/rules_heresy_vers.md#vers-vers-3d6-roll-under-for-comparison).

>>> spec = {"ranks": 3, "penalty": 2}
>>> target(spec), threshold(spec), degrees(spec, 8)
(13, 0, 3)
"""

from __future__ import annotations

from typing import Any

from ...maths.dist import sum_ways
from .rules import Rules, rules_of

#: Ways to roll each total 3..18 on 3d6 (index 0 = a total of 3).
WAYS_3D6 = sum_ways(3, 6).astype(float)


def target(spec: dict, rules: Rules | None = None) -> int:
    """The competence target (CT) that 3d6 + penalty must not exceed: 10 + ranks."""
    rules = rules or rules_of(spec)
    return rules.base_ct + spec["ranks"]


def threshold(spec: dict) -> int:
    """Degrees needed to pass: 0 (the modified roll equals the CT)."""
    return 0


def degrees(spec: dict, total: Any, rules: Rules | None = None) -> Any:
    """CT - (roll + penalty); negative = degrees of failure (``total`` may be an array)."""
    rules = rules or rules_of(spec)
    return target(spec, rules) - (total + spec["penalty"])


def ways_at_most(n: int, dice: int = 3) -> int:
    """Rolls of ``dice`` d6 (out of 6 ** dice) totalling ``n`` or less.

    >>> ways_at_most(3), ways_at_most(10), ways_at_most(18), ways_at_most(7, dice=2)
    (1, 108, 216, 21)
    """
    ways = WAYS_3D6 if dice == 3 else sum_ways(dice, 6)
    return int(ways[: max(0, min(n, 6 * dice) - dice + 1)].sum())
