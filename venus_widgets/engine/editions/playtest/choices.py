"""What a KISS choice gives, for one table state: the dice showing, by
counts per (caliber, class). The optimal policy (:mod:`.optimal`), the
rolls and the advice choose among the choices listed here.

>>> choice = default_choice({("bronze", FAIL): 2, ("gold", FAIL): 1}, 2, "none")
>>> choice
{('gold', 0): 1, ('bronze', 0): 1}
"""

from __future__ import annotations

from typing import Any, Iterator

from ...caching import cached

import numpy as np

from ...maths.exact import array, ratio, zeros
from .dice import FAIL, SIX, SUCC, joint
from .order import best_first
from .rules import RULES, Rules
from .outcome import final_pmf


def _caliber(key: tuple[str, int]) -> str:
    return key[0]


def state_pmf(kept_s: int, kept_x: int, reroll: dict[str, int], size: int, exact: bool = False,
              rules: Rules = RULES) -> np.ndarray:
    """Joint (successes, sixes) after KISSing ``reroll[caliber]`` dice,
    with ``kept_s`` successes (``kept_x`` of them 6s) staying."""
    out = zeros((size, size), exact)
    parts = sorted((r, cal) for cal, r in reroll.items() if r)
    tab = array([[ratio(1, 1, exact)]], exact)
    if parts:
        r, cal = parts.pop()  # the largest table first, the small ones folded in
        tab = joint(r, cal, exact, rules)
    for r, cal in parts:
        j = joint(r, cal, exact, rules)
        new = zeros((tab.shape[0] + r, tab.shape[1] + r), exact)
        for s in range(r + 1):
            for x in range(s + 1):
                if j[s, x]:
                    new[s : s + tab.shape[0], x : x + tab.shape[1]] += j[s, x] * tab
        tab = new
    out[kept_s : kept_s + tab.shape[0], kept_x : kept_x + tab.shape[1]] = tab
    return out


def state_choices(counts: dict[tuple[str, int], int], b: int, ego: str, rules: Rules = RULES) -> Iterator[Any]:
    """The reroll choices worth trying for a table state, by counts per
    (caliber, class). Yields (choice dict (caliber, class) -> count,
    ego_reroll_spent).

    P(goal) only grows when any die's class grows (fail < success < six,
    with or without ``double6``), and a re-rolled die of a better caliber
    is at least as good as one of a worse caliber. Hence every other choice
    is dominated by one of these: failed dice best chance first up to the
    budget (all of them when Ego ``reroll`` is spent); then, only with
    ``double6`` and budget left once every failed die is KISSed, the k
    non-6 successes of the best calibers (k = 1, 2, ...). A 6 is never
    worth KISSing. (The brute-force test tries every subset of dice.)"""
    for ego_spent in ((False, True) if ego == "reroll" else (False,)):
        choice = default_choice(counts, b, "reroll" if ego_spent else "none", rules)
        yield choice, ego_spent
        if ego != "double6":
            continue
        left = b - sum(choice.values())
        for k in best_first((k for k in counts if k[1] == SUCC), _caliber, rules):
            for _ in range(counts[k]):
                if left <= 0:
                    return
                choice = dict(choice)
                choice[k] = choice.get(k, 0) + 1
                left -= 1
                yield choice, False


def choice_pmf(counts: dict[tuple[str, int], int], choice: dict[tuple[str, int], int], size: int, g: int,
               double6: bool, exact: bool = False, rules: Rules = RULES) -> tuple[Any, Any]:
    kept_s = sum(v - choice.get(k, 0) for k, v in counts.items() if k[1] != FAIL)
    kept_x = sum(v - choice.get(k, 0) for k, v in counts.items() if k[1] == SIX)
    reroll: dict[str, int] = {}
    for (cal, _), v in choice.items():
        reroll[cal] = reroll.get(cal, 0) + v
    sx = state_pmf(kept_s, kept_x, dict(sorted(reroll.items())), size, exact, rules)
    return sx, final_pmf(sx, g, double6)


def default_choice(counts: dict[tuple[str, int], int], b: int, ego: str, rules: Rules = RULES) -> dict:
    """The default policy's choice for a state, by counts (best chance first)."""
    choice = {}
    left = sum(counts.values()) if ego == "reroll" else b
    for (cal, c) in best_first(counts, _caliber, rules):
        if c == FAIL:
            take = min(counts[(cal, c)], left)
            choice[(cal, c)] = take
            left -= take
    return choice


#: Two choices whose chances of falling short in floats are within this
#: share of each other are recounted in Fractions before one is chosen. A
#: chance here is a float sum of products of positive numbers, each off by
#: at most a few ulp relative (about 1e-16 each, a few thousand of them), so
#: a choice ahead by more than this in floats is ahead exactly, on every
#: machine; and a float chance of 0 is exactly 0 (no term is 0 by rounding:
#: the smallest, 6**-26 times a few, is far above float's least).
NEAR = 1e-9


@cached(4096)
def best_choice(state: tuple, b: int, ego: str, g: int, size: int,
                rules: Rules = RULES) -> tuple[dict, bool]:
    """Best choice for a table state (sorted tuple of ((caliber, class), count));
    returns (chosen dict, ego reroll spent): the choice of exactly
    the highest P(goal), ties to the earliest (the default policy's first).

    The choices are valued by their chance of falling short of the goal
    (1 - P(goal), small numbers that floats hold to their last digits,
    where P(goal) would round to 1), in floats; only those within
    :data:`NEAR` of the lowest are recounted in Fractions to choose among
    them (exact ties keep the earliest), so the choice is the one
    Fractions make, the same on every machine, at the price of floats
    (a block of rolls of 26 dice meets about 600 kinds of first roll:
    8 to 31 s all in Fractions)."""
    counts = dict(state)
    double6 = ego == "double6"
    succ = sum(v for k, v in counts.items() if k[1] != FAIL)
    if succ >= g:
        return {}, False
    dflt = default_choice(counts, b, ego, rules)
    tried = [(dflt, ego == "reroll" and any(v for v in dflt.values()))]
    for choice, spent in state_choices(counts, b, ego, rules):
        if all(choice != c for c, _ in tried):  # (the same dice KISSed: the same odds, the earlier kept)
            tried.append((choice, spent))
    if len(tried) > 1:
        short = [float(choice_pmf(counts, c, size, g, double6, False, rules)[1][:g].sum()) for c, _ in tried]
        low = min(short)
        near = [i for i, v in enumerate(short) if v <= low * (1 + NEAR)]
        if low and len(near) > 1:
            exact = [choice_pmf(counts, tried[i][0], size, g, double6, True, rules)[1][:g].sum() for i in near]
            near = [near[exact.index(min(exact))]]  # (the first of the lowest)
        tried = [tried[near[0]]]
    return tried[0]
