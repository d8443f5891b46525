"""The rollers: ``CheckRoller``, ``TaskRoller`` and ``PoolRoller``, one for
each roller family an edition's ``at_table.ROLLERS`` lists (``vw.EDITIONS``
and ``edition.ids()``: which editions have which)."""

from __future__ import annotations

from typing import Any, Mapping

import traitlets

from ..engine.contract import spec as _spec
from ..engine.errors import SpecError
from ..engine.contract.table_answers import MAX_TEXT
from ._spec_traits import clamp_int
from .roller import _Roller


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


class CheckRoller(_Roller):
    """A check of any edition that has one, with live exact odds.
    ``CheckRoller()`` is a complete check roller of the first edition that
    has a check."""

    _kind = "check"
    _module = "check"

    # The spec fields of the built-in editions' checks: traits made from the
    # edition's schema at run time, declared here for type checkers
    # (tests/test_widgets_properties.py checks that the two agree).
    caliber: str
    rank: str | int
    score: int
    difficulty: str | int
    factors: int | list[int]
    bonus_factors: int
    bonus: list[int]
    health: int
    helpers: list[int]
    kiss: int
    helper_kiss: bool
    ego: bool
    snakes: str


class TaskRoller(_Roller):
    """A task of any edition that has one: the dice and their help, KISS and
    Ego, consequences, live exact odds, the roll at the table.
    ``TaskRoller()`` is a complete task roller of the first edition that has
    a task."""

    _kind = "task"
    _module = "task"

    # The spec fields of the built-in editions' tasks and the inputs they
    # declare (_extra_traits): traits made at run time, declared here for type
    # checkers (tests/test_widgets_properties.py checks that the two agree).
    caliber: str
    rank: str | int
    dice: int
    learning: bool
    difficulty: int | str
    factors: int | list[int]
    allies: list[str]
    explode: bool
    kiss: int
    ally_kiss: bool
    ego: str | bool
    consequences: int
    policy: str
    health: int
    helpers: list[int]
    helper_kiss: bool
    snakes: str
    job: int
    assets: int
    lots: int
    insights: int
    stunt: int
    specialties: int
    ally_stunts: int
    wanted: list[str]
    consequence_list: list[dict]
    consequence_texts: list[str]

    @classmethod
    def _extra_traits(cls, edition: str, roll: str) -> dict:
        """The inputs the edition's fields declare: sources summed into a
        field, consequences picked from the rules' list or typed by the FC."""
        out: dict[str, traitlets.TraitType] = {
            src.name: BoundedInt(src.name, 0, src.hi).tag(sync=True, source=True)
            for _, src in _sources(edition, roll)}
        entries = set(_entries(edition, roll).values())
        if "pick" in entries:
            out["wanted"] = traitlets.List(traitlets.Unicode()).tag(sync=True)
            out["consequence_list"] = traitlets.List(_picks(edition, roll), read_only=True).tag(sync=True)
        if "text" in entries:
            out["consequence_texts"] = traitlets.List(traitlets.Unicode(), [""]).tag(sync=True)
        return out

    # what the fields declare, worked out once per generated class (see _class_info)
    _src: tuple[tuple[str, _spec.Source], ...] = ()
    _ent: dict[str, str] = {}
    _pick: tuple[str, ...] = ()

    @classmethod
    def _class_info(cls, edition: str, roll: str) -> dict[str, Any]:
        return {"_src": tuple(_sources(edition, roll)), "_ent": _entries(edition, roll),
                "_pick": _pick_ids(edition, roll)}

    @classmethod
    def _extras_of(cls, edition: str, roll: str) -> tuple[str, ...]:
        entries = set(_entries(edition, roll).values())
        return (tuple(src.name for _, src in _sources(edition, roll))
                + (("wanted",) if "pick" in entries else ()) + (("consequence_texts",) if "text" in entries else ()))

    def _texts_range(self) -> tuple[int, int]:
        """How many consequences may be typed: the range of the field that counts them."""
        kind = self._kind_of(self._entry_field("text"))
        return max(1, kind.lo), kind.hi

    def _entry_field(self, mode: str) -> str:
        return next(f for f, m in self._ent.items() if m == mode)

    # -- Python validation of the extras -------------------------------------------

    @traitlets.validate("wanted")
    def _v_wanted(self, proposal):
        v = proposal["value"]
        ids = self._pick
        bad = [x for x in v if x not in ids]
        if bad or len(set(v)) != len(v):
            raise traitlets.TraitError(str(SpecError(
                "wanted", list(v), "distinct consequence ids from " + ", ".join(ids))))
        return list(v)

    @traitlets.validate("consequence_texts")
    def _v_texts(self, proposal):
        v = list(proposal["value"])
        lo, hi = self._texts_range()
        if not lo <= len(v) <= hi or any(len(x) > MAX_TEXT for x in v):
            raise traitlets.TraitError(str(SpecError(
                "consequence_texts", v, f"a list of {lo} to {hi} texts of at most {MAX_TEXT} characters")))
        return v

    def _init_extras(self, kwargs: Mapping) -> None:
        sources = self._src
        for field in dict.fromkeys(f for f, _ in sources):
            given = [src.name for f, src in sources if f == field and src.name in kwargs]
            total = self._source_sum(field)
            if given and field in kwargs and kwargs[field] != total:
                raise traitlets.TraitError(str(SpecError(
                    field, kwargs[field], f"{total}, the sum of its sources ({', '.join(given)})",
                    f"give the {field} sources or {field}, not both")))
            if given:
                setattr(self, field, total)
        for _, src in sources:
            if src.per and getattr(self, src.name) > len(getattr(self, src.per)):
                n = len(getattr(self, src.per))
                raise traitlets.TraitError(str(SpecError(
                    src.name, getattr(self, src.name), f"a whole number from 0 to {n} (one per {src.per} given)")))
        if sources:
            self.observe(self._on_sources, names=[src.name for _, src in sources])
            self.observe(self._on_per, names=sorted({src.per for _, src in sources if src.per}))
        entries = set(self._ent.values())
        if "pick" in entries:
            field = self._entry_field("pick")
            if "wanted" in kwargs and field in kwargs and kwargs[field] != len(self.wanted):
                raise traitlets.TraitError(str(SpecError(
                    field, kwargs[field], f"{len(self.wanted)}, the number of wanted consequences")))
            if "wanted" in kwargs:
                setattr(self, field, len(self.wanted))
            else:
                self._sync_wanted()
            self.observe(self._on_wanted, names=["wanted"])
            self.observe(self._on_consequences, names=[field])
        if "text" in entries:
            field = self._entry_field("text")
            if "consequence_texts" in kwargs:
                if field in kwargs and kwargs[field] != len(self.consequence_texts):
                    raise traitlets.TraitError(str(SpecError(
                        field, kwargs[field], f"{len(self.consequence_texts)}, the number of consequence texts")))
                setattr(self, field, len(self.consequence_texts))
            else:
                self._resize_texts()
            self.observe(self._on_texts, names=["consequence_texts"])
            self.observe(self._on_text_count, names=[field])

    def _source_sum(self, field: str) -> int:
        return sum(int(getattr(self, src.name)) for f, src in self._src if f == field)

    @_surfaced
    def _on_sources(self, change=None):
        for field in dict.fromkeys(f for f, _ in self._src):
            setattr(self, field, self._source_sum(field))

    @_surfaced
    def _on_per(self, change=None):
        for _, src in self._src:
            if src.per and getattr(self, src.name) > len(getattr(self, src.per)):
                setattr(self, src.name, len(getattr(self, src.per)))

    @_surfaced
    def _on_wanted(self, change=None):
        field = self._entry_field("pick")
        if getattr(self, field) != len(self.wanted):
            setattr(self, field, len(self.wanted))

    @_surfaced
    def _on_consequences(self, change=None):
        self._sync_wanted()

    def _sync_wanted(self) -> None:
        n = getattr(self, self._entry_field("pick"))
        w = list(self.wanted)[:n]
        for c in self._pick:
            if len(w) >= n:
                break
            if c not in w:
                w.append(c)
        if w != list(self.wanted):
            self.wanted = w

    @_surfaced
    def _on_texts(self, change=None):
        n = len(self.consequence_texts)
        field = self._entry_field("text")
        if getattr(self, field) != n:
            setattr(self, field, n)
        self.session.settings_changed()

    @_surfaced
    def _on_text_count(self, change=None):
        self._resize_texts()

    def _resize_texts(self) -> None:
        n = getattr(self, self._entry_field("text"))
        t = list(self.consequence_texts)[:n] + [""] * max(0, n - len(self.consequence_texts))
        if t != list(self.consequence_texts):
            self.consequence_texts = t

    # -- browser values of the extras ---------------------------------------------------

    def _clamp_extra(self, name: str, value: Any) -> Any:
        for _, src in self._src:
            if name == src.name:
                hi = min(src.hi, len(getattr(self, src.per))) if src.per else src.hi
                return clamp_int(value, 0, hi, getattr(self, name))
        if name == "wanted":
            if not isinstance(value, list):
                return list(self.wanted)
            seen = []
            for x in value:
                if x in self._pick and x not in seen:
                    seen.append(x)
            return seen
        if name == "consequence_texts":
            if not isinstance(value, list):
                return list(self.consequence_texts)
            lo, hi = self._texts_range()
            out = [str(x)[:MAX_TEXT] if isinstance(x, (str, int, float)) else "" for x in value[:hi]]
            return out + [""] * (lo - len(out))
        return getattr(self, name)

    def _extra_allowed(self, name: str) -> str:
        for _, src in self._src:
            if name == src.name:
                hi = min(src.hi, len(getattr(self, src.per))) if src.per else src.hi
                return f"a whole number from 0 to {hi}"
        if name == "wanted":
            return "distinct consequence ids from " + ", ".join(self._pick)
        if name == "consequence_texts":
            lo, hi = self._texts_range()
            return f"a list of {lo} to {hi} texts of at most {MAX_TEXT} characters"
        return super()._extra_allowed(name)

    def _extra_problem(self) -> str | None:
        """The consequences picked or typed are as many as the field counts."""
        entries = self._ent
        for field, mode in entries.items():
            listed = self.wanted if mode == "pick" else self.consequence_texts
            if getattr(self, field) != len(listed):
                what = "wanted" if mode == "pick" else "consequence_texts"
                return (f"{field}={getattr(self, field)} is not allowed: expected {len(listed)}, "
                        f"the number of {what}")
        return None

    def _before_browser_set(self, data: dict) -> None:
        for _, src in self._src:
            if src.per and (src.name in data or src.per in data):
                data[src.name] = min(data.get(src.name, getattr(self, src.name)),
                                     len(data.get(src.per, getattr(self, src.per))))


def _sources(edition: str, roll: str) -> list[tuple[str, _spec.Source]]:
    """(field, source) of every input the edition sums into a field."""
    return [(f, src) for f, kind in _spec.schema(edition, roll).items() if isinstance(kind, _spec.Int)
            for src in kind.sources]


def _picks(edition: str, roll: str) -> list[dict]:
    """The menu a field with ``entries="pick"`` chooses from (the schema's)."""
    return [dict(p) for p in getattr(_spec.schema(edition, roll), "picks", ())]


def _pick_ids(edition: str, roll: str) -> tuple[str, ...]:
    """The ids the player may pick (the menu's items not always chosen)."""
    return tuple(p["id"] for p in _picks(edition, roll) if not p.get("fixed"))


def _entries(edition: str, roll: str) -> dict[str, str]:
    """field -> "pick" or "text": the counts whose units the view lists."""
    return {f: kind.entries for f, kind in _spec.schema(edition, roll).items()
            if isinstance(kind, _spec.Int) and kind.entries}


class PoolRoller(_Roller):
    """A dice pool of any edition whose ``at_table.ROLLERS`` lists a pool (the
    comparison systems); ``PoolRoller()`` takes the first."""

    _kind = "pool"
    _module = "pool"

    # The spec fields of the built-in comparison systems, declared for type checkers.
    pool: int
    black: int
    trade: int
    ranks: int
    penalty: int
