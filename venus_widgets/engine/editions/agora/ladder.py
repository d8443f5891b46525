"""The agora difficulty ladder and "explain this number"
(docs/rules_agora.md#difficulty-ladder).

>>> ladder_settings({"roll": "check"})
[{'difficulty': 'standard'}, {'difficulty': 'challenging'}]
"""

from __future__ import annotations

from ...contract.spec import Spec
from ...maths.odds import Odds
from ...maths.rounding import odds_of
from ...table.rolls import Roll
from . import distribution
from .reading import AUTO, help_die, main_dice, per_consequence, threshold
from .rules import rules_of
from .details import AgoraDetails
from ...contract.table_answers import counted, face_range, listed, one_in


def _odds(spec: dict) -> Odds:
    """The odds of another spec of this edition, for a step's figure: the
    very floats ``vw.odds`` gives, from the edition's own kernel."""
    return odds_of(Spec.of(spec), distribution.odds, distribution.denominator)


def _max_factors(spec: dict) -> int:
    """Factors past the main pool's size change nothing (never below 0 dice)."""
    return min(16, spec["health"] + spec["job"] + spec["assets"])


def ladder_settings(spec: dict) -> list[dict]:
    """The agora ladder: a check is standard then challenging; a task is
    standard with 0, 1, ... factors (up to the main pool's size), then
    challenging with 0, 1, ... factors. The consequences stay as set."""
    if spec["roll"] == "check":
        return [{"difficulty": d} for d in ("standard", "challenging")]
    return [{"difficulty": d, "factors": f} for d in ("standard", "challenging")
            for f in range(_max_factors(spec) + 1)]


def vary_values(spec: dict, field: str) -> list | None:
    """Values of a difficulty field for ``solve``, easiest first."""
    if field == "factors" and spec["roll"] == "task":
        return list(range(_max_factors(spec) + 1))
    return None


def _pool_words(spec: dict, n: int, r: int) -> str:
    """Where the main dice come from, and what each does."""
    from ...contract.explain import dice_count

    each = f"{'it' if n == 1 else 'each'} succeeds on {face_range(r, 6)}, {one_in(7 - r, 6)}"
    if spec["roll"] == "check":
        return f"You roll {dice_count(n, 'Health die', 'Health dice')} at rank {r}" + (f"; {each}." if n else ".")
    parts = [f"Health {spec['health']}", f"job {spec['job']}"] + ([f"assets {spec['assets']}"] if spec["assets"] else [])
    less = f", less {counted(spec['factors'], 'factor')}," if spec["factors"] else ""
    return f"{listed(parts)}{less} give {dice_count(n, 'main die', 'main dice')} at rank {r}" + (f"; {each}." if n else ".")


def explain_steps(spec: dict, o: Odds) -> list:
    """The roll's odds in rule order: the dice, the help die, the successes
    needed, the first roll, what KISS and Ego add; snake eyes and
    subverted consequences as information."""
    from ...contract.explain import CHANCE, Step, dice_count, first_roll_steps

    n, r, g = main_dice(spec), spec["rank"], threshold(spec)
    steps = [Step(_pool_words(spec, n, r))]
    rules = rules_of(spec)
    h = help_die(spec, rules)
    helpers = f"The helpers (ranks {listed(spec['helpers'])})" if len(spec["helpers"]) > 1 else \
        f"The helper (rank {listed(spec['helpers'])})"
    if h == AUTO:
        steps.append(Step(f"{helpers} merge to rank 1: an automatic success, not rolled."))
    elif h is not None:
        steps.append(Step(f"{helpers} {'give' if len(spec['helpers']) > 1 else 'gives'} one help die of rank {h}: it "
                          f"succeeds on {face_range(h, 6)}, "
                          f"{one_in(7 - h, 6)}."))
    if spec["roll"] == "check":
        need = f"A {spec['difficulty']} check needs {counted(g, 'success')}."
    else:
        c, per = spec["consequences"], per_consequence(spec)
        each = "the consequence" if c == 1 else f"each of the {c} consequences"
        need = f"A full pass needs {counted(g, 'success')}: {per} for {each} ({spec['difficulty']})."
    steps.append(Step(need))
    p0 = _odds({**spec, "kiss": 0, "helper_kiss": False, "ego": False}).p_pass
    groups = [(n, r - 1, 6)] + ([(1, h - 1, 6)] if h is not None else [])
    steps += first_roll_steps(groups, g, p0)
    p1 = _odds({**spec, "ego": False}).p_pass
    if spec["kiss"] or spec["helper_kiss"]:
        who = f"you re-roll up to {dice_count(spec['kiss'], 'failed die', 'failed dice')}" if spec["kiss"] else ""
        if spec["helper_kiss"]:
            who += (", and " if who else "") + "the helper re-rolls a failed help die"
        steps.append(Step(f"KISS adds {CHANCE}: when short, {who}, once, the best chance first.", p1 - p0, "+"))
    if spec["ego"]:
        sixes = "every 6" if rules.ego_double_from == 6 else f"every success showing {rules.ego_double_from} or more"
        steps.append(Step(f"Ego adds {CHANCE}: still short, {sixes} scores two successes.", o.p_pass - p1, "+"))
    steps.append(Step(f"So the check passes {CHANCE} of the time." if spec["roll"] == "check"
                      else f"So the task passes in full {CHANCE} of the time.", o.p_pass, "="))
    eyes = "two" if rules.snake_eyes_ones == 2 else str(rules.snake_eyes_ones)
    steps.append(Step(f"Snake eyes ({eyes} or more 1s after KISS) come up {CHANCE} of the time: a critical, a failure "
                      "with a boon or a success with a bane.", o.p_critical or 0.0))
    if spec["roll"] == "task":
        steps.append(Step(f"At least one consequence is subverted {CHANCE} of the time.",
                          o.breakdown["at least one subverted"]))
    return steps


def explain_roll(r: Roll) -> list[str]:
    """The example roll, step by step."""
    from ...contract.explain import dice_words, rerolled_words

    d = AgoraDetails.of(r)
    if not r.dice:
        return ["No dice and no help: an automatic failure."]
    rolled = [x for x in r.dice if x.grade != AUTO]
    first = sum(isinstance(x.grade, int) and x.before >= x.grade for x in rolled) + (len(rolled) < len(r.dice))
    out = [f"First roll: {dice_words(rolled) or 'no dice rolled'}: {counted(first, 'success')}, {d.goal} needed."]
    if d.help is not None:
        out.append("The help die is an automatic success (the helpers merged to rank 1).")
    kissed = [x for x in r.dice if x.kissed]
    if kissed:
        out.append(f"KISS re-rolls {rerolled_words(kissed)}.")
    elif first >= d.goal:
        out.append("The goal is reached: nothing to KISS.")
    if r.ego_spent:
        out.append("Ego: each 6 showing scores two successes.")
    ones = "no 1s showing" if not d.ones else "one 1 showing" if d.ones == 1 else f"{d.ones} dice showing 1"
    out.append(f"{counted(int(r.outcome), 'success')}, {ones}: {d.label}.")
    if d.subverted is not None:
        c = r.spec["consequences"]
        out.append(f"{d.subverted} of {counted(c, 'consequence')} subverted" + (", +1 exp." if d.exp else "."))
    return out
