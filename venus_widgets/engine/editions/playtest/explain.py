"""A task's difficulty ladder and its words: the odds explained step by
step in rule order, an example roll walked through
(docs/rules_playtest.md#difficulty-ladder).
"""

from __future__ import annotations

from ...maths.odds import Odds
from ...table.rolls import Roll
from .dice import FAIL, classes
from .rules import Rules, rules_of
from .task import budget, calibers, goal, threshold
from .details import TaskDetails


def ladder_settings(spec: dict) -> list[dict]:
    """The task ladder, easiest first: 0..4 factors (threshold 1..5); when
    learning on the job, which is itself a factor, 0..3 (up to the spec's
    ``max_factors``)."""
    return [{"factors": f} for f in _factor_range(spec)]


def _factor_range(spec: dict) -> range:
    top = rules_of(spec).max_factors
    return range(top if spec["learning"] else top + 1)


def vary_values(spec: dict, field: str) -> list | None:
    """Values of a difficulty field for ``solve``, easiest first."""
    if field == "factors":
        return list(_factor_range(spec))
    return None


def _die_words(caliber: str, rules: Rules) -> str:
    from ...contract.explain import pct

    p = 1 - classes(caliber, rules=rules)[FAIL]
    low = rules.lowest_success(caliber)
    return f"{caliber.capitalize()} succeeds on {low}-6, {7 - low} in 6 ({pct(p)})"


def explain_steps(spec: dict, o: Odds) -> list:
    """The task's odds in rule order: the dice, the threshold, the first
    roll, what KISS and Ego add, what the consequences take."""
    from ...contract.explain import Step, first_roll_steps

    rules = rules_of(spec)
    thr, g, b = threshold(spec, rules), goal(spec, rules), o.breakdown
    steps = [Step(f"{spec['dice']} own {spec['caliber'].capitalize()} dice; each "
                  f"{_die_words(spec['caliber'], rules)}.")]
    for i, c in enumerate(spec["allies"]):
        steps.append(Step(f"Ally {i + 1} adds one die: {_die_words(c, rules)}."))
    steps.append(Step(f"Threshold {thr}: {rules.threshold_base} + {spec['factors']} factor(s)" + (" + 1 for learning on the job" if
                                                                               spec["learning"] else "")
                      + f": the task passes with {thr} or more successes."))
    groups: dict[str, int] = {}
    for c in calibers(spec):
        groups[c] = groups.get(c, 0) + 1
    first = first_roll_steps([(n, rules.lowest_success(c) - 1, 6) for c, n in groups.items()], thr,
                             b["pass_without_kiss"])
    if not spec["allies"] and thr > 1:
        p, n = 1 - classes(spec["caliber"], rules=rules)[FAIL], spec["dice"]
        first[-1] = Step(f"{first[-1].words}: P(at least {thr} of {n} dice), the sum over k >= {thr} of "
                         f"C({n}, k) {p:.4f}^k {1 - p:.4f}^({n}-k)", first[-1].figure, "=")
    steps += first
    which = "the dice the optimal policy picks" if spec["policy"] == "optimal" else "failed dice, best chance first"
    if spec["ego"] == "reroll":
        steps.append(Step("KISS and Ego: short of the goal, every failed die is re-rolled once"
                          + (" (or the dice the optimal policy picks)" if spec["policy"] == "optimal" else ""),
                          b["pass_after_kiss"], "+"))
    elif spec["kiss"]:
        steps.append(Step(f"KISS: short of the goal, up to {spec['kiss']} {which}, re-rolled once",
                          b["pass_after_kiss"], "+"))
    if spec["ego"] == "double6":
        sixes = "every 6" if rules.ego_double_from == 6 else f"every success showing {rules.ego_double_from} or more"
        steps.append(Step(f"Ego: still short, {sixes} counts as two successes", b["pass_with_ego"], "+"))
    steps.append(Step("P(pass)", o.p_pass, "="))
    if spec["consequences"]:
        steps.append(Step(f"the {spec['consequences']} extra consequence(s) wanted take the passes short of the goal "
                          f"{g} ({thr} + {spec['consequences']})", o.p_pass - o.p_goal, "-"))
        steps.append(Step("P(goal): pass with every consequence wanted", o.p_goal, "="))
    return steps


def explain_roll(r: Roll) -> list[str]:
    """The example task, step by step."""
    from ...contract.explain import dice_words

    d = TaskDetails.of(r)
    thr, g = d.threshold, d.goal
    goal_words = f" (goal {g})" if g != thr else ""
    out = [f"First roll: {dice_words(r.dice)}: {d.successes_before_kiss} success(es) against threshold {thr}"
           f"{goal_words}."]
    kissed = [x for x in r.dice if x.kissed]
    if kissed:
        who = "Ego re-rolls every failed die" if d.ego == "reroll" else "KISS"
        out.append(f"{who}: " + ", ".join(f"die {x.index + 1} {x.before} -> {x.after}" for x in kissed)
                   + f": {d.successes_after_kiss} success(es).")
    elif d.successes_before_kiss >= g:
        out.append("The goal is reached: nothing to KISS.")
    else:
        out.append("No KISS" + (": no budget." if budget(dict(r.spec)) == 0 else "."))
    if d.ego == "double6":
        low = rules_of(r.spec).ego_double_from
        faces = "six(es)" if low == 6 else f"success(es) showing {low} or more"
        out.append(f"Ego: each of the {d.ego_doubles} {faces} counts twice: {r.outcome} successes.")
    out.append(f"{r.outcome} success(es): " + ("passed" if r.passed else "failed")
               + (f", goal {'reached' if r.goal_reached else 'missed'}" if g != thr else "") + ".")
    return out
