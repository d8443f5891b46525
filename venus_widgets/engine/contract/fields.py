"""The kinds of a spec's fields and the schema of a kind of roll.

An edition's ``SCHEMAS`` (``editions/<id>/schema.py``) name each field of
each kind of roll with its kind: :class:`Int` (a whole number in a range),
:class:`Choice` (one of some words), :class:`Bool`, :class:`List` (a list of
ints or words); a :class:`Source` is an input of the view summed into a
field. Each kind checks a value (``check``: the value, or a
:class:`~venus_widgets.engine.errors.SpecError` naming the field) and
describes itself (``describe``: a JSON-able dict for the view and the
docs). :class:`Schema` holds a roll's fields in display order and the
words around them; :class:`CrossError` is a broken rule that ties several
fields together, with the nearest legal value.
:mod:`.spec` reads them into ``normalize``.

>>> Int(0, 3, 1).check("dice", "2")
2
>>> Choice(("none", "double6"), "none").check("ego", "triple")
Traceback (most recent call last):
...
venus_widgets.engine.errors.SpecError: ego='triple' is not allowed: expected one of none, double6
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from typing import Any, Mapping

import numpy as np

from ..errors import SpecError
from ..inputs import read_list



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
    that add up to P(pass) and to P(fail) (where the breakdown splits them);
    ``results``, the words a player reads for each outcome of a result that is
    not a number (``("auto-pass", "automatic pass")``: the chart's bars);
    ``groups``, the groups of the fields in the order the view shows them,
    each with its title (``("kiss", "KISS and Ego")``): every field's group
    must be one of them (see :func:`groups_of`); ``degrees``, the entries of
    ``Odds.breakdown`` that are degrees of a numeric result (a value's band).

    >>> s = Schema({"n": Int(0, 3, 1)}, words={"outcome": "heads"})
    >>> list(s), s.words["outcome"], Schema({}).words
    (['n'], 'heads', {})
    """

    def __init__(self, fields: Mapping[str, Field], *, words: Mapping[str, str] | None = None,
                 passing: tuple[str, ...] = (), picks: tuple[Mapping[str, Any], ...] = (),
                 pass_parts: tuple[str, ...] = (), fail_parts: tuple[str, ...] = (),
                 groups: tuple[tuple[str, str], ...] = (), results: tuple[tuple[str, str], ...] = (),
                 degrees: tuple[str, ...] = ()) -> None:
        super().__init__(fields)
        self.groups: tuple[tuple[str, str], ...] = tuple(groups)
        declared = dict(self.groups)
        for name, kind in self.items() if declared else ():
            if (kind.group or "other") not in declared:
                raise ValueError(f"field {name!r} is in group {kind.group or 'other'!r}, which the schema's groups "
                                 f"({', '.join(declared)}) do not declare: add it with its title")
        self.words: dict[str, str] = dict(words or {})
        self.passing: frozenset[str] = frozenset(passing)
        self.picks: tuple[dict[str, Any], ...] = tuple(dict(p) for p in picks)
        self.pass_parts: tuple[str, ...] = tuple(pass_parts)
        self.fail_parts: tuple[str, ...] = tuple(fail_parts)
        self.results: dict[str, str] = dict(results)
        self.degrees: tuple[str, ...] = tuple(degrees)

    def replace(self, **fields: Field) -> "Schema":
        """This schema with some fields' kinds changed (same order, words,
        passing and picks): e.g. a range a rule knob sets.

        >>> Schema({"n": Int(0, 3, 1)}, words={"outcome": "heads"}).replace(n=Int(0, 5, 1))["n"].hi
        5
        """
        return Schema({k: fields.get(k, v) for k, v in self.items()}, words=self.words,
                      passing=tuple(self.passing), picks=self.picks, pass_parts=self.pass_parts,
                      fail_parts=self.fail_parts, groups=self.groups, results=tuple(self.results.items()),
                      degrees=self.degrees)


def groups_of(schema: Mapping[str, Field]) -> dict[str, str]:
    """The groups of a roll's fields in the order the view shows them, each
    with its title: those a :class:`Schema` declares, else (a plain dict of
    fields) each field's group in the order first seen, titled by its name.

    >>> groups_of(Schema({"n": Int(0, 3, 1, group="b")}, groups=(("a", "First"), ("b", "Then"))))
    {'a': 'First', 'b': 'Then'}
    >>> groups_of({"n": Int(0, 3, 1, group="kiss"), "m": Int(0, 3, 1)})
    {'kiss': 'Kiss', 'other': 'Other'}
    """
    declared = getattr(schema, "groups", ())
    if declared:
        return dict(declared)
    out: dict[str, str] = {}
    for kind in schema.values():
        g = kind.group or "other"
        out.setdefault(g, g.capitalize())
    return out


class CrossError(SpecError):
    """A rule tying several fields together is broken, and ``nearest`` is
    the legal value of ``field`` nearest to the one given: validation raises
    it, and :func:`repair` applies it (one rule for both)."""

    def __init__(self, field: str, value: Any, allowed: str, hint: str = "", *, nearest: Any) -> None:
        super().__init__(field, value, allowed, hint)
        self.nearest = nearest
