"""The parts of a draft that play out at the table, checked: the re-roll
step, the doubling step, what the dice can buy, the checks, the ladder of
difficulties, and the words (:func:`.validate.build` reads them after the
dice and the outcome).
"""

from __future__ import annotations

import difflib
import re
from typing import Any, Mapping, Sequence

from .errors import DraftError
from .model import (
    CheckDef, DieDef, DoubleDef, FieldDef, GroupDef, LadderDef, OutcomeDef, RerollDef, Slotted, SpendItem, Words,
    plural_of,
)
from .kinds import TEXT, YES_NO
from .reader import NAME, Reader, Skip, show
from .templates import read_notes, read_template

def read_reroll(r: Reader, value: Any, allowed: Mapping[str, str], groups: tuple[GroupDef, ...],
            dice: tuple[DieDef, ...], outcome: OutcomeDef | None) -> RerollDef | None:
    if value is None:
        return None
    p = ("reroll",)
    b = r.table(p, value, ("name", "budget", "dice", "faces", "when"))
    if "budget" not in b:
        raise r.error(p, "say how many dice may be re-rolled: budget = \"kiss\" (a field), a number, or "
                         "\"all_dice\" (every die)")
    budget = r.expr(p + ("budget",), b["budget"], allowed, "the budget")
    names = [g.name for g in groups]
    if "dice" in b:
        chosen = b["dice"]
        if not isinstance(chosen, list) or not all(isinstance(x, str) for x in chosen):
            raise r.error(p + ("dice",), f"{show(chosen)}: list the groups whose dice may be re-rolled, "
                                         f"e.g. [\"{names[0]}\"]")
        for x in chosen:
            if x not in names and r.broken.get(x) != "group":  # a group whose own mistake is said is no mistake here
                raise r.error(p + ("dice",), f"{x!r} is not a group of this draft: the groups are {', '.join(names)}")
        sel = tuple(x for x in chosen if x in names)
    else:
        sel = tuple(g.name for g in groups if not g.cancels)
    faces = None
    fv = b.get("faces", "failed")
    if fv != "failed":
        sides = min(_default_sides(r, dice, g) for g in groups if g.name in sel) if sel else 6
        faces = r.faceset(p + ("faces",), fv, sides, allowed)
    when: str | Slotted = r.text(p + ("when",), b.get("when"), "short")
    if when not in ("short", "always"):  # a formula that gives 'short' or 'always' (checked as a spec rolls)
        try:
            when = r.expr(p + ("when",), when, allowed, "when the step plays", want=TEXT)
        except DraftError:
            raise r.error(p + ("when",), f"{when!r}: when is \"short\" (only while short of the goal, the default), "
                                         "\"always\", or a formula that gives 'short' or 'always', e.g. "
                                         "\"if(eager, 'always', 'short')\"") from None
    if outcome is not None and outcome.uses_total:
        raise r.error(p, "a re-roll step and an outcome that adds up the faces (total) do not go together yet: "
                         "count successes, or leave the re-roll step out (docs/drafts.md, what a draft cannot say)")
    return RerollDef(r.text(p + ("name",), b.get("name"), "KISS", 30), budget, sel, faces, when)


def _default_sides(r: Reader, dice: tuple[DieDef, ...], g: GroupDef) -> int:
    d = next(x for x in dice if x.name == g.die)
    if d.sides.expr.names or d.sides.expr.slots != 1:
        return 1000  # sides by a formula: the faces are checked as a spec rolls
    return next(k.default for k in r.knobs.knobs if k.name == d.sides.knobs[0])


def read_double(r: Reader, value: Any, base: Mapping[str, str], random: Mapping[str, str],
                shown: tuple[Sequence[str], Sequence[str]] = ((), ())) -> DoubleDef | None:
    if value is None:
        return None
    p = ("double",)
    b = r.table(p, value, ("name", "adds", "if", "label"))
    if "adds" not in b:
        raise r.error(p, "say what the step adds to the successes when still short of the goal: adds = \"six\" "
                         "(a mark: each die showing it counts once more)")
    adds = r.expr(p + ("adds",), b["adds"], {**base, **random}, "what the step adds", dice=shown)
    active = r.expr(p + ("if",), b["if"], base, "when the step is in the roll", want=YES_NO) if "if" in b else None
    name = r.text(p + ("name",), b.get("name"), "Ego", 30)
    return DoubleDef(name, adds, active, r.text(p + ("label",), b.get("label"), f"Spend {name}", 60))


def read_spend(r: Reader, value: Any, allowed: Mapping[str, str]) -> tuple[SpendItem, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise r.error(("spend",), "write each thing the successes buy as [[spend]] with id, text and cost")
    out: list[SpendItem] = []
    for i, item in enumerate(value):
        p = ("spend", i)
        b = r.table(p, item, ("id", "text", "cost", "default", "note"))
        if "id" not in b or "cost" not in b:
            raise r.error(p, "each [[spend]] needs an id (a short word) and a cost (a number or a formula)")
        ident = r.text(p + ("id",), b["id"], "", 30)
        if not NAME.fullmatch(ident):
            raise r.error(p + ("id",), f"{ident!r}: an id is a short word of lowercase letters, digits and _")
        if any(x.id == ident for x in out):
            raise r.error(p + ("id",), f"{ident!r} is given twice")
        out.append(SpendItem(ident, r.text(p + ("text",), b.get("text"), ident, 200),
                             r.expr(p + ("cost",), b["cost"], allowed, "a cost", f"spend.{ident}.cost"),
                             r.boolean(p + ("default",), b.get("default"), False),
                             r.text(p + ("note",), b.get("note"), "", 100)))
    return tuple(out)


def read_checks(r: Reader, value: Any, allowed: Mapping[str, str], fields: tuple[FieldDef, ...]) -> tuple[CheckDef, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise r.error(("checks",), "write each rule that ties fields together as [[checks]] with rule and field")
    out = []
    names = [f.name for f in fields]
    for i, item in enumerate(value):
        p = ("checks", i)
        b = r.table(p, item, ("rule", "field", "words", "hint"))
        if "rule" not in b or "field" not in b:
            raise r.error(p, "each [[checks]] needs a rule (e.g. \"threshold <= coins\") and the field to change "
                             "when it breaks")
        fld = r.text(p + ("field",), b["field"])
        if fld not in names and r.broken.get(fld) == "field":
            raise Skip(fld)  # that field's mistake is said
        if fld not in names:
            raise r.error(p + ("field",), f"{fld!r} is not a field: the fields are {', '.join(names)}")
        words = r.text(p + ("words",), b.get("words"), "", 200)
        hint = r.text(p + ("hint",), b.get("hint"), "", 200)
        spec_names = {k: v for k, v in allowed.items() if v in ("field", "rule")}  # what a spec alone sets
        out.append(CheckDef(r.expr(p + ("rule",), b["rule"], allowed, "a check", want=YES_NO), fld, words,
                            read_template(r, p + ("words",), words, (), spec_names) if "{" in words or "}" in words else None,
                            read_template(r, p + ("hint",), hint, (), spec_names) if hint else None))
    return tuple(out)


def read_ladder(r: Reader, value: Any, fields: tuple[FieldDef, ...]) -> LadderDef | None:
    if value is None:
        return None
    p = ("ladder",)
    b = r.table(p, value, ("field", "values", "from", "to", "step"))
    fld = r.text(p + ("field",), b.get("field"))
    f = next((x for x in fields if x.name == fld), None)
    if f is None and r.broken.get(fld) == "field":
        raise Skip(fld)  # that field's mistake is said
    if f is None:
        names = [x.name for x in fields]
        near = difflib.get_close_matches(fld, names, 1)
        raise r.error(p + ("field",), f"{fld!r} is not a field of this draft"
                                      + (f" (did you mean {near[0]}?)" if near else "")
                                      + f"; the fields are {', '.join(names)}")
    if f.kind not in ("int", "choice"):
        raise r.error(p + ("field",), f"{fld!r}: the ladder runs over a field of whole numbers or options")
    if f.kind == "choice":
        if "values" not in b:
            return LadderDef(fld, f.options)
        rungs = f"one of the options of {fld}: {', '.join(f.options)}"
    else:
        assert f.hi is not None
        lo, hi = f.lo, r.knobs.value(f.hi)
        rungs = f"a whole number from {lo} to {hi} (the range of {fld})"
    if "values" in b:
        vals = b["values"]
        if not isinstance(vals, list) or not vals:
            raise r.error(p + ("values",), "list the rungs, easiest first: values = [0, 3, 6]")
        for i, v in enumerate(vals):
            ok = v in f.options if f.kind == "choice" else (type(v) is int and lo <= v <= hi)
            if not ok:
                raise r.error(p + ("values", i), f"{show(v)}: a rung of the ladder is {rungs}")
            if v in vals[:i]:
                raise r.error(p + ("values", i), f"{show(v)} is given twice: each rung once")
        return LadderDef(fld, tuple(vals))
    ends = []
    for key, default in (("from", lo), ("to", None)):
        v = b.get(key, default)
        if v is None:
            raise r.error(p, "say where the ladder ends: to = 10 (or values = [...])")
        if type(v) is not int or not lo <= v <= hi:
            raise r.error(p + (key,), f"{show(v)}: the ladder's {key} is {rungs}")
        ends.append(v)
    step = r.whole(p + ("step",), b.get("step", 1), 1, 1000)
    if ends[0] > ends[1]:
        raise r.error(p + ("from",), f"from = {ends[0]} is above to = {ends[1]}: the ladder goes from the easiest "
                                     "rung up")
    return LadderDef(fld, tuple(range(ends[0], ends[1] + 1, step)))


_PLACES = ("verdict", "value", "unit", "degree", "threshold", "goal", "bought", "marks", "events")


def read_words(r: Reader, value: Any, marks: Sequence[str] = (), roll: Mapping[str, str] | None = None,
               spec: Mapping[str, str] | None = None) -> Words:
    """``[words]``; ``roll``: the names a sentence's formulas read (what the
    roll shows), ``spec``: those a note's read (the fields, rules, groups)."""
    p = ("words",)
    b = r.table(p, value, ("passed", "failed", "sentence", "marks", "notes", "counts"))
    named = []
    for mark, said in r.table(p + ("marks",), b.get("marks", {})).items():
        mp = p + ("marks", mark)
        if mark not in marks:
            near = difflib.get_close_matches(mark, marks, 1)
            raise r.error(mp, f"{mark} is not a mark of this draft's dice"
                              + (f" (did you mean {near[0]}?)" if near else "")
                              + (f"; its marks are {', '.join(marks)}" if marks else "; its dice show no marks"))
        if isinstance(said, list) and len(said) == 2:
            one, many = (r.text(mp, x, "", 40) for x in said)
        else:
            one = r.text(mp, said, "", 40) if not isinstance(said, list) else ""
            if not one:
                raise r.error(mp, f"{show(said)}: write the mark's words as \"word\" or [\"one\", \"many\"]")
            many = plural_of(one)
        named.append((mark, (one, many)))
    sentence = r.text(p + ("sentence",), b.get("sentence"), "", 200)
    template = read_template(r, p + ("sentence",), sentence, _PLACES, roll or {}) if sentence else None
    notes = read_notes(r, p + ("notes",), b.get("notes"), spec or {})
    counts = b.get("counts", ["", ""])
    if not (isinstance(counts, list) and len(counts) == 2 and all(isinstance(x, str) and x.strip() and len(x) <= 40
                                                                  for x in counts)) and "counts" in b:
        raise r.error(p + ("counts",), f"{show(counts)}: write what one die counts as [\"success\", \"successes\"]")
    return Words(r.text(p + ("passed",), b.get("passed"), "Passed", 40),
                 r.text(p + ("failed",), b.get("failed"), "Failed", 40), sentence, tuple(named), template, notes,
                 (counts[0], counts[1]))
