"""The playsheet's dice: the D10 faces that pass per rank, the d20 naturals
that auto-pass per rank, and rolling exploding chains.

>>> PASS_FROM["gold"], AUTO_FROM["gold"]
(5, 18)
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np

from ...maths.exact import ratio
from ...table.rolls import Die
from .rules import RULES, Rules

#: Lowest passing D10 face per rank (tasks), by today's rules (:mod:`.rules`).
PASS_FROM = dict(RULES.pass_from)

#: Lowest natural d20 that auto-passes per rank (checks), by today's rules.
AUTO_FROM = dict(RULES.check_auto_pass_from)

def pass_chance(rank: str, exact: bool = False, rules: Rules = RULES) -> float:
    """Chance one D10 passes (a Fraction with ``exact``).

    >>> [pass_chance(r) for r in ("bronze", "silver", "gold", "platinum")]
    [0.4, 0.5, 0.6, 0.7]
    """
    return ratio(11 - rules.pass_from[rank], 10, exact)


def die_passes(d: Die, rules: Rules = RULES) -> bool:
    return d.after >= rules.pass_from[cast(str, d.grade)]  # playsheet dice are graded by rank name

def add_explosions(dice: list[Die], start: int, gen: Any, explode: bool, high: int = 10) -> None:
    """Append explosion dice for every high face (a 10; ``explode_from``)
    from ``dice[start:]`` on, drawing faces from ``gen`` in rolling order."""
    i = start
    while explode and i < len(dice):
        d = dice[i]
        if d.after >= high:
            face = int(gen.integers(1, 11))
            dice.append(Die(len(dice), d.owner, d.grade, 10, face, face, exploded_from=d.index))
        i += 1

def roll_chains(gen: Any, shape: tuple[int, ...], explode: bool, high: int = 10) -> tuple[np.ndarray, np.ndarray]:
    """Roll chains: the face each chain ends on, and its number of high
    faces (10s; at least ``high``)."""
    face = gen.integers(1, 11, size=shape, dtype=np.int8)
    tens = np.zeros(shape, dtype=np.int32)
    if not explode:
        return face, (face >= high).astype(np.int32)
    active = face >= high
    while active.any():
        tens += active
        new = gen.integers(1, 11, size=int(active.sum()), dtype=np.int8)
        face[active] = new
        active = face >= high
    return face, tens
