"""One spec of a draft, made concrete: how many dice of which kind, what
each face counts, the threshold, the goal and the budget, for the spec's
field values and rule knobs. The kernel (:mod:`.kernel`), the rolls
(:mod:`.rolling`) and the table (:mod:`.at_table`) all read this plan, so
they play by one reading of the draft.

Expressions are evaluated here with the spec's fields, the rules' values
and the dice counts; an expression that cannot be evaluated for a spec is
a :class:`~.errors.DraftError` naming its key and line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping

from ..errors import SpecError
from .errors import DraftError
from .expr import ExprError
from .knob_words import dice_words
from .knobs import DraftRules
from .model import ALL_DICE, Draft, FaceSet, GroupDef, Slotted


@dataclass(frozen=True)
class DieTable:
    """What each face of one die counts (index ``face - 1``)."""

    sides: int
    successes: tuple[int, ...]
    #: per mark (the draft's marks, in order): 1 where the face shows it
    marks: tuple[tuple[int, ...], ...]
    explode: tuple[bool, ...]
    #: extra dice an explosion may add (None: without end)
    depth: int | None

    @property
    def explodes(self) -> bool:
        return any(self.explode)

    def blank(self, face: int) -> bool:
        """A face that counts nothing: no success, no mark, no explosion."""
        i = face - 1
        return self.successes[i] == 0 and not any(m[i] for m in self.marks) and not self.explode[i]

    @property
    def chance(self) -> Fraction:
        """The chance of a success on one roll (the re-roll order: best chance first)."""
        return Fraction(sum(1 for s in self.successes if s > 0), self.sides)


@dataclass(frozen=True)
class GroupPlan:
    """Dice of one group (an ``each`` group: one plan per item)."""

    name: str
    owner: str
    grade: Any
    count: int
    table: DieTable
    #: faces a re-roll may take (empty: none)
    eligible: tuple[int, ...]

    @property
    def rerollable(self) -> bool:
        return bool(self.eligible) and self.count > 0


@dataclass(frozen=True)
class Plan:
    """A spec of a draft, concrete."""

    draft: Draft
    rules: DraftRules
    groups: tuple[GroupPlan, ...]
    env: Mapping[str, Any]
    threshold: int
    goal: int
    budget: int
    double: bool
    marks: tuple[str, ...]
    #: the dice of the draft counted when it loaded (:func:`.dice.compile_dice`), read only
    compiled: Mapping[tuple, tuple] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def dice(self) -> int:
        return sum(g.count for g in self.groups)

    @property
    def rerollable(self) -> int:
        return sum(g.count for g in self.groups if g.rerollable)

    @property
    def exploding(self) -> bool:
        return any(g.table.explodes and g.count for g in self.groups)

    @property
    def unbounded(self) -> bool:
        return any(g.count and g.table.explodes and g.table.depth is None for g in self.groups)


def evaluate(s: Slotted, env: Mapping[str, Any], rules: Mapping[str, Any], draft: Draft) -> Any:
    """The value of an expression of the draft for this spec."""
    try:
        return s.expr.evaluate(env, [rules[k] for k in s.knobs])
    except ExprError as err:
        raise DraftError(s.key, str(err), line=draft.lines.get(s.key), source=draft.source_name) from None


def whole(s: Slotted, env: Mapping[str, Any], rules: Mapping[str, Any], draft: Draft, what: str) -> int:
    v = evaluate(s, env, rules, draft)
    if isinstance(v, bool) or not isinstance(v, int):
        said = f"{str(v).lower()} (a yes or no)" if isinstance(v, bool) else repr(v)
        raise DraftError(s.key, f"{s.expr.text!r} gives {said} for this roll: {what} must be a whole number",
                         line=draft.lines.get(s.key), source=draft.source_name)
    return v


def base_env(draft: Draft, spec: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    """Fields (a list field as its number of items) and named rules."""
    env: dict[str, Any] = {}
    for f in draft.fields:
        v = spec[f.name]
        env[f.name] = len(v) if f.kind == "list" else v
    for r in draft.rules:
        env[r.name] = rules[r.knob]
    return env


def faces_of(fs: FaceSet, sides: int, env: Mapping[str, Any], rules: Mapping[str, Any], draft: Draft,
             key: str) -> set[int]:
    """The faces of a face set, for this spec."""
    if fs.faces is not None:
        chosen = set(rules[fs.faces.knob])
    elif fs.but is not None:
        chosen = set(range(1, sides + 1)) - set(rules[fs.but.knob])
    else:
        lo = whole(fs.at_least, env, rules, draft, "a face") if fs.at_least is not None else 1
        hi = whole(fs.at_most, env, rules, draft, "a face") if fs.at_most is not None else sides
        if lo <= hi and (lo < 1 or hi > sides):  # the first face outside the die, without listing a billion
            raise DraftError(key, f"face {lo if lo < 1 else max(lo, sides + 1)} is not a face of a {sides}-sided "
                                  "die", line=draft.lines.get(key), source=draft.source_name)
        chosen = set(range(lo, hi + 1))
    bad = sorted(f for f in chosen if not 1 <= f <= sides)
    if bad:
        raise DraftError(key, f"face {bad[0]} is not a face of a {sides}-sided die", line=draft.lines.get(key),
                         source=draft.source_name)
    return chosen


def die_table(draft: Draft, group: GroupDef, grade: Any, env: Mapping[str, Any], rules: Mapping[str, Any]) -> DieTable:
    """What each face of the group's die counts, for this grade."""
    d = draft.die(group.die)
    key = f"dice.{d.name}"
    sides = rules[d.sides.knob]
    fenv = {**env, "grade": grade}
    succ = [0] * sides
    if d.success is not None:
        for f in faces_of(d.success, sides, fenv, rules, draft, f"{key}.success"):
            succ[f - 1] = 1
    for face, num in d.successes:
        if face > sides:
            raise DraftError(f"{key}.successes.{face}", f"face {face} is not a face of a {sides}-sided die",
                             line=draft.lines.get(f"{key}.successes.{face}"), source=draft.source_name)
        succ[face - 1] = rules[num.knob]
    if group.cancels:
        succ = [-x for x in succ]
    marks = []
    for name in _marks(draft):
        shown = [0] * sides
        for mark, fs in d.marks:
            if mark == name:
                for f in faces_of(fs, sides, fenv, rules, draft, f"{key}.marks.{mark}"):
                    shown[f - 1] = 1
        marks.append(tuple(shown))
    explode = [False] * sides
    depth = None
    if d.explode is not None and group.explode:
        for f in faces_of(d.explode, sides, fenv, rules, draft, f"{key}.explode"):
            explode[f - 1] = True
        depth = rules[d.depth.knob] if d.depth is not None else 0
        if all(explode) and depth is None:
            raise DraftError(f"{key}.explode", f"every face of the {sides}-sided die explodes: a die must be able "
                                               "to stop (leave a face out, or give a depth)",
                             line=draft.lines.get(f"{key}.explode"), source=draft.source_name)
    return DieTable(sides, tuple(succ), tuple(marks), tuple(explode), depth)


def _marks(draft: Draft) -> tuple[str, ...]:
    out: list[str] = []
    for d in draft.dice:
        for m, _ in d.marks:
            if m not in out:
                out.append(m)
    return tuple(out)


def make_plan(draft: Draft, spec: Mapping[str, Any], rules: DraftRules,
              compiled: Mapping[tuple, tuple] | None = None) -> Plan:
    """The plan of a normalized spec under ``rules`` (a :class:`DraftError`
    when an expression cannot be evaluated; negative counts are the
    cross-checks' business: here they are 0)."""
    env = base_env(draft, spec, rules)
    counts: dict[str, int] = {}
    raw: list[tuple[GroupDef, str, Any, int]] = []
    for g in draft.groups:
        if g.each:
            items = list(spec[g.each])
            counts[g.name] = len(items)
            for i, item in enumerate(items):
                raw.append((g, f"{g.owner} {i + 1}", item, 1))
        else:
            n = whole(g.count, env, rules, draft, "a count of dice") if g.count is not None else 0
            counts[g.name] = max(n, 0)
            grade = evaluate(g.grade, env, rules, draft) if g.grade is not None else None
            raw.append((g, g.owner, grade, max(n, 0)))
    env.update(counts)
    env[ALL_DICE] = sum(n for *_, n in raw)
    out = draft.outcome
    threshold = whole(out.threshold, env, rules, draft, "the threshold")
    env["threshold"] = threshold
    goal = whole(out.goal, env, rules, draft, "the goal") if out.goal is not None else threshold
    env["goal"] = goal
    rr = draft.reroll
    budget = 0
    if rr is not None:
        budget = whole(rr.budget, env, rules, draft, "the budget")
        if budget < 0:
            raise DraftError(rr.budget.key, f"{rr.budget.expr.text!r} gives {budget} for this roll: a budget is "
                                            "at least 0", line=draft.lines.get(rr.budget.key),
                             source=draft.source_name)
    groups = []
    for g, owner, grade, n in raw:
        table = die_table(draft, g, grade, env, rules)
        eligible: tuple[int, ...] = ()
        if rr is not None and g.name in rr.groups:
            eligible = _eligible(draft, g, table, env, rules)
        groups.append(GroupPlan(g.name, owner, grade, n, table, eligible))
    double = False
    if draft.double is not None:
        double = True if draft.double.active is None else bool(evaluate(draft.double.active, env, rules, draft))
    return Plan(draft, rules, tuple(groups), env, threshold, goal, budget, double, _marks(draft), compiled or {})


def _eligible(draft: Draft, g: GroupDef, table: DieTable, env: Mapping[str, Any],
              rules: Mapping[str, Any]) -> tuple[int, ...]:
    """The faces of the group's dice the re-roll step may take: they must count nothing."""
    rr = draft.reroll
    assert rr is not None
    if rr.faces is None:
        return tuple(f for f in range(1, table.sides + 1) if table.blank(f))
    faces = sorted(faces_of(rr.faces, table.sides, env, rules, draft, "reroll.faces"))
    for f in faces:
        if not table.blank(f):
            i = f - 1
            what = ("counts a success" if table.successes[i] else "explodes" if table.explode[i] else
                    "shows the mark " + next(m for m, row in zip(_marks(draft), table.marks) if row[i]))
            words = (f"face {f} of {dice_words(g.owner)} {what}: a face the re-roll step takes must count nothing "
                     "(the first roll of a re-rolled die is not kept)")
            changed = _changed(draft, rules, _knobs_of(draft, g))
            if changed:  # a rule knob of the spec made it so: the knob is to blame, not the file
                raise SpecError(f"rules.{changed}", rules[changed], "faces that leave the faces the re-roll step takes "
                                "counting nothing", words)
            raise DraftError("reroll.faces", words, line=draft.lines.get("reroll.faces"), source=draft.source_name)
    return tuple(faces)


def _knobs_of(draft: Draft, g: GroupDef) -> list[str]:
    """The knobs that say which faces of a group's die count and which the re-roll step takes."""
    d = draft.die(g.die)
    sets = [draft.reroll.faces if draft.reroll is not None else None, d.success, d.explode,
            *(fs for _, fs in d.marks)]
    out = [n.knob for fs in sets if fs is not None for n in (fs.faces, fs.but) if n is not None]
    out += [n.knob for _, n in d.successes] + [d.sides.knob]
    for fs in sets:
        if fs is not None:
            out += [k for x in (fs.at_least, fs.at_most) if x is not None for k in x.knobs]
    return out


def _changed(draft: Draft, rules: Mapping[str, Any], knobs: list[str]) -> str:
    """The first of ``knobs`` a spec's rules set away from the draft's number, or ""."""
    defaults = {k.name: k.default for k in draft.knobs}
    return next((k for k in knobs if k in defaults and rules[k] != defaults[k]), "")
