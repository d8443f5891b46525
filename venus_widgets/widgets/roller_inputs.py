"""The inputs a roll's fields declare besides themselves, a plain part of
a roller: sources summed into a field (the KISS sources), consequences
picked from the rules' list (``wanted``) or typed by the FC
(``consequence_texts``). Each is a trait of the roller, kept in step with
the field that counts it; what the view writes to one is clamped as a
field's value is. A roll whose fields declare none has none.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

import traitlets

from ..engine.contract import spec as _spec
from ..engine.contract.table_answers import MAX_TEXT
from ..engine.errors import SpecError
from ._spec_traits import clamp_int


class BoundedInt(traitlets.Int):
    """An int in lo..hi whose error names the field, value and range."""

    def __init__(self, name: str, lo: int, hi: int, **kw: Any) -> None:
        self.field, self.lo, self.hi = name, lo, hi
        super().__init__(0, **kw)

    def validate(self, obj: Any, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int) or not self.lo <= value <= self.hi:
            raise traitlets.TraitError(str(SpecError(self.field, value, f"a whole number from {self.lo} to {self.hi}")))
        return value


def _surfaced(w: Any, follow: Callable[[Any], None]) -> Callable[[Any], None]:
    """An observer whose failure is shown in the view (``error``), not lost."""

    def observer(change: Any = None) -> None:
        try:
            follow(change)
        except Exception as err:  # noqa: BLE001 - surfaced to the user
            w.error = f"{type(err).__name__}: {err}"

    return observer


def _refused(field: str, value: Any, allowed: str, hint: str = "") -> traitlets.TraitError:
    return traitlets.TraitError(str(SpecError(field, value, allowed, hint)))


class Inputs:
    """The inputs of an (edition, roll)'s fields (see the module), of the roller ``w``."""

    def __init__(self, edition: str, roll: str, w: Any) -> None:
        schema = _spec.schema(edition, roll)
        counts = {f: kind for f, kind in schema.items() if isinstance(kind, _spec.Int)}
        #: (field, source) of every input summed into a field
        self.sources: tuple[tuple[str, _spec.Source], ...] = tuple((f, s) for f, k in counts.items() for s in k.sources)
        #: field -> "pick" or "text": the counts whose units the view lists
        self.entries: dict[str, str] = {f: k.entries for f, k in counts.items() if k.entries}
        #: the menu a picked count chooses from, and the ids the player may pick (not those always chosen)
        self.menu: list[dict] = [dict(p) for p in getattr(schema, "picks", ())]
        self.picks: tuple[str, ...] = tuple(p["id"] for p in self.menu if not p.get("fixed"))
        modes = set(self.entries.values())
        #: the traits, by name
        self.names: tuple[str, ...] = (tuple(src.name for _, src in self.sources) + (("wanted",) if "pick" in modes else ())
                                       + (("consequence_texts",) if "text" in modes else ()))
        self.w = w

    def traits(self) -> dict[str, traitlets.TraitType]:
        """The roller's trait of each input."""
        out: dict[str, traitlets.TraitType] = {src.name: BoundedInt(src.name, 0, src.hi).tag(sync=True, source=True)
                                               for _, src in self.sources}
        if "wanted" in self.names:
            out["wanted"] = traitlets.List(traitlets.Unicode()).tag(sync=True)
            out["consequence_list"] = traitlets.List(self.menu, read_only=True).tag(sync=True)
        if "consequence_texts" in self.names:
            out["consequence_texts"] = traitlets.List(traitlets.Unicode(), [""]).tag(sync=True)
        return out

    def field(self, mode: str) -> str:
        """The field that counts the picked (``"pick"``) or typed (``"text"``) consequences."""
        return next(f for f, m in self.entries.items() if m == mode)

    def texts_range(self) -> tuple[int, int]:
        """How many consequences may be typed: the range of the field that counts them."""
        kind = self.w._kind_of(self.field("text"))
        return max(1, kind.lo), kind.hi

    # -- Python's values --------------------------------------------------------------------

    def checked_wanted(self, value: Any) -> list:
        bad = [x for x in value if x not in self.picks]
        if bad or len(set(value)) != len(value):
            raise _refused("wanted", list(value), "distinct consequence ids from " + ", ".join(self.picks))
        return list(value)

    def checked_texts(self, value: Any) -> list:
        v = list(value)
        lo, hi = self.texts_range()
        if not lo <= len(v) <= hi or any(len(x) > MAX_TEXT for x in v):
            raise _refused("consequence_texts", v, f"a list of {lo} to {hi} texts of at most {MAX_TEXT} characters")
        return v

    def start(self, given: Mapping[str, Any], watch: Callable[..., None]) -> None:
        """Bring the inputs and their fields into step as the roller is made
        (``given``: its keyword arguments; a count given with its units must
        agree with them) and keep them so (``watch`` registers an observer)."""
        w = self.w
        for field in dict.fromkeys(f for f, _ in self.sources):
            named = [src.name for f, src in self.sources if f == field and src.name in given]
            total = self._sum(field)
            if named and field in given and given[field] != total:
                raise _refused(field, given[field], f"{total}, the sum of its sources ({', '.join(named)})",
                               f"give the {field} sources or {field}, not both")
            if named:
                setattr(w, field, total)
        for _, src in self.sources:
            if src.per and getattr(w, src.name) > len(getattr(w, src.per)):
                n = len(getattr(w, src.per))
                raise _refused(src.name, getattr(w, src.name), f"a whole number from 0 to {n} (one per {src.per} given)")
        if self.sources:
            watch(_surfaced(w, self._on_sources), [src.name for _, src in self.sources])
            watch(_surfaced(w, self._on_per), sorted({src.per for _, src in self.sources if src.per}))
        for mode, units in (("pick", "wanted"), ("text", "consequence_texts")):
            if mode not in self.entries.values():
                continue
            field = self.field(mode)
            if units in given:
                if field in given and given[field] != len(getattr(w, units)):
                    what = "wanted consequences" if mode == "pick" else "consequence texts"
                    raise _refused(field, given[field], f"{len(getattr(w, units))}, the number of {what}")
                setattr(w, field, len(getattr(w, units)))
            else:
                self._follow_count(mode)
            watch(_surfaced(w, self._on_units), [units])
            watch(_surfaced(w, self._on_count(mode)), [field])

    def _sum(self, field: str) -> int:
        return sum(int(getattr(self.w, src.name)) for f, src in self.sources if f == field)

    def _on_sources(self, change: Any = None) -> None:
        for field in dict.fromkeys(f for f, _ in self.sources):
            setattr(self.w, field, self._sum(field))

    def _on_per(self, change: Any = None) -> None:
        for _, src in self.sources:
            if src.per and getattr(self.w, src.name) > len(getattr(self.w, src.per)):
                setattr(self.w, src.name, len(getattr(self.w, src.per)))

    def _on_units(self, change: Any) -> None:
        """Picked or typed consequences changed: the field that counts them follows."""
        field = self.field("pick" if change["name"] == "wanted" else "text")
        if getattr(self.w, field) != len(change["new"]):
            setattr(self.w, field, len(change["new"]))
        if change["name"] == "consequence_texts":
            self.w.session.settings_changed()

    def _on_count(self, mode: str) -> Callable[[Any], None]:
        return lambda _change: self._follow_count(mode)

    def _follow_count(self, mode: str) -> None:
        """The field that counts the consequences changed: the picks fill up
        from the rules' list, or the typed texts are cut or padded."""
        w = self.w
        n = getattr(w, self.field(mode))
        if mode == "pick":
            picked = list(w.wanted)[:n]
            for c in self.picks:
                if len(picked) >= n:
                    break
                if c not in picked:
                    picked.append(c)
            if picked != list(w.wanted):
                w.wanted = picked
        else:
            texts = list(w.consequence_texts)[:n] + [""] * max(0, n - len(w.consequence_texts))
            if texts != list(w.consequence_texts):
                w.consequence_texts = texts

    # -- the view's values ----------------------------------------------------------------

    def from_view(self, name: str, value: Any, kept: Mapping[str, Any]) -> Any:
        """An input's value from the view, clamped (never raises)."""
        for _, src in self.sources:
            if name == src.name:
                hi = min(src.hi, len(kept[src.per])) if src.per else src.hi
                return clamp_int(value, 0, hi, kept[name])
        if name == "wanted":
            if not isinstance(value, list):
                return list(kept["wanted"])
            return list(dict.fromkeys(x for x in value if isinstance(x, str) and x in self.picks))
        if name == "consequence_texts":
            if not isinstance(value, list):
                return list(kept["consequence_texts"])
            lo, hi = self.texts_range()
            out = [str(x)[:MAX_TEXT] if isinstance(x, (str, int, float)) else "" for x in value[:hi]]
            return out + [""] * (lo - len(out))
        return kept[name]

    def allowed(self, name: str, kept: Mapping[str, Any]) -> str:
        for _, src in self.sources:
            if name == src.name:
                return f"a whole number from 0 to {min(src.hi, len(kept[src.per])) if src.per else src.hi}"
        if name == "wanted":
            return "distinct consequence ids from " + ", ".join(self.picks)
        if name == "consequence_texts":
            lo, hi = self.texts_range()
            return f"a list of {lo} to {hi} texts of at most {MAX_TEXT} characters"
        return "a value this roller takes"

    def repair(self, data: dict, kept: Mapping[str, Any]) -> None:
        """A source counted per item of a list (one per ally) follows the list the view sent."""
        for _, src in self.sources:
            if src.per and (src.name in data or src.per in data):
                data[src.name] = min(data.get(src.name, kept[src.name]), len(data.get(src.per, kept[src.per])))

    def problem(self, kept: Mapping[str, Any]) -> str | None:
        """The consequences picked or typed are as many as the field counts."""
        for field, mode in self.entries.items():
            units = "wanted" if mode == "pick" else "consequence_texts"
            if kept[field] != len(kept[units]):
                return f"{field}={kept[field]} is not allowed: expected {len(kept[units])}, the number of {units}"
        return None
