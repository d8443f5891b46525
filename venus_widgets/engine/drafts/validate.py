"""Checking a draft: plain data (:mod:`.source`) in, a :class:`~.model.Draft`
out, or a :class:`~.errors.DraftError` that names the line and the key and
says what to write instead, in the words of docs/drafts.md.

>>> from .source import read_text
>>> d = build(read_text('''
... id = "coins"
... [fields.coins]
... range = [1, 8]
... default = 3
... [dice.coin]
... sides = 2
... success = [2]
... [groups.coins]
... count = "coins"
... [outcome]
... threshold = "2"
... '''))
>>> d.id, [f.name for f in d.fields], d.groups[0].die, [k.name for k in d.knobs]
('coins', ['coins'], 'coin', ['fields.coins.max', 'dice.coin.sides', 'dice.coin.success', 'outcome.threshold'])
>>> build(read_text('id = "x"\\n[fields.dice]\\nrange = [1, 9]\\n[groups.own]\\ncount = "dice"\\n'))
Traceback (most recent call last):
...
venus_widgets.engine.drafts.errors.DraftError: draft, line 4, groups.own: the draft has no [dice] (write e.g. [dice.d6] with sides = 6)
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from . import owners as _owners
from .model import (
    ALL_DICE, FAIL, FIELD_GROUPS, FIRST_ROLL, SUCCESSES, TOTAL, VALUE, Degree, DieDef, Draft, EventDef, FieldDef,
    GroupDef, OutcomeDef, RuleDef, Slotted, Words, passed_after, passed_with,
)
from .kinds import ANY, NUMBER, TABLE, TEXT, YES_NO
from .knobs import labelled
from .knob_words import worded
from .knob_names import read_knobs
from .details import read_details
from .draft_samples import read_samples
from .explain_steps import read_explain, read_explain_roll
from .reader import NAME, ROLLER_NAMES, Reader, Skip, show
from .source import Source, _dotted
from .draft_dice import read_dice as _dice, uses_grade as _uses_grade
from .draft_fields import part as _part, read_fields as _fields, read_rules as _rules
from .table_parts import read_checks, read_double, read_ladder, read_reroll, read_spend, read_words

#: The parts of a draft (top-level keys), in the order docs/drafts.md tells them.
PARTS = ("id", "name", "about", "roll", "roller", "fields", "rules", "dice", "groups", "outcome", "events",
         "reroll", "double", "spend", "checks", "ladder", "words", "knobs", "explain", "explain_roll", "details", "samples")

ROLLERS = ("task", "pool", "check")

#: How the table may draw a group's dice (never by colour alone: docs/widgets.md).
SHAPES = ("square", "circle", "diamond", "square-dark")

_ID = re.compile(r"[a-z][a-z0-9_-]{0,39}")


def build(src: Source, owners_by_key: bool = False) -> Draft:
    """The draft of ``src``, checked: every mistake of it at once, in one
    :class:`~.errors.DraftError` (each part that does not read is said and
    left out; the names it has stay known, so a formula that reads one is
    not a mistake too). ``owners_by_key``: every group's dice owned by its
    key, as before, under the version of before (:mod:`.owners`)."""
    r = Reader(src)
    data = r.table((), src.data, PARTS, "a draft")
    ident = "draft"
    with r.attempt():
        ident = _ident(r, data)
    taken: dict[str, str] = {}
    fields = _fields(r, data.get("fields", {}), taken)
    rules = _rules(r, data.get("rules", {}), taken)
    base = {**{f.name: "field" for f in fields}, **{x.name: "rule" for x in rules}}
    dice, marks = _dice(r, data.get("dice"), taken, base)
    groups = _groups(r, data.get("groups"), dice, fields, base, taken, owners_by_key)
    counts = {g.name: "group" for g in groups}
    r.kinds.update({**dict.fromkeys(counts, NUMBER), ALL_DICE: NUMBER, "threshold": NUMBER, "goal": NUMBER,
                    SUCCESSES: NUMBER, TOTAL: NUMBER, **dict.fromkeys(marks, NUMBER), "grade": ANY})
    static = {**base, **counts, ALL_DICE: "count of every die"}
    random = {SUCCESSES: "what the dice show", TOTAL: "what the dice show", **{m: "mark" for m in marks},
              **{m: "mark" for m, what in r.broken.items() if what == "mark"}}  # of a die whose mistake is said
    shown = ([g.name for g in groups], marks)
    outcome = None
    with r.attempt():
        outcome = _outcome(r, data.get("outcome", {}), static, random, shown)
    thr = {**static, "threshold": "number of the outcome", "goal": "number of the outcome"}
    events = _events(r, data.get("events"), {**thr, **random, VALUE: "value of the outcome"}, shown)
    reroll = double = ladder = None
    spend: tuple = ()
    checks: tuple = ()
    words = None
    with r.attempt():
        reroll = read_reroll(r, data.get("reroll"), thr, groups, dice, outcome)
    with r.attempt():
        double = read_double(r, data.get("double"), base, random, shown)
    if reroll is not None:
        _with_reroll(r, [*([outcome.value] if outcome else []), *(e.rule for e in events),
                         *([double.adds] if double else [])])
    with r.attempt():
        spend = read_spend(r, data.get("spend"), thr)
    with r.attempt():
        checks = read_checks(r, data.get("checks"), thr, fields)
    with r.attempt():
        ladder = read_ladder(r, data.get("ladder"), fields)
    with r.attempt():
        words = read_words(r, data.get("words", {}), list(marks), {**thr, **random, VALUE: "value of the outcome"},
                           thr)
    names: tuple = ()
    with r.attempt():
        names = read_knobs(r, data.get("knobs"), r.knobs.knobs)
    explain: tuple = ()
    with r.attempt():
        explain = read_explain(r, data.get("explain"), thr, fields, [g.name for g in groups], outcome)
    walk: tuple = ()
    with r.attempt():
        walk = read_explain_roll(r, data.get("explain_roll"), {**thr, **random, VALUE: "value of the outcome"},
                                 [g.name for g in groups])
    facts: tuple = ()
    with r.attempt():
        facts = read_details(r, data.get("details"), {**thr, **random}, shown, fields)
    roller = roll = name = about = ""
    with r.attempt():
        roller = r.text(("roller",), data.get("roller"), "task" if (reroll or double or spend) else "pool")
        if roller not in ROLLERS:
            raise r.error(("roller",), f"{roller!r}: the rollers are task, pool and check")
    with r.attempt():
        roll = r.text(("roll",), data.get("roll"), "task")
        if not NAME.fullmatch(roll):
            raise r.error(("roll",), f"{roll!r} cannot name a kind of roll: lowercase letters, e.g. task or check")
    with r.attempt():
        name = r.text(("name",), data.get("name"), ident, 80)
    with r.attempt():
        about = r.text(("about",), data.get("about"), "", 400)
    if outcome is not None and words is not None:
        _chances_named_once(r, outcome, reroll.name if reroll else "", double.name if double else "", words, marks)
    samples = None
    with r.attempt():
        samples = read_samples(r, data.get("samples"), roll)
    mistakes = r.mistakes()
    if mistakes is not None:
        raise mistakes
    assert outcome is not None and words is not None
    changed = _owners.by_called(data.get("groups"))
    return worded(Draft(
        id=ident, name=name, about=about,
        roll=roll, roller=roller, fields=fields, rules=rules, dice=dice, groups=groups, outcome=outcome, reroll=reroll,
        double=double, spend=spend, checks=checks, ladder=ladder, words=words, events=events,
        knobs=tuple(labelled(_ordered(r.knobs.knobs, rules), {f.name: f.label for f in fields},
                             {k: x.name for k, x in (("reroll", reroll), ("double", double)) if x is not None})),
        names=names, explain=explain, explain_roll=walk, details=facts, samples=samples, source_name=src.name,
        digest=src.digest if owners_by_key or not changed else _owners.version_now(src.digest),
        before=src.digest if changed and not owners_by_key else "", lines={_dotted(p): n for p, n in src.lines.items()},
    ))


def _ident(r: Reader, data: Mapping[str, Any]) -> str:
    """The draft's id, checked exactly (the name its rolls call it by)."""
    if "id" not in data:
        raise r.error((), "a draft needs an id, the name its rolls call it by: id = \"my-draft\" (first line)")
    ident = r.text(("id",), data["id"])
    if not _ID.fullmatch(ident):
        raise r.error(("id",), f"{show(ident)} cannot be an id: lowercase letters, digits, - and _, starting with a "
                               "letter (at most 40)")
    return ident


def _ordered(knobs: list, rules: tuple[RuleDef, ...]) -> list:
    """The named rules first (as the designer wrote them), then every other number in file order."""
    named = {x.knob for x in rules}
    return [k for k in knobs if k.name in named] + [k for k in knobs if k.name not in named]


# --------------------------------------------------------------------------
# The parts
# --------------------------------------------------------------------------


def _groups(r: Reader, value: Any, dice: tuple[DieDef, ...], fields: tuple[FieldDef, ...],
            base: Mapping[str, str], taken: dict[str, str], owners_by_key: bool = False) -> tuple[GroupDef, ...]:
    out: list[GroupDef] = []
    if value is None:
        with r.attempt():
            raise r.error(("dice",), "the draft rolls no dice: write [groups.own] with die = \"d6\" and count = \"dice\"")
        return ()
    for name, body in _part(r, ("groups",), value).items():
        with r.attempt(name, "group"):
            out.append(_group(r, name, body, dice, fields, base, taken, owners_by_key))
    if not out and "group" not in r.broken.values():
        with r.attempt():
            raise r.error(("groups",), "the draft rolls no dice: write [groups.own] with count = \"dice\"")
    return tuple(out)


def _group(r: Reader, name: str, body: Any, dice: tuple[DieDef, ...], fields: tuple[FieldDef, ...],
           base: Mapping[str, str], taken: dict[str, str], owners_by_key: bool = False) -> GroupDef:
    names = [d.name for d in dice]
    p = ("groups", name)
    b = r.table(p, body, ("die", "count", "each", "owner", "grade", "cancels", "explode", "called", "shape"))
    if taken.get(name) == "field" and b.get("count") == name:
        pass  # a field's dice (count = "black" for [groups.black]): the two names read as one number
    elif taken.get(name) == "field":
        raise r.error(p, f"{name!r} names a field already: a group takes a field's name only when it rolls as "
                         f"many dice as the field says (count = \"{name}\"); name the group otherwise")
    else:
        r.name(p, name, taken, "group")
    die: str | None = None  # None: a die whose mistake is said (the rest of the group is still read)
    if "die" in b:
        die = r.text(p + ("die",), b["die"])
        if die not in names and die in r.broken:
            die = None
        elif die not in names:
            raise r.error(p + ("die",), f"{die!r} is not a die of this draft: the dice are {', '.join(names)}")
    elif len(names) == 1 and "die" not in r.broken.values():
        die = names[0]
    elif "die" in r.broken.values() or not names:
        die = None  # the dice's mistakes are said (or that there are none)
    else:
        raise r.error(p, f"say which die the group rolls: die = \"{names[0]}\" (the dice are {', '.join(names)})")
    if ("count" in b) == ("each" in b):
        raise r.error(p, "say how many dice: count = \"dice\" (a field, a number or a formula), or each = "
                         "\"allies\" (one die per item of a list field)")
    count = each = None
    if "count" in b:
        count = r.expr(p + ("count",), b["count"], base, "a count")
    else:
        each = r.text(p + ("each",), b["each"])
        f = next((x for x in fields if x.name == each), None)
        if f is None and each in r.broken:
            raise Skip(each)
        if f is None or f.kind != "list":
            raise r.error(p + ("each",), f"{each!r} is not a list field (a field with list_of or most)")
    grade = r.expr(p + ("grade",), b["grade"], base, "a grade", want=ANY) if "grade" in b else None
    if die is None:
        raise Skip(name)
    if grade is None and not each and _uses_grade(next(d for d in dice if d.name == die)):
        raise r.error(p, f"the die {die} reads the grade (its sides or faces) and this group has none: give it "
                         "a grade, e.g. grade = 12 or grade = \"caliber\" (a field), or roll one die per item with "
                         "each = \"allies\"")
    # a key that only says called's plural (challenge_dice, called "challenge die"): owned as called says, "challenge"
    whose = "" if owners_by_key else _owners.called_owner(name, b)
    owner = r.text(p + ("owner",), b.get("owner"), whose or name.replace("_", " "), 30)
    explode = b.get("explode", True)
    shape = r.text(p + ("shape",), b.get("shape"), "", 20)
    if shape and shape not in SHAPES:
        raise r.error(p + ("shape",), f"{shape!r}: a die is drawn as one of {', '.join(SHAPES)}")
    return GroupDef(name=name, die=die, owner=owner, count=count, each=each or "", grade=grade,
                    called=r.text(p + ("called",), b.get("called"), "", 30), shape=shape,
                    cancels=r.boolean(p + ("cancels",), b.get("cancels"), False),
                    explode=(r.expr(p + ("explode",), explode, base, "whether the dice explode", want=YES_NO)
                             if isinstance(explode, str) else r.boolean(p + ("explode",), explode, True)))


def _events(r: Reader, value: Any, allowed: Mapping[str, str],
            shown: tuple[Sequence[str], Sequence[str]]) -> tuple[EventDef, ...]:
    """``[events]``: a name (in words: "glitch", "critical glitch") and a
    yes-or-no formula over the roll; each that does not read is said."""
    out: list[EventDef] = []
    for name, rule in _part(r, ("events",), value if value is not None else {}).items():
        with r.attempt():
            p = ("events", name)
            if not re.match(r"^[A-Za-z][A-Za-z0-9 '_-]{0,39}$", name):
                raise r.error(p, f"{name!r} cannot name an event: a few words of letters, digits, spaces, - and ' "
                                 "(at most 40), e.g. glitch or \"critical glitch\"")
            out.append(EventDef(name, r.expr(p, rule, allowed, "an event", want=YES_NO, dice=shown)))
    return tuple(out)


def _with_reroll(r: Reader, formulas: Sequence[Slotted]) -> None:
    """A re-roll step takes faces that count nothing: no formula may read
    every face (``total``) or the dice in order (``highest``, ``lowest``)."""
    for s in formulas:
        reads = [n for n in s.names if n == TOTAL] + [t[1] + "()" for t in s.expr.calls
                                                      if t[1] in ("total", "highest", "lowest")]
        if reads:
            with r.attempt():
                raise r.error(tuple(s.key.split(".")), f"{s.expr.text!r} reads {reads[0]}: a re-roll step and a "
                              "formula that reads every face (total) or the dice in order (highest, lowest) do not "
                              "go together yet: count successes or marks, or leave the re-roll step out "
                              "(docs/drafts.md, what a draft cannot say)")


def _outcome(r: Reader, value: Any, static: Mapping[str, str], random: Mapping[str, str],
             shown: tuple[Sequence[str], Sequence[str]]) -> OutcomeDef:
    p = ("outcome",)
    b = r.table(p, value, ("value", "name", "unit", "threshold", "goal", "degrees", "below"))
    before = len(r.problems)
    val = threshold = goal = None
    with r.attempt():
        val = r.expr(p + ("value",), b.get("value", SUCCESSES), {**static, **random}, "the outcome", dice=shown)
    with r.attempt():
        threshold = r.expr(p + ("threshold",), b.get("threshold", 1), static, "the threshold")
    with r.attempt():
        goal = (r.expr(p + ("goal",), b["goal"], {**static, "threshold": "number of the outcome"}, "the goal")
                if "goal" in b else None)
    if len(r.problems) > before or val is None or threshold is None:
        raise Skip("outcome")  # its mistakes are said
    uses_total = TOTAL in val.names or any(t[1] == TOTAL for t in val.expr.calls)
    name = r.text(p + ("name",), b.get("name"), TOTAL if uses_total and SUCCESSES not in val.names else SUCCESSES, 40)
    unit_v = b.get("unit", ["success", "successes"] if not uses_total else ["", ""])
    if not (isinstance(unit_v, list) and len(unit_v) == 2 and all(isinstance(u, str) and len(u) <= 30 for u in unit_v)):
        raise r.error(p + ("unit",), f"{show(unit_v)}: write the word for one and for many: [\"head\", \"heads\"]")
    degrees = []
    ends = {**static, "threshold": "number of the outcome", "goal": "number of the outcome"}
    named = r.table(p + ("degrees",), b.get("degrees", {}))
    if len(named) > 40:
        raise r.error(p + ("degrees",), f"{len(named)} degrees: a roll has at most 40")
    for dname, lowest in named.items():
        dp = p + ("degrees", dname)
        degrees.append(Degree(r.text(dp, dname, "", 40), r.number(dp, lowest, ends, "a degree", -1000, 1000)))
    below = r.text(p + ("below",), b.get("below"), "", 40)
    if below and not degrees:
        raise r.error(p + ("below",), "below names the degree under the lowest of [outcome.degrees]: give degrees too")
    return OutcomeDef(val, name, (unit_v[0], unit_v[1]), threshold, goal, tuple(degrees), below, uses_total)




def _chances_named_once(r: Reader, outcome: OutcomeDef, reroll: str, double: str, words: Words,
                        marks: Sequence[str]) -> None:
    """The odds name each chance once: a degree (or ``below``) may not take the
    name of a mark's chance ("at least one bane"), of a step's ("pass on the
    first roll", "pass after KISS") or of another degree, nor two marks one word
    (each would hide the other's chance)."""
    named: dict[str, str] = {}
    if reroll or double:
        named.update({FIRST_ROLL: "the chance to pass on the first roll", FAIL: "the chance to fail"})
        if reroll:
            named[passed_after(reroll)] = f"what the {reroll} step adds"
        if double:
            named[passed_with(double)] = f"what the {double} step adds"
    for mark in marks:
        chance = words.mark_chance(mark)
        with r.attempt():
            if chance in named:
                raise r.error(("words", "marks", mark), f"the mark {mark!r} is called {words.mark(mark)[0]!r}, "
                              f"as another mark is: give each mark its own word")
            named[chance] = f"the chance of at least one {words.mark(mark)[0]}"
    for path, name in [*((("outcome", "degrees", d.name), d.name) for d in outcome.degrees),
                       *([(("outcome", "below"), outcome.below)] if outcome.below else [])]:
        with r.attempt():
            if name in named:
                raise r.error(path, f"{name!r} is also the name the odds give {named[name]}: "
                                    "name this degree otherwise")
            named[name] = f"the degree {name!r}"
