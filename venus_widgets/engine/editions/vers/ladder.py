"""The VERS difficulty ladder and "explain this number"
(docs/rules_heresy_vers.md#difficulty-ladder-vers).

>>> ladder_settings({})[-1]
{'penalty': 10}
"""

from __future__ import annotations

from ...odds import Odds
from ...rolls import Roll
from .degrees import target, ways_at_most


def ladder_settings(spec: dict) -> list[dict]:
    """The VERS ladder: difficulty ratings 0..10 as the penalty."""
    return [{"penalty": p} for p in range(11)]


def explain_steps(spec: dict, o: Odds) -> list:
    """CT, the rolls that make it without and with the penalty (out of 216)."""
    from ...explain import Step

    ct, pen = target(spec), spec["penalty"]
    k0, k = ways_at_most(ct), ways_at_most(ct - pen)
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
    """The example roll: 3d6, the penalty, the CT and the degrees."""
    d = r.details
    faces = " + ".join(str(x.after) for x in r.dice)
    return [f"3d6: {faces} = {d['total']}; + penalty {d['penalty']} = {d['modified']} against CT {d['ct']}.",
            f"{abs(r.outcome)} degree(s) of " + ("success." if r.passed else "failure.")]
