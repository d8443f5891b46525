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

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Mapping

from ..errors import SpecError
from ..frozen import kept, made
from .errors import DraftError
from .sizes import Sizes
from .expr import ExprError
from .knob_words import dice_words
from .knobs import DraftRules
from .model import ALL_DICE, SIDES, SUCCESSES, TOTAL, Draft, FaceSet, GroupDef, Num, Slotted
from .draft_reads import (dice_formulas, env_names, facts, marks_of as _marks, readings_of,  # noqa: F401
                          static_group, with_marks)
from .readings import Reading, Tally
from .redraw import redraws


@dataclass(frozen=True, eq=True)
class DieTable:
    """What each face of one die counts (index ``face - 1``)."""

    sides: int
    successes: tuple[int, ...]
    #: per mark (the draft's marks, in order): 1 where the face shows it
    marks: tuple[tuple[int, ...], ...]
    explode: tuple[bool, ...]
    #: extra dice an explosion may add (None: without end)
    depth: int | None
    #: exploding without end on faces that count nothing the roll reads (:func:`redraws`): a chain
    #: only delays the stop, so the die is counted as its other faces, each as likely (a fraction)
    redraw: bool = False

    def __hash__(self) -> int:  # tables key the dice counted at load: hashed once
        h = self.__dict__.get("_hash")
        if h is None:
            h = self.__dict__["_hash"] = hash((self.sides, self.successes, self.marks, self.explode, self.depth,
                                               self.redraw))
        return h

    @kept  # (kept: a plan asks it of each die several times a spec)
    def explodes(self) -> bool:
        return any(self.explode)

    @property
    def endless(self) -> bool:
        """A die whose chain rolls on without end and counts as it goes (not a :attr:`redraw`)."""
        return self.depth is None and self.explodes and not self.redraw

    def blank(self, face: int) -> bool:
        """A face that counts nothing: no success, no mark, no explosion."""
        i = face - 1
        return self.successes[i] == 0 and not any(m[i] for m in self.marks) and not self.explode[i]

    @kept  # (kept: the re-roll step orders its groups by it)
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

    @kept
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
    #: what the formulas read of the dice (:mod:`.readings`), in the order the counts pack them
    readings: tuple[Reading, ...] = ()
    #: when the re-roll step plays: "short" (only while short of the goal) or "always"
    when: str = "short"
    #: the degrees, (lowest value, name), lowest first
    degrees: tuple[tuple[int, str], ...] = ()
    #: the dice of the draft counted when it loaded (:func:`.dice.compile_dice`), read only
    compiled: Mapping[tuple, tuple] = field(default_factory=dict, compare=False, hash=False, repr=False)
    #: what the modules reading the plan work out once and keep (asked several times a spec): "denominator"
    #: and "big_die" (:mod:`.denominator`), "shown" (:mod:`.outcome`), "walk_cells", "walk_width", "space", "rows",
    #: "bound" (:mod:`.quick_cost`), "bits", "first_bits" (:mod:`.whole_cost`) (dataclasses.replace: none kept)
    memo: dict[str, Any] = field(default_factory=dict, init=False, compare=False, hash=False, repr=False)

    #: what the kernel, the cost and the odds ask of its dice several times a spec, worked out as it is made
    #: (:func:`.draft_reads.facts`): how many there are, how many the step may take, whether one explodes,
    #: whether one rolls on without end and its chain counts (the odds are not a fraction), and whether a
    #: formula reads the dice in order (:mod:`.walk` counts them)
    dice: int = field(init=False, compare=False, repr=False)
    rerollable: int = field(init=False, compare=False, repr=False)
    exploding: bool = field(init=False, compare=False, repr=False)
    unbounded: bool = field(init=False, compare=False, repr=False)
    ordered: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.__dict__.update(zip(("dice", "rerollable", "exploding", "unbounded", "ordered"),
                                 facts(self.groups, self.readings)))

    def rows(self, g: GroupPlan) -> tuple[tuple[int, ...], ...]:
        """What each face of a group's die adds to each tally the formulas
        read (:class:`.readings.Tally`; kept on the plan: asked per count)."""
        memo = self.memo.setdefault("rows", {})
        known = memo.get(id(g))  # (by the group itself, held here: its id is not another's meanwhile)
        if known is not None and known[0] is g:
            return known[1]
        zero = (0,) * g.table.sides
        found = tuple([r.faces(g.table, self.marks) if r.reads(g.name) else zero
                       for r in self.readings if isinstance(r, Tally)])
        memo[id(g)] = (g, found)
        return found


def evaluate(s: Slotted, env: Mapping[str, Any], rules: Mapping[str, Any], draft: Draft,
             sizes: Sizes | None = None) -> Any:
    """The value of an expression of the draft for this spec (a number or a
    name alone read at once: most formulas of a draft are one of these);
    ``sizes``: the largest sizes of ``env``'s arrays, where known."""
    values = rules._values if isinstance(rules, DraftRules) else rules
    tree = s.expr.tree
    if tree[0] == "num":
        return values[s.knobs[tree[1]]]
    if tree[0] == "name" and tree[1] in env:
        return env[tree[1]]
    try:
        return s.expr.evaluate(env, [values[k] for k in s.knobs] if s.knobs else (), sizes)
    except ExprError as err:
        raise DraftError(s.key, str(err), line=draft.lines.get(s.key), source=draft.source_name) from None


def whole(s: Slotted, env: Mapping[str, Any], rules: Mapping[str, Any], draft: Draft, what: str) -> int:
    v = evaluate(s, env, rules, draft)
    if type(v) is int:
        return v
    if isinstance(v, bool) or not isinstance(v, int):
        said = f"{str(v).lower()} (a yes or no)" if isinstance(v, bool) else repr(v)
        raise DraftError(s.key, f"{s.expr.text!r} gives {said} for this roll: {what} must be a whole number",
                         line=draft.lines.get(s.key), source=draft.source_name)
    return v


def base_env(draft: Draft, spec: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    """Fields (a list field as its number of items) and named rules."""
    fields, lists, named = env_names(draft)
    env = {n: spec[n] for n in fields}
    for n in lists:
        env[n] = len(env[n])
    values = rules._values if isinstance(rules, DraftRules) else rules
    for n, k in named:
        env[n] = values[k]
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


def _error(draft: Draft, key: str, words: str) -> DraftError:
    return DraftError(key, words, line=draft.lines.get(key), source=draft.source_name)


def sides_of(draft: Draft, die: str, env: Mapping[str, Any], rules: Mapping[str, Any]) -> int:
    """The sides of a die for this spec (a number, or a formula: 2 to 1000)."""
    d = draft.die(die)
    sides = whole(d.sides, env, rules, draft, "the sides of a die")
    if not 2 <= sides <= 1000:
        raise _error(draft, d.sides.key, f"{d.sides.expr.text!r} gives {sides} for this roll: a die has 2 to 1000 "
                                         "sides")
    return sides


def die_table(draft: Draft, group: GroupDef, grade: Any, env: Mapping[str, Any], rules: Mapping[str, Any]) -> DieTable:
    """What each face of the group's die counts, for this grade."""
    d = draft.die(group.die)
    key = f"dice.{d.name}"
    fenv = {**env, "grade": grade}
    sides = sides_of(draft, d.name, fenv, rules)
    fenv[SIDES] = sides
    succ = [0] * sides
    if d.success is not None:
        for f in faces_of(d.success, sides, fenv, rules, draft, f"{key}.success"):
            succ[f - 1] = 1
    for face, worth in d.successes:
        if face > sides:
            raise _error(draft, f"{key}.successes.{face}", f"face {face} is not a face of a {sides}-sided die")
        succ[face - 1] = whole(worth, fenv, rules, draft, "what a face counts")
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
    if d.explode is not None and _explodes(draft, group, env, rules):
        for f in faces_of(d.explode, sides, fenv, rules, draft, f"{key}.explode"):
            explode[f - 1] = True
        depth = _depth(draft, d.depth, fenv, rules)
        if all(explode) and depth is None:
            raise DraftError(f"{key}.explode", f"every face of the {sides}-sided die explodes: a die must be able "
                                               "to stop (leave a face out, or give a depth)",
                             line=draft.lines.get(f"{key}.explode"), source=draft.source_name)
    return DieTable(sides, tuple(succ), tuple(marks), tuple(explode), depth)


def _explodes(draft: Draft, group: GroupDef, env: Mapping[str, Any], rules: Mapping[str, Any]) -> bool:
    if isinstance(group.explode, bool):
        return group.explode
    v = evaluate(group.explode, env, rules, draft)
    if not isinstance(v, (bool, int)):
        raise _error(draft, group.explode.key, f"{group.explode.expr.text!r} gives {v!r} for this roll: explode is "
                                               "yes or no")
    return bool(v)


def _depth(draft: Draft, depth: Num | Slotted | None, env: Mapping[str, Any], rules: Mapping[str, Any]) -> int | None:
    """Extra dice an explosion may add per die (None: without end)."""
    if depth is None:
        return 0
    if isinstance(depth, Num):
        return rules[depth.knob]
    n = whole(depth, env, rules, draft, "a depth")
    if not 0 <= n <= 50:
        raise _error(draft, depth.key, f"{depth.expr.text!r} gives {n} for this roll: a depth is 0 to 50 extra dice "
                                       "per die")
    return n


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
    env[ALL_DICE] = sum([n for *_, n in raw])
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
    double = False
    if draft.double is not None:
        double = True if draft.double.active is None else bool(evaluate(draft.double.active, env, rules, draft))
    readings = readings_of(draft, env, rules, double)
    groups = []
    takes = False  # (a die the re-roll step may take)
    for g, owner, grade, n in raw:
        known = compiled.get(("table", g.name, grade)) if compiled else None  # the rules as written, at load
        if known is not None:
            table, eligible = known
        else:
            table = die_table(draft, g, grade, env, rules)
            eligible = reroll_takes(draft, g, table, env, rules) if rr is not None and g.name in rr.groups else ()
        if table.depth is None and table.explodes and redraws(table, g.name, readings, eligible):
            table = replace(table, redraw=True)
        groups.append(made(GroupPlan, name=g.name, owner=owner, grade=grade, count=n, table=table, eligible=eligible))
        takes = takes or bool(n and eligible)
    marks = _marks(draft)
    if budget > 0 and takes:  # a re-roll step: its marks counted in it
        readings = with_marks(readings, groups, marks, budget)
    p = made(Plan, draft=draft, rules=rules, groups=tuple(groups), env=env, threshold=threshold, goal=goal,
             budget=budget, double=double, marks=marks, readings=readings, when=_when(draft, env, rules),
             degrees=_degrees(draft, env, rules), compiled=compiled or {}, memo={})  # (Plan(...) field by field)
    p.__post_init__()
    return p


def _when(draft: Draft, env: Mapping[str, Any], rules: Mapping[str, Any]) -> str:
    rr = draft.reroll
    if rr is None:
        return "short"
    if isinstance(rr.when, str):
        return rr.when
    v = evaluate(rr.when, env, rules, draft)
    if v not in ("short", "always"):
        raise _error(draft, rr.when.key, f"{rr.when.expr.text!r} gives {v!r} for this roll: when is 'short' or "
                                         "'always'")
    return str(v)


def _degrees(draft: Draft, env: Mapping[str, Any], rules: Mapping[str, Any]) -> tuple[tuple[int, str], ...]:
    return tuple(sorted((whole(x.lowest, env, rules, draft, "a degree's lowest value"), x.name)
                        for x in draft.outcome.degrees))


def reroll_takes(draft: Draft, g: GroupDef, table: DieTable, env: Mapping[str, Any],
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
    out += [k for _, n in d.successes for k in n.knobs] + list(d.sides.knobs)
    for fs in sets:
        if fs is not None:
            out += [k for x in (fs.at_least, fs.at_most) if x is not None for k in x.knobs]
    return out


def _changed(draft: Draft, rules: Mapping[str, Any], knobs: list[str]) -> str:
    """The first of ``knobs`` a spec's rules set away from the draft's number, or ""."""
    defaults = {k.name: k.default for k in draft.knobs}
    return next((k for k in knobs if k in defaults and rules[k] != defaults[k]), "")
