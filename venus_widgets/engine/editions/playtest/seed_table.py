"""The seed's published "% chance of getting..." table, regenerated: plain
pools of 1..``max_dice`` dice, no KISS, no Ego.

>>> rows = table("bronze", 2)
>>> [round(p, 3) for p in rows[1].at_least]
[55.556, 11.111]
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...maths.dist import binom
from .dice import FAIL, classes


@dataclass(frozen=True)
class TableRow:
    """One row of the "% chance of getting..." table: ``dice`` dice,
    ``at_least[k-1]`` = P(at least k successes) in percent, mean and sd."""

    dice: int
    at_least: tuple[float, ...]
    mean: float
    sd: float


def table(caliber: str = "bronze", max_dice: int = 8) -> tuple[TableRow, ...]:
    """The seed's table regenerated: plain pools of 1..``max_dice`` dice,
    no KISS, no Ego."""
    p = 1 - classes(caliber, exact=True)[FAIL]  # counted in Fractions, rounded once
    rows = []
    for n in range(1, max_dice + 1):
        pmf = list(binom(n, p))
        at_least = tuple(float(100 * sum(pmf[k:])) for k in range(1, n + 1))
        rows.append(TableRow(n, at_least, float(n * p), math.sqrt(n * p * (1 - p))))
    return tuple(rows)
