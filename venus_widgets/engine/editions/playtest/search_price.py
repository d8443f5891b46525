"""The time many rolls under the optimal policy spend choosing: ``roll_many``
works out the best KISS choice once for each kind of first roll it meets
short of the goal (:func:`.rolls.optimal_masks`, by counts of each caliber's
failed dice, successes and 6s), and each search values every choice worth
trying (:func:`.choices.best_choice`). Priced before any roll, from the
spec's numbers alone: every kind of first roll with its chance (each
caliber's dice a multinomial of its three classes), the kinds a call of
``n`` rolls meets on average (``1 - (1 - p) ** n`` each), and each search by
the choices it values and the dice they re-roll.

>>> spec = {"roll": "task", "caliber": "bronze", "dice": 30, "allies": ["bronze", "silver", "gold"] * 2,
...         "kiss": 40, "ego": "double6", "policy": "optimal", "factors": 4, "consequences": 8, "learning": False}
>>> kinds_met(spec, 16_384) > kinds_met(spec, 1_000) > 100
True
>>> search_seconds({**spec, "policy": "failures"}, 16_384)
0.0
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ...table.rolls import BLOCK_ROLLS
from .dice import classes
from .rules import rules_of
from .task import calibers, goal

#: One search, whatever it values (the kind of roll made into a state, the choices listed), in seconds; a
#: choice valued (its table of successes and 6s, the chance of falling short read off it), and each die it
#: re-rolls folded in (measured: 30 bronze dice and six allies of three calibers, Ego double6, 200,000
#: rolls: 1,737 searches, 9,918 choices valued, 290,000 dice re-rolled in them, 1.1 s of the 1.8 s).
SEARCH = 5e-5
CHOICE = 4e-5
DIE = 4e-6
#: The most searches the policy keeps (:func:`.choices.best_choice`'s cache): past it, the kinds a call meets
#: are searched again block by block.
KEPT = 4096
#: The most kinds of first roll this prices one by one (past it, each caliber's counts are
#: coarser than the dice; never reached by a legal task: 30 dice and six allies of three calibers, 20,196).
MOST_KINDS = 500_000


def _kinds(spec: dict) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """Every kind of first roll: its chance, and its failed dice, successes (not 6) and 6s in all."""
    rules = rules_of(spec)
    groups: dict[str, int] = {}
    for c in calibers(spec):
        groups[c] = groups.get(c, 0) + 1
    if math.prod((m + 1) * (m + 2) // 2 for m in groups.values()) > MOST_KINDS:
        return None
    p = np.ones(1)
    F = S = X = np.zeros(1, dtype=np.int64)
    for cal, m in groups.items():
        pf, ps, p6 = (float(v) for v in classes(cal, False, rules))
        f, s = (a.ravel() for a in np.meshgrid(np.arange(m + 1), np.arange(m + 1), indexing="ij"))
        keep = f + s <= m
        f, s = f[keep], s[keep]
        x = m - f - s
        logs = (math.lgamma(m + 1) - _lgam(f) - _lgam(s) - _lgam(x) + _log(pf, f) + _log(ps, s) + _log(p6, x))
        q = np.exp(logs)
        p = np.multiply.outer(p, q).ravel()
        F, S, X = (np.add.outer(a, b).ravel() for a, b in ((F, f), (S, s), (X, x)))
    return p, F, S, X


def _lgam(a: np.ndarray) -> np.ndarray:
    return np.array([math.lgamma(v + 1) for v in a.tolist()])


def _log(p: float, k: np.ndarray) -> np.ndarray:
    return k * math.log(p) if p > 0 else np.where(k > 0, -np.inf, 0.0)


def _short(spec: dict) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The kinds of first roll short of the goal: their chances, failed dice and successes (not 6)."""
    found = _kinds(spec)
    if found is None:
        return None
    p, F, S, X = found
    short = (S + X) < goal(spec, rules_of(spec))
    return p[short], F[short], S[short]


def _met(p: np.ndarray, n: int) -> np.ndarray:
    """The chance that ``n`` rolls meet each kind of chance ``p`` at least once."""
    return -np.expm1(n * np.log1p(-np.minimum(p, 1.0)))


def kinds_met(spec: dict, n: int) -> float:
    """The kinds of first roll short of the goal ``n`` rolls meet, on average."""
    found = _short(spec)
    return float(n) if found is None else float(_met(found[0], n).sum())


class SearchWork(NamedTuple):
    """What ``n`` rolls of many do choosing, on average: the searches (kinds
    of first roll met short of the goal), the choices they value (a search
    of one choice values none) and the dice those choices re-roll."""

    searches: float
    choices: float
    dice: float


def search_work(spec: dict, n: int) -> SearchWork:
    """The :class:`SearchWork` of ``n`` rolls (see the module)."""
    if spec.get("roll") != "task" or spec.get("policy") != "optimal":
        return SearchWork(0.0, 0.0, 0.0)
    found = _short(spec)
    d = spec["dice"] + len(spec["allies"])
    b = min(spec["kiss"], d)
    if found is None:  # (every roll a search of every choice)
        return SearchWork(float(n), n * (b + 1.0), n * (b + 1.0) * d)
    p, F, S = found
    first = np.minimum(F, b)  # the failed dice KISSed, best chance first
    if spec["ego"] == "double6":  # then each further success hoping for a 6
        more = np.minimum(b - first, S)
        choices = 1 + more
        dice = choices * first + more * (more + 1) // 2
    elif spec["ego"] == "reroll":  # or every failed die, Ego spent
        choices = 1 + (F > b)
        dice = first + np.where(F > b, F, 0)
    else:
        choices, dice = np.ones_like(F), first
    valued = choices > 1  # (one choice: nothing valued)
    met = _met(p, n)
    if met.sum() > KEPT:  # (the kinds a block meets, block by block)
        met = -(-n // BLOCK_ROLLS) * _met(p, min(n, BLOCK_ROLLS))
    return SearchWork(float(met.sum()), float((met * np.where(valued, choices, 0)).sum()),
                      float((met * np.where(valued, dice, 0)).sum()))


def search_seconds(spec: dict, n: int) -> float:
    """The seconds ``n`` rolls of many spend searching (see the module): 0
    under the policy of failures first, which looks nothing up."""
    w = search_work(spec, n)
    return w.searches * SEARCH + w.choices * CHOICE + w.dice * DIE
