"""VERS, for comparison: 3d6 roll-under, exactly (216 outcomes).

The competence target is ``CT = 10 + ranks``. Roll 3d6 and add the penalty
(a difficulty rating 0..10, or the opponent's competence). Success when
``roll + penalty <= CT``. The outcome is the **degrees**:
``CT - (roll + penalty)``, negative for degrees of failure; the threshold
is 0.

>>> import venus_widgets as vw
>>> o = vw.odds({"edition": "vers", "ranks": 3})        # 13 or less on 3d6
>>> round(o.p_pass * 216)
181
>>> o.distribution[5] == 21 / 216                         # a roll of 8 on CT 13: 5 degrees
True
"""

from __future__ import annotations

import numpy as np

from ...errors import SpecError
from ...exact import array, ratio
from ...odds import Odds
from ...rolls import Die, Roll, in_blocks, streams

#: Ways to roll each total 0..18 on 3d6.
WAYS_3D6 = np.convolve(np.convolve(np.ones(6), np.ones(6)), np.ones(6))  # totals 3..18


def competence_target(spec: dict) -> int:
    """CT = 10 + ranks."""
    return 10 + spec["ranks"]


def degrees(spec: dict, total: int):
    """CT - (roll + penalty); negative = degrees of failure."""
    return competence_target(spec) - (total + spec["penalty"])


def denominator(spec: dict) -> int:
    """Three d6: 216."""
    return 216


def odds(spec: dict, exact: bool = False) -> Odds:
    """Exact odds of the degrees (spec normalized); Fractions with ``exact``."""
    top = degrees(spec, 18)  # the worst roll gives the lowest degrees
    pmf = array((ratio(int(w), 216, exact) for w in WAYS_3D6[::-1]), exact)  # index 0 = a roll of 18
    breakdown = {"success": ratio(0, 1, exact), "failure": ratio(0, 1, exact)}
    for i, p in enumerate(pmf):
        breakdown["success" if top + i >= 0 else "failure"] += p if exact else float(p)
    return Odds.from_pmf(spec, pmf, threshold=0, offset=top, breakdown=breakdown,
                         notes=(f"CT {competence_target(spec)}: success on 3d6 + {spec['penalty']} <= CT",))


def roll(spec: dict, seed: int, kiss: list[int] | None = None, ego: bool | None = None) -> Roll:
    """A seeded roll of three d6 (owner "own"); no KISS or Ego in VERS.

    >>> import venus_widgets as vw
    >>> r = vw.roll({"edition": "vers", "ranks": 3, "penalty": 2}, seed=4)
    >>> r.outcome == 13 - (sum(d.after for d in r.dice) + 2)
    True
    """
    if kiss:
        raise SpecError("kiss", kiss, "no KISS in VERS")
    g1, _ = streams(seed)
    faces = [int(f) for f in g1.integers(1, 7, size=3)]
    total = sum(faces)
    deg = int(degrees(spec, total))
    dice = tuple(Die(i, "own", None, 6, f, f) for i, f in enumerate(faces))
    return Roll(spec=spec, seed=seed, dice=dice, outcome=deg, passed=deg >= 0, goal_reached=deg >= 0,
                details={"total": total, "ct": competence_target(spec), "penalty": spec["penalty"],
                         "modified": total + spec["penalty"]})


def roll_many(spec: dict, n: int, seed: int) -> np.ndarray:
    """Degrees of ``n`` rolls (vectorised, in blocks)."""
    return in_blocks(n, seed, lambda rows, g1, _: degrees(spec, g1.integers(1, 7, size=(rows, 3), dtype=np.int8).sum(axis=1)))


# --------------------------------------------------------------------------
# Difficulty ladder and "explain this number" (docs/rules_heresy_vers.md#difficulty-ladder-vers)
# --------------------------------------------------------------------------


def ladder_settings(spec: dict) -> list[dict]:
    """The VERS ladder: difficulty ratings 0..10 as the penalty."""
    return [{"penalty": p} for p in range(11)]



def _ways_at_most(n: int) -> int:
    """Rolls of 3d6 (out of 216) totalling ``n`` or less."""
    return int(WAYS_3D6[: max(0, min(n, 18) - 2)].sum())


def explain_steps(spec: dict, o: Odds) -> list:
    """CT, the rolls that make it without and with the penalty (out of 216)."""
    from ...explain import Step

    ct, pen = competence_target(spec), spec["penalty"]
    k0, k = _ways_at_most(ct), _ways_at_most(ct - pen)
    steps = [Step(f"CT {ct} = 10 + {spec['ranks']} ranks; roll 3d6, add the penalty {pen}: success when the sum is "
                  f"{ct} or less, i.e. 3d6 of {ct - pen} or less.")]
    steps.append(Step(f"3d6 of {ct} or less: {k0} of the 216 rolls", k0 / 216, "+"))
    if pen:
        lo, hi = max(3, ct - pen + 1), min(18, ct)
        took = f"the rolls from {lo} to {hi}" if lo <= hi else "no roll"
        steps.append(Step(f"the penalty {pen} takes {took}: {k0 - k} of 216", (k0 - k) / 216, "-"))
    steps.append(Step(f"P(success): {k} of 216", o.p_pass, "="))
    return steps


def explain_roll(r: Roll) -> list[str]:
    d = r.details
    faces = " + ".join(str(x.after) for x in r.dice)
    return [f"3d6: {faces} = {d['total']}; + penalty {d['penalty']} = {d['modified']} against CT {d['ct']}.",
            f"{abs(r.outcome)} degree(s) of " + ("success." if r.passed else "failure.")]
