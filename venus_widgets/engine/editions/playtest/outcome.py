"""From the (successes, sixes) of a task's dice to its final outcome and
its :class:`~venus_widgets.engine.maths.odds.Odds`: Ego ``double6`` counts every
6 twice when still short of the goal; the breakdown says what the first
roll, the KISS round and Ego each add (:mod:`.task` lists its keys).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from ...maths.exact import EXACT_BELOW, bincount
from ...maths.odds import Odds
from .dice import FAIL, classes
from .rules import Rules, rules_of
from .task import budget, calibers, goal, threshold


def _outcome_index(size: int, g: int, double6: bool) -> np.ndarray:
    """The final outcome of each cell of a flattened (successes, sixes)
    table: the successes, plus the sixes below the goal under double6."""
    s = np.arange(size)
    if not double6:
        return np.repeat(s, size)
    out = np.add.outer(s, s)
    out[g:] = s[g:, None]  # at the goal or past it, the sixes count once
    return out.ravel()


def finish_odds(spec: dict, H: Any, p0_thr: Any, p0_goal: Any, notes: tuple[str, ...] = (), exact: bool = False,
                denominator: int | None = None, rules: Rules | None = None) -> Odds:
    """The odds from the (successes, sixes) table ``H`` of every roll at
    the end of the KISS round (a first roll that reaches the goal KISSes
    nothing) and the chances that the first roll passes and reaches the
    goal: as probabilities, or with ``denominator`` as whole counts over it
    (:mod:`.default`), each value divided once at the end (a division of
    two whole numbers is correctly rounded): below 2**53, where float64
    counts are exact, by :meth:`Odds.from_counts`, which keeps the counts
    as the exact odds."""
    rules = rules or rules_of(spec)
    g, thr = goal(spec, rules), threshold(spec, rules)
    size = H.shape[0]
    double6 = spec["ego"] == "double6"
    counted = denominator is not None and not exact and denominator < EXACT_BELOW
    num: Any
    if counted:  # whole numbers, exact in float64 below 2**53: Odds.from_counts checks and divides
        num = lambda c: c  # noqa: E731
        one = denominator
    elif denominator is None:
        num = Fraction if exact else float
        one = num(1)
    else:
        D = denominator
        num = (lambda c: Fraction(int(c), D)) if exact else (lambda c: float(c) / D)
        one = D
    final = bincount(_outcome_index(size, g, double6), H.ravel(), minlength=2 * size)
    pre = H.sum(axis=1)  # the successes before Ego
    p_kiss_path = one - p0_goal
    n_all = spec["dice"] + len(spec["allies"])
    all_succ: Any = 0
    if n_all < g:  # every die succeeds at once and still short: nothing to KISS
        if denominator is None:
            all_succ = one
            for c in calibers(spec):
                all_succ *= 1 - classes(c, exact, rules)[FAIL]
        else:
            all_succ = 6 ** budget(spec)
            for c in calibers(spec):
                all_succ *= 6 - rules.faces(c)[FAIL]
    p_kiss_used = max(p_kiss_path - all_succ, 0) if budget(spec) > 0 else 0
    if spec["ego"] == "double6":
        p_ego = num(H[:g, 1:].sum())
    elif spec["ego"] == "reroll":
        p_ego = num(p_kiss_used)
    else:
        p_ego = None
    if counted:  # whole numbers below 2**53 add up exactly in any order: in Python, cheaper than numpy here
        fl, pl = final.tolist(), pre.tolist()
        p1_thr, p1_goal, p_pass, p_goal = sum(pl[thr:]), sum(pl[g:]), sum(fl[thr:]), sum(fl[g:])
        p_fail = sum(fl[:thr])
    else:
        p1_thr, p1_goal, p_pass, p_goal = pre[thr:].sum(), pre[g:].sum(), final[thr:].sum(), final[g:].sum()
        p_fail = final[:thr].sum()  # not one - p_pass: above 2**53 a tiny chance keeps its digits
    breakdown = {
        "pass_without_kiss": num(p0_thr),
        "pass_after_kiss": num(max(p1_thr - p0_thr, 0)),
        "pass_with_ego": num(max(p_pass - p1_thr, 0)),
        "fail": num(p_fail),
        "goal_without_kiss": num(p0_goal),
        "goal_after_kiss": num(max(p1_goal - p0_goal, 0)),
        "goal_with_ego": num(max(p_goal - p1_goal, 0)),
        "p_kiss_used": num(p_kiss_used),
        "p_ego_spent": p_ego or num(0),
    }
    if counted and denominator is not None:
        return Odds.from_counts(spec, final, denominator, threshold=thr, goal=g, breakdown=breakdown,
                                p_ego_spent=p_ego, notes=tuple(notes))
    pmf: Any = final
    if denominator is not None:  # each count divided once (as float(c) / D would: the same rounding)
        pmf = final / float(denominator) if not exact else [num(c) for c in final]
    elif not exact:
        pmf = final.astype(float)
    return Odds.from_pmf(spec, pmf, threshold=thr, goal=g, breakdown=breakdown, p_ego_spent=p_ego, notes=notes)


def final_pmf(joint_sx: np.ndarray, g: int, double6: bool) -> np.ndarray:
    """The final outcome's pmf from a (successes, sixes) table."""
    size = joint_sx.shape[0]
    return bincount(_outcome_index(size, g, double6), joint_sx.ravel(), minlength=2 * size)
