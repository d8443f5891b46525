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
    ALL_DICE, FIELD_GROUPS, SIDES, SUCCESSES, TOTAL, VALUE, Degree, DieDef, Draft, EventDef, FaceSet, FieldDef,
    GroupDef, Num, OutcomeDef, RuleDef, Slotted,
)
from .knobs import labelled
from .reader import NAME, ROLLER_NAMES, Reader, show
from .source import Source, _dotted
from .table_parts import read_checks, read_double, read_ladder, read_reroll, read_spend, read_words

#: The parts of a draft (top-level keys), in the order docs/drafts.md tells them.
PARTS = ("id", "name", "about", "roll", "roller", "fields", "rules", "dice", "groups", "outcome", "events",
         "reroll", "double", "spend", "checks", "ladder", "words")

ROLLERS = ("task", "pool", "check")

_ID = re.compile(r"^[a-z][a-z0-9_-]{0,39}$")


def build(src: Source) -> Draft:
    """The draft of ``src``, checked (a :class:`~.errors.DraftError` at the first thing wrong)."""
    r = Reader(src)
    data = r.table((), src.data, PARTS, "a draft")
    if "id" not in data:
        raise r.error((), "a draft needs an id, the name a spec gives it: id = \"my-draft\" (first line)")
    ident = r.text(("id",), data["id"])
    if not _ID.match(ident):
        raise r.error(("id",), f"{ident!r} cannot be an id: lowercase letters, digits, - and _, starting with a "
                               "letter (at most 40)")
    taken: dict[str, str] = {}
    fields = _fields(r, data.get("fields", {}), taken)
    rules = _rules(r, data.get("rules", {}), taken)
    base = {**{f.name: "field" for f in fields}, **{x.name: "rule" for x in rules}}
    dice, marks = _dice(r, data.get("dice"), taken, base)
    groups = _groups(r, data.get("groups"), dice, fields, base, taken)
    counts = {g.name: "group" for g in groups}
    static = {**base, **counts, ALL_DICE: "count of every die"}
    random = {SUCCESSES: "what the dice show", TOTAL: "what the dice show", **{m: "mark" for m in marks}}
    shown = ([g.name for g in groups], marks)
    outcome = _outcome(r, data.get("outcome", {}), static, random, shown)
    thr = {**static, "threshold": "number of the outcome", "goal": "number of the outcome"}
    events = _events(r, data.get("events"), {**thr, **random, VALUE: "value of the outcome"}, shown)
    reroll = read_reroll(r, data.get("reroll"), thr, groups, dice, outcome)
    double = read_double(r, data.get("double"), base, random, shown)
    if reroll is not None:
        _with_reroll(r, [outcome.value, *(e.rule for e in events), *([double.adds] if double else [])])
    spend = read_spend(r, data.get("spend"), thr)
    checks = read_checks(r, data.get("checks"), thr, fields)
    ladder = read_ladder(r, data.get("ladder"), fields)
    words = read_words(r, data.get("words", {}), list(marks))
    roller = r.text(("roller",), data.get("roller"), "task" if (reroll or double or spend) else "pool")
    if roller not in ROLLERS:
        raise r.error(("roller",), f"{roller!r}: the rollers are task, pool and check")
    roll = r.text(("roll",), data.get("roll"), "task")
    if not NAME.match(roll):
        raise r.error(("roll",), f"{roll!r} cannot name a kind of roll: lowercase letters, e.g. task or check")
    return Draft(
        id=ident, name=r.text(("name",), data.get("name"), ident, 80), about=r.text(("about",), data.get("about"), "", 400),
        roll=roll, roller=roller, fields=fields, rules=rules, dice=dice, groups=groups, outcome=outcome, reroll=reroll,
        double=double, spend=spend, checks=checks, ladder=ladder, words=words, events=events,
        knobs=tuple(labelled(_ordered(r.knobs.knobs, rules), {f.name: f.label for f in fields},
                             {k: x.name for k, x in (("reroll", reroll), ("double", double)) if x is not None})),
        source_name=src.name, digest=src.digest, lines={_dotted(p): n for p, n in src.lines.items()},
    )


def _ordered(knobs: list, rules: tuple[RuleDef, ...]) -> list:
    """The named rules first (as the designer wrote them), then every other number in file order."""
    named = {x.knob for x in rules}
    return [k for k in knobs if k.name in named] + [k for k in knobs if k.name not in named]


# --------------------------------------------------------------------------
# The parts
# --------------------------------------------------------------------------


def _fields(r: Reader, value: Any, taken: dict[str, str]) -> tuple[FieldDef, ...]:
    table = r.table(("fields",), value)
    out: list[FieldDef] = []
    for name, body in table.items():
        p = ("fields", name)
        r.name(p, name, taken, "field")
        if name in ROLLER_NAMES:
            raise r.error(p, f"{name!r} is a word the roller keeps for itself: name the field otherwise "
                             f"(e.g. {name}s or my_{name})")
        b = r.table(p, body, ("range", "default", "options", "list_of", "most", "label", "group", "help"))
        label = r.text(p + ("label",), b.get("label"), name.replace("_", " ").capitalize(), 60)
        group = r.text(p + ("group",), b.get("group"), "other")
        if group not in FIELD_GROUPS:
            raise r.error(p + ("group",), f"{group!r}: a field's group is one of {', '.join(FIELD_GROUPS)}")
        help_ = r.text(p + ("help",), b.get("help"), "", 200)
        common = dict(name=name, label=label, group=group, help=help_)
        if "range" in b:
            rng = b["range"]
            if (not isinstance(rng, list) or len(rng) != 2 or any(isinstance(x, bool) or not isinstance(x, int)
                                                                  for x in rng) or rng[0] > rng[1]):
                raise r.error(p + ("range",), f"{show(rng)} is not a range: write [lowest, highest], e.g. [0, 30]")
            lo, hi = rng
            if hi > 1000 or lo < -1000:
                raise r.error(p + ("range",), "a field's range stays within -1000 to 1000")
            default = r.whole(p + ("default",), b.get("default", lo), lo, hi)
            hi_num = r.knobs.number(f"fields.{name}.max", hi, r.seed(p + ("range",), rng), lo=lo,
                                    hi=max(2 * hi, hi + 10))
            out.append(FieldDef(kind="int", default=default, lo=lo, hi=hi_num, **common))
        elif "options" in b or "list_of" in b:
            if "list_of" in b:
                src = r.text(p + ("list_of",), b["list_of"])
                other = next((f for f in out if f.name == src and f.kind == "choice"), None)
                if other is None:
                    raise r.error(p + ("list_of",), f"{src!r} is not a field of options written above this one")
                options = other.options
            else:
                opts = b["options"]
                if not isinstance(opts, list) or not opts or not all(isinstance(o, str) and o for o in opts):
                    raise r.error(p + ("options",), f"{show(opts)}: write the options as a list of words, "
                                                    "e.g. [\"bronze\", \"silver\"]")
                if len(set(opts)) != len(opts):
                    raise r.error(p + ("options",), "an option is given twice")
                options = tuple(opts)
            if "most" in b or "list_of" in b:
                most = r.whole(p + ("most",), b.get("most", 2), 1, 16)
                default = b.get("default", [])
                if not isinstance(default, list) or any(x not in options for x in default) or len(default) > most:
                    raise r.error(p + ("default",), f"{show(default)}: a list of at most {most} of "
                                                    + ", ".join(options))
                out.append(FieldDef(kind="list", default=tuple(default), options=options, most=most, **common))
            else:
                default = b.get("default", options[0])
                if default not in options:
                    raise r.error(p + ("default",), f"{show(default)} is not one of the options {', '.join(options)}")
                out.append(FieldDef(kind="choice", default=default, options=options, **common))
        elif isinstance(b.get("default"), bool):
            out.append(FieldDef(kind="bool", default=b["default"], **common))
        else:
            raise r.error(p, "say what the field holds: range = [0, 10] (a whole number), options = [\"a\", \"b\"] "
                             "(one of some words), default = false (yes or no), or list_of = \"caliber\" "
                             "(a list of those words)")
    if not out:
        raise r.error(("fields",), "a draft needs at least one field the player sets, e.g. [fields.dice] with "
                                   "range = [1, 10]")
    return tuple(out)


def _rules(r: Reader, value: Any, taken: dict[str, str]) -> tuple[RuleDef, ...]:
    table = r.table(("rules",), value)
    out = []
    for name, body in table.items():
        p = ("rules", name)
        r.name(p, name, taken, "rule")
        seed = ""
        lo = hi = None
        if isinstance(body, dict) and "value" in body:
            b = r.table(p, body, ("value", "range", "seed"))
            seed = r.text(p + ("seed",), b.get("seed"), "", 300)
            if "range" in b:
                rng = b["range"]
                if (not isinstance(rng, list) or len(rng) != 2 or any(isinstance(x, bool) or not isinstance(x, int)
                                                                      for x in rng) or rng[0] > rng[1]):
                    raise r.error(p + ("range",), f"{show(rng)} is not a range: write [lowest, highest]")
                lo, hi = rng
            v = b["value"]
            vp: tuple = p + ("value",)
        else:
            v, vp = body, p
        seed = seed or r.seed(vp, v)
        if isinstance(v, dict):
            if not v:
                raise r.error(vp, "an empty table: give a number per key, e.g. { bronze = 5, silver = 4 }")
            for k, x in v.items():
                r.whole(vp + (k,), x, lo, hi)
            out.append(RuleDef(name, r.knobs.per_key(name, v, seed, lo, hi).knob, tuple(v)))
        else:
            r.whole(vp, v, lo, hi)
            out.append(RuleDef(name, r.knobs.number(name, v, seed, lo, hi).knob))
    return tuple(out)


def _dice(r: Reader, value: Any, taken: dict[str, str], base: Mapping[str, str]) -> tuple[tuple[DieDef, ...], list[str]]:
    if value is None:
        where = next((p for p in r.src.lines if p[:1] == ("groups",) and len(p) == 2), ())
        raise r.error(where, "the draft has no [dice] (write e.g. [dice.d6] with sides = 6)")
    table = r.table(("dice",), value)
    out, marks = [], []
    face_names = {**base, "grade": "grade of the group's dice", SIDES: "sides of the die"}
    for name, body in table.items():
        p = ("dice", name)
        if not NAME.match(name):
            raise r.error(p, f"{name!r} cannot name a die: lowercase letters, digits and _ (d6, black, coin)")
        b = r.table(p, body, ("sides", "success", "successes", "marks", "explode", "depth", "labels"))
        if "sides" not in b:
            raise r.error(p, "say how many sides the die has: sides = 6")
        given = b["sides"]
        if isinstance(given, str):  # a formula: its faces are checked as a spec rolls it
            sides_num = r.expr(p + ("sides",), given, {**base, "grade": face_names["grade"]}, "the sides of a die")
            sides = 1000
        else:
            sides = r.whole(p + ("sides",), given, 2, 1000)
            sides_num = r.number(p + ("sides",), sides, base, "", 2, 1000, 2, max(20, 2 * sides))
        success = r.faceset(p + ("success",), b["success"], sides, face_names) if "success" in b else None
        succ: list[tuple[int, Slotted]] = []
        if "successes" in b:
            for face, n in r.table(p + ("successes",), b["successes"]).items():
                fp = p + ("successes", face)
                if not face.isdigit() or not 1 <= int(face) <= sides:
                    raise r.error(fp, f"{face!r} is not a face of a {sides}-sided die: write 6 = 2 (face 6 counts 2)")
                lo_n = min(-3, n) if isinstance(n, int) and not isinstance(n, bool) else -3
                hi_n = max(3, n) if isinstance(n, int) and not isinstance(n, bool) else 3
                succ.append((int(face), r.number(fp, n, face_names, "what a face counts", -20, 20, lo_n, hi_n)))
        mk: list[tuple[str, FaceSet]] = []
        for mark, faces in r.table(p + ("marks",), b.get("marks", {})).items():
            mp = p + ("marks", mark)
            if mark not in marks:
                r.name(mp, mark, taken, "mark")
                marks.append(mark)
            mk.append((mark, r.faceset(mp, faces, sides, face_names)))
        explode = r.faceset(p + ("explode",), b["explode"], sides, face_names) if "explode" in b else None
        depth: Num | Slotted | None = None
        if explode is not None:
            if "depth" not in b:
                raise r.error(p + ("explode",), "say how deep the dice explode: depth = 10 (at most 10 extra dice "
                                                "per die, the last face stands) or depth = \"unbounded\" (without end; "
                                                "the odds cut a tail below 1e-12 and are not a fraction)")
            dv = b["depth"]
            if isinstance(dv, str) and dv != "unbounded":
                depth = r.expr(p + ("depth",), dv, face_names, "a depth")
            elif dv == "unbounded":
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
        out.append(DieDef(name, sides_num, success, tuple(succ), tuple(mk), explode, depth, tuple(labels)))
    if not out:
        raise r.error(("dice",), "the draft has no [dice] (write e.g. [dice.d6] with sides = 6)")
    return tuple(out), marks


def _groups(r: Reader, value: Any, dice: tuple[DieDef, ...], fields: tuple[FieldDef, ...],
            base: Mapping[str, str], taken: dict[str, str]) -> tuple[GroupDef, ...]:
    if value is None:
        raise r.error(("dice",), "the draft rolls no dice: write [groups.own] with die = \"d6\" and count = \"dice\"")
    table = r.table(("groups",), value)
    names = [d.name for d in dice]
    out = []
    for name, body in table.items():
        p = ("groups", name)
        r.name(p, name, taken, "group")
        b = r.table(p, body, ("die", "count", "each", "owner", "grade", "cancels", "explode"))
        if "die" in b:
            die = r.text(p + ("die",), b["die"])
            if die not in names:
                raise r.error(p + ("die",), f"{die!r} is not a die of this draft: the dice are {', '.join(names)}")
        elif len(names) == 1:
            die = names[0]
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
            if f is None or f.kind != "list":
                raise r.error(p + ("each",), f"{each!r} is not a list field (a field with list_of or most)")
        grade = r.expr(p + ("grade",), b["grade"], base, "a grade") if "grade" in b else None
        if grade is None and not each and _uses_grade(next(d for d in dice if d.name == die)):
            raise r.error(p, f"the faces of {die} depend on the grade: say the group's grade, e.g. "
                             "grade = \"caliber\" (a field), or roll one die per item with each = \"allies\"")
        owner = r.text(p + ("owner",), b.get("owner"), name.replace("_", " "), 30)
        explode = b.get("explode", True)
        out.append(GroupDef(name=name, die=die, owner=owner, count=count, each=each or "", grade=grade,
                            cancels=r.boolean(p + ("cancels",), b.get("cancels"), False),
                            explode=(r.expr(p + ("explode",), explode, base, "whether the dice explode")
                                     if isinstance(explode, str) else r.boolean(p + ("explode",), explode, True))))
    if not out:
        raise r.error(("groups",), "the draft rolls no dice: write [groups.own] with count = \"dice\"")
    return tuple(out)


def _events(r: Reader, value: Any, allowed: Mapping[str, str],
            shown: tuple[Sequence[str], Sequence[str]]) -> tuple[EventDef, ...]:
    """``[events]``: a name (in words: "glitch", "critical glitch") and a yes-or-no formula over the roll."""
    if value is None:
        return ()
    out = []
    for name, rule in r.table(("events",), value).items():
        p = ("events", name)
        if not re.match(r"^[A-Za-z][A-Za-z0-9 '_-]{0,39}$", name):
            raise r.error(p, f"{name!r} cannot name an event: a few words of letters, digits, spaces, - and ' "
                             "(at most 40), e.g. glitch or \"critical glitch\"")
        out.append(EventDef(name, r.expr(p, rule, allowed, "an event", dice=shown)))
    return tuple(out)


def _with_reroll(r: Reader, formulas: Sequence[Slotted]) -> None:
    """A re-roll step takes faces that count nothing: no formula may read
    every face (``total``) or the dice in order (``highest``, ``lowest``)."""
    for s in formulas:
        reads = [n for n in s.names if n == TOTAL] + [t[1] + "()" for t in s.expr.calls
                                                      if t[1] in ("total", "highest", "lowest")]
        if reads:
            path = tuple(s.key.split("."))
            raise r.error(path, f"{s.expr.text!r} reads {reads[0]}: a re-roll step and a formula that reads "
                                "every face (total) or the dice in order (highest, lowest) do not go together "
                                "yet: count successes or marks, or leave the re-roll step out (docs/drafts.md, "
                                "what a draft cannot say)")


def _uses_grade(d: DieDef) -> bool:
    """Whether a die's faces depend on the grade of the group that rolls it."""
    sets = [d.success, d.explode, *(fs for _, fs in d.marks)]
    return any("grade" in x.names for fs in sets if fs is not None for x in (fs.at_least, fs.at_most) if x is not None)


def _outcome(r: Reader, value: Any, static: Mapping[str, str], random: Mapping[str, str],
             shown: tuple[Sequence[str], Sequence[str]]) -> OutcomeDef:
    p = ("outcome",)
    b = r.table(p, value, ("value", "name", "unit", "threshold", "goal", "degrees", "below"))
    val = r.expr(p + ("value",), b.get("value", SUCCESSES), {**static, **random}, "the outcome", dice=shown)
    uses_total = TOTAL in val.names or any(t[1] == TOTAL for t in val.expr.calls)
    name = r.text(p + ("name",), b.get("name"), TOTAL if uses_total and SUCCESSES not in val.names else SUCCESSES, 40)
    unit_v = b.get("unit", ["success", "successes"] if not uses_total else ["", ""])
    if not (isinstance(unit_v, list) and len(unit_v) == 2 and all(isinstance(u, str) and len(u) <= 30 for u in unit_v)):
        raise r.error(p + ("unit",), f"{show(unit_v)}: write the word for one and for many: [\"head\", \"heads\"]")
    threshold = r.expr(p + ("threshold",), b.get("threshold", 1), static, "the threshold")
    goal = (r.expr(p + ("goal",), b["goal"], {**static, "threshold": "number of the outcome"}, "the goal")
            if "goal" in b else None)
    degrees = []
    ends = {**static, "threshold": "number of the outcome", "goal": "number of the outcome"}
    for dname, lowest in r.table(p + ("degrees",), b.get("degrees", {})).items():
        dp = p + ("degrees", dname)
        degrees.append(Degree(r.text(dp, dname, "", 40), r.number(dp, lowest, ends, "a degree", -1000, 1000)))
    below = r.text(p + ("below",), b.get("below"), "", 40)
    if below and not degrees:
        raise r.error(p + ("below",), "below names the degree under the lowest of [outcome.degrees]: give degrees too")
    return OutcomeDef(val, name, (unit_v[0], unit_v[1]), threshold, goal, tuple(degrees), below, uses_total)


