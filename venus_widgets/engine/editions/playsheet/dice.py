"""The playsheet's dice: the D10 faces that pass per rank, the d20 naturals
that auto-pass per rank, and rolling exploding chains.

>>> PASS_FROM["gold"], AUTO_FROM["gold"]
(5, 18)
"""

from __future__ import annotations

from typing import cast

import numpy as np

from ...exact import ratio
from ...rolls import Die

#: Lowest passing D10 face per rank (tasks).
PASS_FROM = {"bronze": 7, "silver": 6, "gold": 5, "platinum": 4}

#: Lowest natural d20 that auto-passes per rank (checks).
AUTO_FROM = {"bronze": 20, "silver": 19, "gold": 18, "platinum": 17}

def pass_chance(rank: str, exact: bool = False) -> float:
    """Chance one D10 passes (a Fraction with ``exact``).

    >>> [pass_chance(r) for r in ("bronze", "silver", "gold", "platinum")]
    [0.4, 0.5, 0.6, 0.7]
    """
    return ratio(11 - PASS_FROM[rank], 10, exact)


def _passes(d: Die) -> bool:
    return d.after >= PASS_FROM[cast(str, d.grade)]  # playsheet dice are graded by rank name

def _explode_from(dice: list[Die], start: int, gen, explode: bool) -> None:
    """Append explosion dice for every 10 from ``dice[start:]`` on, drawing
    faces from ``gen`` in rolling order."""
    i = start
    while explode and i < len(dice):
        d = dice[i]
        if d.after == 10:
            face = int(gen.integers(1, 11))
            dice.append(Die(len(dice), d.owner, d.grade, 10, face, face, exploded_from=d.index))
        i += 1

def _chains(gen, shape: tuple[int, ...], explode: bool) -> tuple[np.ndarray, np.ndarray]:
    """Roll chains: the face each chain ends on, and its number of 10s."""
    face = gen.integers(1, 11, size=shape, dtype=np.int8)
    tens = np.zeros(shape, dtype=np.int32)
    if not explode:
        return face, (face == 10).astype(np.int32)
    active = face == 10
    while active.any():
        tens += active
        new = gen.integers(1, 11, size=int(active.sum()), dtype=np.int8)
        face[active] = new
        active = face == 10
    return face, tens
