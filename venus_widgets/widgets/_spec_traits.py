"""Traits generated from the engine's spec schema.

Every spec field of an (edition, roll) becomes a synced trait of the same
name. Python assignments are validated by the engine's own field check: a
bad value raises :class:`traitlets.TraitError` carrying the engine's
:class:`~venus_widgets.SpecError` text (field, value, allowed range).
Values arriving from the browser go through :func:`clamp` instead, which
never raises: it coerces and clamps to the legal range (see :mod:`.roller`).
"""

from __future__ import annotations

import math
from typing import Any

import traitlets

from ..engine.contract import spec as _spec
from ..engine.errors import SpecError
from ..engine.contract.table_answers import MAX_TEXT


def label(kind: Any, name: str) -> str:
    """The view's label of a field: the one its edition declares, else its name."""
    return kind.label or name


class SpecTrait(traitlets.TraitType):
    """A trait checked by one engine field kind (Int, Choice, Bool, List)."""

    def __init__(self, field: str, kind: Any, **kwargs: Any) -> None:
        self.field = field
        self.kind = kind
        default = list(kind.default) if isinstance(kind, _spec.List) else kind.default
        super().__init__(default_value=default, **kwargs)
        self.info_text = kind.allowed

    def validate(self, obj: Any, value: Any) -> Any:
        # the range under the widget's rule knobs (e.g. more factors), else the schema's
        kind = obj._kind_of(self.field) if hasattr(obj, "_kind_of") else self.kind
        try:
            v = kind.check(self.field, value)
        except SpecError as err:
            raise traitlets.TraitError(str(err)) from None
        v = list(v) if isinstance(kind, _spec.List) else v
        if hasattr(obj, "_cross_check") and not obj._held:  # the other fields agree (unless set together)
            obj._cross_check(self.field, v)
        return v


def make_traits(edition: str, roll: str) -> dict[str, SpecTrait]:
    """One synced trait per spec field, tagged with its group and label."""
    out = {}
    for name, kind in _spec.schema(edition, roll).items():
        out[name] = SpecTrait(name, kind).tag(sync=True, spec=True, group=kind.group or "other",
                                              label=label(kind, name))
    return out


def field_info(edition: str, roll: str, rules: dict | None = None) -> list[dict]:
    """JSON description of the fields, in display order, for the view: each
    with the label, group (and sources, entries) its edition declares, and
    the ranges the spec's rule knobs set; a count of consequences typed by
    the FC says how long each may be (``max_text``)."""
    return [{"name": name, **d, "label": d.get("label") or name,
             **({"max_text": MAX_TEXT} if d.get("entries") == "text" else {})}
            for name, d in _spec.describe(edition, roll, rules).items()]


# --------------------------------------------------------------------------
# Clamping (values from the browser never raise)
# --------------------------------------------------------------------------


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)):
        f = float(value)
    elif isinstance(value, str):
        try:
            f = float(value.strip())
        except ValueError:
            return None
    else:
        return None
    return f if math.isfinite(f) else None


def clamp_int(value: Any, lo: int, hi: int, fallback: int) -> int:
    if isinstance(value, int) and not isinstance(value, bool):  # exact, however large
        return min(hi, max(lo, value))
    f = _number(value)
    if f is None:
        return fallback
    return int(min(hi, max(lo, round(f))))


def clamp(kind: Any, value: Any, fallback: Any) -> Any:
    """The legal value nearest to ``value`` for an engine field kind;
    ``fallback`` (the current value) when nothing sensible can be read."""
    if isinstance(kind, _spec.Int):
        return clamp_int(value, kind.lo, kind.hi, fallback)
    if isinstance(kind, _spec.Bool):
        return value if isinstance(value, bool) else fallback
    if isinstance(kind, _spec.Choice):
        try:
            return kind.check("x", value)
        except SpecError:
            return fallback
    if isinstance(kind, _spec.List):
        if not isinstance(value, (list, tuple)):
            return fallback
        items = []
        default_item = kind.item.default if kind.item.default is not None else None
        for item in list(value)[: kind.max_len]:
            items.append(clamp(kind.item, item, default_item))
        return items
    return fallback
