"""The Heresy difficulty ladder and "explain this number"
(docs/rules_heresy_vers.md#difficulty-ladder-heresy).

>>> ladder_settings({})[:3]
[{'black': 0}, {'black': 3}, {'black': 6}]
"""

from __future__ import annotations

from ...contract.spec import Spec
from ...maths.odds import Odds
from ...maths.rounding import odds_of
from ...table.rolls import Roll
from . import net
from .degrees import threshold
from .net import pool_dice
from .rules import Rules, rules_of
from .details import TaskDetails


def _odds(spec: dict) -> Odds:
    """The odds of another spec of this edition, for a step's figure: the
    very floats ``vw.odds`` gives, from the edition's own kernel."""
    return odds_of(Spec.of(spec), net.odds, net.denominator)


def _faces(faces: tuple[int, ...]) -> str:
    words = [str(f) for f in faces]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _die_words(rules: Rules) -> str:
    """What one pool die does under ``rules``, with its mean successes
    (s successes faces, r re-rolled: s / (6 - r))."""
    s, r = len(rules.success_faces), len(rules.reroll_faces)
    again = (f", and each {_faces(rules.reroll_faces)} is rolled again for another chance" if r else "")
    return (f"each {_faces(rules.success_faces)} is a success ({s} in 6){again}: "
            f"{s / (6 - r):.3g} successes per die on average")

#: Black dice per step of difficulty (Difficult 3, Very Difficult 6, ...).
BLACK_STEP = 3


def ladder_settings(spec: dict) -> list[dict]:
    """The Heresy ladder: 0, 3, 6, ... 36 black dice (one step of
    difficulty is 3 black dice)."""
    return [{"black": b} for b in range(0, 37, BLACK_STEP)]


def explain_steps(spec: dict, o: Odds) -> list:
    """The roll's odds in rule order: pool dice, trades, the chance without
    black dice, what the black dice take; the degrees as information."""
    from ...contract.explain import Step

    rules = rules_of(spec)
    m, black, trade, need = pool_dice(spec), spec["black"], spec["trade"], threshold(spec)
    steps = [Step(f"{m} pool dice" + (f" ({spec['pool']} - {rules.trade_rate} x {trade} traded)" if trade else "")
                  + f": {_die_words(rules)}.")]
    if trade:
        steps.append(Step(f"{trade} automatic success(es) from the trades (black dice can cancel them)."))
    steps.append(Step(f"A success needs {need} net successes."))
    p0 = _odds({**spec, "black": 0}).p_pass
    steps.append(Step(f"without black dice, {need} or more successes", p0, "+"))
    if black:
        # black dice never raise the chance: a negative difference is the float noise of the two cut tails
        steps.append(Step(f"the {black} black dice take the rolls they bring below {need}: each "
                          f"{_faces(rules.success_faces)} on a black die ({len(rules.success_faces)} in 6) cancels "
                          "a success", max(0.0, p0 - o.p_pass), "-"))
    steps.append(Step("P(success or better)", o.p_pass, "="))
    if need > 1:  # at threshold 1 no net count is a partial success
        span = "net 1" if need == 2 else f"net 1 to {need - 1}"
        steps.append(Step(f"partial success ({span})", o.breakdown["partial success"]))
    steps.append(Step("foul failure (net below 0)", o.breakdown["foul failure"]))
    return steps


def explain_roll(r: Roll) -> list[str]:
    """The example roll, step by step."""
    pool = [d for d in r.dice if d.owner == "own" and d.exploded_from is None]
    again = [d for d in r.dice if d.exploded_from is not None]
    black = [d for d in r.dice if d.owner == "black"]
    got = sum(d.scores for d in pool + again)
    out = [f"Pool dice: {' '.join(str(d.after) for d in pool) or 'none'}: "
           f"{sum(d.scores for d in pool)} success(es) ({_faces(rules_of(dict(r.spec)).success_faces)})."]
    if again:
        out.append(f"Each {_faces(rules_of(dict(r.spec)).reroll_faces)} rolled again: {' '.join(str(d.after) for d in again)}: {got} success(es) in all.")
    d = TaskDetails.of(r)
    if d.automatic:
        out.append(f"+ {d.automatic} automatic success(es) from trades.")
    if black:
        out.append(f"Black dice: {' '.join(str(d.after) for d in black)}: cancel {-sum(d.scores for d in black)}.")
    out.append(f"Net {r.outcome}: {d.degree}.")
    return out
