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

from .model import (
    ALL_DICE, FIELD_GROUPS, SUCCESSES, TOTAL, Degree, DieDef, Draft, FaceSet, FieldDef, GroupDef, Num, OutcomeDef,
    RuleDef,
)
from .kinds import ANY, NUMBER, TABLE, TEXT, YES_NO
from .knobs import labelled
from .knob_words import worded
from .reader import NAME, ROLLER_NAMES, Reader, Skip, show
from .source import Source, _dotted
from .draft_fields import part as _part, read_fields as _fields, read_rules as _rules
from .table_parts import read_checks, read_double, read_ladder, read_reroll, read_spend, read_words

#: The parts of a draft (top-level keys), in the order docs/drafts.md tells them.
PARTS = ("id", "name", "about", "roll", "roller", "fields", "rules", "dice", "groups", "outcome", "reroll",
         "double", "spend", "checks", "ladder", "words")

ROLLERS = ("task", "pool", "check")

_ID = re.compile(r"[a-z][a-z0-9_-]{0,39}")


def build(src: Source) -> Draft:
    """The draft of ``src``, checked: every mistake of it at once, in one
    :class:`~.errors.DraftError` (each part that does not read is said and
    left out; the names it has stay known, so a formula that reads one is
    not a mistake too)."""
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
    groups = _groups(r, data.get("groups"), dice, fields, base, taken)
    counts = {g.name: "group" for g in groups}
    r.kinds.update({**dict.fromkeys(counts, NUMBER), ALL_DICE: NUMBER, "threshold": NUMBER, "goal": NUMBER,
                    SUCCESSES: NUMBER, TOTAL: NUMBER, **dict.fromkeys(marks, NUMBER), "grade": ANY})
    static = {**base, **counts, ALL_DICE: "count of every die"}
    random = {SUCCESSES: "what the dice show", TOTAL: "what the dice show", **{m: "mark" for m in marks}}
    outcome = None
    with r.attempt():
        outcome = _outcome(r, data.get("outcome", {}), static, random)
    thr = {**static, "threshold": "number of the outcome", "goal": "number of the outcome"}
    reroll = double = ladder = None
    spend: tuple = ()
    checks: tuple = ()
    words = None
    with r.attempt():
        reroll = read_reroll(r, data.get("reroll"), thr, groups, dice, outcome)
    with r.attempt():
        double = read_double(r, data.get("double"), base, random)
    with r.attempt():
        spend = read_spend(r, data.get("spend"), thr)
    with r.attempt():
        checks = read_checks(r, data.get("checks"), thr, fields)
    with r.attempt():
        ladder = read_ladder(r, data.get("ladder"), fields)
    with r.attempt():
        words = read_words(r, data.get("words", {}), list(marks))
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
    mistakes = r.mistakes()
    if mistakes is not None:
        raise mistakes
    assert outcome is not None and words is not None
    return worded(Draft(
        id=ident, name=name, about=about,
        roll=roll, roller=roller, fields=fields, rules=rules, dice=dice, groups=groups, outcome=outcome, reroll=reroll,
        double=double, spend=spend, checks=checks, ladder=ladder, words=words,
        knobs=tuple(labelled(_ordered(r.knobs.knobs, rules), {f.name: f.label for f in fields},
                             {k: x.name for k, x in (("reroll", reroll), ("double", double)) if x is not None})),
        source_name=src.name, digest=src.digest, lines={_dotted(p): n for p, n in src.lines.items()},
    ))


def _ident(r: Reader, data: Mapping[str, Any]) -> str:
    """The draft's id, checked exactly (a name a spec gives it)."""
    if "id" not in data:
        raise r.error((), "a draft needs an id, the name a spec gives it: id = \"my-draft\" (first line)")
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


def _dice(r: Reader, value: Any, taken: dict[str, str], base: Mapping[str, str]) -> tuple[tuple[DieDef, ...], list[str]]:
    out: list[DieDef] = []
    marks: list[str] = []
    if value is None:
        where = next((p for p in r.src.lines if p[:1] == ("groups",) and len(p) == 2), ())
        with r.attempt():
            raise r.error(where, "the draft has no [dice] (write e.g. [dice.d6] with sides = 6)")
        return (), marks
    face_names = {**base, "grade": "grade of the group's dice"}
    for name, body in _part(r, ("dice",), value).items():
        with r.attempt(name, "die"):
            out.append(_die(r, name, body, taken, face_names, marks))
    if not out and "die" not in r.broken.values():
        with r.attempt():
            raise r.error(("dice",), "the draft has no [dice] (write e.g. [dice.d6] with sides = 6)")
    return tuple(out), marks


def _die(r: Reader, name: str, body: Any, taken: dict[str, str], face_names: Mapping[str, str],
         marks: list[str]) -> DieDef:
    p = ("dice", name)
    if not NAME.fullmatch(name):
        raise r.error(p, f"{name!r} cannot name a die: lowercase letters, digits and _ (d6, black, coin)")
    b = r.table(p, body, ("sides", "success", "successes", "marks", "explode", "depth", "labels"))
    if "sides" not in b:
        raise r.error(p, "say how many sides the die has: sides = 6")
    sides = r.whole(p + ("sides",), b["sides"], 2, 1000)
    sides_num = r.knobs.number(f"dice.{name}.sides", sides, r.seed(p + ("sides",), sides), lo=2,
                               hi=max(20, 2 * sides))
    success = r.faceset(p + ("success",), b["success"], sides, face_names) if "success" in b else None
    succ: list[tuple[int, Num]] = []
    if "successes" in b:
        for face, n in r.table(p + ("successes",), b["successes"]).items():
            fp = p + ("successes", face)
            if not face.isdigit() or not 1 <= int(face) <= sides:
                raise r.error(fp, f"{face!r} is not a face of a {sides}-sided die: write 6 = 2 (face 6 counts 2)")
            n = r.whole(fp, n, -20, 20)
            succ.append((int(face), r.knobs.number(_dotted(fp), n, r.seed(fp, n), lo=min(-3, n), hi=max(3, n))))
    mk: list[tuple[str, FaceSet]] = []
    for mark, faces in r.table(p + ("marks",), b.get("marks", {})).items():
        mp = p + ("marks", mark)
        if mark not in marks:
            r.name(mp, mark, taken, "mark")
            marks.append(mark)
        mk.append((mark, r.faceset(mp, faces, sides, face_names)))
    explode = r.faceset(p + ("explode",), b["explode"], sides, face_names) if "explode" in b else None
    depth = None
    if explode is not None:
        if "depth" not in b:
            raise r.error(p + ("explode",), "say how deep the dice explode: depth = 10 (at most 10 extra dice "
                                            "per die, the last face stands) or depth = \"unbounded\" (without end; "
                                            "the odds cut a tail below 1e-12 and are not a fraction)")
        dv = b["depth"]
        if dv == "unbounded":
            every = explode.faces is not None and len(r.knobs.value(explode.faces)) == sides
            if every or (explode.but is not None and not r.knobs.value(explode.but)):
                said = f'"{b["explode"]}"' if isinstance(b["explode"], str) else show(b["explode"])
                raise r.error(p + ("explode",), f"{said} explodes every face of the die, and "
                                                "depth = \"unbounded\" rolls on for ever: leave a face out "
                                                "(one that stops the die), or give depth a number")
            depth = r.knobs.depth(f"dice.{name}.depth", None, r.seed(p + ("depth",), dv))
        else:
            depth = r.knobs.depth(f"dice.{name}.depth", r.whole(p + ("depth",), dv, 0, 50),
                                  r.seed(p + ("depth",), dv))
    elif "depth" in b:
        raise r.error(p + ("depth",), "depth says how deep the dice explode: give explode = [faces] too")
    labels = []
    for face, words in r.table(p + ("labels",), b.get("labels", {})).items():
        lp = p + ("labels", face)
        if not face.isdigit() or not 1 <= int(face) <= sides:
            raise r.error(lp, f"{face!r} is not a face of a {sides}-sided die: write 1 = \"tails\"")
        labels.append((int(face), r.text(lp, words, "", 60)))
    return DieDef(name, sides_num, success, tuple(succ), tuple(mk), explode, depth, tuple(labels))


def _groups(r: Reader, value: Any, dice: tuple[DieDef, ...], fields: tuple[FieldDef, ...],
            base: Mapping[str, str], taken: dict[str, str]) -> tuple[GroupDef, ...]:
    out: list[GroupDef] = []
    if value is None:
        with r.attempt():
            raise r.error(("dice",), "the draft rolls no dice: write [groups.own] with die = \"d6\" and count = \"dice\"")
        return ()
    for name, body in _part(r, ("groups",), value).items():
        with r.attempt(name, "group"):
            out.append(_group(r, name, body, dice, fields, base, taken))
    if not out and "group" not in r.broken.values():
        with r.attempt():
            raise r.error(("groups",), "the draft rolls no dice: write [groups.own] with count = \"dice\"")
    return tuple(out)


def _group(r: Reader, name: str, body: Any, dice: tuple[DieDef, ...], fields: tuple[FieldDef, ...],
           base: Mapping[str, str], taken: dict[str, str]) -> GroupDef:
    names = [d.name for d in dice]
    p = ("groups", name)
    b = r.table(p, body, ("die", "count", "each", "owner", "grade", "cancels", "explode"))
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
        raise r.error(p, f"the faces of {die} depend on the grade: say the group's grade, e.g. "
                         "grade = \"caliber\" (a field), or roll one die per item with each = \"allies\"")
    owner = r.text(p + ("owner",), b.get("owner"), name.replace("_", " "), 30)
    return GroupDef(name=name, die=die, owner=owner, count=count, each=each or "", grade=grade,
                    cancels=r.boolean(p + ("cancels",), b.get("cancels"), False),
                    explode=r.boolean(p + ("explode",), b.get("explode"), True))


def _uses_grade(d: DieDef) -> bool:
    """Whether a die's faces depend on the grade of the group that rolls it."""
    sets = [d.success, d.explode, *(fs for _, fs in d.marks)]
    return any("grade" in x.names for fs in sets if fs is not None for x in (fs.at_least, fs.at_most) if x is not None)


def _outcome(r: Reader, value: Any, static: Mapping[str, str], random: Mapping[str, str]) -> OutcomeDef:
    p = ("outcome",)
    b = r.table(p, value, ("value", "name", "unit", "threshold", "goal", "degrees", "below"))
    before = len(r.problems)
    val = threshold = goal = None
    with r.attempt():
        val = r.expr(p + ("value",), b.get("value", SUCCESSES), {**static, **random}, "the outcome")
    with r.attempt():
        threshold = r.expr(p + ("threshold",), b.get("threshold", 1), static, "the threshold")
    with r.attempt():
        goal = (r.expr(p + ("goal",), b["goal"], {**static, "threshold": "number of the outcome"}, "the goal")
                if "goal" in b else None)
    if len(r.problems) > before or val is None or threshold is None:
        raise Skip("outcome")  # its mistakes are said
    uses_total = TOTAL in val.names
    name = r.text(p + ("name",), b.get("name"), TOTAL if uses_total and SUCCESSES not in val.names else SUCCESSES, 40)
    unit_v = b.get("unit", ["success", "successes"] if not uses_total else ["", ""])
    if not (isinstance(unit_v, list) and len(unit_v) == 2 and all(isinstance(u, str) and len(u) <= 30 for u in unit_v)):
        raise r.error(p + ("unit",), f"{show(unit_v)}: write the word for one and for many: [\"head\", \"heads\"]")
    degrees = []
    named = r.table(p + ("degrees",), b.get("degrees", {}))
    if len(named) > 40:
        raise r.error(p + ("degrees",), f"{len(named)} degrees: a roll has at most 40")
    for dname, lowest in named.items():
        dp = p + ("degrees", dname)
        n = r.whole(dp, lowest, -1000, 1000)
        degrees.append(Degree(r.text(dp, dname, "", 40), r.knobs.number(_dotted(dp), n, r.seed(dp, n))))
    below = r.text(p + ("below",), b.get("below"), "", 40)
    if below and not degrees:
        raise r.error(p + ("below",), "below names the degree under the lowest of [outcome.degrees]: give degrees too")
    return OutcomeDef(val, name, (unit_v[0], unit_v[1]), threshold, goal, tuple(degrees), below, uses_total)


