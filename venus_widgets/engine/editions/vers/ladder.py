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
from ...contract.table_answers import counted, listed


def ladder_settings(spec: dict) -> list[dict]:
    """The VERS ladder: difficulty ratings 0..10 as the penalty."""
    return [{"penalty": p} for p in range(11)]


def explain_steps(spec: dict, o: Odds) -> list:
    """CT, the rolls that make it without and with the penalty (out of 216
    for 3d6; 6 ** dice under the spec's rules)."""
    from ...contract.explain import CHANCE, Step

    rules = rules_of(spec)
    n, den, nd = rules.dice, 6 ** rules.dice, f"{rules.dice}d6"
    ct, pen = target(spec), spec["penalty"]
    k0, k = ways_at_most(ct, n), ways_at_most(ct - pen, n)
    must = (f"so the dice must show {ct - pen} or less" if ct - pen >= n
            else "so no roll of the dice is low enough")
    steps = [Step(f"The competence target (CT) is {ct}: {rules.base_ct} plus {counted(spec['ranks'], 'rank')}. "
                  f"Roll {nd} and add the penalty of {pen}: the roll succeeds when that sum is {ct} or less, {must}.")]
    steps.append(Step(f"{nd} shows {ct} or less on {k0} of its {den} rolls: {CHANCE}.", k0 / den, "+"))
    if pen:
        lo, hi = max(n, ct - pen + 1), min(6 * n, ct)
        took = f"the rolls from {lo} to {hi}" if lo < hi else f"the rolls of {lo}" if lo == hi else "no roll"
        steps.append(Step(f"The penalty of {pen} takes away {took}, {k0 - k} of {den}: {CHANCE}.",
                          (k0 - k) / den, "-"))
    steps.append(Step(f"So the check succeeds on {k} of {den} rolls: {CHANCE}.", o.p_pass, "="))
    return steps


def explain_roll(r: Roll) -> list[str]:
    """The example roll: 3d6, the penalty, the CT and the degrees."""
    d = CheckDetails.of(r)
    faces = listed([x.after for x in r.dice])
    return [f"The {len(r.dice)}d6 show {faces}: {d.total}; with the penalty of {d.penalty} that makes {d.modified}, "
            f"against the CT of {d.ct}.",
            f"{counted(abs(int(r.outcome)), 'degree')} of " + ("success." if r.passed else "failure.")]
