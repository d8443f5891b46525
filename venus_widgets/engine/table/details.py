"""The details of a roll: what it knows beyond its dice, typed per edition.

A roll's ``details`` (:attr:`~.rolls.Roll.details`) hold the facts its
edition's rules make of the dice (the d20's total and target, the
successes before the KISS, the degree ...). Each edition declares their
class per kind of roll in ``DETAILS``: a frozen dataclass subclass of
:class:`Details`, so its code reads typed attributes; an edition that
declares none gets :class:`Facts`, a read-only dict. Either reads as a
mapping too, by the names the roll's JSON holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, Field, dataclass, field, fields
from types import MappingProxyType
from typing import Any, Iterator, Protocol, TypeVar

from ..caching import cached
from ..errors import SpecError
from ..frozen import SCALARS, FrozenDict, freeze, thaw

D = TypeVar("D", bound="Details")


class Rolled(Protocol):
    """What has a roll's details (a :class:`~.rolls.Roll`)."""

    @property
    def details(self) -> Details: ...


class Details(Mapping[str, Any]):
    """What a roll knows beyond its dice (the d20's total, the successes
    before the KISS, the degree...), typed per edition: each edition
    declares, in its ``DETAILS`` (roll kind -> class), a frozen dataclass
    subclass of this, whose fields are the facts of its rolls; an edition
    that declares none gets :class:`Facts`, a read-only dict.

    Read the facts as attributes (``Details.of(r)`` gives the edition's
    class, typed); they also read as a mapping (``r.details["total"]``, the
    JSON's keys), and :meth:`to_dict` gives the plain dict the roll's JSON
    holds. A field declared with :func:`optional` is left out of that dict
    while it is ``None`` (a fact only some rolls have).

    >>> @dataclass(frozen=True)
    ... class CoinFacts(Details):
    ...     heads: int
    ...     note: str | None = optional()
    >>> f = CoinFacts.from_dict({"heads": 2})
    >>> f.heads, f["heads"], f.to_dict(), CoinFacts(1, "lucky").to_dict()
    (2, 2, {'heads': 2}, {'heads': 1, 'note': 'lucky'})
    >>> CoinFacts.from_dict({"heads": 2, "tails": 1})
    Traceback (most recent call last):
    ...
    venus_widgets.engine.errors.SpecError: details={'heads': 2, 'tails': 1} is not allowed: expected the facts of a CoinFacts: heads, note ('tails' is not one of them)
    """

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """The facts as the roll's JSON holds them (a fresh plain dict)."""
        out = {}
        for name, optional in _optional_of(type(self)).items():
            v = getattr(self, name)
            if not (v is None and optional):
                out[name] = v if type(v) in SCALARS else thaw(v)
        return out

    @classmethod
    def from_dict(cls: type[D], d: Mapping[str, Any]) -> D:
        """The facts of :meth:`to_dict` (a roll's JSON), checked: a
        :class:`SpecError` names a fact that is not one, or is missing."""
        kinds = _fields_of(cls)
        names = [f.name for f in kinds]
        allowed = f"the facts of a {cls.__name__}: {', '.join(names)}"
        if not isinstance(d, Mapping):
            raise SpecError("details", d, allowed)
        unknown = [k for k in d if k not in names]
        if unknown:
            raise SpecError("details", thaw(d), allowed, f"{unknown[0]!r} is not one of them")
        missing = [f.name for f in kinds if f.name not in d and f.default is MISSING]
        if missing:
            raise SpecError("details", thaw(d), allowed, f"{missing[0]!r} is missing")
        return cls(**d)

    @classmethod
    def of(cls: type[D], r: Rolled) -> D:
        """The details of ``r`` as this class (a roll built with a plain
        dict of facts is read as this class's facts)."""
        d = r.details
        return d if isinstance(d, cls) else cls.from_dict(d)

    def __getitem__(self, key: str) -> Any:
        """One fact as the roll's JSON holds it, read from its attribute."""
        optional = _optional_of(type(self)).get(key)
        if optional is None:
            raise KeyError(key)
        v = getattr(self, key)
        if v is None and optional:
            raise KeyError(key)
        return v if type(v) in SCALARS else thaw(v)

    def __iter__(self) -> Iterator[str]:
        return (name for name, optional in _optional_of(type(self)).items()
                if not (optional and getattr(self, name) is None))

    def __len__(self) -> int:
        return sum(1 for _ in self)


@cached(maxsize=256)
def _fields_of(cls: type) -> tuple[Field[Any], ...]:
    """The fields of a :class:`Details` class, read once per class."""
    return fields(cls)


@cached(maxsize=256)
def _optional_of(cls: type) -> Mapping[str, bool]:
    """Each fact of a :class:`Details` class -> whether it is optional (left
    out while ``None``), in field order: read once per class."""
    return MappingProxyType({f.name: bool(f.metadata.get("optional")) for f in _fields_of(cls)})


def optional() -> Any:
    """A :class:`Details` field only some rolls have: ``None`` when absent,
    and left out of :meth:`Details.to_dict` then."""
    return field(default=None, metadata={"optional": True})


class Facts(FrozenDict, Details):
    """The details of an edition that declares no class for them: a
    read-only dict of plain values.

    >>> Facts.from_dict({"total": 3})["total"]
    3
    """

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        return thaw(self)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Facts":
        if not isinstance(d, Mapping):
            raise SpecError("details", d, "a dict of the roll's facts")
        out = cls.__new__(cls)
        dict.update(out, {k: freeze(v) for k, v in d.items()})
        return out
