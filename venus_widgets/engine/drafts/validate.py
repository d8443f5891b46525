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

import difflib
import re
from typing import Any, Mapping, Sequence

from .errors import DraftError
from .expr import ExprError, parse
from .knobs import Maker
from .model import (
    ALL_DICE, FIELD_GROUPS, SUCCESSES, TOTAL, CheckDef, Degree, DieDef, DoubleDef, Draft, FaceSet, FieldDef, GroupDef,
    LadderDef, Num, OutcomeDef, RerollDef, RuleDef, Slotted, SpendItem, Words, plural_of,
)
from .source import Source, _dotted

#: The parts of a draft (top-level keys), in the order docs/drafts.md tells them.
PARTS = ("id", "name", "about", "roll", "roller", "fields", "rules", "dice", "groups", "outcome", "reroll",
         "double", "spend", "checks", "ladder", "words")

ROLLERS = ("task", "pool", "check")

#: Names the expressions give a meaning of their own.
RESERVED = frozenset({SUCCESSES, TOTAL, ALL_DICE, "edition", "roll", "rules", "threshold", "goal", "grade", "and", "or", "not", "true", "false",
                      "min", "max", "abs", "if"})

#: Names a field cannot take: a roller's own attributes and the spec's envelope.
ROLLER_NAMES = frozenset({
    "add_class", "add_traits", "blur", "by_hand", "close", "close_all", "comm", "cross_validation_lock", "edition",
    "enter_faces", "error", "explanation", "fields", "focus", "keys", "layout", "log", "model_id", "observe", "odds",
    "odds_view", "on_msg", "open", "recent", "roll", "roll_dice", "rules", "seed", "send", "send_state",
    "set_state", "set_trait", "spec", "spec_fields", "status", "table", "tooltip", "traits", "words", "widgets",
    "wanted", "consequence_list", "consequence_texts", "description", "style", "kind", "value", "version",
    "unobserve", "tabbable",
})

_NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
_ID = re.compile(r"^[a-z][a-z0-9_-]{0,39}$")
_FACES = re.compile(r"^\s*(\d+)\s*(\+|-\s*(\d+)?)?\s*$")


class _Reader:
    """The checks, with the source at hand for lines."""

    def __init__(self, src: Source) -> None:
        self.src = src
        self.knobs = Maker()

    # -- errors --------------------------------------------------------------

    def error(self, path: tuple, words: str) -> DraftError:
        return DraftError(_dotted(path), words, line=self.src.line(path), source=self.src.name)

    def seed(self, path: tuple, value: Any) -> str:
        """The words a knob's default comes from: the line of the draft."""
        text = self.src.line_text(path)
        return text or f"{_dotted(path)} = {value!r}"

    # -- kinds of value -------------------------------------------------------

    def table(self, path: tuple, value: Any, keys: tuple[str, ...] | None = None, what: str = "a table") -> dict:
        if not isinstance(value, dict):
            raise self.error(path, f"{_show(value)} is not {what}: write [{_dotted(path)}] with its keys below, "
                                   "or { key = value, ... }")
        if keys is not None:
            for k in value:
                if k not in keys:
                    near = difflib.get_close_matches(k, keys, 1)
                    hint = f" (did you mean {near[0]}?)" if near else ""
                    if not path:
                        raise self.error((k,), f"{k} is not a part of a draft{hint}; the parts are "
                                               + ", ".join(keys))
                    raise self.error(path + (k,), f"{k} is not a key of {_dotted(path)}{hint}; "
                                                  f"the keys are {', '.join(keys)}")
        return value

    def text(self, path: tuple, value: Any, default: str = "", most: int = 200) -> str:
        if value is None:
            return default
        if not isinstance(value, str):
            raise self.error(path, f"{_show(value)} is not text: write it in \"quotes\"")
        if len(value) > most:
            raise self.error(path, f"a text of {len(value)} characters: at most {most}")
        return value

    def whole(self, path: tuple, value: Any, lo: int | None = None, hi: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(path, f"{_show(value)} is not a whole number")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self.error(path, f"{value} is out of range: a whole number from {lo} to {hi}")
        return value

    def boolean(self, path: tuple, value: Any, default: bool) -> bool:
        if value is None:
            return default
        if not isinstance(value, bool):
            raise self.error(path, f"{_show(value)} is not true or false")
        return value

    def name(self, path: tuple, value: str, taken: Mapping[str, str], what: str) -> str:
        if not _NAME.match(value):
            raise self.error(path, f"{value!r} cannot name a {what}: use lowercase letters, digits and _, "
                                   "starting with a letter (at most 40)")
        if value in RESERVED:
            raise self.error(path, f"{value!r} has a meaning of its own in a draft ({', '.join(sorted(RESERVED))}): "
                                   f"name the {what} otherwise")
        if value in taken:
            raise self.error(path, f"{value!r} names a {taken[value]} already: each name once")
        return value

    def expr(self, path: tuple, value: Any, allowed: Mapping[str, str], what: str, knob: str = "") -> Slotted:
        """An expression whose names are among ``allowed`` (name -> what it is);
        each number in it becomes a knob (named ``knob``, else by its key path)."""
        try:
            e = parse(value)
        except ExprError as err:
            raise self.error(path, str(err)) from None
        for n in e.names:
            if n not in allowed:
                near = difflib.get_close_matches(n, list(allowed), 1)
                hint = f"did you mean {near[0]}? " if near else ""
                raise self.error(path, f"{_show(value)} reads {n}, which {what} cannot read: {hint}it can read "
                                       + _listed(allowed))
        key = _dotted(path)
        name = knob or key
        seed = self.seed(path, value)
        knobs = tuple(self.knobs.number(name if e.slots == 1 else f"{name}.{i + 1}", v, seed).knob
                      for i, v in enumerate(e.numbers))
        return Slotted(e, knobs, key)

    def faceset(self, path: tuple, value: Any, sides: int, allowed: Mapping[str, str]) -> FaceSet:
        """Faces: [1, 6], "5+", "1-3", "6", { at_least = "..." }, { at_most = ... },
        { but = [1, 6] } (every face but these)."""
        key = _dotted(path)
        if isinstance(value, list) or isinstance(value, int) and not isinstance(value, bool):
            faces = self.face_list(path, value if isinstance(value, list) else [value], sides)
            return FaceSet(faces=self.knobs.faces(key, faces, sides, self.seed(path, value)))
        if isinstance(value, str):
            return FaceSet(faces=self.knobs.faces(key, self.face_text(path, value, sides), sides,
                                                  self.seed(path, value)))
        if isinstance(value, dict):
            self.table(path, value, ("at_least", "at_most", "but"))
            if not value:
                raise self.error(path, "an empty table: write at_least, at_most or but")
            if "but" in value:
                if len(value) > 1:
                    raise self.error(path, "but stands alone: every face but these")
                b = value["but"]
                faces = self.face_list(path + ("but",), b if isinstance(b, list) else [b], sides)
                return FaceSet(but=self.knobs.faces(f"{key}.but", faces, sides, self.seed(path, value)))
            out = {}
            for bound in ("at_least", "at_most"):
                if bound in value:
                    out[bound] = self.expr(path + (bound,), value[bound], allowed, "a face bound")
            return FaceSet(at_least=out.get("at_least"), at_most=out.get("at_most"))
        raise self.error(path, f"{_show(value)} is not faces: write a list [1, 6], \"5+\", \"1-3\", or "
                               "{ at_least = \"success_from[caliber]\" }")

    def face_list(self, path: tuple, value: list, sides: int) -> list[int]:
        out = []
        for i, f in enumerate(value):
            if isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= sides:
                raise self.error(path + (i,), f"{_show(f)} is not a face of a {sides}-sided die (1 to {sides})")
            out.append(f)
        if len(set(out)) != len(out):
            raise self.error(path, f"{value} lists a face twice")
        return sorted(out)

    def face_text(self, path: tuple, value: str, sides: int) -> list[int]:
        out: list[int] = []
        for part in value.split(","):
            m = _FACES.match(part)
            if not m:
                raise self.error(path, f"{value!r} is not faces: write \"6\", \"5+\" (5 or more), \"1-3\", "
                                       "\"1, 6\" or a list [1, 6]")
            lo = int(m.group(1))
            if m.group(2) is None:
                hi = lo
            elif m.group(2).strip() == "+":
                hi = sides
            elif m.group(3) is not None:
                hi = int(m.group(3))
            else:  # "3-": 3 or less
                lo, hi = 1, lo
            for f in (lo, hi):
                if not 1 <= f <= sides:
                    raise self.error(path, f"{value!r}: {f} is not a face of a {sides}-sided die (1 to {sides})")
            if lo > hi:
                raise self.error(path, f"{value!r}: write the lower face first ({hi}-{lo})")
            out += range(lo, hi + 1)
        if len(set(out)) != len(out):
            raise self.error(path, f"{value!r} names a face twice")
        return sorted(out)


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:50] + "…"


def _listed(allowed: Mapping[str, str]) -> str:
    by: dict[str, list[str]] = {}
    for n, what in allowed.items():
        by.setdefault(what, []).append(n)
    return "; ".join(f"{what}s {', '.join(names)}" if len(names) > 1 else f"the {what} {names[0]}"
                     for what, names in by.items())


def build(src: Source) -> Draft:
    """The draft of ``src``, checked (a :class:`DraftError` at the first thing wrong)."""
    r = _Reader(src)
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
    outcome = _outcome(r, data.get("outcome", {}), static, random)
    thr = {**static, "threshold": "number of the outcome", "goal": "number of the outcome"}
    reroll = _reroll(r, data.get("reroll"), thr, groups, dice, outcome)
    double = _double(r, data.get("double"), base, random)
    spend = _spend(r, data.get("spend"), thr)
    checks = _checks(r, data.get("checks"), thr, fields)
    ladder = _ladder(r, data.get("ladder"), fields)
    words = _words(r, data.get("words", {}), list(marks))
    roller = r.text(("roller",), data.get("roller"), "task" if (reroll or double or spend) else "pool")
    if roller not in ROLLERS:
        raise r.error(("roller",), f"{roller!r}: the rollers are task, pool and check")
    roll = r.text(("roll",), data.get("roll"), "task")
    if not _NAME.match(roll):
        raise r.error(("roll",), f"{roll!r} cannot name a kind of roll: lowercase letters, e.g. task or check")
    return Draft(
        id=ident, name=r.text(("name",), data.get("name"), ident, 80), about=r.text(("about",), data.get("about"), "", 400),
        roll=roll, roller=roller, fields=fields, rules=rules, dice=dice, groups=groups, outcome=outcome, reroll=reroll,
        double=double, spend=spend, checks=checks, ladder=ladder, words=words, knobs=tuple(_ordered(r.knobs.knobs, rules)),
        source_name=src.name, digest=src.digest, lines={_dotted(p): n for p, n in src.lines.items()},
    )


def _ordered(knobs: list, rules: tuple[RuleDef, ...]) -> list:
    """The named rules first (as the designer wrote them), then every other number in file order."""
    named = {x.knob for x in rules}
    return [k for k in knobs if k.name in named] + [k for k in knobs if k.name not in named]


# --------------------------------------------------------------------------
# The parts
# --------------------------------------------------------------------------


def _fields(r: _Reader, value: Any, taken: dict[str, str]) -> tuple[FieldDef, ...]:
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
                raise r.error(p + ("range",), f"{_show(rng)} is not a range: write [lowest, highest], e.g. [0, 30]")
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
                    raise r.error(p + ("options",), f"{_show(opts)}: write the options as a list of words, "
                                                    "e.g. [\"bronze\", \"silver\"]")
                if len(set(opts)) != len(opts):
                    raise r.error(p + ("options",), "an option is given twice")
                options = tuple(opts)
            if "most" in b or "list_of" in b:
                most = r.whole(p + ("most",), b.get("most", 2), 1, 16)
                default = b.get("default", [])
                if not isinstance(default, list) or any(x not in options for x in default) or len(default) > most:
                    raise r.error(p + ("default",), f"{_show(default)}: a list of at most {most} of "
                                                    + ", ".join(options))
                out.append(FieldDef(kind="list", default=tuple(default), options=options, most=most, **common))
            else:
                default = b.get("default", options[0])
                if default not in options:
                    raise r.error(p + ("default",), f"{_show(default)} is not one of the options {', '.join(options)}")
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


def _rules(r: _Reader, value: Any, taken: dict[str, str]) -> tuple[RuleDef, ...]:
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
                    raise r.error(p + ("range",), f"{_show(rng)} is not a range: write [lowest, highest]")
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


def _dice(r: _Reader, value: Any, taken: dict[str, str], base: Mapping[str, str]) -> tuple[tuple[DieDef, ...], list[str]]:
    if value is None:
        where = next((p for p in r.src.lines if p[:1] == ("groups",) and len(p) == 2), ())
        raise r.error(where, "the draft has no [dice] (write e.g. [dice.d6] with sides = 6)")
    table = r.table(("dice",), value)
    out, marks = [], []
    face_names = {**base, "grade": "grade of the group's dice"}
    for name, body in table.items():
        p = ("dice", name)
        if not _NAME.match(name):
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


def _groups(r: _Reader, value: Any, dice: tuple[DieDef, ...], fields: tuple[FieldDef, ...],
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
        out.append(GroupDef(name=name, die=die, owner=owner, count=count, each=each or "", grade=grade,
                            cancels=r.boolean(p + ("cancels",), b.get("cancels"), False),
                            explode=r.boolean(p + ("explode",), b.get("explode"), True)))
    if not out:
        raise r.error(("groups",), "the draft rolls no dice: write [groups.own] with count = \"dice\"")
    return tuple(out)


def _uses_grade(d: DieDef) -> bool:
    """Whether a die's faces depend on the grade of the group that rolls it."""
    sets = [d.success, d.explode, *(fs for _, fs in d.marks)]
    return any("grade" in x.names for fs in sets if fs is not None for x in (fs.at_least, fs.at_most) if x is not None)


def _outcome(r: _Reader, value: Any, static: Mapping[str, str], random: Mapping[str, str]) -> OutcomeDef:
    p = ("outcome",)
    b = r.table(p, value, ("value", "name", "unit", "threshold", "goal", "degrees", "below"))
    val = r.expr(p + ("value",), b.get("value", SUCCESSES), {**static, **random}, "the outcome")
    uses_total = TOTAL in val.names
    name = r.text(p + ("name",), b.get("name"), TOTAL if uses_total and SUCCESSES not in val.names else SUCCESSES, 40)
    unit_v = b.get("unit", ["success", "successes"] if not uses_total else ["", ""])
    if not (isinstance(unit_v, list) and len(unit_v) == 2 and all(isinstance(u, str) and len(u) <= 30 for u in unit_v)):
        raise r.error(p + ("unit",), f"{_show(unit_v)}: write the word for one and for many: [\"head\", \"heads\"]")
    threshold = r.expr(p + ("threshold",), b.get("threshold", 1), static, "the threshold")
    goal = (r.expr(p + ("goal",), b["goal"], {**static, "threshold": "number of the outcome"}, "the goal")
            if "goal" in b else None)
    degrees = []
    for dname, lowest in r.table(p + ("degrees",), b.get("degrees", {})).items():
        dp = p + ("degrees", dname)
        n = r.whole(dp, lowest, -1000, 1000)
        degrees.append(Degree(r.text(dp, dname, "", 40), r.knobs.number(_dotted(dp), n, r.seed(dp, n))))
    below = r.text(p + ("below",), b.get("below"), "", 40)
    if below and not degrees:
        raise r.error(p + ("below",), "below names the degree under the lowest of [outcome.degrees]: give degrees too")
    return OutcomeDef(val, name, (unit_v[0], unit_v[1]), threshold, goal, tuple(degrees), below, uses_total)


def _reroll(r: _Reader, value: Any, allowed: Mapping[str, str], groups: tuple[GroupDef, ...],
            dice: tuple[DieDef, ...], outcome: OutcomeDef) -> RerollDef | None:
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
            raise r.error(p + ("dice",), f"{_show(chosen)}: list the groups whose dice may be re-rolled, "
                                         f"e.g. [\"{names[0]}\"]")
        for x in chosen:
            if x not in names:
                raise r.error(p + ("dice",), f"{x!r} is not a group of this draft: the groups are {', '.join(names)}")
        sel = tuple(chosen)
    else:
        sel = tuple(g.name for g in groups if not g.cancels)
    faces = None
    fv = b.get("faces", "failed")
    if fv != "failed":
        sides = min(_default_sides(r, dice, g) for g in groups if g.name in sel) if sel else 6
        faces = r.faceset(p + ("faces",), fv, sides, {})
    when = r.text(p + ("when",), b.get("when"), "short")
    if when not in ("short", "always"):
        raise r.error(p + ("when",), f"{when!r}: when is \"short\" (only while short of the goal, the default) or "
                                     "\"always\"")
    if outcome.uses_total:
        raise r.error(p, "a re-roll step and an outcome that adds up the faces (total) do not go together yet: "
                         "count successes, or leave the re-roll step out (docs/drafts.md, what a draft cannot say)")
    return RerollDef(r.text(p + ("name",), b.get("name"), "KISS", 30), budget, sel, faces, when)


def _default_sides(r: _Reader, dice: tuple[DieDef, ...], g: GroupDef) -> int:
    d = next(x for x in dice if x.name == g.die)
    return next(k.default for k in r.knobs.knobs if k.name == d.sides.knob)


def _double(r: _Reader, value: Any, base: Mapping[str, str], random: Mapping[str, str]) -> DoubleDef | None:
    if value is None:
        return None
    p = ("double",)
    b = r.table(p, value, ("name", "adds", "if", "label"))
    if "adds" not in b:
        raise r.error(p, "say what the step adds to the successes when still short of the goal: adds = \"six\" "
                         "(a mark: each die showing it counts once more)")
    adds = r.expr(p + ("adds",), b["adds"], {**base, **random}, "what the step adds")
    active = r.expr(p + ("if",), b["if"], base, "when the step is in the roll") if "if" in b else None
    name = r.text(p + ("name",), b.get("name"), "Ego", 30)
    return DoubleDef(name, adds, active, r.text(p + ("label",), b.get("label"), f"Spend {name}", 60))


def _spend(r: _Reader, value: Any, allowed: Mapping[str, str]) -> tuple[SpendItem, ...]:
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
        if not _NAME.match(ident):
            raise r.error(p + ("id",), f"{ident!r}: an id is a short word of lowercase letters, digits and _")
        if any(x.id == ident for x in out):
            raise r.error(p + ("id",), f"{ident!r} is given twice")
        out.append(SpendItem(ident, r.text(p + ("text",), b.get("text"), ident, 200),
                             r.expr(p + ("cost",), b["cost"], allowed, "a cost", f"spend.{ident}.cost"),
                             r.boolean(p + ("default",), b.get("default"), False),
                             r.text(p + ("note",), b.get("note"), "", 100)))
    return tuple(out)


def _checks(r: _Reader, value: Any, allowed: Mapping[str, str], fields: tuple[FieldDef, ...]) -> tuple[CheckDef, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise r.error(("checks",), "write each rule that ties fields together as [[checks]] with rule and field")
    out = []
    names = [f.name for f in fields]
    for i, item in enumerate(value):
        p = ("checks", i)
        b = r.table(p, item, ("rule", "field", "words"))
        if "rule" not in b or "field" not in b:
            raise r.error(p, "each [[checks]] needs a rule (e.g. \"threshold <= coins\") and the field to change "
                             "when it breaks")
        fld = r.text(p + ("field",), b["field"])
        if fld not in names:
            raise r.error(p + ("field",), f"{fld!r} is not a field: the fields are {', '.join(names)}")
        out.append(CheckDef(r.expr(p + ("rule",), b["rule"], allowed, "a check"), fld,
                            r.text(p + ("words",), b.get("words"), "", 200)))
    return tuple(out)


def _ladder(r: _Reader, value: Any, fields: tuple[FieldDef, ...]) -> LadderDef | None:
    if value is None:
        return None
    p = ("ladder",)
    b = r.table(p, value, ("field", "values", "from", "to", "step"))
    fld = r.text(p + ("field",), b.get("field"))
    f = next((x for x in fields if x.name == fld), None)
    if f is None or f.kind not in ("int", "choice"):
        raise r.error(p + ("field",), f"{fld!r}: the ladder runs over a field of whole numbers or options")
    if "values" in b:
        vals = b["values"]
        if not isinstance(vals, list) or not vals:
            raise r.error(p + ("values",), "list the rungs, easiest first: values = [0, 3, 6]")
        return LadderDef(fld, tuple(vals))
    if f.kind == "choice":
        return LadderDef(fld, f.options)
    start = r.whole(p + ("from",), b.get("from", f.lo))
    stop = r.whole(p + ("to",), b["to"]) if "to" in b else None
    step = r.whole(p + ("step",), b.get("step", 1), 1, 1000)
    if stop is None:
        raise r.error(p, "say where the ladder ends: to = 10 (or values = [...])")
    return LadderDef(fld, tuple(range(start, stop + 1, step)))


_PLACES = ("verdict", "value", "unit", "degree", "threshold", "goal", "bought", "marks")


def _words(r: _Reader, value: Any, marks: Sequence[str]) -> Words:
    p = ("words",)
    b = r.table(p, value, ("passed", "failed", "sentence", "marks"))
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
                raise r.error(mp, f"{_show(said)}: write the mark's words as \"word\" or [\"one\", \"many\"]")
            many = plural_of(one)
        named.append((mark, (one, many)))
    sentence = r.text(p + ("sentence",), b.get("sentence"), "", 200)
    for place in re.findall(r"{([^{}]*)}", sentence):
        if place not in _PLACES:
            raise r.error(p + ("sentence",), f"{{{place}}} is not a place the sentence can fill: "
                                             + ", ".join(f"{{{x}}}" for x in _PLACES))
    return Words(r.text(p + ("passed",), b.get("passed"), "Passed", 40),
                 r.text(p + ("failed",), b.get("failed"), "Failed", 40), sentence, tuple(named))

