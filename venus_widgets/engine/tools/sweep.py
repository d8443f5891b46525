"""``vw.sweep``: the chance to pass over a grid of settings, under rule variants.

One or two axes, each a spec field (``"dice"``, ``"factors"``) or a rule
knob (``"rules.threshold_base"``), run through the values given; each cell
is the exact P(pass) and P(goal) of the spec with those values, for the
base rules and each variant, and every other chance the edition reports
(``quantities``: criticals, Ego spent, the breakdown, named as in
:func:`..maths.quantities.reported`). A combination the rules do not allow (more
factors than the rules take, helpers that cannot merge) is NaN, and
``why`` says why in the engine's words.

>>> s = sweep({"roll": "task"}, over={"dice": range(1, 4), "factors": range(0, 2)},
...           variants={"Bronze 4-6": {"success_from": {"bronze": 4}}})
>>> s.shape, s.names
((3, 2), ('base', 'Bronze 4-6'))
>>> round(float(s.p_pass["base"][2, 0]), 4), round(float(s.p_pass["Bronze 4-6"][2, 0]), 4)
(0.7037, 0.875)
>>> {k: v for k, v in s.to_rows()[0].items() if k in ("dice", "factors", "rules", "p_pass", "fail", "why")}
{'dice': 1, 'factors': 0, 'rules': 'base', 'p_pass': 0.3333333333333333, 'why': '', 'fail': 0.6666666666666666}
>>> snakes = sweep({"edition": "agora", "roll": "check"}, over={"rules.snake_eyes_ones": [1, 2, 3]})
>>> [round(float(p), 4) for p in snakes.quantities["base"]["criticals"]]
[0.3056, 0.0278, 0.0]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from ..export import html_text
from ..api import normalize, odds_of_normalized
from .compare import edition_of, layered, on_edition, with_rules
from .compare_chart import points as _points
from ..errors import SpecError
from ..inputs import read_list
from ..contract import work as _work
from ..contract.spec import check_rules, edition_and_roll
from ..format import percent_text
from ..maths.quantities import GOAL, PASS, reported

#: Most cells a sweep computes (per rule set): a guard against a typo's endless grid.
MAX_CELLS = 2500

# colour-blind-safe palettes (viridis; blue-white-orange), light to dark / minus to plus
_VIRIDIS = ("#fde725", "#b5de2b", "#6ece58", "#35b779", "#1f9e89", "#26828e", "#31688e", "#3e4989", "#482878",
            "#440154")
_DIVERGING = ("#2166ac", "#4393c3", "#92c5de", "#d1e5f0", "#f7f7f7", "#fddbc7", "#f4a582", "#d6604d", "#b2182b")


def _luminance(hex_colour: str) -> float:
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _text_on(bg: str) -> str:
    """Black or white text, whichever contrasts more with ``bg``."""
    lum = _luminance(bg)
    return "#000000" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "#ffffff"


@dataclass(frozen=True)
class Sweep:
    """The grid of a :func:`sweep` (arrays indexed like ``axes``)."""

    spec: dict
    axes: tuple[tuple[str, tuple], ...]
    names: tuple[str, ...]
    p_pass: dict[str, np.ndarray]
    p_goal: dict[str, np.ndarray]
    why: dict[str, np.ndarray] = field(repr=False)
    #: rule set -> every other chance the edition reports (criticals, Ego
    #: spent, the breakdown) -> its grid; 0 in a cell that does not report it
    #: (a category that cannot happen there), NaN where the cell is not allowed
    quantities: dict[str, dict[str, np.ndarray]] = field(default_factory=dict, repr=False)

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(len(v) for _, v in self.axes)

    def to_rows(self) -> list[dict[str, Any]]:
        """One row per cell and rule set (a table for pandas or a CSV)."""
        rows = []
        for name in self.names:
            for idx in product(*(range(n) for n in self.shape)):
                row = {axis: values[i] for (axis, values), i in zip(self.axes, idx)}
                p, g = self.p_pass[name][idx], self.p_goal[name][idx]
                row.update(rules=name, p_pass=None if np.isnan(p) else float(p),
                           p_goal=None if np.isnan(g) else float(g), why=str(self.why[name][idx]))
                for q, grid in self.quantities.get(name, {}).items():
                    row[q] = None if np.isnan(grid[idx]) else float(grid[idx])
                rows.append(row)
        return rows

    def to_json(self) -> dict[str, Any]:
        """What a widget sends to the browser."""
        return {"axes": [[a, list(v)] for a, v in self.axes], "names": list(self.names),
                "p_pass": {n: _listed(a) for n, a in self.p_pass.items()},
                "p_goal": {n: _listed(a) for n, a in self.p_goal.items()},
                "quantities": {n: {q: _listed(a) for q, a in qs.items()} for n, qs in self.quantities.items()},
                "why": {n: a.tolist() for n, a in self.why.items()}}

    def grid(self, name: str = "base", quantity: str = "P(pass)") -> np.ndarray:
        """The grid of one chance under one rule set: ``"P(pass)"``,
        ``"P(goal)"`` or any of ``quantities`` (a chance a rule set does not
        report is 0 in every allowed cell)."""
        if name not in self.names:
            raise SpecError("name", name, "one of " + ", ".join(self.names))
        if quantity in ("P(pass)", "P(goal)"):
            return (self.p_pass if quantity == "P(pass)" else self.p_goal)[name]
        known = dict.fromkeys(q for qs in self.quantities.values() for q in qs)
        # a chance by any case of its name ("goal with ego", as its name read before it said Ego)
        quantity = next((q for q in known if isinstance(quantity, str) and q.casefold() == quantity.casefold()), quantity)
        if not isinstance(quantity, str) or quantity not in known:
            raise SpecError("quantity", quantity, "one of " + ", ".join(["P(pass)", "P(goal)", *known]))
        return self.quantities[name][quantity]

    def heat(self, name: str = "base", minus: str | None = None, goal: bool = False,
             quantity: str | None = None) -> dict[str, Any]:
        """The cells of a heatmap (JSON-able, what :meth:`heatmap` and the
        RuleLab draw): a caption, a legend, column and row labels, and per
        cell its text, background, a contrasting text colour and why a
        setting is not allowed. ``minus="base"`` shows ``name`` minus that
        rule set in percentage points; ``quantity`` another chance than
        P(pass) (``goal=True``: P(goal))."""
        if name not in self.names or (minus is not None and minus not in self.names):
            raise SpecError("name", minus if name in self.names else name, "one of " + ", ".join(self.names))
        what = quantity or ("P(goal)" if goal else "P(pass)")
        grid = self.grid(name, what)
        if minus is not None:
            grid = grid - self.grid(minus, what)
        g2 = grid if grid.ndim == 2 else grid[:, None]
        why2 = self.why[name] if grid.ndim == 2 else self.why[name][:, None]
        rows_axis, rows = self.axes[0]
        cols_axis, cols = self.axes[1] if len(self.axes) > 1 else ("", ("",))
        rows_axis, cols_axis = self._label(rows_axis), self._label(cols_axis)  # as the roller and the lab say them
        said = {"P(pass)": "The chance to pass", "P(goal)": "The chance to reach the goal"}.get(what, what)
        if minus is None:
            caption = f"{said} under {name}, by {rows_axis}" + (f" and {cols_axis}" if cols_axis else "")
            legend = "Darker cells: more likely (the number in each cell is the chance)."
        else:
            caption = f"{said}: {name} minus {minus}, in percentage points, by {rows_axis}" + (
                f" and {cols_axis}" if cols_axis else "")
            legend = "Orange-red: more likely under " + name + "; blue: less likely (the number says by how much)."
        top = max(1e-12, float(np.nanmax(np.abs(g2)))) if np.isfinite(g2).any() else 1.0
        out_rows = []
        for i, r in enumerate(rows):
            cells: list[dict[str, Any]] = []
            for j in range(len(cols)):
                v = float(g2[i, j])
                if np.isnan(v):
                    cells.append({"text": "not allowed", "bg": "", "fg": "", "why": str(why2[i, j]), "value": None})
                    continue
                if minus is None:
                    bg = _VIRIDIS[min(9, int(v * 10))]
                    text = percent_text(v)  # the one rule: halves up, 100 % only when certain
                else:
                    k = int(np.clip(round(v * 4 / top) + 4, 0, 8)) if v else 4
                    bg = _DIVERGING[k]
                    text = _points(v, minus="−").replace(" points", "")
                cells.append({"text": text, "bg": bg, "fg": _text_on(bg), "why": "", "value": v})
            out_rows.append({"label": f"{rows_axis} {r}", "cells": cells})
        return {"caption": caption, "legend": legend, "cols": [f"{cols_axis} {c}".strip() for c in cols],
                "rows": out_rows, "axes": [rows_axis, cols_axis]}

    def _label(self, axis: str) -> str:
        """An axis as the lab says it: a field by its label ("Dice (job level)"), a rule knob by its name."""
        from ..contract.edition import fields_of

        kind = fields_of(self.spec["edition"], self.spec["roll"], self.spec.get("rules")).get(axis) if axis else None
        return getattr(kind, "label", "") or axis

    def heatmap(self, name: str = "base", minus: str | None = None, goal: bool = False,
                quantity: str | None = None) -> str:
        """An accessible HTML heatmap: a table with the number in each cell
        and a caption; the colour (a colour-blind-safe scale) only repeats
        the number. ``minus="base"`` shows ``name`` minus that rule set in
        percentage points; ``quantity`` another chance (:meth:`heat`)."""
        d = self.heat(name, minus, goal, quantity)
        e = html_text
        head = "".join(f"<th scope='col'>{e(c)}</th>" for c in d["cols"])
        body = []
        for r in d["rows"]:
            cells = "".join(f"<td title='{e(c['why'])}'>not allowed</td>" if c["value"] is None
                            else f"<td style='background:{e(c['bg'])};color:{e(c['fg'])}'>{e(c['text'])}</td>"
                            for c in r["cells"])
            body.append(f"<tr><th scope='row'>{e(r['label'])}</th>{cells}</tr>")
        return (f"<table class='vw-heatmap'><caption>{e(d['caption'])}</caption><thead><tr><td></td>{head}</tr></thead>"
                f"<tbody>{''.join(body)}</tbody></table><p class='vw-legend'>{e(d['legend'])}</p>")

    def _repr_html_(self) -> str:
        parts = [self.heatmap(n) for n in self.names]
        parts += [self.heatmap(n, minus="base") for n in self.names[1:]]
        return "<div class='vw-sweep'>" + "".join(parts) + "</div>"

    def __repr__(self) -> str:
        axes = " x ".join(f"{a} ({len(v)})" for a, v in self.axes)
        return f"<sweep of {self.spec['edition']} {self.spec['roll']} over {axes}; rules: {', '.join(self.names)}>"


def _listed(a: np.ndarray) -> list:
    return [[None if np.isnan(x) else float(x) for x in row] for row in a.reshape(a.shape[0], -1)]


def cell(spec: Mapping[str, Any], setting: Mapping[str, Any], rules: Any, priced: bool = True) -> dict:
    """The normalized spec of one cell of a sweep: ``spec`` (normalized) with
    ``setting`` (axis -> value), played by ``rules`` (rule knobs, or another
    edition); raises the engine's SpecError where the cell is not allowed
    (``priced=False``: by the rules alone, not the odds' cost guard)."""
    fields = {k: v for k, v in setting.items() if not k.startswith("rules.")}
    knobs = {k[len("rules."):]: v for k, v in setting.items() if k.startswith("rules.")}
    s = dict(spec, **fields)
    other = edition_of(rules)
    if other is not None:  # another edition (a draft): played by it, with the knob axis of its own
        moved = on_edition(s, other, priced and not knobs)
        return with_rules(moved, knobs, priced) if knobs else moved
    merged = layered(rules, knobs)  # the axis's knob over the variant's, key by key, both over the spec's
    return with_rules(s, merged, priced) if merged else normalize(s, priced)


class Cells(Sequence):
    """The cells of a sweep as the specs they compute (made as they are read:
    the work model prices a sample of them); a cell the rules refuse as a
    spec that is refused at once."""

    def __init__(self, base: Mapping[str, Any], settings: Sequence[Mapping[str, Any]], rules: Any) -> None:
        self.base, self.settings, self.rules = base, settings, rules

    def __len__(self) -> int:
        return len(self.settings)

    def __getitem__(self, i: Any) -> Any:
        try:
            return cell(self.base, self.settings[i], self.rules)
        except SpecError:
            return {"edition": None}


def _playable(base: Mapping[str, Any], name: str, rules: Any) -> None:
    """A variant every cell could play: an edition that is loaded, knobs
    the edition has (as :func:`~.compare.compare` refuses them, naming the
    variant); else every cell of its grid would be empty, with nothing said."""
    other = edition_of(rules)
    try:
        if other is not None:
            edition_and_roll(other)
        else:
            check_rules(base["edition"], layered(base.get("rules") or {}, rules))
    except SpecError as err:
        raise SpecError(f"variants.{name}: {err.field}", err.value, err.allowed, err.hint) from None


def sweep(spec: Mapping[str, Any], over: Mapping[str, Iterable], variants: Mapping[str, Any] | None = None) -> Sweep:
    """P(pass) and P(goal) of ``spec`` over one or two axes (``over``: field
    or ``"rules.<knob>"`` -> values), for the base rules and each variant
    (name -> rule knobs, merged over the spec's own rules; or another
    edition, a loaded draft or its id)."""
    if not isinstance(over, Mapping) or not 1 <= len(over) <= 2:
        raise SpecError("over", over, "a dict of one or two axes, e.g. {'dice': range(1, 11), 'factors': range(5)}")
    base = normalize(spec)
    for k in over:
        if not isinstance(k, str):
            raise SpecError("over", k, "axis names that are strings: a field, or a rule knob as 'rules.<knob>'")
    # each axis read with a bound before the grid is counted (an endless iterator is refused, not read)
    axes = tuple((k, tuple(read_list(f"over.{k}", v, MAX_CELLS, f"a list of values (at most {MAX_CELLS})")))
                 for k, v in over.items())
    for axis, values in axes:
        if not values:
            raise SpecError(f"over.{axis}", list(values), "at least one value")
        if not axis.startswith("rules.") and axis not in base:
            raise SpecError("over", axis, "a field of this roll (" + ", ".join(k for k in base if k != "rules")
                            + ") or a rule knob as 'rules.<knob>'")
    shape = tuple(len(v) for _, v in axes)
    if int(np.prod(shape)) > MAX_CELLS:
        raise SpecError("over", {a: len(v) for a, v in axes}, f"at most {MAX_CELLS} cells")
    if variants is not None and not isinstance(variants, Mapping):
        raise SpecError("variants", variants, "a dict of name -> rule knobs, e.g. {'Bronze 4-6': "
                                              "{'success_from': {'bronze': 4}}}")
    variants = dict(variants or {})
    names = ("base",) + tuple(str(n) for n in variants)
    if len(set(names)) != len(names):
        raise SpecError("variants", list(variants), "names other than 'base', each once")
    rule_sets: dict[str, Any] = {"base": {}}
    for n, r in variants.items():
        if edition_of(r) is None and not isinstance(r, Mapping):
            raise SpecError(f"variants.{n}", r, "a dict of rule knobs, or another edition (a loaded draft)")
        _playable(base, str(n), r)
        rule_sets[str(n)] = r if edition_of(r) is not None else dict(r)
    cells = [{axis: values[i] for (axis, values), i in zip(axes, idx)} for idx in product(*(range(n) for n in shape))]
    _work.check("over", {a: len(v) for a, v in axes}, [_work.Job({}, Cells(base, cells, rule_sets[n])) for n in names],
                f"the {len(cells):,} cells of {len(names)} rule {'set' if len(names) == 1 else 'sets'}",
                "fewer cells (fewer values on an axis), or fewer variants")
    p_pass, p_goal, why, quantities = {}, {}, {}, {}
    for name in names:
        pp, pg = np.full(shape, np.nan), np.full(shape, np.nan)
        wy = np.full(shape, "", dtype=object)
        qs: dict[str, np.ndarray] = {}
        for idx in product(*(range(n) for n in shape)):
            setting = {axis: values[i] for (axis, values), i in zip(axes, idx)}
            try:
                o = odds_of_normalized(cell(base, setting, rule_sets[name]))
            except SpecError as err:
                wy[idx] = str(err)
                continue
            pp[idx], pg[idx] = o.p_pass, o.p_goal
            for q, v in reported(o).items():
                if q not in (PASS, GOAL):
                    qs.setdefault(q, np.full(shape, np.nan))[idx] = v
        allowed = ~np.isnan(pp)
        for grid in qs.values():  # a chance a cell does not report: 0 there (it cannot happen)
            grid[allowed & np.isnan(grid)] = 0.0
        p_pass[name], p_goal[name], why[name], quantities[name] = pp, pg, wy, qs
    every = dict.fromkeys(q for qs in quantities.values() for q in qs)
    for name, qs in quantities.items():  # every rule set has every chance any reports, in one order
        quantities[name] = {q: qs[q] if q in qs else np.where(np.isnan(p_pass[name]), np.nan, 0.0) for q in every}
    return Sweep(base, axes, names, p_pass, p_goal, why, quantities)
