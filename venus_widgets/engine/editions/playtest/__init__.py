"""The default edition, ``playtest`` (Venus Engine 1st Playtest Rules v0.2).

Checks (one d20, bonus d6s) live in :mod:`.check`, tasks (a d6
pool with KISS and Ego) in :mod:`.task`; this module is the edition's
public face (the :class:`~venus_widgets.engine.edition.Edition` contract):
it dispatches on the spec's ``roll`` and regenerates the seed's published
table.

>>> rows = table("bronze", 2)
>>> [round(p, 3) for p in rows[1].at_least]
[55.556, 11.111]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from . import check as playtest_check, task as playtest_task
from ...errors import SpecError
from ...odds import Odds
from ...rolls import Roll
from .schema import SCHEMAS, cross_checks  # noqa: F401

ID = "playtest"
FEATURES: frozenset[str] = frozenset({"advise", "kiss_odds", "vary"})


def _module(spec: dict):
    return playtest_check if spec["roll"] == "check" else playtest_task


def odds(spec: dict, exact: bool = False) -> Odds:
    return _module(spec).odds(spec, exact)


def denominator(spec: dict) -> int:
    return _module(spec).denominator(spec)


def roll(spec: dict, seed: int, kiss: list[int] | None = None, ego: bool | None = None) -> Roll:
    return _module(spec).roll(spec, seed, kiss, ego)


def roll_many(spec: dict, n: int, seed: int) -> np.ndarray:
    return _module(spec).roll_many(spec, n, seed)


def advise(spec: dict, faces: Sequence[int], kissed: Sequence[int] = ()):
    if spec["roll"] != "task":
        raise SpecError("roll", spec["roll"], "task", "advice is about which task dice to KISS")
    return playtest_task.advise(spec, faces, kissed)


def kiss_odds(spec: dict, faces: Sequence[int], kiss: Sequence[int], ego: bool | None = None) -> dict[str, float]:
    if spec["roll"] != "task":
        raise SpecError("roll", spec["roll"], "task", "only task dice are KISSed")
    return playtest_task.kiss_odds(spec, faces, kiss, ego)


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
    p = 1 - playtest_task.classes(caliber, exact=True)[0]  # counted in Fractions, rounded once
    rows = []
    for n in range(1, max_dice + 1):
        pmf = [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]
        at_least = tuple(float(100 * sum(pmf[k:])) for k in range(1, n + 1))
        rows.append(TableRow(n, at_least, float(n * p), math.sqrt(n * p * (1 - p))))
    return tuple(rows)


# Difficulty ladder and "explain this number": each roll kind's own.


def ladder_settings(spec: dict) -> list[dict]:
    return _module(spec).ladder_settings(spec)


def vary_values(spec: dict, field: str) -> list | None:
    mod = _module(spec)
    return mod.vary_values(spec, field) if hasattr(mod, "vary_values") else None


def explain_steps(spec: dict, o: Odds) -> list:
    return _module(spec).explain_steps(spec, o)


def explain_roll(r: Roll) -> list[str]:
    return _module(dict(r.spec)).explain_roll(r)

from . import at_table  # noqa: E402,F401  (the roll at the table, engine/table.py; last: it imports this package)
