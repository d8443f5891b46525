"""Seeded VERS rolls: one check die by die, and many vectorised.

>>> import venus_widgets as vw
>>> r = vw.roll({"edition": "vers", "ranks": 3, "penalty": 2}, seed=4)
>>> r.outcome == 13 - (sum(d.after for d in r.dice) + 2)
True
"""

from __future__ import annotations

import numpy as np

from ...errors import SpecError
from ...table.rolls import Die, Roll, in_blocks, streams
from .degrees import degrees, target, threshold
from .rules import Rules, rules_of
from .details import CheckDetails


def roll(spec: dict, seed: int, kiss: list[int] | None = None, ego: bool | None = None,
         rules: Rules | None = None) -> Roll:
    """A seeded roll of three d6 (owner "own"); no KISS or Ego in VERS."""
    rules = rules or rules_of(spec)
    if kiss:
        raise SpecError("kiss", kiss, "no KISS in VERS")
    g1, _ = streams(seed)
    faces = [int(f) for f in g1.integers(1, 7, size=rules.dice)]
    total = sum(faces)
    deg = int(degrees(spec, total, rules))
    passed = deg >= threshold(spec)
    dice = tuple(Die(i, "own", None, 6, f, f) for i, f in enumerate(faces))
    return Roll(spec=spec, seed=seed, dice=dice, outcome=deg, passed=passed, goal_reached=passed,
                details=CheckDetails(total=total, ct=target(spec, rules), penalty=spec["penalty"],
                                     modified=total + spec["penalty"]))


def roll_many(spec: dict, n: int, seed: int, rules: Rules | None = None) -> np.ndarray:
    """Degrees of ``n`` rolls (vectorised, in blocks)."""
    rules = rules or rules_of(spec)
    return in_blocks(n, seed, lambda rows, g1, _: degrees(
        spec, g1.integers(1, 7, size=(rows, rules.dice), dtype=np.int8).sum(axis=1), rules))
