"""The odds of a VERS check's degrees: all 216 rolls of 3d6, exactly.

>>> import venus_widgets as vw
>>> o = vw.odds({"edition": "vers", "ranks": 3})        # 13 or less on 3d6
>>> round(o.p_pass * 216)
181
"""

from __future__ import annotations

from ...exact import array, ratio
from ...odds import Odds
from .degrees import WAYS_3D6, degrees, target, threshold


def denominator(spec: dict) -> int:
    """Three d6: 216."""
    return 216


def odds(spec: dict, exact: bool = False) -> Odds:
    """Exact odds of the degrees (spec normalized); Fractions with ``exact``."""
    top = degrees(spec, 18)  # the worst roll gives the lowest degrees
    pmf = array((ratio(int(w), 216, exact) for w in WAYS_3D6[::-1]), exact)  # index 0 = a roll of 18
    need = threshold(spec)
    breakdown = {"success": ratio(0, 1, exact), "failure": ratio(0, 1, exact)}
    for i, p in enumerate(pmf):
        breakdown["success" if top + i >= need else "failure"] += p if exact else float(p)
    return Odds.from_pmf(spec, pmf, threshold=need, offset=top, breakdown=breakdown,
                         notes=(f"CT {target(spec)}: success on 3d6 + {spec['penalty']} <= CT",))
