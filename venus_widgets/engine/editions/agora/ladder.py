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


def explain_steps(spec: dict, o: Odds) -> list:
    """The roll's odds in rule order: the dice, the help die, the successes
    needed, the first roll, what KISS and Ego add; snake eyes and
    subverted consequences as information."""
    from ...contract.explain import Step, first_roll_steps, pct

    n, r, g = main_dice(spec), spec["rank"], threshold(spec)
    if spec["roll"] == "check":
        pool = f"{n} Health dice"
    else:
        pool = (f"Health {spec['health']} + job {spec['job']} + assets {spec['assets']} - {spec['factors']} "
                f"factor(s) = {n} main dice")
    steps = [Step(f"{pool} at rank {r}: each succeeds on {r}-6, {7 - r} in 6 ({pct((7 - r) / 6)}).")]
    rules = rules_of(spec)
    h = help_die(spec, rules)
    if h == AUTO:
        steps.append(Step(f"The helpers {list(spec['helpers'])} merge to rank 1: an automatic success, not rolled."))
    elif h is not None:
        steps.append(Step(f"The helpers {list(spec['helpers'])} merge into one help die of rank {h}: it succeeds on "
                          f"{h}-6 ({pct((7 - h) / 6)})."))
    if spec["roll"] == "check":
        need = f"A {spec['difficulty']} check needs {g} success(es)."
    else:
        need = (f"A full pass needs {g} success(es): {spec['consequences']} consequence(s) x "
                f"{per_consequence(spec)} ({spec['difficulty']}).")
    steps.append(Step(need))
    p0 = _odds({**spec, "kiss": 0, "helper_kiss": False, "ego": False}).p_pass
    groups = [(n, r - 1, 6)] + ([(1, h - 1, 6)] if h is not None else [])
    steps += first_roll_steps(groups, g, p0)
    p1 = _odds({**spec, "ego": False}).p_pass
    if spec["kiss"] or spec["helper_kiss"]:
        who = f"up to {spec['kiss']} failed dice" if spec["kiss"] else ""
        if spec["helper_kiss"]:
            who += (" and " if who else "") + "the helper's own failed help die"
        steps.append(Step(f"KISS: short, {who} re-rolled once, best chance first", p1 - p0, "+"))
    if spec["ego"]:
        sixes = "every 6" if rules.ego_double_from == 6 else f"every success showing {rules.ego_double_from} or more"
        steps.append(Step(f"Ego: still short, {sixes} scores two successes", o.p_pass - p1, "+"))
    steps.append(Step("P(pass)" if spec["roll"] == "check" else "P(full pass)", o.p_pass, "="))
    eyes = "two" if rules.snake_eyes_ones == 2 else str(rules.snake_eyes_ones)
    steps.append(Step(f"snake eyes ({eyes} or more 1s after KISS): a critical, a failure with a boon or a success "
                      "with a bane", o.p_critical or 0.0))
    if spec["roll"] == "task":
        steps.append(Step("at least one consequence subverted", o.breakdown["at least one subverted"]))
    return steps


def explain_roll(r: Roll) -> list[str]:
    """The example roll, step by step."""
    from ...contract.explain import dice_words

    d = AgoraDetails.of(r)
    if not r.dice:
        return ["No dice and no help: an automatic failure."]
    rolled = [x for x in r.dice if x.grade != AUTO]
    first = sum(isinstance(x.grade, int) and x.before >= x.grade for x in rolled) + (len(rolled) < len(r.dice))
    out = [f"First roll: {dice_words(rolled) or 'no dice rolled'}: {first} success(es), {d.goal} needed."]
    if d.help is not None:
        out.append("The help die is an automatic success (helpers merged to rank 1).")
    kissed = [x for x in r.dice if x.kissed]
    if kissed:
        out.append("KISS: " + ", ".join(f"die {x.index} {x.before} -> {x.after}" for x in kissed) + ".")
    elif first >= d.goal:
        out.append("The goal is reached: nothing to KISS.")
    if r.ego_spent:
        out.append("Ego: each 6 showing scores two successes.")
    out.append(f"{r.outcome} success(es), {d.ones} one(s) showing: {d.label}.")
    if d.subverted is not None:
        out.append(f"{d.subverted} of {r.spec['consequences']} consequence(s) subverted"
                   + (", +1 exp." if d.exp else "."))
    return out
