"""Reading a draft one value at a time: :class:`Reader` checks each value
where it stands (a table, a text, a whole number, a name, an expression,
a set of faces) and raises a :class:`~.errors.DraftError` that names its
line and key; every number it reads becomes a rule knob (:mod:`.knobs`).
"""

from __future__ import annotations

import difflib
import re
from contextlib import contextmanager
from typing import Any, Iterator, Mapping, Sequence

from .errors import DraftError
from .expr import Expr, ExprError, FUNCTIONS, _calls as calls_in, _names as names_in, parse
from .kinds import ANY, NUMBER, check
from .knobs import Maker
from .model import ALL_DICE, SIDES, SUCCESSES, TOTAL, VALUE, FaceSet, Slotted
from .readings import CALLS, build
from .source import TOP_LEVEL, Path_, Source, _dotted, above_first_section

#: Names the expressions give a meaning of their own (the functions' and the readings' too), and the spec's
#: envelope (edition, roll, rules, version).
RESERVED = frozenset({SUCCESSES, TOTAL, ALL_DICE, SIDES, VALUE, "edition", "roll", "rules", "version", "threshold",
                      "goal", "grade", "and", "or", "not", "true", "false", *FUNCTIONS, *CALLS})

#: Names a field cannot take: a roller's own attributes and the spec's envelope.
ROLLER_NAMES = frozenset({
    "add_class", "add_traits", "blur", "by_hand", "close", "close_all", "comm", "cross_validation_lock", "edition",
    "enter_faces", "error", "explanation", "fields", "focus", "keys", "layout", "log", "model_id", "observe", "odds",
    "odds_view", "on_msg", "open", "recent", "roll", "roll_dice", "rules", "seed", "send", "send_state",
    "set_state", "set_trait", "spec", "spec_fields", "status", "table", "tooltip", "traits", "words", "widgets",
    "wanted", "consequence_list", "consequence_texts", "description", "style", "kind", "value", "version",
    "unobserve", "tabbable",
})

#: A name of a draft (a field, a rule, a die, a group, a mark), matched whole (``fullmatch``: "dice\\n" is no name).
NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")
_FACES = re.compile(r"^\s*(\d+)\s*(\+|-\s*(\d+)?)?\s*$")



class Skip(Exception):
    """A part of the draft left unread: its mistake is said already (a part it needs did not read)."""


class Reader:
    """The checks, with the source at hand for lines, and the mistakes
    found so far (:attr:`problems`: a draft's mistakes are said together)."""

    def __init__(self, src: Source) -> None:
        self.src = src
        self.knobs = Maker()
        #: the keys each table read so far may have (by its path)
        self.keys_of: dict[tuple, tuple[str, ...]] = {}
        #: the mistakes found so far (the lines of the TOML that did not read first)
        self.problems: list[DraftError] = list(src.problems)
        #: the names of parts that did not read (name -> what it is): a formula may still read them
        self.broken: dict[str, str] = {}
        #: the kind of value each name holds (:mod:`.kinds`; a name not here: any)
        self.kinds: dict[str, str] = {}
        #: keys a table may not have (said): a mistake of their table may follow from them (a key mistyped)
        self.unknown: list[tuple] = []

    @contextmanager
    def attempt(self, name: str = "", what: str = "") -> Iterator[None]:
        """Read one part: a mistake in it is kept (:attr:`problems`) and the
        reading goes on with the next; its ``name`` stays known as ``what``."""
        try:
            yield
        except DraftError as err:
            self.problems.append(err)
            if name:
                self.broken[name] = what
        except Skip:
            if name:
                self.broken[name] = what

    def mistakes(self) -> DraftError | None:
        """The draft's mistakes as one error (None: none), leaving out those
        that follow from a line set aside (a key that did not read is missing)."""
        aside = [_dotted(p) for p in (*self.src.set_aside, *self.unknown)]
        unknown = {_dotted(p) for p in self.unknown}
        kept = [p for p in self.problems
                if p in self.src.problems or p.key in unknown or not _follows(p.key, aside)]
        return DraftError.of(kept) if kept else None

    # -- errors --------------------------------------------------------------

    def error(self, path: tuple, words: str) -> DraftError:
        return DraftError(_dotted(path), words, line=self.src.line(path), source=self.src.name)

    def _section_above(self, path: tuple, key: str) -> str:
        """Where ``key`` (not a key of ``path``) is a key of the table read
        before it whose header stands above: the words saying that a header
        pasted inside that [section] took its keys below (else ``""``)."""
        here = self.src.line(path)
        if here is None:
            return ""
        above = [(n, p) for p, n in self.src.lines.items() if p in self.keys_of and n < here]
        if not above:
            return ""
        n, p = max(above, key=lambda x: (x[0], len(x[1])))
        if key not in self.keys_of[p]:
            return ""
        header = f"[[{path[0]}]]" if isinstance(path[-1], int) else f"[{_dotted(path)}]"
        return (f"in TOML a key belongs to the [section] above it: the {header} at line {here} cuts "
                f"[{_dotted(p)}] (line {n}) in two, and its keys below go to {header}; move {header} "
                f"and its keys below the last key of [{_dotted(p)}]")

    def seed(self, path: tuple, value: Any) -> str:
        """The words a knob's default comes from: the line of the draft."""
        text = self.src.line_text(path)
        return text or f"{_dotted(path)} = {value!r}"

    # -- kinds of value -------------------------------------------------------

    def table(self, path: tuple, value: Any, keys: tuple[str, ...] | None = None, what: str = "a table") -> dict:
        """A table; a key it may not have is a mistake (kept), and left out."""
        if not isinstance(value, dict):
            raise self.error(path, f"{show(value)} is not {what}: write [{_dotted(path)}] with its keys below, "
                                   "or { key = value, ... }")
        if keys is not None:
            self.keys_of[tuple(path)] = keys
            for k in value:
                if k not in keys:
                    with self.attempt():
                        self._key_of(path, k, keys)
                    self.unknown.append(tuple(path) + (k,))
            return {k: v for k, v in value.items() if k in keys}
        return value

    def _key_of(self, path: tuple, k: str, keys: tuple[str, ...]) -> None:
        """A mistake for a key a table may not have (with a hint: a name near it, a header above)."""
        if k in keys:
            return
        near = difflib.get_close_matches(k, keys, 1)
        hint = f" (did you mean {near[0]}?)" if near else ""
        if not path:
            raise self.error((k,), f"{k} is not a part of a draft{hint}; the parts are " + ", ".join(keys))
        top = ""
        if k in TOP_LEVEL and path[0] != "fields":  # roller = "task" written below [reroll]
            top = f" ({above_first_section(k)})"
        elif self._section_above(path, k):  # [[checks]] pasted inside [fields.stress]
            top = f" ({self._section_above(path, k)})"
        raise self.error(path + (k,), f"{k} is not a key of {_dotted(path)}{hint}; "
                                      f"the keys are {', '.join(keys)}{top}")

    def text(self, path: tuple, value: Any, default: str = "", most: int = 200, blank: bool = False) -> str:
        """A text written at ``path`` (``default`` when it is not), refused when
        empty or only spaces (a name, a label, words a player reads) unless
        ``blank`` (a value whose empty text means something)."""
        if value is None:
            return default
        if not isinstance(value, str):
            raise self.error(path, f"{show(value)} is not text: write it in \"quotes\"")
        if len(value) > most:
            raise self.error(path, f"a text of {len(value)} characters: at most {most}")
        if not blank and not value.strip():
            left = f', or leave the line out to use "{default}"' if default else ""
            raise self.error(path, f"the text is empty{' (only spaces)' if value else ''}: write the words "
                                   f"in the quotes{left}")
        return value

    def whole(self, path: tuple, value: Any, lo: int | None = None, hi: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(path, f"{show(value)} is not a whole number")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self.error(path, f"{value} is out of range: a whole number from {lo} to {hi}")
        return value

    def boolean(self, path: tuple, value: Any, default: bool) -> bool:
        if value is None:
            return default
        if not isinstance(value, bool):
            raise self.error(path, f"{show(value)} is not true or false")
        return value

    def name(self, path: tuple, value: str, taken: dict[str, str], what: str) -> str:
        """A name of the draft, each once among fields, rules, marks and groups (kept in ``taken``)."""
        if not NAME.fullmatch(value):
            raise self.error(path, f"{value!r} cannot name a {what}: use lowercase letters, digits and _, "
                                   "starting with a letter (at most 40)")
        if value in RESERVED:
            raise self.error(path, f"{value!r} has a meaning of its own in a draft ({', '.join(sorted(RESERVED))}): "
                                   f"name the {what} otherwise")
        if value in taken:
            raise self.error(path, f"{value!r} names a {taken[value]} already: each name once (a formula reads "
                                   "a name as one thing)")
        taken[value] = what
        return value

    def expr(self, path: tuple, value: Any, allowed: Mapping[str, str], what: str, knob: str = "",
             want: str = NUMBER, dice: tuple[Sequence[str], Sequence[str]] | None = None) -> Slotted:
        """An expression whose names are among ``allowed`` (name -> what it is)
        (or parts that did not read), that gives the kind of value its place
        wants (:mod:`.kinds`: a number unless ``want`` says); each number in it
        becomes a knob (named ``knob``, else by its key path). ``dice``: the
        groups and the marks, where it may read the dice in calls
        (:data:`.readings.CALLS`: ``highest(2, own)``)."""
        try:
            e = parse(value, CALLS)
        except ExprError as err:
            raise self.error(path, str(err)) from None
        if e.calls and dice is None:
            raise self.error(path, f"{show(value)} reads the dice ({e.calls[0][1]}()), which {what} cannot: only "
                                   "the outcome's value, the events and what the doubling step adds read the dice")
        if dice is not None:
            self._calls(path, value, e, allowed, *dice)
        # a die is no name a formula reads; a mark of a die that did not read, only where marks are read
        named = {n: what for n, what in self.broken.items() if what not in ("die", "mark")}
        allowed = {**named, **allowed}
        for n in e.names:
            if n not in allowed:
                near = difflib.get_close_matches(n, list(allowed), 1)
                hint = f"did you mean {near[0]}? " if near else ""
                raise self.error(path, f"{show(value)} reads {n}, which {what} cannot read: {hint}it can read "
                                       + listed(allowed))
        try:
            check(e, {**self.kinds, **{n: ANY for n in named}}, want)
        except ExprError as err:
            raise self.error(path, str(err)) from None
        key = _dotted(path)
        name = knob or key
        seed = self.seed(path, value)
        knobs = tuple(self.knobs.number(name if e.slots == 1 else f"{name}.{i + 1}", v, seed).knob
                      for i, v in enumerate(e.numbers))
        return Slotted(e, knobs, key)

    def _calls(self, path: tuple, value: Any, e: Expr, allowed: Mapping[str, str], groups: Sequence[str],
               marks: Sequence[str]) -> None:
        """Each call that reads the dice takes its arguments (checked with a 1 for each number)."""
        for t in e.calls:
            args = [("name", a[1]) if a[0] == "name" and (a[1] in groups or a[1] in marks) else ("value", 1)
                    for a in t[2]]
            for a, (k, _) in zip(t[2], args):  # how many dice to keep is known before the roll: it reads no die
                if k == "value":
                    self._keeps(path, value, t[1], a, allowed, groups, marks)
            try:
                build(t[1], args, t[1], list(groups), list(marks))
            except ValueError as err:
                raise self.error(path, f"{show(value)}: {err}") from None

    def _keeps(self, path: tuple, value: Any, call: str, arg: tuple, allowed: Mapping[str, str],
               groups: Sequence[str], marks: Sequence[str]) -> None:
        dice = {*marks, SUCCESSES, TOTAL, VALUE}
        names: list[str] = []
        inner: list[tuple] = []
        names_in(arg, names)
        calls_in(arg, inner)
        read = [f"{c[1]}()" for c in inner] + [n for n in names if n in dice]
        if read:
            can = {n: w for n, w in allowed.items() if n not in dice}
            raise self.error(path, f"{show(value)}: how many dice to keep in {call}() cannot read the dice (it reads "
                                   f"{read[0]}), it is known before the roll: it can read " + listed(can))

    def number(self, path: tuple, value: Any, allowed: Mapping[str, str], what: str, lo: int, hi: int,
               knob_lo: int | None = None, knob_hi: int | None = None) -> Slotted:
        """A whole number (``lo`` to ``hi``; its knob from ``knob_lo`` to
        ``knob_hi``) or a formula in quotes (checked as the spec rolls)."""
        if isinstance(value, str):
            return self.expr(path, value, allowed, what)
        n = self.whole(path, value, lo, hi)
        key = _dotted(path)
        num = self.knobs.number(key, n, self.seed(path, n), lo=knob_lo, hi=knob_hi)
        return Slotted(Expr(str(n), ("num", 0), (), 1, (n,)), (num.knob,), key)

    def faceset(self, path: tuple, value: Any, sides: int, allowed: Mapping[str, str],
                knob_sides: int | None = None) -> FaceSet:
        """Faces: [1, 6], "5+", "1-3", "6", { at_least = "..." }, { at_most = ... },
        { but = [1, 6] } (every face but these). Its knob takes faces up to
        ``knob_sides``: the most sides the die's own knob allows (a rule may
        make the d6 a d20, and its faces follow)."""
        key = _dotted(path)
        sides_for_knob = max(sides, knob_sides or sides)
        if isinstance(value, list) or isinstance(value, int) and not isinstance(value, bool):
            faces = self.face_list(path, value if isinstance(value, list) else [value], sides)
            return FaceSet(faces=self.knobs.faces(key, faces, sides_for_knob, self.seed(path, value)))
        if isinstance(value, str):
            return FaceSet(faces=self.knobs.faces(key, self.face_text(path, value, sides), sides_for_knob,
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
                return FaceSet(but=self.knobs.faces(f"{key}.but", faces, sides_for_knob, self.seed(path, value)))
            out = {}
            for bound in ("at_least", "at_most"):
                if bound in value:
                    out[bound] = self.expr(path + (bound,), value[bound], allowed, "a face bound")
            return FaceSet(at_least=out.get("at_least"), at_most=out.get("at_most"))
        raise self.error(path, f"{show(value)} is not faces: write a list [1, 6], \"5+\", \"1-3\", or "
                               "{ at_least = \"success_from[caliber]\" }")

    def face_list(self, path: tuple, value: list, sides: int) -> list[int]:
        out = []
        for i, f in enumerate(value):
            if isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= sides:
                raise self.error(path + (i,), f"{show(f)} is not a face of a {sides}-sided die (1 to {sides})")
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


def _follows(key: str, aside: list[str]) -> bool:
    """Whether a mistake at ``key`` may follow from a key set aside (its own, or one inside it)."""
    if not key:  # the draft as a whole (a part missing): a top-level key set aside may be it
        return any("." not in a and "[" not in a for a in aside)
    return any(a == key or a.startswith(key + ".") or a.startswith(key + "[") for a in aside)


def show(value: Any) -> str:
    """A value as the draft writes it (true and false as TOML says them)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value)
    return text if len(text) <= 60 else text[:50] + "…"


#: The kinds of name a formula reads that are nouns, each with its plural ("the fields dice and need").
NOUNS = {"field": "fields", "rule": "rules", "group": "groups", "mark": "marks", "die": "dice", "event": "events"}


def listed(allowed: Mapping[str, str]) -> str:
    """The names a formula can read, grouped by what they are, in words: a
    noun before its names, a description after them.

    >>> listed({"dice": "field", "need": "field", "successes": "what the dice show", "total": "what the dice show",
    ...         "all_dice": "count of every die", "bane": "mark"})
    'the fields dice and need; successes and total (what the dice show); all_dice (the count of every die); the mark bane'
    """
    by: dict[str, list[str]] = {}
    for n, what in allowed.items():
        by.setdefault(what, []).append(n)
    out = []
    for what, names in by.items():
        joined = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        if what in NOUNS or " " not in what:
            out.append(f"the {what if len(names) == 1 else NOUNS.get(what, what + 's')} {joined}")
        else:
            out.append(f"{joined} ({what if what.startswith(('what ', 'the ')) else 'the ' + what})")
    return "; ".join(out)
