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
from ...contract.table_answers import counted, face_range, listed, one_in


def _plus(words: str, values: list) -> str:
    """", plus the factors 2 and 1" (nothing for none)."""
    if not values:
        return ""
    return f", plus the {words} {values[0]}" if len(values) == 1 else f", plus the {words}s {listed(values)}"


def _odds(spec: dict) -> Odds:
    """The odds of another spec of this edition, for a step's figure: the
    very floats ``vw.odds`` gives, from the edition's own kernel."""
    return odds_of(Spec.of(spec), task_odds.odds, task_odds.denominator)


def explain_steps(spec: dict, o: Odds) -> list:
    """A check: target, the naturals that reach it, auto-pass, auto-fail.
    A task: the dice, the threshold, the first roll, what KISS and Ego add."""
    from ...contract.explain import CHANCE, Step, dice_count, first_roll_steps

    rules = rules_of(spec)
    factors = list(spec["factors"])
    if spec["roll"] == "check":
        t, plus = target(spec), spec["score"] + sum(spec["bonus"])
        cats = [check_category(spec, n) for n in range(1, 21)]
        bonus = list(spec["bonus"])
        need = t - plus
        steps = [Step(f"The target is {t}: 5 times the difficulty of {spec['difficulty']}"
                      + (_plus("factor", factors) or ", with no factors") + "."),
                 Step(f"Roll a d20 and add your score of {spec['score']}" + _plus("bonus", bonus).replace(", plus", " and")
                      + (f": a natural {need} or more reaches it." if 1 < need <= 20 else
                         ": every natural reaches it." if need <= 1 else ": no natural reaches it.")),
                 Step(f"{cats.count('pass')} of the 20 naturals reach the target: {CHANCE}.",
                      o.breakdown["pass"], "+")]
        if cats.count("auto-pass"):
            low = rules.auto_pass_from(spec["rank"])
            steps.append(Step(f"{spec['rank'].capitalize()} passes automatically on a natural "
                              f"{face_range(low, 20, False)} even below the target: "
                              f"{cats.count('auto-pass')} of the 20 naturals more, {CHANCE}.",
                              o.breakdown["auto-pass"], "+"))
        steps.append(Step(f"A natural 1 always fails: {CHANCE} of rolls.", o.breakdown["auto-fail"]))
        steps.append(Step(f"So the check passes {CHANCE} of the time.", o.p_pass, "="))
        return steps
    rank, thr = spec["rank"], threshold(spec)
    face = rules.pass_from
    n = spec["dice"]
    steps = [Step(f"You roll {dice_count(n, f'{rank.capitalize()} D10', f'{rank.capitalize()} D10s')}"
                  + (f"; {'it' if n == 1 else 'each'} passes on {face_range(face[rank], 10)}, "
                     f"{one_in(11 - face[rank], 10)}." if n else "."))]
    for i, a in enumerate(spec["allies"]):
        steps.append(Step(f"Ally {i + 1} adds a {a.capitalize()} D10: it passes on {face_range(face[a], 10)}, "
                          f"{one_in(11 - face[a], 10)}."))
    high = "every 10" if rules.explode_from == 10 else f"every {face_range(rules.explode_from, 10, False)}"
    if spec["explode"]:
        steps.append(Step(f"{high.capitalize()} explodes: it adds one more die of the same owner and rank, "
                          "without limit."))
    steps.append(Step(f"The task needs {counted(thr, 'pass')}: the difficulty of {spec['difficulty']}"
                      + (_plus("factor", factors) or ", with no factors") + "."))
    p0 = _odds({**spec, "kiss": 0, "ally_kiss": False, "ego": False}).p_pass
    groups: dict[str, int] = {rank: spec["dice"]}
    for a in spec["allies"]:
        groups[a] = groups.get(a, 0) + 1
    steps += first_roll_steps([(k, face[x] - 1, 10) for x, k in groups.items()], thr, p0, "pass")
    p1 = _odds({**spec, "ego": False}).p_pass
    if spec["kiss"] or spec["ally_kiss"]:
        steps.append(Step(f"KISS adds {CHANCE}: when short, you re-roll your failed dice once (up to the budget)"
                          + (", and the allies re-roll their own" if spec["ally_kiss"] else "") + ".", p1 - p0, "+"))
    if spec["ego"]:
        doubled = "every 10" if rules.ego_double_from == 10 else f"every pass showing {rules.ego_double_from} or more"
        steps.append(Step(f"Ego adds {CHANCE}: still short, {doubled} counts as two passes.", o.p_pass - p1, "+"))
    steps.append(Step(f"So the task passes {CHANCE} of the time.", o.p_pass, "="))
    steps.append(Step(f"A critical success (at least twice the passes needed) comes up {CHANCE} of the time.",
                      o.breakdown["critical success"]))
    steps.append(Step(f"A critical failure (half the passes needed or fewer) comes up {CHANCE} of the time.",
                      o.breakdown["critical failure"]))
    return steps


def explain_roll(r: Roll) -> list[str]:
    from ...contract.explain import generic_walk

    if r.spec["roll"] == "check":
        c20 = CheckDetails.of(r)
        return [f"The d20 shows {c20.natural}: a total of {c20.total} against the target of {c20.target}: "
                f"{CATEGORY_WORDS.get(c20.category, c20.category)}.", "Passed." if r.passed else "Failed."]
    d = TaskDetails.of(r)
    out = generic_walk(r)
    out[-1] = (f"{counted(int(r.outcome), 'pass')}, {d.threshold} needed: " + ("passed" if r.passed else "failed")
               + (f", a {d.critical}." if d.critical else "."))
    return out


#: A check's categories as the walk says them.
CATEGORY_WORDS = {"pass": "a pass", "fail": "a fail", "auto-pass": "a natural high enough to pass automatically",
                  "auto-fail": "a natural 1 fails automatically"}
