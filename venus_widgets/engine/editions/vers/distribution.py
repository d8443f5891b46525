"""The odds of a VERS check's degrees: all 216 rolls of 3d6, exactly.

>>> import venus_widgets as vw
>>> o = vw.odds({"edition": "vers", "ranks": 3})        # 13 or less on 3d6
>>> round(o.p_pass * 216)
181
"""

from __future__ import annotations

from ...maths.dist import sum_ways
from ...maths.exact import array, ratio
from ...maths.odds import Odds
from .degrees import degrees, target, threshold
from .rules import Rules, rules_of


def denominator(spec: dict, rules: Rules | None = None) -> int:
    """Three d6: 216."""
    rules = rules or rules_of(spec)
    return 6 ** rules.dice


def odds(spec: dict, exact: bool = False, rules: Rules | None = None) -> Odds:
    """Exact odds of the degrees (spec normalized); Fractions with ``exact``.
    ``rules``: a variant's reading (:mod:`.rules`)."""
    rules = rules or rules_of(spec)
    n, den = rules.dice, denominator(spec, rules)
    top = degrees(spec, 6 * n, rules)  # the worst roll gives the lowest degrees
    pmf = array((ratio(int(w), den, exact) for w in sum_ways(n, 6)[::-1]), exact)  # index 0 = the worst roll
    need = threshold(spec)
    breakdown = {"success": ratio(0, 1, exact), "failure": ratio(0, 1, exact)}
    for i, p in enumerate(pmf):
        breakdown["success" if top + i >= need else "failure"] += p if exact else float(p)
    return Odds.from_pmf(spec, pmf, threshold=need, offset=top, breakdown=breakdown,
                         notes=(f"CT {target(spec, rules)}: success when {n}d6 plus the penalty of {spec['penalty']} "
                                f"is {target(spec, rules)} or less",))
