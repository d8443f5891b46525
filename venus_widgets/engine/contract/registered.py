"""An edition as the registry hands it out: every member of the contract
(:mod:`.members`), its own or the default, and its ``at_table`` likewise.

:func:`complete` makes that view of an edition :func:`.members.check`
passed; :func:`describe` is how an error names an edition.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .members import MEMBERS, TABLE_MEMBERS, Member
from .samples import ByHand, Samples


def describe(source: Any) -> str:
    """How an error names an edition: its id and where it comes from."""
    ident = getattr(source, "ID", None)
    return f"the edition {ident!r} ({_where(source)})" if isinstance(ident, str) else f"the edition {_where(source)}"


class _View:
    """Every member of the contract as attributes (the source's own, or
    the default); any other attribute is the source's."""

    def __init__(self, source: Any, members: dict[str, Any]) -> None:
        self.__dict__.update(members)
        self.__dict__["source"] = source

    def __getattr__(self, name: str) -> Any:  # only for names that are not members
        if name == "source":
            raise AttributeError(name)
        return getattr(self.source, name)

    def __dir__(self) -> list[str]:
        return sorted(set(self.__dict__) | set(dir(self.source)))


def _where(source: Any) -> str:
    return getattr(source, "__name__", None) or type(source).__name__


class Registered(_View):
    """An edition as the registry hands it out (:func:`complete`)."""

    def __repr__(self) -> str:
        return f"<edition {self.__dict__['ID']!r} from {_where(self.source)}>"


class Table(_View):
    """An edition's ``at_table`` with every answer (:func:`complete`)."""

    def __repr__(self) -> str:
        return f"<table answers from {_where(self.source)}>"


def _filled(source: Any, members: tuple[Member, ...]) -> dict[str, Any]:
    out = {}
    for m in members:
        if hasattr(source, m.name):
            out[m.name] = getattr(source, m.name)
        elif m.default is not None:
            out[m.name] = m.default(source)
    return out


def complete(source: Any) -> Registered:
    """``source`` (which :func:`check` passed) with every member: the
    optional ones it leaves out take their defaults, its ``at_table`` too;
    the samples' specs get the edition's id."""
    members = _filled(source, MEMBERS)
    members["at_table"] = Table(source.at_table, _filled(source.at_table, TABLE_MEMBERS))
    members["SAMPLES"] = _with_id(members["SAMPLES"], members["ID"])
    return Registered(source, members)


def _with_id(samples: Samples, ident: str) -> Samples:
    def spec(s: Mapping[str, Any]) -> dict[str, Any]:
        return {"edition": ident, **s}

    return Samples(small=tuple(spec(s) for s in samples.small), large=tuple(spec(s) for s in samples.large),
                   by_hand=tuple(ByHand(**{**vars(b), "spec": spec(b.spec)}) for b in samples.by_hand))
