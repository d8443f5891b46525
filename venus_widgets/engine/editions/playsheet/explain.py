""""Explain this number": the steps of a playsheet check's or task's odds,
and the walk through one roll."""

from __future__ import annotations

from ...contract.spec import Spec
from ...maths.odds import Odds
from ...maths.rounding import odds_of
from ...table.rolls import Roll
from . import task_odds
from .check import check_category, target
from .dice import pass_chance
from .outcome import threshold
from .rules import rules_of
from .details import CheckDetails, TaskDetails


def _odds(spec: dict) -> Odds:
    """The odds of another spec of this edition, for a step's figure: the
    very floats ``vw.odds`` gives, from the edition's own kernel."""
    return odds_of(Spec.of(spec), task_odds.odds, task_odds.denominator)


def explain_steps(spec: dict, o: Odds) -> list:
    """A check: target, the naturals that reach it, auto-pass, auto-fail.
    A task: the dice, the threshold, the first roll, what KISS and Ego add."""
    from ...contract.explain import Step, first_roll_steps, pct

    rules = rules_of(spec)
    if spec["roll"] == "check":
        t, plus = target(spec), spec["score"] + sum(spec["bonus"])
        cats = [check_category(spec, n) for n in range(1, 21)]
        steps = [Step(f"Target {t}: 5 x difficulty {spec['difficulty']} + factors {list(spec['factors'])}."),
                 Step(f"Roll a d20 and add the score {spec['score']} and bonus {list(spec['bonus'])}: a natural of "
                      f"{t - plus} or more reaches it."),
                 Step(f"{cats.count('pass')} of the 20 naturals reach the target", o.breakdown["pass"], "+")]
        if cats.count("auto-pass"):
            steps.append(Step(f"{spec['rank'].capitalize()} auto-passes on a natural "
                              f"{rules.auto_pass_from(spec['rank'])}-20 "
                              f"below the target: {cats.count('auto-pass')} of 20", o.breakdown["auto-pass"], "+"))
        steps.append(Step("a natural 1 always fails", o.breakdown["auto-fail"]))
        steps.append(Step("P(pass)", o.p_pass, "="))
        return steps
    rank, thr = spec["rank"], threshold(spec)
    face = rules.pass_from
    steps = [Step(f"{spec['dice']} {rank.capitalize()} D10s: each passes on {face[rank]}-10 "
                  f"({pct(pass_chance(rank, rules=rules))}).")]
    for i, a in enumerate(spec["allies"]):
        steps.append(Step(f"Ally {i + 1} adds one {a.capitalize()} D10: passes on {face[a]}-10."))
    high = "every 10" if rules.explode_from == 10 else f"every {rules.explode_from}-10"
    if spec["explode"]:
        steps.append(Step(f"{high.capitalize()} explodes: one more die of the same owner and rank, without limit."))
    steps.append(Step(f"Threshold {thr}: difficulty {spec['difficulty']} + factors {list(spec['factors'])}."))
    p0 = _odds({**spec, "kiss": 0, "ally_kiss": False, "ego": False}).p_pass
    groups: dict[str, int] = {rank: spec["dice"]}
    for a in spec["allies"]:
        groups[a] = groups.get(a, 0) + 1
    steps += first_roll_steps([(k, face[x] - 1, 10) for x, k in groups.items()], thr, p0, "pass")
    p1 = _odds({**spec, "ego": False}).p_pass
    if spec["kiss"] or spec["ally_kiss"]:
        steps.append(Step("KISS: short, your failed dice (up to the budget)" + (" and the allies' own" if
                                                                               spec["ally_kiss"] else "")
                          + " are re-rolled once", p1 - p0, "+"))
    if spec["ego"]:
        doubled = "every 10" if rules.ego_double_from == 10 else f"every pass showing {rules.ego_double_from} or more"
        steps.append(Step(f"Ego: still short, {doubled} counts as two passes", o.p_pass - p1, "+"))
    steps.append(Step("P(pass)", o.p_pass, "="))
    steps.append(Step("critical success (passes >= 2 x threshold)", o.breakdown["critical success"]))
    steps.append(Step("critical failure (passes <= threshold / 2)", o.breakdown["critical failure"]))
    return steps

def explain_roll(r: Roll) -> list[str]:
    from ...contract.explain import generic_walk

    if r.spec["roll"] == "check":
        c20 = CheckDetails.of(r)
        return [f"The d20 shows {c20.natural}: total {c20.total} against target {c20.target}: {c20.category}.",
                "Passed." if r.passed else "Failed."]
    d = TaskDetails.of(r)
    out = generic_walk(r)
    out[-1] = f"{r.outcome} pass(es) against threshold {d.threshold}: " + ("passed" if r.passed else "failed") + (
        f", {d.critical}." if d.critical else ".")
    return out
