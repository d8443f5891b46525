"""From the (successes, sixes) of a task's dice to its final outcome and
its :class:`~venus_widgets.engine.odds.Odds`: Ego ``double6`` counts every
6 twice when still short of the goal; the breakdown says what the first
roll, the KISS round and Ego each add (:mod:`.task` lists its keys).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import numpy as np

from ...exact import bincount
from ...odds import Odds
from .dice import FAIL, classes
from .task import budget, calibers, goal, threshold


@lru_cache(maxsize=64)
def _outcome_index(size: int, g: int, double6: bool) -> np.ndarray:
    s, x = np.indices((size, size))
    return np.where(double6 & (s < g), s + x, s).ravel()


def finish_odds(spec: dict, nokiss, H, p0_thr, p0_goal, notes=(), exact: bool = False) -> Odds:
    g, thr = goal(spec), threshold(spec)
    size = H.shape[0]
    double6 = spec["ego"] == "double6"
    num = Fraction if exact else float
    zero = num(0)
    final = bincount(_outcome_index(size, g, double6), H.ravel(), minlength=2 * size)
    final[:size] += nokiss
    p_kiss_path = 1 - p0_goal
    n_all = spec["dice"] + len(spec["allies"])
    all_succ = zero
    if n_all < g:
        all_succ = num(1)
        for c in calibers(spec):
            all_succ *= 1 - classes(c, exact)[FAIL]
    p_kiss_used = max(p_kiss_path - all_succ, zero) if budget(spec) > 0 else zero
    if spec["ego"] == "double6":
        p_ego = num(H[:g, 1:].sum())
    elif spec["ego"] == "reroll":
        p_ego = p_kiss_used
    else:
        p_ego = None
    pre = H.sum(axis=1)
    pre[: nokiss.size] += nokiss
    p1_thr, p1_goal = num(pre[thr:].sum()), num(pre[g:].sum())
    p_pass, p_goal = num(final[thr:].sum()), num(final[g:].sum())
    p0_thr, p0_goal, p_kiss_used = num(p0_thr), num(p0_goal), num(p_kiss_used)
    breakdown = {
        "pass_without_kiss": p0_thr,
        "pass_after_kiss": max(p1_thr - p0_thr, zero),
        "pass_with_ego": max(p_pass - p1_thr, zero),
        "fail": max(1 - p_pass, zero),
        "goal_without_kiss": p0_goal,
        "goal_after_kiss": max(p1_goal - p0_goal, zero),
        "goal_with_ego": max(p_goal - p1_goal, zero),
        "p_kiss_used": p_kiss_used,
        "p_ego_spent": p_ego or zero,
    }
    return Odds.from_pmf(spec, final, threshold=thr, goal=g, breakdown=breakdown, p_ego_spent=p_ego, notes=notes)




def final_pmf(joint_sx: np.ndarray, g: int, double6: bool) -> np.ndarray:
    """The final outcome's pmf from a (successes, sixes) table."""
    size = joint_sx.shape[0]
    return bincount(_outcome_index(size, g, double6), joint_sx.ravel(), minlength=2 * size)
