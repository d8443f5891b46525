"""The rollers: ``CheckRoller``, ``TaskRoller`` (playtest, playsheet,
agora) and ``PoolRoller`` (heresy, vers)."""

from __future__ import annotations

from typing import Any, Mapping

import traitlets

from ..engine.edition import get as _edition, ids as _edition_ids
from ..engine.errors import SpecError
from . import _rules
from . import rolllog as _rolllog
from ._base import _Roller
from ._spec_traits import clamp_int

#: KISS sources of a playtest task (name, lo, hi): summed into ``kiss``.
KISS_SOURCES = (("lots", 0, 10), ("insights", 0, 10), ("stunt", 0, 1), ("specialties", 0, 4), ("ally_stunts", 0, 2))
MAX_TEXT = _rolllog.MAX_TEXT  # the roll log bounds the texts it imports the same way


class BoundedInt(traitlets.Int):
    """An int in lo..hi whose error names the field, value and range."""

    def __init__(self, name: str, lo: int, hi: int, **kw: Any) -> None:
        self._vw_name, self._lo, self._hi = name, lo, hi
        super().__init__(0, **kw)

    def validate(self, obj, value):
        if isinstance(value, bool) or not isinstance(value, int) or not self._lo <= value <= self._hi:
            raise traitlets.TraitError(str(SpecError(self._vw_name, value,
                                                     f"a whole number from {self._lo} to {self._hi}")))
        return value


def _surfaced(method):
    """Observer wrapper: an exception is shown in the view (``error``), not lost."""

    def wrapper(self, change=None):
        try:
            return method(self, change)
        except Exception as err:  # noqa: BLE001 - surfaced to the user
            self.error = f"{type(err).__name__}: {err}"

    wrapper.__name__ = method.__name__
    return wrapper


_ROLLER_NAMES = {"check": "CheckRoller", "task": "TaskRoller", "pool": "PoolRoller"}


def _roller_kind(roller: str, edition: str) -> str:
    """The roll kind this roller ("check", "task", "pool") rolls in an
    edition: the edition says which rollers fit it (``at_table.ROLLERS``)."""
    try:
        kinds = _edition(edition).at_table.ROLLERS
    except SpecError as err:
        raise traitlets.TraitError(str(err)) from None
    if roller in kinds:
        return kinds[roller]
    fit = [e for e in _edition_ids() if roller in _edition(e).at_table.ROLLERS]
    other = " or ".join(_ROLLER_NAMES[r] for r in kinds) + f" (edition={edition!r})"
    raise traitlets.TraitError(str(SpecError("edition", edition, " or ".join(fit) + f" for a {_ROLLER_NAMES[roller]}",
                                             f"use {other}")))


class CheckRoller(_Roller):
    """One d20 check (playtest, playsheet) or an agora check, with live exact
    odds. ``CheckRoller()`` is a complete playtest check roller."""

    _kind = "check"
    _module = "check"

    @classmethod
    def _roll_kind(cls, edition: str) -> str:
        return _roller_kind("check", edition)


class TaskRoller(_Roller):
    """A task (playtest, playsheet, agora): pool, allies/helpers, KISS and
    Ego, consequences, live exact odds, the roll at the table.
    ``TaskRoller()`` is a complete playtest task roller."""

    _kind = "task"
    _module = "task"

    # Traits some editions add (spec fields, _extra_traits), declared for type checkers.
    allies: list[str]
    ally_stunts: int
    wanted: list[str]
    consequence_texts: list[str]

    @classmethod
    def _roll_kind(cls, edition: str) -> str:
        return _roller_kind("task", edition)

    @classmethod
    def _extra_traits(cls, edition: str, roll: str) -> dict:
        if edition == "playtest":
            out: dict[str, traitlets.TraitType] = {name: BoundedInt(name, lo, hi).tag(sync=True, source=True)
                   for name, lo, hi in KISS_SOURCES}
            out["wanted"] = traitlets.List(traitlets.Unicode()).tag(sync=True)
            out["consequence_list"] = traitlets.List(_rules.consequence_list(), read_only=True).tag(sync=True)
            return out
        if edition == "agora":
            return {"consequence_texts": traitlets.List(traitlets.Unicode(), [""]).tag(sync=True)}
        return {}

    def _extra_names(self) -> tuple[str, ...]:
        if self.edition == "playtest":
            return tuple(n for n, _, _ in KISS_SOURCES) + ("wanted",)
        if self.edition == "agora":
            return ("consequence_texts",)
        return ()

    # -- Python validation of the extras -------------------------------------------

    @traitlets.validate("wanted")
    def _v_wanted(self, proposal):
        v = proposal["value"]
        bad = [x for x in v if x not in _rules.CONSEQUENCE_IDS]
        if bad or len(set(v)) != len(v):
            raise traitlets.TraitError(str(SpecError(
                "wanted", list(v), "distinct consequence ids from " + ", ".join(_rules.CONSEQUENCE_IDS))))
        return list(v)

    @traitlets.validate("consequence_texts")
    def _v_texts(self, proposal):
        v = list(proposal["value"])
        if not 1 <= len(v) <= 4 or any(len(x) > MAX_TEXT for x in v):
            raise traitlets.TraitError(str(SpecError(
                "consequence_texts", v, f"a list of 1 to 4 texts of at most {MAX_TEXT} characters")))
        return v

    def _spec_for_check(self, spec_kw: dict) -> dict:
        return spec_kw

    def _init_extras(self, kwargs: Mapping) -> None:
        if self.edition == "playtest":
            given = [n for n, _, _ in KISS_SOURCES if n in kwargs]
            total = self._source_sum()
            if given and "kiss" in kwargs and kwargs["kiss"] != total:
                raise traitlets.TraitError(str(SpecError(
                    "kiss", kwargs["kiss"], f"{total}, the sum of its sources ({', '.join(given)})",
                    "give the KISS sources or kiss, not both")))
            if self.ally_stunts > len(self.allies):
                raise traitlets.TraitError(str(SpecError(
                    "ally_stunts", self.ally_stunts, f"a whole number from 0 to {len(self.allies)} (one per ally)")))
            if given:
                self.kiss = total
            if "wanted" in kwargs and "consequences" in kwargs and kwargs["consequences"] != len(self.wanted):
                raise traitlets.TraitError(str(SpecError(
                    "consequences", kwargs["consequences"], f"{len(self.wanted)}, the number of wanted consequences")))
            if "wanted" in kwargs:
                self.consequences = len(self.wanted)
            else:
                self._sync_wanted()
            self.observe(self._on_sources, names=[n for n, _, _ in KISS_SOURCES])
            self.observe(self._on_allies, names=["allies"])
            self.observe(self._on_wanted, names=["wanted"])
            self.observe(self._on_consequences, names=["consequences"])
        elif self.edition == "agora":
            if "consequence_texts" in kwargs:
                if "consequences" in kwargs and kwargs["consequences"] != len(self.consequence_texts):
                    raise traitlets.TraitError(str(SpecError(
                        "consequences", kwargs["consequences"],
                        f"{len(self.consequence_texts)}, the number of consequence texts")))
                self.consequences = len(self.consequence_texts)
            else:
                self._resize_texts()
            self.observe(self._on_texts, names=["consequence_texts"])
            self.observe(self._on_agora_consequences, names=["consequences"])

    def _source_sum(self) -> int:
        return sum(int(getattr(self, n)) for n, _, _ in KISS_SOURCES)

    @_surfaced
    def _on_sources(self, change=None):
        self.kiss = self._source_sum()

    @_surfaced
    def _on_allies(self, change=None):
        if self.ally_stunts > len(self.allies):
            self.ally_stunts = len(self.allies)

    @_surfaced
    def _on_wanted(self, change=None):
        if self.consequences != len(self.wanted):
            self.consequences = len(self.wanted)

    @_surfaced
    def _on_consequences(self, change=None):
        self._sync_wanted()

    def _sync_wanted(self) -> None:
        n = self.consequences
        w = list(self.wanted)[:n]
        for c in _rules.CONSEQUENCE_IDS:
            if len(w) >= n:
                break
            if c not in w:
                w.append(c)
        if w != list(self.wanted):
            self.wanted = w

    @_surfaced
    def _on_texts(self, change=None):
        n = len(self.consequence_texts)
        if self.consequences != n:
            self.consequences = n

    @_surfaced
    def _on_agora_consequences(self, change=None):
        self._resize_texts()

    def _resize_texts(self) -> None:
        n = self.consequences
        t = list(self.consequence_texts)[:n] + [""] * max(0, n - len(self.consequence_texts))
        if t != list(self.consequence_texts):
            self.consequence_texts = t

    # -- browser values of the extras ---------------------------------------------------

    def _clamp_extra(self, name: str, value: Any) -> Any:
        for n, lo, hi in KISS_SOURCES:
            if name == n:
                if n == "ally_stunts":
                    hi = len(self.allies)
                return clamp_int(value, lo, hi, getattr(self, n))
        if name == "wanted":
            if not isinstance(value, list):
                return list(self.wanted)
            seen = []
            for x in value:
                if x in _rules.CONSEQUENCE_IDS and x not in seen:
                    seen.append(x)
            return seen
        if name == "consequence_texts":
            if not isinstance(value, list):
                return list(self.consequence_texts)
            out = [str(x)[:MAX_TEXT] if isinstance(x, (str, int, float)) else "" for x in value[:4]]
            return out or [""]
        return getattr(self, name)

    def _before_browser_set(self, data: dict) -> None:
        if self.edition == "playtest":
            allies = data.get("allies", self.allies)
            if "ally_stunts" in data or "allies" in data:
                data["ally_stunts"] = min(data.get("ally_stunts", self.ally_stunts), len(allies))


class PoolRoller(_Roller):
    """The comparison systems: the Heresy Engine (``edition='heresy'``, the
    default) and VERS (``edition='vers'``)."""

    _kind = "pool"
    _module = "pool"

    def __new__(cls, edition: str = "heresy", **kwargs: Any):
        return super().__new__(cls, edition, **kwargs)

    def __init__(self, edition: str = "heresy", **kwargs: Any) -> None:
        super().__init__(edition, **kwargs)

    @classmethod
    def _roll_kind(cls, edition: str) -> str:
        return _roller_kind("pool", edition)
