"""The VERS difficulty ladder and "explain this number"
(docs/rules_heresy_vers.md#difficulty-ladder-vers).

>>> ladder_settings({})[-1]
{'penalty': 10}
"""

from __future__ import annotations

from ...maths.odds import Odds
from ...table.rolls import Roll
from .degrees import target, ways_at_most
from .rules import rules_of
from .details import CheckDetails


def ladder_settings(spec: dict) -> list[dict]:
    """The VERS ladder: difficulty ratings 0..10 as the penalty."""
    return [{"penalty": p} for p in range(11)]


def explain_steps(spec: dict, o: Odds) -> list:
    """CT, the rolls that make it without and with the penalty (out of 216
    for 3d6; 6 ** dice under the spec's rules)."""
    from ...contract.explain import Step

    rules = rules_of(spec)
    n, den, nd = rules.dice, 6 ** rules.dice, f"{rules.dice}d6"
    ct, pen = target(spec), spec["penalty"]
    k0, k = ways_at_most(ct, n), ways_at_most(ct - pen, n)
    steps = [Step(f"CT {ct} = {rules.base_ct} + {spec['ranks']} ranks; roll {nd}, add the penalty {pen}: success "
                  f"when the sum is {ct} or less, i.e. {nd} of {ct - pen} or less.")]
    steps.append(Step(f"{nd} of {ct} or less: {k0} of the {den} rolls", k0 / den, "+"))
    if pen:
        lo, hi = max(n, ct - pen + 1), min(6 * n, ct)
        took = f"the rolls from {lo} to {hi}" if lo <= hi else "no roll"
        steps.append(Step(f"the penalty {pen} takes {took}: {k0 - k} of {den}", (k0 - k) / den, "-"))
    steps.append(Step(f"P(success): {k} of {den}", o.p_pass, "="))
    return steps


def explain_roll(r: Roll) -> list[str]:
    """The example roll: 3d6, the penalty, the CT and the degrees."""
    d = CheckDetails.of(r)
    faces = " + ".join(str(x.after) for x in r.dice)
    return [f"{len(r.dice)}d6: {faces} = {d.total}; + penalty {d.penalty} = {d.modified} against CT {d.ct}.",
            f"{abs(r.outcome)} degree(s) of " + ("success." if r.passed else "failure.")]
