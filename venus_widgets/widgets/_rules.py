"""Words the widgets show that are no edition's rule: the percent format
and the what-if hints (each edition lists its own what-ifs, see
``editions/<id>/at_table.py``).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ..engine import api as _api
from ..engine.contract.edition import get as _edition
from ..engine.errors import SpecError
from ..engine.format import percent_text


def percent(p: float) -> str:
    """A chance as the widgets show it: the engine's one rule
    (:func:`venus_widgets.engine.format.percent`: "100 %" only when certain,
    "0 %" only when impossible, ">99 %"/"<1 %" beyond 99 / below 1, whole
    percents otherwise, halves up), with the view's spacing; "–" for a value
    that is not a chance. ``formatPercent`` in ``js/common.js`` follows the
    same rule; both are tested on ``js/tests/percent_cases.json``."""
    if not isinstance(p, (int, float, Fraction)) or isinstance(p, bool) or not math.isfinite(p) or not 0 <= p <= 1:
        return "–"
    return percent_text(p)


def plain_value(value: Any) -> str:
    """A value as the table says it: 7, “wood”, 6 2 1, yes."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return f"“{value}”" if value.strip() else "nothing"
    if isinstance(value, (list, tuple)):
        return " ".join(plain_value(x) for x in value) if value else "nothing"
    return str(getattr(value, "text", value))


def plain_error(err: SpecError, label: str) -> str:
    """An error the view shows, in plain words naming the field by its
    label: "Ana's Dice (job level): 99 is not allowed. Allowed: a whole
    number from 0 to 30." (not ``dice=99 is not allowed``)."""
    out = f"{label}: {plain_value(err.value)} is not allowed. Allowed: {err.allowed}"
    if err.hint:
        out += f" ({err.hint})"
    return out + "."


# --------------------------------------------------------------------------
# What-if hints
# --------------------------------------------------------------------------


def hint_specs(spec: dict) -> list[tuple[str, dict]]:
    """(label, changed spec) pairs of the what-if hints for a spec."""
    return _edition(spec["edition"]).at_table.what_if(spec)


def hints(spec: dict, base: Any) -> list[dict]:
    """What-if hints computed with the engine: the change in P(goal)."""
    out = []
    for label, changed in hint_specs(spec):
        try:
            o = _api.odds(changed)
        except ValueError:
            continue  # out of range (e.g. a fifth factor): no hint
        out.append({"label": label, "delta": o.p_goal - base.p_goal, "p": o.p_goal})
    return out
