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
from ...contract.table_answers import counted, face_range, listed, one_in


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
    """"succeeds on a 5 or 6, a 1 in 3 chance" """
    low = rules.lowest_success(caliber)
    return f"succeeds on {face_range(low, 6)}, {one_in(7 - low, 6)}"


def _needs(spec: dict, rules: Rules, thr: int) -> str:
    """Why the task needs ``thr`` successes, in words."""
    why = []
    if spec["factors"]:
        why.append("1 for the difficulty factor" if spec["factors"] == 1
                   else f"1 for each of the {spec['factors']} difficulty factors")
    if spec["learning"]:
        why.append("1 for learning on the job")
    base = counted(rules.threshold_base, "success")
    return (f"The task needs {counted(thr, 'success')} to pass: {base}, plus {listed(why)}." if why
            else f"The task needs {counted(thr, 'success')} to pass (no difficulty factors).")


def explain_steps(spec: dict, o: Odds) -> list:
    """The task's odds in rule order: the dice, the threshold, the first
    roll, what KISS and Ego add, what the consequences take."""
    from ...contract.explain import CHANCE, Step, dice_count, first_roll_steps

    rules = rules_of(spec)
    thr, g, b = threshold(spec, rules), goal(spec, rules), o.breakdown
    n, cal = spec["dice"], spec["caliber"].capitalize()
    steps = [Step(f"You roll {dice_count(n, f'{cal} die', f'{cal} dice')} of your own"
                  + (f"; {'it' if n == 1 else 'each'} {_die_words(spec['caliber'], rules)}." if n else "."))]
    for i, c in enumerate(spec["allies"]):
        steps.append(Step(f"Ally {i + 1} adds a {c.capitalize()} die: it {_die_words(c, rules)}."))
    steps.append(Step(_needs(spec, rules, thr)))
    groups: dict[str, int] = {}
    for c in calibers(spec):
        groups[c] = groups.get(c, 0) + 1
    steps += first_roll_steps([(k, rules.lowest_success(c) - 1, 6) for c, k in groups.items()], thr,
                              b["pass_without_kiss"])
    short = "when the first roll falls short of the goal"
    if spec["ego"] == "reroll":
        steps.append(Step(f"KISS and Ego add {CHANCE}: {short}, Ego re-rolls every failed die once"
                          + (", or the dice that give the best chance" if spec["policy"] == "optimal" else "") + ".",
                          b["pass_after_kiss"], "+"))
    elif spec["kiss"]:
        k = spec["kiss"]
        which = (f"up to {dice_count(k)}, those that give the best chance" if spec["policy"] == "optimal"
                 else f"up to {dice_count(k, 'failed die', 'failed dice')}, the best chance first")
        steps.append(Step(f"KISS adds {CHANCE}: {short}, you re-roll {which}, once.", b["pass_after_kiss"], "+"))
    if spec["ego"] == "double6":
        sixes = "every 6" if rules.ego_double_from == 6 else f"every success showing {rules.ego_double_from} or more"
        steps.append(Step(f"Ego adds {CHANCE}: still short, {sixes} counts as two successes.", b["pass_with_ego"], "+"))
    steps.append(Step(f"So the task passes {CHANCE} of the time.", o.p_pass, "="))
    if spec["consequences"]:
        c = spec["consequences"]
        wanted = "one extra consequence" if c == 1 else f"{c} extra consequences"
        steps.append(Step(f"Wanting {wanted} raises the goal to {counted(g, 'success')}: the passes short of it take "
                          f"away {CHANCE}.", o.p_pass - o.p_goal, "-"))
        steps.append(Step(f"So the task passes with every consequence wanted {CHANCE} of the time.", o.p_goal, "="))
    return steps


def explain_roll(r: Roll) -> list[str]:
    """The example task, step by step."""
    from ...contract.explain import dice_words, rerolled_words

    d = TaskDetails.of(r)
    thr, g = d.threshold, d.goal
    goal_words = f" (the goal is {g})" if g != thr else ""
    out = [f"First roll: {dice_words(r.dice) or 'no dice'}: {counted(d.successes_before_kiss, 'success')}, "
           f"{thr} needed{goal_words}."]
    kissed = [x for x in r.dice if x.kissed]
    if kissed:
        who = "Ego re-rolls every failed die:" if d.ego == "reroll" else "KISS re-rolls"
        out.append(f"{who} {rerolled_words(kissed)}: now {counted(d.successes_after_kiss, 'success')}.")
    elif d.successes_before_kiss >= g:
        out.append("The goal is reached: nothing to KISS.")
    else:
        out.append("No KISS" + (": no budget." if budget(dict(r.spec)) == 0 else "."))
    if d.ego == "double6":
        low = rules_of(r.spec).ego_double_from
        faces = counted(d.ego_doubles, "six") if low == 6 else counted(d.ego_doubles, f"success showing {low} or more")
        verb = "counts" if d.ego_doubles == 1 else "count"
        out.append(f"Ego: {'the' if d.ego_doubles else ''} {faces} {verb} twice: {counted(r.outcome, 'success')}."
                   .replace(":  ", ": "))
    verdict = "passed" if r.passed else "failed"
    if g != thr:
        verdict += f", and the goal is {'reached' if r.goal_reached else 'missed'}"
    out.append(f"{counted(r.outcome, 'success')}: {verdict}.")
    return out
