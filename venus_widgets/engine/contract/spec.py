"""The spec: a roll described as a plain, JSON-able dict.

One spec gives the odds, a seeded roll, a log entry and a widget's state.
This module is the vocabulary (field names from the rules), the documented
defaults and bounds, and the validation that turns a user's dict into a
complete, checked spec.

>>> s = normalize({"roll": "task", "dice": 4, "factors": 1})
>>> s["edition"], s["caliber"], s["dice"], s["kiss"], s["ego"]
('playtest', 'bronze', 4, 0, 'none')
>>> normalize({"edition": "agora", "rank": 7})
Traceback (most recent call last):
...
venus_widgets.engine.errors.SpecError: rank=7 is not allowed: expected a whole number from 2 to 6
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Iterator

import numpy as np

from . import edition as _ed  # no cycle: edition imports this module only to type-check
from . import cost as _cost  # no cycle: cost imports this module only inside its functions
from . import knobs
from ..errors import SpecError
from ..frozen import FrozenDict, SCALARS, freeze, thaw
from ..inputs import read_list

# --------------------------------------------------------------------------
# Field kinds
# --------------------------------------------------------------------------


def _as_int(field: str, value: Any, allowed: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        if isinstance(value, str):
            try:
                value_f = float(value.strip())
            except ValueError:
                raise SpecError(field, value, allowed) from None
            return _as_int(field, value_f, allowed) if value.strip() else _raise(field, value, allowed)
        raise SpecError(field, value, allowed)
    if isinstance(value, numbers.Integral):
        return int(value)
    try:
        f = float(value)
    except OverflowError:  # e.g. Fraction(10**400, 3): far beyond any bound
        raise SpecError(field, value, allowed, "far too large") from None
    if not math.isfinite(f) or f != int(f):
        raise SpecError(field, value, allowed, "not a whole number")
    return int(f)


def _raise(field: str, value: Any, allowed: str) -> int:
    raise SpecError(field, value, allowed)


def _words(kind: Any) -> dict[str, str]:
    return {"label": kind.label, "group": kind.group or "other"}


@dataclass(frozen=True)
class Source:
    """An input of the view summed into a field (e.g. Lots spent into the
    KISS budget): its name, label and largest value; ``per`` names a list
    field whose length also caps it (one per ally)."""

    name: str
    label: str
    hi: int
    per: str = ""

    def describe(self) -> dict:
        return {"name": self.name, "label": self.label, "max": self.hi, "per": self.per}


@dataclass(frozen=True)
class Int:
    """A whole number in ``lo..hi``."""

    lo: int
    hi: int
    default: int
    doc: str = ""
    label: str = ""
    group: str = ""
    #: inputs of the view summed into this field (e.g. the KISS sources)
    sources: tuple[Source, ...] = ()
    #: what each unit is in the view: "" (a number), "pick" (chosen from the
    #: rules' list) or "text" (typed by the FC)
    entries: str = ""

    @property
    def allowed(self) -> str:
        return f"a whole number from {self.lo} to {self.hi}"

    def check(self, field: str, value: Any) -> int:
        if type(value) is int and self.lo <= value <= self.hi:  # the common case, quickly
            return value
        v = _as_int(field, value, self.allowed)
        if not self.lo <= v <= self.hi:
            raise SpecError(field, value, self.allowed)
        return v

    def describe(self) -> dict:
        return {"kind": "int", "min": self.lo, "max": self.hi, "default": self.default, "doc": self.doc,
                **_words(self), "sources": [src.describe() for src in self.sources], "entries": self.entries}


@dataclass(frozen=True)
class Choice:
    """One of a fixed set of words (case-insensitive)."""

    options: tuple[str, ...]
    default: str
    doc: str = ""
    aliases: tuple[tuple[str, str], ...] = ()
    label: str = ""
    group: str = ""
    #: (option, the words a player reads for it) where the option is a code word
    option_words: tuple[tuple[str, str], ...] = ()

    @property
    def allowed(self) -> str:
        return "one of " + ", ".join(self.options)

    def __post_init__(self) -> None:
        if any(alias in self.options for alias, _ in self.aliases):
            raise ValueError("an alias must not be one of the options")

    def check(self, field: str, value: Any) -> str:
        if type(value) is str and value in self.options:  # the common case, quickly (no alias is an option)
            return value
        if not isinstance(value, str):
            raise SpecError(field, value, self.allowed)
        v = value.strip().lower()
        v = dict(self.aliases).get(v, v)
        if v not in self.options:
            raise SpecError(field, value, self.allowed)
        return v

    def describe(self) -> dict:
        words = dict(self.option_words)
        return {"kind": "choice", "options": list(self.options), "default": self.default, "doc": self.doc,
                "option_words": [words.get(o, o) for o in self.options], **_words(self)}


@dataclass(frozen=True)
class Bool:
    default: bool
    doc: str = ""
    label: str = ""
    group: str = ""

    allowed = "true or false"

    def check(self, field: str, value: Any) -> bool:
        if isinstance(value, (bool, np.bool_)):  # numpy's True is np.True_ (type np.bool on numpy 2)
            return bool(value)
        raise SpecError(field, value, self.allowed)

    def describe(self) -> dict:
        return {"kind": "bool", "default": self.default, "doc": self.doc, **_words(self)}


@dataclass(frozen=True)
class List:
    """A list of at most ``max_len`` items, each checked by ``item``."""

    item: Int | Choice
    max_len: int
    doc: str = ""
    label: str = ""
    group: str = ""

    @property
    def default(self) -> tuple:
        return ()

    @property
    def allowed(self) -> str:
        return f"a list of at most {self.max_len} items, each {self.item.allowed}"

    def check(self, field: str, value: Any) -> tuple:
        if type(value) is list or type(value) is tuple:  # the common case, quickly: no set, string or mapping
            items = list(value[: self.max_len + 1])
        else:
            items = self._items(field, value)
        if len(items) > self.max_len:
            given = f"{len(value)} items given" if hasattr(value, "__len__") else "more items given"
            raise SpecError(field, value, self.allowed, given)
        kind = self.item
        if isinstance(kind, Int) and all(type(i) is int and kind.lo <= i <= kind.hi for i in items):
            return tuple(items)  # plain ints in range: each is what its item check returns
        if isinstance(kind, Choice) and all(type(i) is str and i in kind.options for i in items):
            return tuple(items)  # options as given: each is what its item check returns
        out = []
        for i, item in enumerate(items):
            try:
                out.append(self.item.check(f"{field}[{i}]", item))
            except SpecError as err:
                raise SpecError(f"{field}[{i}]", item, self.item.allowed) from err
        return tuple(out)

    def _items(self, field: str, value: Any) -> list:
        """At most ``max_len + 1`` items of any other iterable (an endless
        iterator is refused, not read for ever); a set, string or mapping is
        refused."""
        return read_list(field, value, self.max_len, self.allowed,
                         unordered="a set has no order, and the order gives each die its place: use a list")

    def describe(self) -> dict:
        d = {"kind": "list", "max_len": self.max_len, "default": [], "doc": self.doc, **_words(self)}
        d["item"] = self.item.describe()
        return d


Field = Int | Choice | Bool | List


class Schema(dict[str, Field]):
    """The fields of one kind of roll (field -> kind, in display order) and
    the words the view shows around them: ``words`` (``outcome``, the name of
    a numeric result; ``threshold``, the name of the number to reach;
    ``ego_spend``, the button that spends Ego after the roll), ``passing``,
    the outcomes of a non-numeric result that pass, ``picks``, the menu a
    field with ``entries="pick"`` chooses from (dicts with ``id``, ``tier``,
    ``text``, ``note``; ``fixed``: always chosen, not the player's pick),
    and ``pass_parts`` and ``fail_parts``, the entries of ``Odds.breakdown``
    that add up to P(pass) and to P(fail) (where the breakdown splits them).

    >>> s = Schema({"n": Int(0, 3, 1)}, words={"outcome": "heads"})
    >>> list(s), s.words["outcome"], Schema({}).words
    (['n'], 'heads', {})
    """

    def __init__(self, fields: Mapping[str, Field], *, words: Mapping[str, str] | None = None,
                 passing: tuple[str, ...] = (), picks: tuple[Mapping[str, Any], ...] = (),
                 pass_parts: tuple[str, ...] = (), fail_parts: tuple[str, ...] = ()) -> None:
        super().__init__(fields)
        self.words: dict[str, str] = dict(words or {})
        self.passing: frozenset[str] = frozenset(passing)
        self.picks: tuple[dict[str, Any], ...] = tuple(dict(p) for p in picks)
        self.pass_parts: tuple[str, ...] = tuple(pass_parts)
        self.fail_parts: tuple[str, ...] = tuple(fail_parts)

    def replace(self, **fields: Field) -> "Schema":
        """This schema with some fields' kinds changed (same order, words,
        passing and picks): e.g. a range a rule knob sets.

        >>> Schema({"n": Int(0, 3, 1)}, words={"outcome": "heads"}).replace(n=Int(0, 5, 1))["n"].hi
        5
        """
        return Schema({k: fields.get(k, v) for k, v in self.items()}, words=self.words,
                      passing=tuple(self.passing), picks=self.picks, pass_parts=self.pass_parts,
                      fail_parts=self.fail_parts)


class CrossError(SpecError):
    """A rule tying several fields together is broken, and ``nearest`` is
    the legal value of ``field`` nearest to the one given: validation raises
    it, and :func:`repair` applies it (one rule for both)."""

    def __init__(self, field: str, value: Any, allowed: str, hint: str = "", *, nearest: Any) -> None:
        super().__init__(field, value, allowed, hint)
        self.nearest = nearest


# --------------------------------------------------------------------------
# The schemas live with their editions (``editions/<id>/schema.py``,
# ``SCHEMAS``: roll kind -> field -> kind); these read-only views gather them
# from the registry (:mod:`.edition`), so a registered edition is included.
# --------------------------------------------------------------------------


class _Schemas(Mapping[tuple[str, str], dict[str, Field]]):
    """(edition, roll) -> field -> kind, over every registered edition."""

    def _all(self) -> dict[tuple[str, str], dict[str, Field]]:
        return {(e, k): f for e in _ed.ids() for k, f in _ed.get(e).SCHEMAS.items()}

    def __getitem__(self, key: tuple[str, str]) -> dict[str, Field]:
        e, k = key
        if e not in _ed.ids():
            raise KeyError(key)
        return _ed.get(e).SCHEMAS[k]

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


class _RollKinds(Mapping[str, tuple[str, ...]]):
    """edition -> its kinds of roll, over every registered edition."""

    def __getitem__(self, edition: str) -> tuple[str, ...]:
        if edition not in _ed.ids():
            raise KeyError(edition)
        return tuple(_ed.get(edition).SCHEMAS)

    def __iter__(self) -> Iterator[str]:
        return iter(_ed.ids())

    def __len__(self) -> int:
        return len(_ed.ids())


SCHEMAS: Mapping[tuple[str, str], dict[str, Field]] = _Schemas()
ROLL_KINDS: Mapping[str, tuple[str, ...]] = _RollKinds()


def default_roll(edition: str) -> str:
    """The roll kind a spec gets when it omits ``roll``: ``check`` where there is one."""
    kinds = ROLL_KINDS[edition]
    return "check" if "check" in kinds else kinds[0]


def edition_and_roll(edition: Any, roll: Any = None) -> tuple[str, str]:
    """An edition's id and one of its kinds of roll (``None``: its default
    roll), checked as a spec's ``edition`` and ``roll`` fields are: a
    :class:`SpecError` naming the field says what is allowed.

    >>> edition_and_roll("Agora")
    ('agora', 'check')
    >>> edition_and_roll("heresy", "check")
    Traceback (most recent call last):
    ...
    venus_widgets.engine.errors.SpecError: roll='check' is not allowed: expected one of task
    """
    if type(edition) is not str or edition not in _ed.ids():
        edition = Choice(tuple(_ed.ids()), _ed.DEFAULT).check("edition", edition)
    kinds = ROLL_KINDS[edition]
    if roll is None:
        return edition, default_roll(edition)
    if type(roll) is not str or roll not in kinds:
        roll = Choice(kinds, default_roll(edition)).check("roll", roll)
    return edition, roll


def schema(edition: str = _ed.DEFAULT, roll: str | None = None,
           rules: Mapping[str, Any] | None = None) -> dict[str, Field]:
    """The fields of one kind of roll, in display order; with ``rules`` (a
    spec's rule knobs), the ranges those rules set (e.g. more factors).

    >>> schema("playtest", "task")["factors"].hi, schema("playtest", "task", {"max_factors": 6})["factors"].hi
    (4, 6)
    >>> schema("nope")
    Traceback (most recent call last):
    ...
    venus_widgets.engine.errors.SpecError: edition='nope' is not allowed: expected one of playtest, playsheet, agora, heresy, vers
    """
    edition, roll = edition_and_roll(edition, roll)
    return _schema(edition, roll, check_rules(edition, rules) if rules is not None else {})


def _schema(edition: str, roll: str, rules: Mapping[str, Any]) -> dict[str, Field]:
    """:func:`schema` of a checked edition, roll and rules."""
    if not rules:
        return SCHEMAS[(edition, roll)]
    ed = _ed.get(edition)
    return ed.schema_for(roll, ed.rules_of({"edition": edition, "rules": rules}))


def defaults(edition: str = _ed.DEFAULT, roll: str | None = None) -> dict[str, Any]:
    """The complete spec that an empty dict with this edition and roll means."""
    edition, roll = edition_and_roll(edition, roll)
    out: dict[str, Any] = {"edition": edition, "roll": roll}
    for name, kind in schema(edition, roll).items():
        out[name] = list(kind.default) if isinstance(kind, List) else kind.default
    return out


def words(edition: str = _ed.DEFAULT, roll: str | None = None) -> dict[str, str]:
    """The words the view shows around the fields of a kind of roll (see
    :class:`Schema`; none for a schema that is a plain dict).

    >>> words("playtest")["threshold"], words("heresy")["outcome"]
    ('Target number', 'net successes')
    """
    s = schema(edition, roll)
    return dict(s.words) if isinstance(s, Schema) else {}


def passing(edition: str = _ed.DEFAULT, roll: str | None = None) -> frozenset[str]:
    """The outcomes of a non-numeric result (a d20 check) that pass."""
    s = schema(edition, roll)
    return s.passing if isinstance(s, Schema) else frozenset()


def parts(edition: str = _ed.DEFAULT, roll: str | None = None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The entries of ``Odds.breakdown`` that add up to P(pass), and those
    that add up to P(fail) (empty where the breakdown does not split them).

    >>> parts("vers")
    (('success',), ('failure',))
    """
    s = schema(edition, roll)
    return (s.pass_parts, s.fail_parts) if isinstance(s, Schema) else ((), ())


def describe(edition: str = _ed.DEFAULT, roll: str | None = None,
             rules: Mapping[str, Any] | None = None) -> dict[str, dict]:
    """JSON-able description of each field (kind, bounds, default, doc) for UIs."""
    return {name: kind.describe() for name, kind in schema(edition, roll, rules).items()}


def field_home(edition: str, roll: str, field: str) -> tuple[str, str] | None:
    """Where a field that a (edition, roll) lacks belongs: the other roll of
    the same edition first, then any edition; None if nowhere.

    >>> field_home("playtest", "task", "score")
    ('playtest', 'check')
    """
    for other in ROLL_KINDS[edition]:
        if other != roll and field in SCHEMAS[(edition, other)]:
            return edition, other
    for ed in ROLL_KINDS:
        for kind in ROLL_KINDS[ed]:
            if field in SCHEMAS[(ed, kind)]:
                return ed, kind
    return None


def _other_roll_hint(edition: str, roll: str, field: str) -> str:
    home = field_home(edition, roll, field)
    if home is None:
        return ""
    ed, kind = home
    return f"'{field}' belongs to a {ed} {kind}" + (f": set roll='{kind}'" if ed == edition else "")


#: The fields every spec may have besides its roll's own.
_ENVELOPE = frozenset({"edition", "roll", "rules"})


def normalize(spec: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Validate ``spec`` and fill in every omitted field with its default.

    Returns a new dict with plain Python values (lists for list fields) that
    is JSON-able and complete. Raises :class:`SpecError` naming the field,
    the value and the allowed range for anything the rules do not allow.

    >>> normalize({"edition": "vers", "ranks": 2})
    {'edition': 'vers', 'roll': 'check', 'ranks': 2, 'penalty': 0}
    >>> normalize({"edition": "playtest", "roll": "check", "dice": 3})
    Traceback (most recent call last):
    ...
    venus_widgets.engine.errors.SpecError: dice=3 is not allowed: expected no such field for a playtest check; fields are caliber, score, difficulty, factors, bonus_factors ('dice' belongs to a playtest task: set roll='task')
    """
    if spec is None:
        spec = {}
    if type(spec) is Spec:  # normalized already: its plain copy
        return spec.to_dict()
    if type(spec) is not dict and not isinstance(spec, Mapping):  # a dict without the ABC check (~0.3 µs)
        raise SpecError("spec", spec, f"a dict of fields such as {{'edition': {_ed.DEFAULT!r}, 'roll': 'task'}}")
    for key in spec:
        if not isinstance(key, str):
            raise SpecError("spec", key, "field names that are strings")
    edition = spec.get("edition", _ed.DEFAULT)
    # a built-in or registered word as given (built-in first: ids() builds a tuple); else the long way
    if type(edition) is not str or (edition not in _ed.BUILT_IN and edition not in _ed.ids()):
        edition = Choice(tuple(ROLL_KINDS), _ed.DEFAULT).check("edition", edition)
    schemas = _ed.get(edition).SCHEMAS
    roll = spec["roll"] if "roll" in spec else default_roll(edition)
    if type(roll) is not str or roll not in schemas:
        roll = Choice(tuple(schemas), default_roll(edition)).check("roll", roll)
    rules = check_rules(edition, spec["rules"]) if "rules" in spec else {}
    fields = schemas[roll] if not rules else _schema(edition, roll, rules)
    out: dict[str, Any] = {"edition": edition, "roll": roll}
    for key, value in spec.items():
        if key not in _ENVELOPE and key not in fields:
            raise SpecError(
                key,
                value,
                f"no such field for a {edition} {roll}; fields are {', '.join(fields)}",
                _other_roll_hint(edition, roll, key),
            )
    for name, kind in fields.items():
        if name in spec:
            value = kind.check(name, spec[name])
            out[name] = list(value) if type(value) is tuple else value  # List.check gives a tuple
        else:
            out[name] = list(kind.default) if isinstance(kind, List) else kind.default
    if rules:
        out["rules"] = rules
    _cross_checks(out)
    return out


class Spec(FrozenDict):
    """A normalized spec as one read-only value: complete, checked, and
    made once per change. ``Spec(spec)`` (or :meth:`of`) normalizes a plain
    dict (:func:`normalize`: every field checked, defaults filled in, the
    edition's cross-field rules and the cost guard run); every engine entry
    point (``vw.odds``, ``roll``, ``roll_many``, ``enter``, ``advise``,
    ``kiss_odds``, ``explain``, ``ladder``, ``solve``...) takes a ``Spec``
    as it is, without normalizing it again, and a plain dict as before.

    A ``Spec`` is a read-only dict in :func:`normalize`'s field order (list
    fields as tuples, ``rules`` read-only too): an edition reads it like the
    dict it always got; ``to_dict()`` gives the plain, JSON-able copy and
    :meth:`replace` a changed spec, normalized again. ``key`` is the text
    the engine's caches file it under (the same spec, the same key), and
    equal specs are equal (a plain dict equals it when it is that spec).

    >>> s = Spec({"roll": "task", "dice": 3, "allies": ["gold"]})
    >>> s.edition, s.roll, s["dice"], s["allies"], Spec.of(s) is s
    ('playtest', 'task', 3, ('gold',), True)
    >>> s.replace(dice=4)["dice"], s["dice"], s == normalize(s)
    (4, 3, True)
    >>> s["dice"] = 5
    Traceback (most recent call last):
    ...
    TypeError: a Spec is read-only: spec.replace(dice=4) gives a changed one, spec.to_dict() a plain copy
    """

    __slots__ = ("_key",)

    READ_ONLY = "a Spec is read-only: spec.replace(dice=4) gives a changed one, spec.to_dict() a plain copy"

    def __init__(self, spec: Mapping[str, Any] | None = None) -> None:
        plain = normalize(spec)
        dict.update(self, _frozen_fields(plain))
        self._key = repr(plain)

    @classmethod
    def of(cls, spec: "Mapping[str, Any] | Spec | None" = None) -> "Spec":
        """``spec`` itself when it is a :class:`Spec`, else ``Spec(spec)``."""
        return spec if type(spec) is Spec else cls(spec)

    @classmethod
    def _trusted(cls, plain: dict[str, Any]) -> "Spec":
        """The Spec of a dict that :func:`normalize` returned (not checked again)."""
        out = cls.__new__(cls)
        dict.update(out, _frozen_fields(plain))
        out._key = repr(plain)
        return out

    @property
    def key(self) -> str:
        """The text the caches file this spec under: equal specs, equal keys
        (``True`` and ``1`` kept apart)."""
        return self._key

    @property
    def edition(self) -> str:
        """The edition's id."""
        return dict.__getitem__(self, "edition")

    @property
    def roll(self) -> str:
        """The kind of roll."""
        return dict.__getitem__(self, "roll")

    @property
    def rules(self) -> Mapping[str, Any]:
        """The rule knobs set away from their defaults (read-only; empty for none)."""
        return dict.get(self, "rules", _NO_RULES)

    def to_dict(self) -> dict[str, Any]:
        """A fresh plain copy (lists for list fields), JSON-able: what
        :func:`normalize` returns for this spec."""
        return thaw(self)

    def replace(self, **changes: Any) -> "Spec":
        """This spec with some fields changed, normalized again (a
        :class:`SpecError` names a change the rules do not allow)."""
        return Spec({**self.to_dict(), **changes})

    def __eq__(self, other: object) -> bool:
        if type(other) is Spec:
            return self._key == other._key
        return isinstance(other, Mapping) and self.to_dict() == thaw(other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(self._key)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (Spec._trusted, (self.to_dict(),))

    def __repr__(self) -> str:
        return f"Spec({self.to_dict()!r})"


_NO_RULES: Mapping[str, Any] = FrozenDict()


def _frozen_fields(plain: dict[str, Any]) -> dict[str, Any]:
    """The fields of a normalized spec, read-only (most are plain words and numbers)."""
    return {k: v if type(v) in SCALARS else freeze(v) for k, v in plain.items()}


def check_rules(edition: str, given: Any) -> dict[str, Any]:
    """A spec's ``rules``: checked knob by knob (:mod:`.knobs`), then as a
    whole by the edition; only the knobs that differ from the defaults."""
    ed = _ed.get(edition)
    rules = knobs.parse(ed.KNOBS, given)
    ed.rules_of({"edition": edition, "rules": rules})
    return rules


def _cross_checks(s: dict[str, Any]) -> None:
    """Rules that tie several fields together: the edition's; then the
    cost guard (:mod:`.cost`): odds that would take more than the budget
    are refused, naming the field to change and the nearest value that fits."""
    _ed.get(s["edition"]).cross_checks(s)
    _cost.check(s)


def repair(spec: Mapping[str, Any]) -> dict[str, Any]:
    """The changes that make ``spec`` (each field legal alone) obey its
    edition's cross-field rules, by the same ``cross_checks`` that
    validation runs: ``{field: nearest legal value}``. A broken rule that
    cannot say what to change (a :class:`SpecError` that is not a
    :class:`CrossError`) is raised.

    >>> repair({"edition": "heresy", "roll": "task", "pool": 4, "black": 0, "trade": 3})
    {'trade': 1}
    >>> repair(normalize({"edition": "heresy", "roll": "task"}))
    {}
    """
    s = dict(spec)
    changes: dict[str, Any] = {}
    for _ in range(len(s) + 1):  # each step fixes one field; a rule loop ends in the raise below
        try:
            _cross_checks(s)
            return changes
        except CrossError as err:
            s[err.field] = changes[err.field] = err.nearest
    _cross_checks(s)
    return changes
