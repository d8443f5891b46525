"""A draft's odds and rolls in plain words (``vw.explain``), and its
difficulty ladder (``vw.ladder``, ``vw.solve``, the FC's screen), from the
draft alone: the dice of each group and what their faces count, the
threshold, what each step adds, and an example roll walked through.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from ..maths.odds import Odds
from ..table.rolls import Roll
from .kernel import budget
from .knob_words import dice_words
from .model import FAIL, FIRST_ROLL, Slotted, passed_after, passed_with
from .plan import GroupPlan, Plan
from .rolling import degree_of


def _faces(faces: Sequence[int]) -> str:
    """``1 or 6``, ``5-6``, ``2, 3 or 5``."""
    fs = sorted(faces)
    if len(fs) > 2 and fs == list(range(fs[0], fs[-1] + 1)):
        return f"{fs[0]}-{fs[-1]}"
    words = [str(f) for f in fs]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def group_words(plan: Plan, g: GroupPlan) -> str:
    """``Your 3 dice (d6): a success on 5-6 (2 in 6), a 6 rolls again (at most 3 more)``."""
    t = g.table
    die = "die" if g.count == 1 else "dice"
    grade = f" {g.grade}" if isinstance(g.grade, (str, int)) and not isinstance(g.grade, bool) else ""
    parts = []
    pos = [f for f in range(1, t.sides + 1) if t.successes[f - 1] > 0]
    neg = [f for f in range(1, t.sides + 1) if t.successes[f - 1] < 0]
    if pos:
        more = [f for f in pos if t.successes[f - 1] > 1]
        parts.append(f"a success on {_faces(pos)} ({len(pos)} in {t.sides})"
                     + (f", {', '.join(f'{f} counts {t.successes[f - 1]}' for f in more)}" if more else ""))
    if neg:
        parts.append(f"each {_faces(neg)} cancels a success ({len(neg)} in {t.sides})")
    for m, row in zip(plan.marks, t.marks):
        shown = [f for f in range(1, t.sides + 1) if row[f - 1]]
        if shown:
            parts.append(f"{_faces(shown)} shows {m}")
    boom = [f for f in range(1, t.sides + 1) if t.explode[f - 1]]
    if boom:
        how = "without end" if t.depth is None else f"at most {t.depth} more per die"
        parts.append(f"each {_faces(boom)} rolls again, adding a die ({how})")
    if not parts:
        parts.append("its face is added to the total" if plan.draft.outcome.uses_total else "no face counts")
    who = f"Your {g.count}" if g.owner == "own" else f"{g.count} {g.owner}"
    return f"{who}{grade} {die} (d{t.sides}): " + "; ".join(parts)


#: A draft's arithmetic as a sentence says it (names and numbers are said by :func:`expr_words`).
_SAID = {"*": "×", "//": "÷", "==": "is", "!=": "is not", "<=": "≤", ">=": "≥"}
_TOKEN = re.compile(r"\d+(?:\.\d*)?|[A-Za-z_][A-Za-z0-9_]*|//|==|!=|<=|>=|\S")


def expr_words(plan: Plan, s: Slotted) -> str:
    """A draft's expression as a player reads it: each field by its label,
    each named rule and each number written by its value under the spec's
    rules, what the dice show in words ("the dice total").

    >>> import venus_widgets as vw
    >>> d = vw.engine.drafts.read_draft("vers.toml")   # the built-in edition vers, served by its draft
    >>> expr_words(d.plan(vw.normalize({"edition": "vers"})), d.draft.outcome.value)
    '10 + Ranks - (the dice total + Penalty)'
    """
    d = plan.draft
    labels = {f.name: f.label or f.name.replace("_", " ") for f in d.fields}
    rules = {r.name: plan.env.get(r.name) for r in d.rules if not r.per}
    numbers = iter(plan.rules[k] for k in s.knobs)
    out = []
    for tok in _TOKEN.findall(s.expr.text):
        if tok[0].isdigit():
            out.append(str(next(numbers, tok)))
        elif tok in labels:
            out.append(labels[tok])
        elif tok in rules and isinstance(rules[tok], int) and not isinstance(rules[tok], bool):
            out.append(str(rules[tok]))
        elif tok == "total":
            out.append("the dice total")
        elif tok[0].isalpha() or tok[0] == "_":
            out.append(tok.replace("_", " "))
        else:
            out.append(_SAID.get(tok, tok))
    text = " ".join(out)
    return re.sub(r"\( ", "(", re.sub(r" \)", ")", re.sub(r" ,", ",", text)))


def explain_steps(plan: Plan, o: Odds) -> list:
    """The odds in the draft's order: the dice, what passes, what each step
    adds (they sum to the chance to pass), the goal and the degrees."""
    from ..contract.explain import CHANCE, Step

    d = plan.draft
    out: list[Any] = [Step(group_words(plan, g) + ".") for g in plan.groups if g.count]
    name = d.outcome.name
    value = expr_words(plan, d.outcome.value)
    counts = f"The roll counts {name}" + (f": {value}" if value != name else "")
    out.append(Step(f"{counts}; it passes at {plan.threshold} or more."))
    b = o.breakdown
    rr, dd = d.reroll, d.double
    if FIRST_ROLL in b:
        if rr is not None and budget(plan):
            n = budget(plan)
            out.append(Step(f"{rr.name}: up to {n} {'die' if n == 1 else 'dice'} showing {taken_faces(plan)} "
                            f"{'is' if n == 1 else 'are'} rolled again, the best chance first, the lowest face first"
                            + (", only while short of the goal" if rr.when == "short" else "") + "."))
        out.append(Step(f"The first roll passes {CHANCE} of the time.", b[FIRST_ROLL], "+"))
        if rr is not None:
            out.append(Step(f"{rr.name} adds {CHANCE}.", b[passed_after(rr.name)], "+"))
        if dd is not None and passed_with(dd.name) in b:
            out.append(Step(f"{dd.name} adds {CHANCE}: still short of the goal, {expr_words(plan, dd.adds)} more.",
                            b[passed_with(dd.name)], "+"))
    else:
        out.append(Step(f"{plan.threshold} or more {name} come up {CHANCE} of the time.", o.p_pass, "+"))
    out.append(Step(f"So the roll passes {CHANCE} of the time.", o.p_pass, "="))
    if plan.goal != plan.threshold:
        out.append(Step(f"The goal, {plan.goal} or more {name}, is reached {CHANCE} of the time.", o.p_goal))
    steps = {FIRST_ROLL, FAIL, *([passed_after(rr.name)] if rr else []), *([passed_with(dd.name)] if dd else [])}
    for k, v in b.items():
        if k not in steps:  # the degrees and the marks' chances (a degree may be called "pass well")
            out.append(Step(f"{k[:1].upper()}{k[1:]}: {CHANCE} of the time.", v))
    return out


def explain_roll(plan: Plan, r: Roll) -> list[str]:
    """The example roll, step by step."""
    from ..contract.table_answers import listed
    from ..contract.explain import rerolled_words

    firsts = [x for x in r.dice if x.exploded_from is None]
    again = [x for x in r.dice if x.exploded_from is not None]
    by: dict[str, list[int]] = {}
    for x in firsts:
        by.setdefault(x.owner, []).append(x.before)
    said = [f"{'your' if who == 'own' else 'the ' + who} {'die shows' if len(f) == 1 else 'dice show'} {listed(f)}"
            for who, f in by.items()]
    out = ["First roll: " + ("; ".join(said) or "no dice") + "."]
    kissed = [x for x in firsts if x.kissed]
    if kissed:
        name = plan.draft.reroll.name if plan.draft.reroll is not None else "A re-roll"
        out.append(f"{name} re-rolls {rerolled_words(kissed)}.")
    if again:
        out.append("Rolled again (exploding): " + listed([x.after for x in again]) + ".")
    if r.ego_spent and plan.draft.double is not None:
        out.append(f"{plan.draft.double.name} is spent: {expr_words(plan, plan.draft.double.adds)} more.")
    degree = f" ({degree_of(plan, r.outcome)})" if plan.draft.outcome.degrees else ""
    out.append(f"{plan.draft.outcome.name.capitalize()}: {r.outcome}{degree}: "
               + ("passed." if r.passed else "failed."))
    return out


def ladder_settings(plan: Plan, spec: dict, field: str = "") -> list[dict]:
    """The rungs of the draft's ``[ladder]``, easiest first (without one:
    ``field``, the first field of the group "difficulty" whose chance falls
    as it rises, chosen when the draft loads; over its range)."""
    d = plan.draft
    if d.ladder is not None:
        return [{d.ladder.field: v} for v in d.ladder.values]
    f = next((x for x in d.fields if x.name == field), None) or next(
        (x for x in d.fields if x.group == "difficulty" and x.kind in ("int", "choice")), None)
    if f is None:
        f = next((x for x in reversed(d.fields) if x.kind == "int"), None)
    if f is None:
        return [{}]
    if f.kind == "choice":
        return [{f.name: o} for o in f.options]
    assert f.hi is not None
    return [{f.name: v} for v in range(f.lo, plan.rules[f.hi.knob] + 1)]


def taken_faces(plan: Plan) -> str:
    """The faces the re-roll step takes, in words: "2, 3, 4 or 5" where it
    says them, else "a face that counts nothing" (its default)."""
    if plan.draft.reroll is None or plan.draft.reroll.faces is None:
        return "a face that counts nothing"
    sets = {g.eligible for g in plan.groups if g.count and g.eligible}
    if len(sets) != 1:
        return "a face the step takes (" + "; ".join(
            f"{dice_words(g.owner)}: {_or(g.eligible)}" for g in plan.groups if g.count and g.eligible) + ")"
    return _or(next(iter(sets)))


def _or(faces: Sequence[int]) -> str:
    """ "2, 3, 4 or 5" """
    shown = [str(f) for f in faces]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]
