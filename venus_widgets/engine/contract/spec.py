"""The spec: a roll described as a plain, JSON-able dict.

One spec gives the odds, a seeded roll, a log entry and a widget's state.
This module gathers the editions' schemas (their fields' kinds are in
:mod:`.fields`, read here too), their defaults and words, and the
validation that turns a user's dict into a complete, checked spec: the
read-only :class:`Spec`.

>>> s = normalize({"roll": "task", "dice": 4, "factors": 1})
>>> s["edition"], s["caliber"], s["dice"], s["kiss"], s["ego"]
('playtest', 'bronze', 4, 0, 'none')
>>> normalize({"edition": "agora", "rank": 7})
Traceback (most recent call last):
...
venus_widgets.engine.errors.SpecError: rank=7 is not allowed: expected a whole number from 2 to 6
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Iterator

from . import guard as _guard
from . import edition as _ed
from . import knobs
from ..errors import SpecError
from ..frozen import FrozenDict, SCALARS, freeze, thaw
# the kinds of fields, the spec's vocabulary: read here too (spec.Int, spec.CrossError ...)
from .fields import Bool, Choice, CrossError, Field, Int, List, Schema, Source, groups_of  # noqa: F401

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
        if not _ed.known(e):
            raise KeyError(key)
        return _ed.get(e).SCHEMAS[k]

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


class _RollKinds(Mapping[str, tuple[str, ...]]):
    """edition -> its kinds of roll, over every registered edition."""

    def __getitem__(self, edition: str) -> tuple[str, ...]:
        if not _ed.known(edition):
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
    if type(edition) is not str or not _ed.known(edition):
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
    return _ed.fields_of(edition, roll, check_rules(edition, rules) if rules is not None else {})


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
    """JSON-able description of each field (kind, bounds, default, doc, its
    group and the group's title) for UIs, in display order: group by group
    in the order of the edition's groups, each group's fields as written.

    >>> [(k, d["group_title"]) for k, d in describe("vers", "check").items()]
    [('ranks', 'Ability and dice'), ('penalty', 'Difficulty')]
    """
    fields = schema(edition, roll, rules)
    titles = groups_of(fields)
    rank = {g: i for i, g in enumerate(titles)}
    ordered = sorted(fields.items(), key=lambda item: rank[item[1].group or "other"])
    return {name: {**kind.describe(), "group_title": titles[kind.group or "other"]} for name, kind in ordered}


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


#: The fields every spec may have besides its roll's own (``version``: an edition that has one).
_ENVELOPE = frozenset({"edition", "roll", "rules", "version"})


def normalize(spec: Mapping[str, Any] | None = None, priced: bool = True) -> dict[str, Any]:
    """Validate ``spec`` and fill in every omitted field with its default.

    Returns a new dict with plain Python values (lists for list fields) that
    is JSON-able and complete. Raises :class:`SpecError` naming the field,
    the value and the allowed range for anything the rules do not allow.
    ``priced=False``: without the odds' cost guard (:meth:`Spec.unpriced`).

    >>> normalize({"edition": "vers", "ranks": 2})
    {'edition': 'vers', 'roll': 'check', 'ranks': 2, 'penalty': 0}
    >>> normalize({"edition": "playtest", "roll": "check", "dice": 3})
    Traceback (most recent call last):
    ...
    venus_widgets.engine.errors.SpecError: dice=3 is not allowed: expected no such field for a playtest check; fields are caliber, score, difficulty, factors, bonus_factors ('dice' belongs to a playtest task: set roll='task')
    """
    if spec is None:
        spec = {}
    if type(spec) is Spec:  # normalized already: its plain copy (priced first, when it was made unpriced)
        return (Spec.of(spec) if priced else spec).to_dict()
    if type(spec) is not dict and not isinstance(spec, Mapping):  # a dict without the ABC check (~0.3 µs)
        raise SpecError("spec", spec, f"a dict of fields such as {{'edition': {_ed.DEFAULT!r}, 'roll': 'task'}}")
    for key in spec:
        if not isinstance(key, str):
            raise SpecError("spec", key, "field names that are strings")
    edition = spec.get("edition", _ed.DEFAULT)  # a built-in or registered word as given, else the long way:
    if type(edition) is not str or not _ed.known(edition):
        edition = Choice(tuple(ROLL_KINDS), _ed.DEFAULT).check("edition", edition)
    schemas = (ed := _ed.get(edition)).SCHEMAS
    if "version" in spec and spec["version"] != ed.VERSION:  # an earlier version of a draft plays by itself
        return _ed.at_version_of(ed, spec, lambda x: normalize(x, priced))
    roll = spec["roll"] if "roll" in spec else default_roll(edition)
    if type(roll) is not str or roll not in schemas:
        roll = Choice(tuple(schemas), default_roll(edition)).check("roll", roll)
    rules = check_rules(edition, spec["rules"]) if "rules" in spec else {}
    fields = schemas[roll] if not rules else _ed.fields_of(edition, roll, rules)
    out: dict[str, Any] = {"edition": edition, "roll": roll, **({"version": ed.VERSION} if ed.VERSION else {})}
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
    cross_checks(out, priced)
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

    __slots__ = ("_key", "_priced")

    READ_ONLY = "a Spec is read-only: spec.replace(dice=4) gives a changed one, spec.to_dict() a plain copy"

    def __init__(self, spec: Mapping[str, Any] | None = None, priced: bool = True) -> None:
        plain = normalize(spec, priced)
        dict.update(self, _frozen_fields(plain))
        self._key = repr(plain)
        self._priced = priced

    @classmethod
    def of(cls, spec: "Mapping[str, Any] | Spec | None" = None) -> "Spec":
        """``spec`` itself when it is a :class:`Spec` (priced first if :meth:`unpriced`), else ``Spec(spec)``."""
        if type(spec) is Spec:
            if not spec._priced:
                _guard.check(spec)
                spec._priced = True
            return spec
        return cls(spec)

    @classmethod
    def unpriced(cls, spec: "Mapping[str, Any] | Spec | None" = None) -> "Spec":
        """The spec checked, its odds not priced: a roll made once (its odds never counted; a roll too heavy
        to count is still rolled). Every call that counts them (:meth:`of`, :func:`normalize`) prices it first."""
        return spec if type(spec) is Spec else cls(spec, priced=False)

    @classmethod
    def _trusted(cls, plain: dict[str, Any]) -> "Spec":
        """The Spec of a dict that :func:`normalize` returned (not checked again)."""
        out = cls.__new__(cls)
        dict.update(out, _frozen_fields(plain))
        out._key = repr(plain)
        out._priced = True
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
        return (Spec._trusted if self._priced else Spec.unpriced, (self.to_dict(),))

    def __repr__(self) -> str:
        return f"Spec({self.to_dict()!r})"


_NO_RULES: Mapping[str, Any] = FrozenDict()


def _frozen_fields(plain: dict[str, Any]) -> dict[str, Any]:
    """The fields of a normalized spec, read-only (most are plain words and numbers)."""
    return {k: v if type(v) in SCALARS else freeze(v) for k, v in plain.items()}


def check_rules(edition: str, given: Any) -> dict[str, Any]:
    """A spec's ``rules`` checked knob by knob (:mod:`.knobs`), then by its edition: those set otherwise."""
    ed = _ed.get(edition)
    rules = knobs.parse(ed.KNOBS, given)
    ed.rules_of({"edition": edition, "rules": rules})
    return rules


def cross_checks(s: dict[str, Any], priced: bool = True) -> None:
    """Rules that tie several fields together: the edition's; then (``priced``)
    the cost guard (:mod:`.cost`): odds that would take more than the budget
    are refused, naming the field to change and the nearest value that fits."""
    _ed.get(s["edition"]).cross_checks(s)
    if priced:
        _guard.check(s)
