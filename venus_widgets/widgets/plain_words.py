"""Chances, values and refusals in the words the widgets show: the one
percent format, a value as the table says it, an error naming the field
by its label.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ..engine.errors import SpecError
from ..engine.format import percent_text


def percent(p: float) -> str:
    """A chance as the widgets show it: the engine's one rule
    (:func:`venus_widgets.engine.format.percent`: "100 %" only when certain,
    "0 %" only when impossible, ">99 %"/"<1 %" beyond 99 / below 1, whole
    percents otherwise, halves up), with the view's spacing; "–" for a value
    that is not a chance. ``formatPercent`` in ``js/format.js`` follows the
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
