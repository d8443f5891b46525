"""A draft's fields (what the player sets) and its named rules
(``[rules]``), checked one by one (:func:`.validate.build` reads them
first: every formula may read them). A field or a rule that does not read
is said and left out, its name kept known (:class:`.reader.Reader`)."""

from __future__ import annotations

from typing import Any

from .kinds import NUMBER, TABLE, TEXT, YES_NO
from .model import FIELD_GROUPS, FieldDef, RuleDef
from .reader import ROLLER_NAMES, Reader, Skip, show

#: The most options of a field (each is checked as the draft loads).
MAX_OPTIONS = 50


def part(r: Reader, path: tuple, value: Any) -> dict:
    """A part of the draft that is a table of named things (empty when it is not a table: said)."""
    with r.attempt():
        return r.table(path, value)
    return {}


_KIND_OF_FIELD = {"int": NUMBER, "choice": TEXT, "bool": YES_NO, "list": NUMBER}


def read_fields(r: Reader, value: Any, taken: dict[str, str]) -> tuple[FieldDef, ...]:
    out: list[FieldDef] = []
    for name, body in part(r, ("fields",), value).items():
        with r.attempt(name, "field"):
            f = _field(r, name, body, taken, out)
            out.append(f)
            r.kinds[name] = _KIND_OF_FIELD[f.kind]
    if not out and not any(w == "field" for w in r.broken.values()):
        raise r.error(("fields",), "a draft needs at least one field the player sets, e.g. [fields.dice] with "
                                   "range = [1, 10]")
    return tuple(out)


def _field(r: Reader, name: str, body: Any, taken: dict[str, str], out: list[FieldDef]) -> FieldDef:
    p = ("fields", name)
    r.name(p, name, taken, "field")
    if name in ROLLER_NAMES:
        raise r.error(p, f"{name!r} is a word the roller keeps for itself: name the field otherwise "
                         f"(e.g. {name}s or my_{name})")
    b = r.table(p, body, ("range", "default", "options", "words", "list_of", "most", "label", "group", "help", "more",
                          "fewer"))
    label = r.text(p + ("label",), b.get("label"), name.replace("_", " ").capitalize(), 60)
    group = r.text(p + ("group",), b.get("group"), "other")
    if group not in FIELD_GROUPS:
        raise r.error(p + ("group",), f"{group!r}: a field's group is one of {', '.join(FIELD_GROUPS)}")
    help_ = r.text(p + ("help",), b.get("help"), "", 200)
    common: dict[str, Any] = dict(name=name, label=label, group=group, help=help_,
                                  more=r.text(p + ("more",), b.get("more"), "", 40),
                                  fewer=r.text(p + ("fewer",), b.get("fewer"), "", 40))
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
        return FieldDef(kind="int", default=default, lo=lo, hi=hi_num, **common)
    elif "options" in b or "list_of" in b:
        if "list_of" in b:
            src = r.text(p + ("list_of",), b["list_of"])
            other = next((f for f in out if f.name == src and f.kind == "choice"), None)
            if other is None and src in r.broken:
                raise Skip(src)  # that field's mistake is said
            if other is None:
                raise r.error(p + ("list_of",), f"{src!r} is not a field of options written above this one")
            options, words = other.options, other.words
            if b.get("words") is not None:
                words = _words(r, p + ("words",), b["words"], options)
        else:
            opts = b["options"]
            if not isinstance(opts, list) or not opts or not all(isinstance(o, str) and o.strip() for o in opts):
                raise r.error(p + ("options",), f"{show(opts)}: write the options as a list of words, "
                                                "e.g. [\"bronze\", \"silver\"]")
            if len(set(opts)) != len(opts):
                raise r.error(p + ("options",), "an option is given twice")
            if len(opts) > MAX_OPTIONS or max(map(len, opts)) > 40:
                raise r.error(p + ("options",), f"{len(opts)} options: a field has at most {MAX_OPTIONS} options, "
                                                "each a word or a few (at most 40 characters)")
            options = tuple(opts)
            words = _words(r, p + ("words",), b.get("words"), options)
        if "most" in b or "list_of" in b:
            most = r.whole(p + ("most",), b.get("most", 2), 1, 16)
            default = b.get("default", [])
            if not isinstance(default, list) or any(x not in options for x in default) or len(default) > most:
                raise r.error(p + ("default",), f"{show(default)}: a list of at most {most} of "
                                                + ", ".join(options))
            return FieldDef(kind="list", default=tuple(default), options=options, most=most, words=words, **common)
        else:
            default = b.get("default", options[0])
            if default not in options:
                raise r.error(p + ("default",), f"{show(default)} is not one of the options {', '.join(options)}")
            return FieldDef(kind="choice", default=default, options=options, words=words, **common)
    elif isinstance(b.get("default"), bool):
        return FieldDef(kind="bool", default=b["default"], **common)
    raise r.error(p, "say what the field holds: range = [0, 10] (a whole number), options = [\"a\", \"b\"] "
                     "(one of some words), default = false (yes or no), or list_of = \"caliber\" "
                     "(a list of those words)")


def _words(r: Reader, path: tuple, value: Any, options: tuple[str, ...]) -> tuple[str, ...]:
    """The words a player reads for each option (``words = ["no Ego", "6s count twice"]``), one per option."""
    if value is None:
        return ()
    if (not isinstance(value, list) or len(value) != len(options)
            or not all(isinstance(w, str) and w and len(w) <= 60 for w in value)):
        raise r.error(path, f"{show(value)}: write the words a player reads for each option, one per option in "
                            f"the same order, each at most 60 characters: {len(options)} for "
                            + ", ".join(options))
    return tuple(value)


def read_rules(r: Reader, value: Any, taken: dict[str, str]) -> tuple[RuleDef, ...]:
    out = []
    for name, body in part(r, ("rules",), value).items():
        with r.attempt(name, "rule"):
            rule = _rule(r, name, body, taken)
            out.append(rule)
            r.kinds[name] = TABLE if rule.per else NUMBER
    return tuple(out)


def _rule(r: Reader, name: str, body: Any, taken: dict[str, str]) -> RuleDef:
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
        return RuleDef(name, r.knobs.per_key(name, v, seed, lo, hi).knob, tuple(v))
    r.whole(vp, v, lo, hi)
    return RuleDef(name, r.knobs.number(name, v, seed, lo, hi).knob)
