"""A draft's odds and rolls in plain words (``vw.explain``), and its
difficulty ladder (``vw.ladder``, ``vw.solve``, the FC's screen), from the
draft alone: the dice of each group and what their faces count, the
threshold, what each step adds, and an example roll walked through.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..maths.odds import Odds
from ..table.rolls import Roll
from .kernel import budget
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
    """``3 own dice (d6): a success on 5-6 (2 in 6), a 6 rolls again (at most 3 more)``."""
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
    return f"{g.count} {g.owner}{grade} {die} (d{t.sides}): " + "; ".join(parts)


def explain_steps(plan: Plan, o: Odds) -> list:
    """The odds in the draft's order: the dice, what passes, what each step
    adds (they sum to P(pass)), the goal and the degrees."""
    from ..contract.explain import Step

    d = plan.draft
    out: list[Any] = [Step(group_words(plan, g) + ".") for g in plan.groups if g.count]
    name = d.outcome.name
    out.append(Step(f"The outcome is {d.outcome.value.expr.text} ({name}); it passes at {plan.threshold} or more."))
    b = o.breakdown
    rr, dd = d.reroll, d.double
    if "pass on the first roll" in b:
        if rr is not None and budget(plan):
            n = budget(plan)
            out.append(Step(f"{rr.name}: up to {n} {'die' if n == 1 else 'dice'} showing {taken_faces(plan)} "
                            f"{'is' if n == 1 else 'are'} rolled again, the best chance first, the lowest face first"
                            + (", only while short of the goal" if rr.when == "short" else "") + "."))
        out.append(Step("passes on the first roll", b["pass on the first roll"], "+"))
        if rr is not None:
            out.append(Step(f"what {rr.name} adds", b[f"pass after {rr.name}"], "+"))
        if dd is not None and f"pass with {dd.name}" in b:
            out.append(Step(f"what {dd.name} adds ({dd.adds.expr.text} more when still short of the goal)",
                            b[f"pass with {dd.name}"], "+"))
    else:
        out.append(Step(f"{plan.threshold} or more {name}", o.p_pass, "+"))
    out.append(Step("P(pass)", o.p_pass, "="))
    if plan.goal != plan.threshold:
        out.append(Step(f"P(goal): {plan.goal} or more {name}", o.p_goal))
    for k, v in b.items():
        if not k.startswith("pass ") and k != "fail":
            out.append(Step(k, v))
    return out


def explain_roll(plan: Plan, r: Roll) -> list[str]:
    """The example roll, step by step."""
    firsts = [x for x in r.dice if x.exploded_from is None]
    again = [x for x in r.dice if x.exploded_from is not None]
    by: dict[str, list[str]] = {}
    for x in firsts:
        by.setdefault(x.owner, []).append(str(x.before))
    out = ["First roll: " + "; ".join(f"{who}: {' '.join(f)}" for who, f in by.items()) + "."]
    kissed = [x for x in firsts if x.kissed]
    if kissed:
        name = plan.draft.reroll.name if plan.draft.reroll is not None else "re-roll"
        out.append(f"{name}: " + ", ".join(f"die {x.index + 1} {x.before} -> {x.after}" for x in kissed) + ".")
    if again:
        out.append("Rolled again (exploding): " + " ".join(str(x.after) for x in again) + ".")
    if r.ego_spent and plan.draft.double is not None:
        out.append(f"{plan.draft.double.name} is spent: {plan.draft.double.adds.expr.text} more.")
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
            f"{g.owner} dice: {_or(g.eligible)}" for g in plan.groups if g.count and g.eligible) + ")"
    return _or(next(iter(sets)))


def _or(faces: Sequence[int]) -> str:
    """ "2, 3, 4 or 5" """
    shown = [str(f) for f in faces]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]
