"""Seeded Heresy rolls: one roll die by die, and many rolls vectorised.

>>> import venus_widgets as vw
>>> r = vw.roll({"edition": "heresy", "pool": 6, "black": 3}, seed=1)
>>> r.outcome == sum(d.scores for d in r.dice)
True
"""

from __future__ import annotations

import numpy as np

from ...errors import SpecError
from ...table.rolls import Die, Roll, in_blocks, streams
from .degrees import degree, threshold
from .net import pool_dice
from .rules import Rules, rules_of
from .details import TaskDetails


def _among(faces: np.ndarray, chosen: tuple[int, ...]) -> np.ndarray:
    return np.isin(faces, chosen)


def roll(spec: dict, seed: int, kiss: list[int] | None = None, ego: bool | None = None,
         rules: Rules | None = None) -> Roll:
    """A seeded roll: pool dice, black dice, then the re-rolls of 6s
    (``exploded_from``) in rolling order. KISS and Ego do not exist here."""
    rules = rules or rules_of(spec)
    if kiss:
        raise SpecError("kiss", kiss, "no KISS in the Heresy Engine")
    m, black, trade = pool_dice(spec, rules), spec["black"], spec["trade"]
    succ, again = rules.success_faces, rules.reroll_faces
    g1, _ = streams(seed)
    faces = [int(f) for f in g1.integers(1, 7, size=m + black)]
    dice = [Die(i, "own", None, 6, f, f, False, int(f in succ)) for i, f in enumerate(faces[:m])]
    dice += [Die(m + i, "black", None, 6, f, f, False, -int(f in succ)) for i, f in enumerate(faces[m:])]
    pending = [d.index for d in dice[:m] if d.after in again]
    while pending:
        new = g1.integers(1, 7, size=len(pending))
        nxt = []
        for src, f in zip(pending, new):
            d = Die(len(dice), "own", None, 6, int(f), int(f), False, int(f in succ), exploded_from=src)
            dice.append(d)
            if f in again:
                nxt.append(d.index)
        pending = nxt
    net = sum(d.scores for d in dice) + trade
    need = threshold(spec, rules)
    return Roll(spec=spec, seed=seed, dice=tuple(dice), outcome=net, passed=net >= need,
                goal_reached=net >= need,
                details=TaskDetails(degree=degree(net, rules), automatic=trade, foul_failure=net < 0))


def roll_many(spec: dict, n: int, seed: int, rules: Rules | None = None) -> np.ndarray:
    """Net successes of ``n`` rolls, simulating every die (vectorised, in blocks)."""
    rules = rules or rules_of(spec)
    return in_blocks(n, seed, lambda rows, g1, _: _rolls(spec, rows, g1, rules))


def _rolls(spec: dict, rows: int, g1: np.random.Generator, rules: Rules) -> np.ndarray:
    m, black, trade = pool_dice(spec, rules), spec["black"], spec["trade"]
    succ, again = rules.success_faces, rules.reroll_faces
    faces = g1.integers(1, 7, size=(rows, m), dtype=np.int8)
    net = _among(faces, succ).sum(axis=1) + trade
    net -= _among(g1.integers(1, 7, size=(rows, black), dtype=np.int8), succ).sum(axis=1)
    sixes = _among(faces, again).sum(axis=1)
    while sixes.any():  # one re-roll per re-roll face (a 6): its success, and the re-roll faces among them
        f = g1.integers(1, 7, size=int(sixes.sum()), dtype=np.int8)
        row = np.repeat(np.arange(rows), sixes)
        net += np.bincount(row, weights=_among(f, succ), minlength=rows).astype(np.int64)
        sixes = np.bincount(row, weights=_among(f, again), minlength=rows).astype(np.int64)
    return net
