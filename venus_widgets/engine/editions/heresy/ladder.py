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
from ...contract.table_answers import counted, listed, one_in


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
    return (f"each {_faces(rules.success_faces)} is a success, {one_in(s, 6)}{again}; on average "
            f"{s / (6 - r):.2g} successes per die")

#: Black dice per step of difficulty (Difficult 3, Very Difficult 6, ...).
BLACK_STEP = 3


def ladder_settings(spec: dict) -> list[dict]:
    """The Heresy ladder: 0, 3, 6, ... 36 black dice (one step of
    difficulty is 3 black dice)."""
    return [{"black": b} for b in range(0, 37, BLACK_STEP)]


def explain_steps(spec: dict, o: Odds) -> list:
    """The roll's odds in rule order: pool dice, trades, the chance without
    black dice, what the black dice take; the degrees as information."""
    from ...contract.explain import CHANCE, Step, dice_count

    rules = rules_of(spec)
    m, black, trade, need = pool_dice(spec), spec["black"], spec["trade"], threshold(spec)
    traded = (f" ({spec['pool']}, less {rules.trade_rate} for each of the {trade} trades)" if trade > 1
              else f" ({spec['pool']}, less {rules.trade_rate} for the trade)" if trade else "")
    steps = [Step(f"You roll {dice_count(m, 'pool die', 'pool dice')}{traded}" + (f": {_die_words(rules)}." if m else "."))]
    if trade:
        steps.append(Step(f"The trades give {counted(trade, 'automatic success')} (black dice can cancel "
                          f"{'it' if trade == 1 else 'them'})."))
    steps.append(Step(f"A success needs {counted(need, 'net success')}."))
    p0 = _odds({**spec, "black": 0}).p_pass
    steps.append(Step(f"Without black dice, {need} or more successes come up {CHANCE} of the time.", p0, "+"))
    if black:
        # black dice never raise the chance: a negative difference is the float noise of the two cut tails
        steps.append(Step(("The black die takes" if black == 1 else f"The {dice_count(black, 'black die', 'black dice')} take")
                          + f" away {CHANCE}: each "
                          f"{_faces(rules.success_faces)} on a black die ({one_in(len(rules.success_faces), 6)}) "
                          f"cancels a success, bringing some rolls below {need}.", max(0.0, p0 - o.p_pass), "-"))
    steps.append(Step(f"So the roll is a success or better {CHANCE} of the time.", o.p_pass, "="))
    if need > 1:  # at threshold 1 no net count is a partial success
        span = "net 1" if need == 2 else f"net 1 to {need - 1}"
        steps.append(Step(f"A partial success ({span}) comes up {CHANCE} of the time.", o.breakdown["partial success"]))
    steps.append(Step(f"A foul failure (net below 0) comes up {CHANCE} of the time.", o.breakdown["foul failure"]))
    return steps


def _show(dice: list, kind: str) -> str:
    """"The black die shows" / "Black dice show"."""
    return f"The {kind} die shows" if len(dice) == 1 else f"{kind.capitalize()} dice show"


def explain_roll(r: Roll) -> list[str]:
    """The example roll, step by step."""
    pool = [d for d in r.dice if d.owner == "own" and d.exploded_from is None]
    again = [d for d in r.dice if d.exploded_from is not None]
    black = [d for d in r.dice if d.owner == "black"]
    got = sum(d.scores for d in pool + again)
    rules = rules_of(dict(r.spec))
    out = [(f"{_show(pool, 'pool')} {listed([d.after for d in pool])}: " if pool else "No pool dice: ")
           + f"{counted(sum(d.scores for d in pool), 'success')} (on {_faces(rules.success_faces)})."]
    if again:
        out.append(f"Each {_faces(rules.reroll_faces)} is rolled again: {listed([d.after for d in again])}: "
                   f"{counted(got, 'success')} in all.")
    d = TaskDetails.of(r)
    if d.automatic:
        out.append(f"Plus {counted(d.automatic, 'automatic success')} from the trades.")
    if black:
        cancel = -sum(d.scores for d in black)
        out.append(f"{_show(black, 'black')} {listed([d.after for d in black])}: {'it' if len(black) == 1 else 'they'} cancel"
                   + ("s " if len(black) == 1 else " ")
                   + ("no success." if not cancel else f"{counted(cancel, 'success')}."))
    out.append(f"Net {r.outcome}: {d.degree}.")
    return out
