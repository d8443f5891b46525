"""What a draft's formulas read of the dice for one spec: each reading
(:mod:`.readings`) once, in the order the counts pack them
(:func:`readings_of`), the marks its dice show (:func:`marks_of`), and whether a
group's dice read the fields (:func:`static_group`).
:mod:`.plan` keeps them on the plan of a spec."""

from __future__ import annotations

import math
from typing import Any, Mapping

from .errors import DraftError
from .expr import FUNCTIONS, ExprError
from .model import SIDES, SUCCESSES, TOTAL, Draft, GroupDef, Slotted
from .readings import Reading, Tally, build, plain


def marks_of(draft: Draft) -> tuple[str, ...]:
    """The marks of the draft's dice, each once, in the order the dice name them
    (the draft's own: worked out once, kept on it)."""
    known = draft.__dict__.get("_marks")
    if known is not None:
        return known
    out: list[str] = []
    for d in draft.dice:
        for m, _ in d.marks:
            if m not in out:
                out.append(m)
    draft.__dict__["_marks"] = tuple(out)
    return tuple(out)


def facts(groups: Any, readings: tuple[Reading, ...]) -> tuple[int, int, bool, bool, bool]:
    """What a plan's groups (:class:`.plan.GroupPlan`) and readings say at
    once (:class:`.plan.Plan` keeps them): its dice, those the re-roll step
    may take, whether a die explodes, whether one rolls on without end and
    its chain counts, whether a formula reads the dice in order (one pass)."""
    dice = rerollable = 0
    exploding = unbounded = ordered = False
    for g in groups:
        n = g.count
        if n:
            dice += n
            if g.eligible:
                rerollable += n
            t = g.table
            if t.explodes:
                exploding = True
                unbounded = unbounded or (t.depth is None and not t.redraw)
    for r in readings:
        ordered = ordered or r.ordered
    return dice, rerollable, exploding, unbounded, ordered


def env_names(draft: Draft) -> tuple[list[str], list[str], list[tuple[str, str]]]:
    """The names a spec's values take in a draft's formulas (:func:`.plan.base_env`):
    its fields, those that are lists (read as their number of items), and
    its named rules with their knobs (the draft's own: worked out once, kept on it)."""
    known = draft.__dict__.get("_env_names")
    if known is None:
        known = draft.__dict__["_env_names"] = ([f.name for f in draft.fields],
                                                [f.name for f in draft.fields if f.kind == "list"],
                                                [(r.name, r.knob) for r in draft.rules])
    return known


def read_bare(tree: tuple, out: list[str] | None = None) -> list[str]:
    """The names a formula reads outside the calls that read the dice: in
    ``count(bane, gear) + successes`` only ``successes`` (``bane`` names the
    mark the call counts on the dice of ``gear``, not the banes of every die)."""
    out = [] if out is None else out
    if tree[0] == "call" and tree[1] not in FUNCTIONS:
        return out
    if tree[0] in ("name", "index") and tree[1] not in out:
        out.append(tree[1])
    for part in tree[1:]:
        for t in part if isinstance(part, list) else [part] if isinstance(part, tuple) else []:
            read_bare(t, out)
    return out


def dice_formulas(draft: Draft, double: bool) -> list[Slotted]:
    """The formulas that read what the dice show: the outcome's value, the
    events, and what the doubling step adds (when it is in the roll)."""
    out = [draft.outcome.value, *[e.rule for e in draft.events]]
    if double and draft.double is not None:
        out.append(draft.double.adds)
    return out


def readings_of(draft: Draft, env: Mapping[str, Any], rules: Mapping[str, Any], double: bool) -> tuple[Reading, ...]:
    """What the formulas read of the dice, each once, packed in the
    kernel's order: the total first, the marks, the other readings, the
    successes last (the most significant digit, :mod:`.space`). Where no
    formula calls a reading (``highest(2)``), they depend on the draft
    alone: made once per draft (kept on it, read only)."""
    formulas = dice_formulas(draft, double)
    if [s for s in formulas if s.expr.calls]:
        return _readings(draft, env, rules, double, formulas)
    memo = draft.__dict__.setdefault("_plain_readings", {})
    found = memo.get(double)
    if found is None:
        found = memo[double] = _readings(draft, env, rules, double, formulas)
    return found


def _readings(draft: Draft, env: Mapping[str, Any], rules: Mapping[str, Any], double: bool,
              formulas: list[Slotted]) -> tuple[Reading, ...]:
    marks = marks_of(draft)
    groups = [g.name for g in draft.groups]
    found: dict[str, Reading] = {}
    for s in formulas:
        for n in read_bare(s.expr.tree):
            if n in (SUCCESSES, TOTAL) or n in marks:
                found.setdefault(n, plain(n, marks))
        try:
            calls = s.expr.reading_calls(env, [rules[k] for k in s.knobs])
            for key, name, args in calls:
                if key not in found:  # a bare name that is not a group or a mark: its value (a field, a rule)
                    args = [("value", env[v]) if k == "name" and v not in groups and v not in marks else (k, v)
                            for k, v in args]
                    found[key] = build(name, args, key, groups, marks)
        except (ExprError, ValueError) as err:
            raise DraftError(s.key, str(err), line=draft.lines.get(s.key), source=draft.source_name) from None
    if double or not found:  # the step adds successes; an outcome that reads nothing the dice show: one still
        found.setdefault(SUCCESSES, plain(SUCCESSES, marks))
    first = [found.pop(k) for k in (TOTAL, *marks) if k in found]
    last = [found.pop(k) for k in (SUCCESSES,) if k in found]
    return tuple(first + list(found.values()) + last)


#: The most packed cells in which a plan with a re-roll step tracks the marks its dice show besides what
#: its formulas read (:func:`with_marks`): within it one count costs less than a count and a second one
#: without each mark (Silver 12 + Gold, KISS 8: 0.54 ms against 0.40 + 0.29 ms); past it, the second count
#: of fewer cells costs less (30 dice: 12.9 ms against 0.7 + 0.5 ms).
MARKS_CELLS = 256


def with_marks(readings: tuple[Reading, ...], groups: Any, marks: tuple[str, ...], budget: int) -> tuple[Reading, ...]:
    """``readings`` and every mark some die of the roll shows, in the
    kernel's order (:func:`readings_of`), so that each mark's chance is read
    off the counts (:func:`.outcome.mark_ways`), not counted again, where the
    packed cells stay within :data:`MARKS_CELLS` and the counts within int64
    (dice that do not explode, no reading of the dice in order, a step of
    ``budget`` re-rolls: past 2**63 ways Python ints count, each cell dear);
    else ``readings``. The counts of what
    the formulas read are the same (whole numbers, summed over the marks)."""
    if [r for r in readings if r.ordered] or [g for g in groups if g.count and g.table.explodes]:
        return readings
    have = {r.key for r in readings}
    extra = [m for i, m in enumerate(marks)
             if m not in have and [g for g in groups if g.count and any(g.table.marks[i])]]
    if not extra:
        return readings
    takes = [g for g in groups if g.count and g.eligible]
    ways = math.lcm(*[g.table.sides for g in takes]) ** min(budget, sum([g.count for g in takes]))
    for g in groups:
        ways *= g.table.sides ** g.count  # (:func:`.denominator.denominator` of dice that do not explode)
    if ways >= 2**63:
        return readings
    made = {r.key: r for r in readings}
    made.update({m: plain(m, marks) for m in extra})
    cells = 1
    for r in made.values():
        span = 0
        for g in groups:
            if g.count and isinstance(r, Tally) and r.reads(g.name):
                row = r.faces(g.table, marks)
                span += g.count * (max(0, *row) - min(0, *row))
        cells *= span + 1
    if cells > MARKS_CELLS:
        return readings
    first = [made.pop(k) for k in (TOTAL, *marks) if k in made]
    last = [made.pop(k) for k in (SUCCESSES,) if k in made]
    return tuple(first + list(made.values()) + last)


def static_group(draft: Draft, g: GroupDef) -> bool:
    """Whether a group's dice (what each face counts, the faces the re-roll
    step takes) depend on the rules and the grade alone, not on the fields:
    a table a draft can count once, when it loads."""
    d = draft.die(g.die)
    free = {r.name for r in draft.rules} | {"grade", SIDES}
    formulas: list[Any] = [d.sides, *(w for _, w in d.successes)]
    sets = [d.success, d.explode, *(fs for _, fs in d.marks)]
    if draft.reroll is not None and g.name in draft.reroll.groups:
        sets.append(draft.reroll.faces)
    formulas += [x for fs in sets if fs is not None for x in (fs.at_least, fs.at_most) if x is not None]
    if isinstance(d.depth, Slotted):
        formulas.append(d.depth)
    if isinstance(g.explode, Slotted):
        formulas.append(g.explode)
    return all(set(f.names) <= free for f in formulas)
