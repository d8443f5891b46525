"""Playsheet checks (docs/rules_playsheet.md#check): a d20 plus score and
bonus against 5 x difficulty + factors; natural 1 fails, auto-pass by rank.
No kismet on checks.

>>> s = {"roll": "check", "rank": "bronze", "score": 3, "difficulty": 1, "factors": [], "bonus": []}
>>> check_odds(s).p_pass   # target 5: naturals 2..20 pass
0.95
"""

from __future__ import annotations

import numpy as np

from ...maths.exact import ratio
from ...maths.odds import Odds
from ...table.rolls import Die, Roll
from ..d20_check import first_d20
from .rules import rules_of
from .details import CheckDetails


def target(spec: dict) -> int:
    """The total a check's d20 + score + bonus must reach: 5 x difficulty +
    factors (5..28). A task has a :func:`~.outcome.threshold` instead.

    >>> target({"roll": "check", "difficulty": 2, "factors": [2, 1]})
    13
    """
    if spec["roll"] != "check":
        raise ValueError("a playsheet task has a threshold (outcome.threshold), not a target")
    return 5 * spec["difficulty"] + sum(spec["factors"])

def check_category(spec: dict, natural: int) -> str:
    """``auto-fail``, ``auto-pass``, ``pass`` or ``fail`` for a natural d20.

    >>> s = {"roll": "check", "rank": "gold", "score": 0, "difficulty": 4, "factors": [], "bonus": []}
    >>> [check_category(s, n) for n in (1, 17, 18)]
    ['auto-fail', 'fail', 'auto-pass']
    """
    if natural == 1:
        return "auto-fail"
    if natural >= rules_of(spec).auto_pass_from(spec["rank"]):
        return "auto-pass"
    return "pass" if natural + spec["score"] + sum(spec["bonus"]) >= target(spec) else "fail"

def check_odds(spec: dict, exact: bool = False) -> Odds:
    counts = {"auto-pass": 0, "pass": 0, "fail": 0, "auto-fail": 0}
    for natural in range(1, 21):
        counts[check_category(spec, natural)] += 1
    breakdown = {k: ratio(v, 20, exact) for k, v in counts.items()}
    p = ratio(counts["auto-pass"] + counts["pass"], 20, exact)
    return Odds(
        spec=spec,
        distribution={k: v for k, v in (("pass", p), ("fail", 1 - p)) if v > 0},
        p_pass=p,
        threshold=target(spec),
        goal=target(spec),
        p_goal=p,
        breakdown=breakdown,
    )


def roll_check(spec: dict, seed: int, kiss: list[int] | None, ego: bool | None) -> Roll:
    natural, _ = first_d20(seed, kiss, ego, "you can't spend kismet on a check", "you can't spend kismet on a check")
    cat = check_category(spec, natural)
    passed = cat in ("auto-pass", "pass")
    return Roll(
        spec=spec,
        seed=seed,
        dice=(Die(0, "d20", spec["rank"], 20, natural, natural),),
        outcome="pass" if passed else "fail",
        passed=passed,
        goal_reached=passed,
        details=CheckDetails(natural=natural, total=natural + spec["score"] + sum(spec["bonus"]),
                             target=target(spec), category=cat),
    )


def roll_many_checks(spec: dict, n: int, first: np.random.Generator) -> np.ndarray:
    natural = first.integers(1, 21, size=n)
    total = natural + spec["score"] + sum(spec["bonus"])
    auto = rules_of(spec).auto_pass_from(spec["rank"])
    return (natural != 1) & ((natural >= auto) | (total >= target(spec)))
