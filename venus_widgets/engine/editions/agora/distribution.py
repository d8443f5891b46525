"""Exact odds of an agora check or task
(docs/rules_agora.md#how-the-odds-are-computed).

The joint distribution of (6s, successes, 1s) after the policy's KISS round
(:mod:`.policy`), over all faces, then Ego and snake eyes read from it by
:func:`summary`, the rules' last step. The KISS round in one pass:

1. successes already reach the threshold: stop, nothing spent;
2. else KISS failed dice, up to ``kiss``, in the policy's order; with
   ``helper_kiss`` a helper KISSes the failed help die outside the budget;
3. still short and ``ego``: every 6 showing (help die included) scores
   two successes. Ego counts as spent only when a 6 shows.

Snake eyes are looked for after KISSing, over every rolled die (main and
help; asset dice are main dice): two or more 1s are a critical, a failure
becomes "failure with a boon", a success "success with a bane". With
``snakes="each-pair"`` every pair of 1s is one critical.

>>> import venus_widgets as vw
>>> o = vw.odds({"edition": "agora", "roll": "check", "rank": 4, "health": 2})
>>> o.p_pass == 1 - 0.5 ** 2, round(o.p_critical, 6) == round(1 / 36, 6)
(True, True)
>>> o = vw.odds({"edition": "agora", "roll": "check", "health": 0})
>>> dict(o.distribution), o.p_pass
({0: 1.0}, 0.0)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

import numpy as np

from ...exact import bincount, ratio, total
from ...merge import merge
from ...odds import Odds
from .kernels import help_faces, pool, reroll
from .policy import always_before
from .reading import AUTO, criticals, main_dice, per_consequence, threshold


def after_kiss(n: int, rank: int, help_rank: int | None, target: int, kiss: int, helper_kiss: bool,
               exact: bool = False):
    """Rows (p, 6s, successes, 1s) after the policy's KISS round.

    Axes while building: main pool state x first help face x final help face.
    """
    if help_rank == rank and not helper_kiss:
        n, help_rank = n + 1, None  # same rank, same budget: one pool
    a, s, c, d, p = (x[:, None] for x in pool(n, rank, exact))
    ph, h6, hs, h1, hfail = help_faces(help_rank, exact)
    short = s + hs < target  # (state, help face)
    failed = hfail & short
    if helper_kiss:
        help_k, budget = failed, kiss
    elif help_rank is not None and always_before(help_rank, rank):  # the better help die is KISSed first
        help_k = failed & (kiss >= 1)
        budget = kiss - help_k
    else:
        help_k, budget = np.zeros_like(short), kiss
    k = np.where(short, np.minimum(budget, c + d), 0)
    if not helper_kiss and help_rank is not None and always_before(rank, help_rank):  # the worse help die waits
        help_k = failed & (kiss - k >= 1)
    ones = c - np.minimum(c, k)  # lowest face first (the policy's kiss_key): 1s before other failures
    # final help face: KISSed -> a fresh face, else the same face
    stay = np.eye(ph.size, dtype=bool)
    pf = p[:, :, None] * ph[None, :, None] * np.where(help_k[:, :, None], ph[None, None, :], stay[None])
    return reroll(pf, a[:, :, None] + h6, s[:, :, None] + hs, ones[:, :, None] + h1, k[:, :, None], rank, exact)


def summary(spec: dict, p, six, succ, ones, ego: bool) -> dict[str, Any]:
    """Final successes (Ego applied by the policy) and what follows."""
    target = threshold(spec)
    spend = ego & (succ < target) & (six > 0)
    total = succ + np.where(spend, six, 0)
    crit = criticals(ones, spec["snakes"])
    passed = total >= target
    return {"p": p, "total": total, "crit": crit, "passed": passed, "spend": spend}


def denominator(spec: dict) -> int:
    """6 to the dice that can be rolled: the main dice, the help die, and
    every KISS (the budget, and the helper's free KISS)."""
    n, help_rank = main_dice(spec), merge(spec["helpers"])
    rolled = n + (help_rank is not None and help_rank != AUTO)
    kisses = min(spec["kiss"], rolled) + (help_rank not in (None, AUTO) and spec["helper_kiss"])
    return 6 ** (rolled + kisses)


def odds(spec: dict, exact: bool = False) -> Odds:
    """Exact odds of an agora check or task (spec normalized); Fractions
    with ``exact``."""
    n, rank, target = main_dice(spec), spec["rank"], threshold(spec)
    help_rank = merge(spec["helpers"])
    notes = []
    num = Fraction if exact else float
    if n == 0 and help_rank is None:
        notes.append("no dice and no help: automatic failure")
        none = {"success with a bane": num(0), "failure with a boon": num(0)}  # the same keys, in the same order
        if spec["snakes"] == "each-pair":
            none["0 criticals"] = num(1)
        return Odds.from_pmf(spec, {0: num(1)}, threshold=target, goal=target, p_critical=num(0),
                             p_ego_spent=num(0) if spec["ego"] else None, breakdown=_breakdown(spec, none, exact=exact),
                             notes=tuple(notes))
    p, six, succ, ones = after_kiss(n, rank, help_rank, target, spec["kiss"], spec["helper_kiss"], exact)
    r = summary(spec, p, six, succ, ones, spec["ego"])
    pmf = bincount(r["total"], p)
    pc = num(p[r["crit"] > 0].sum())
    parts = {
        "success with a bane": num(p[(r["crit"] > 0) & r["passed"]].sum()),
        "failure with a boon": num(p[(r["crit"] > 0) & ~r["passed"]].sum()),
    }
    if spec["snakes"] == "each-pair":
        for c, v in enumerate(bincount(r["crit"], p)):
            if v > 0:
                parts[f"{c} criticals"] = num(v)
    if help_rank == AUTO:
        notes.append("the helpers merge to rank 1: the help die is an automatic success, not rolled")
    return Odds.from_pmf(
        spec, pmf, threshold=target, goal=target, p_critical=pc if exact else min(1.0, pc),
        p_ego_spent=num(p[r["spend"]].sum()) if spec["ego"] else None,
        breakdown=_breakdown(spec, parts, pmf, exact), notes=tuple(notes),
    )


def subverted_pmf(spec: dict, pmf: Sequence[float] | dict) -> dict[int, float]:
    """Consequences subverted (successes // per consequence, at most all of
    them) from a pmf of successes (task specs).

    >>> subverted_pmf({"roll": "task", "consequences": 2, "difficulty": "challenging"},
    ...               {0: 0.25, 1: 0.25, 2: 0.25, 5: 0.25})
    {0: 0.5, 1: 0.25, 2: 0.25}
    """
    items = pmf.items() if isinstance(pmf, dict) else enumerate(pmf)
    out: dict[int, float] = {}
    per, cap = per_consequence(spec), spec["consequences"]
    for k, v in items:
        j = min(int(k) // per, cap)
        out[j] = out.get(j, 0) + (Fraction(v) if isinstance(v, (Fraction, int)) else float(v))
    return {k: out[k] for k in sorted(out)}


def _breakdown(spec: dict, parts: dict, pmf=None, exact: bool = False) -> dict[str, float]:
    parts = dict(parts)
    zero = ratio(0, 1, exact)
    parts.setdefault("success with a bane", zero)
    parts.setdefault("failure with a boon", zero)
    if spec["roll"] == "task":
        sub = subverted_pmf(spec, {0: ratio(1, 1, exact)} if pmf is None else pmf)
        for j in range(spec["consequences"] + 1):
            parts[f"{j} subverted"] = sub.get(j, zero)
        parts["at least one subverted"] = total([zero] + [v for j, v in sub.items() if j >= 1])
        parts["+1 exp"] = total([zero] + [v for j, v in sub.items() if j < spec["consequences"]])
    return parts

