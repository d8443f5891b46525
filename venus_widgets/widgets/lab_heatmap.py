"""The rule lab's heatmap: a grid of chances over two fields, for the base
rules and the variants, bounded by the engine's cost estimate.

The lab redraws on every change, so the grid must stay quick on every spec
a roller accepts (a heavy exploding roll costs about a tenth of a second a
cell, and the grid is up to 12 x 12 cells for three rule sets). Before any
odds are computed, every cell's cost is estimated by its edition
(:func:`venus_widgets.engine.contract.work.spec_price`: the cost guard's estimate
and the fixed work of a call, as every call of many odds is priced, less the guard's
check of the cell, made as it is priced and not again) and the grid keeps the values of each axis, smallest first,
while the whole stays within :data:`BUDGET_SECONDS`; the values left out
are said under the heatmap, with how long they would take, what weighs
most on them (the estimate's levers, in the fields' own labels) and that
``vw.sweep`` computes them all when asked.
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from ..engine.contract import spec as _spec
from ..engine.contract.guard import estimate
from ..engine.contract.work import spec_price
from ..engine.errors import SpecError
from ..engine.tools.sweep import Sweep, cell, sweep

MAX_AXIS = 12  # values per heatmap axis
#: The estimated seconds the heatmap may take per change (every rule set, every cell: each cell's
#: counting and the fixed work of its call, about 0.3 ms; a 12 x 5 grid of three light rule sets: 0.054 s).
BUDGET_SECONDS = 0.08


def axis_options(edition: str, roll: str, rules: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The whole-number fields a heatmap can run over, with their values."""
    out = []
    for name, kind in _spec.schema(edition, roll, rules).items():
        lo, hi = getattr(kind, "lo", None), getattr(kind, "hi", None)
        if isinstance(lo, int) and isinstance(hi, int) and hi > lo:
            hi = min(hi, lo + MAX_AXIS - 1)
            out.append({"name": name, "label": getattr(kind, "label", "") or name, "values": list(range(lo, hi + 1))})
    return out


def cell_costs(base: Mapping[str, Any], over: Mapping[str, list], rule_sets: Mapping[str, Any]) -> np.ndarray:
    """The estimated seconds of each cell of the grid, every rule set added
    up; a spec two rule sets share is counted once (the engine keeps its
    odds), and a cell that is not allowed costs nothing (it is not computed):
    each spec estimated once, a refused one without the search for the
    nearest value that fits (words the heatmap does not show). Each cell's
    estimate here is the cost guard's check of it, kept: the grid computes
    the cells it keeps without checking them again, so their price leaves
    the check out."""
    (ax, xs), (ay, ys) = over.items()
    out = np.zeros((len(xs), len(ys)))
    for i, x in enumerate(xs):
        for j, y in enumerate(ys):
            seen = set()
            for rules in rule_sets.values():
                try:  # the rules' checks, then the one work model's price (a spec the cost guard refuses:
                    s = cell(base, {ax: x, ay: y}, rules, priced=False)  # none, and no words looked for)
                except SpecError:
                    continue
                if repr(s) not in seen:
                    seen.add(repr(s))
                    seconds, _, counted = spec_price(s, normalized=True, checked=True)
                    out[i, j] += seconds if counted is not None else 0.0
    return out


def bounded(costs: np.ndarray, budget: float = BUDGET_SECONDS) -> tuple[int, int]:
    """How many values of each axis (from the first) the grid keeps: the
    last value of the axis whose last line costs more is left out, again,
    until the rest fits the budget; none at all when not even the first
    cell fits."""
    nx, ny = costs.shape
    while costs[:nx, :ny].sum() > budget and nx * ny > 1:
        row, col = costs[nx - 1, :ny].sum(), costs[:nx, ny - 1].sum()
        if (row >= col and nx > 1) or ny == 1:
            nx -= 1
        else:
            ny -= 1
    return (nx, ny) if costs[:nx, :ny].sum() <= budget else (0, 0)


def lever_words(base: Mapping[str, Any], most: int = 2) -> str:
    """What weighs most on the work of ``base``'s odds, in the fields' labels
    and the way that is quicker (the estimate's levers, leaving out a field
    already at its quicker end), "" when it names none.

    >>> from venus_widgets.engine.contract.spec import normalize
    >>> lever_words(normalize({"roll": "task", "dice": 5, "kiss": 2, "allies": ["gold"]}))
    'it weighs most on Allies (fewer is quicker) and KISS budget (less is quicker)'
    >>> lever_words(normalize({"roll": "task", "dice": 5}))  # no allies, no KISS: only the dice are left
    'it weighs most on Dice (job level) (less is quicker)'
    """
    kinds = _spec.schema(base["edition"], base["roll"], base.get("rules") or {})
    out: list[str] = []
    for name, way in estimate(dict(base)).levers:
        kind, value = kinds.get(name), base.get(name)
        if name.startswith("rules."):
            label = f"the rule {name[len('rules.'):]}"
        else:
            if value in (None, False, [], getattr(kind, "lo", None)) if way > 0 else value in (True, getattr(kind, "hi", None)):
                continue  # already at its quicker end
            label = getattr(kind, "label", "") or name
        if len(out) == most:
            break
        if isinstance(kind, _spec.Bool):
            quicker = "off is quicker" if way > 0 else "on is quicker"
        elif isinstance(base.get(name), list):
            quicker = "fewer is quicker" if way > 0 else "more is quicker"
        else:
            quicker = "less is quicker" if way > 0 else "more is quicker"
        out.append(f"{label} ({quicker})")
    return "it weighs most on " + " and ".join(out) if out else ""


def left_out_words(over: Mapping[str, list], labels: Mapping[str, str], kept: tuple[int, int],
                   costs: np.ndarray, levers: str = "") -> str:
    """What the heatmap leaves out, in the table's words ("" when nothing);
    ``levers``: what weighs most on the work (:func:`lever_words`)."""
    more = float(costs.sum() - costs[:kept[0], :kept[1]].sum())
    why = f"; {levers}" if levers else ""
    if kept == (0, 0):
        return (f"The heatmap is left out, to keep the lab quick: this roll's grid would take about "
                f"{_seconds(more)} to compute{why}.")
    parts = []
    for (axis, values), n in zip(over.items(), kept):
        if n < len(values):
            rest = values[n:]
            shown = f"{rest[0]}" if len(rest) == 1 else f"{rest[0]} to {rest[-1]}"
            parts.append(f"{labels.get(axis, axis)} {shown}")
    if not parts:
        return ""
    return f"Left out, to keep the lab quick: {' and '.join(parts)}, about {_seconds(more)} more to compute{why}."


def refused_words(err: SpecError, levers: str = "") -> str:
    """Why the sweep's own bound refused the heatmap, in the bound's words
    (its time or its memory, whichever it was); ``levers``: what weighs most.

    >>> from venus_widgets.engine.errors import SpecError
    >>> refused_words(SpecError("over", {"dice": 5}, "fewer", "the 50 cells of 3 rule sets would hold an "
    ...                         "estimated 61 MB in all, more than the 40 MB one call may hold"))
    'The heatmap is left out, to keep the lab quick: the 50 cells of 3 rule sets would hold an estimated 61 MB in all, more than the 40 MB one call may hold.'
    """
    why = err.hint or "this roll's grid is more than one call may compute"
    return f"The heatmap is left out, to keep the lab quick: {why}{'; ' + levers if levers else ''}."


def _seconds(s: float) -> str:
    return f"{s:.1f} s" if s >= 0.1 else f"{s * 1000:.0f} ms"


def grid(base: dict[str, Any], over: dict[str, list], rule_sets: dict[str, Any],
         labels: Mapping[str, str]) -> tuple[Sweep | None, str]:
    """The sweep the heatmap shows (bounded by the cost estimate; without a
    row or column where no rule set can pass; None when not one cell fits)
    and what it left out."""
    costs = cell_costs(base, over, rule_sets)
    kept = bounded(costs)
    note = left_out_words(over, labels, kept, costs, lever_words(base) if kept != costs.shape else "")
    if kept == (0, 0):
        return None, note
    fit = {axis: values[:n] for (axis, values), n in zip(over.items(), kept)}
    variants = {k: v for k, v in rule_sets.items() if k != "base"}
    try:
        s = sweep(base, over=fit, variants=variants)
    except SpecError as err:  # the call's own bound (its time or the memory one call may hold), priced apart
        return None, refused_words(err, lever_words(base))
    alive = kept_values(s)  # no row or column where no rule set can pass (e.g. dice 0)
    if alive != fit:
        s = sweep(base, over=alive, variants=variants)
    return s, note


def kept_values(s: Sweep) -> dict[str, list]:
    """The sweep's axis values without a row or column that is empty: no
    rule set can pass anywhere on it (e.g. a roll of 0 dice)."""
    grids = [np.nan_to_num(g, nan=0.0) for g in s.p_pass.values()]
    out = {}
    for k, (axis, values) in enumerate(s.axes):
        other = tuple(i for i in range(len(s.axes)) if i != k)
        alive = np.any([np.any(g > 0, axis=other) if other else g > 0 for g in grids], axis=0)
        kept = [v for v, ok in zip(values, alive) if ok]
        out[axis] = kept or list(values)
    return out
