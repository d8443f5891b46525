"""``RuleLab``: a playtester changes a rule and sees, exactly, what it does.

One cell: the base roll (the same roller as everywhere, so the same
controls), the edition's rule knobs with their defaults and seed sentences,
two variants A and B, the exact odds of the base and both variants side by
side with the differences and a verdict in words (:func:`vw.compare
<venus_widgets.engine.compare.compare>`), and a heatmap over two fields the
user picks (:func:`vw.sweep <venus_widgets.engine.sweep.sweep>`), showing
A, B or B minus A, every number written in its cell.

>>> from venus_widgets.widgets import RuleLab
>>> lab = RuleLab(a={"success_from": {"bronze": 4}}, b={"threshold_base": 2}, dice=3)
>>> lab
RuleLab(edition='playtest', roll='task', A={'success_from': {'bronze': 4, 'silver': 4, 'gold': 3, 'platinum': 2}}, B={'threshold_base': 2})
>>> lab.panel.view["verdicts"]["A"]
'+17.1 points to pass (1 success): 70.4 % -> 87.5 %; biggest change at 2 or more: +24.1 points'

The view never writes a trait: it sends requests, checked by one path
(:meth:`LabPanel._handle`); a value a knob does not take is shown in the
view with what it takes, never raised into the kernel.
"""

from __future__ import annotations

from typing import Any, Mapping

import anywidget
import ipywidgets
import numpy as np
import traitlets

from ..engine import edition as _edition
from ..engine import spec as _spec
from ..engine.compare import Comparison, compare
from ..engine.errors import SpecError
from ..engine.knobs import values as _knob_values
from ..engine.rules_api import rules as _rules
from ..engine.sample import sample
from ..engine.sweep import sweep
from . import _rules as _words
from . import _static
from ._assets import esm
from .rolllog import _ANY, _NONE, _STR, MessageError, check_request, error_text
from .rollers import CheckRoller, PoolRoller, TaskRoller

VARIANTS = ("A", "B")
#: the heatmap's views: a rule set's chances, or one minus another in points
SHOWS = ("A", "B", "A-base", "B-base", "B-A")
MAX_AXIS = 12  # values per heatmap axis
MAX_NAME = 30
SAMPLE_ROLLS = 20_000  # seeded rolls shown beside odds that are not a fraction (exploding dice)
#: Every request the view may send: ``do`` and the type of each field.
REQUESTS: dict[str, dict[str, tuple[str, ...]]] = {
    "knob": {"variant": (_STR,), "name": (_STR,), "value": (_ANY,), "key": (_STR, _NONE)},
    "reset": {"variant": (_STR,), "name": (_STR, _NONE)},
    "rename": {"variant": (_STR,), "name": (_STR,)},
    "axes": {"x": (_STR,), "y": (_STR,)},
    "show": {"value": (_STR,)},
    "clear_error": {},
}


def _roller_for(edition: str, roll: str | None, fields: Mapping[str, Any]) -> Any:
    """The roller that rolls ``roll`` in ``edition`` (its first roller's roll if None),
    built with ``fields``: its own errors (a field out of range) reach the user as they are."""
    fitting = []
    for cls in (TaskRoller, CheckRoller, PoolRoller):
        try:
            kind = cls._roll_kind(edition)
        except traitlets.TraitError:
            continue  # this roller has no roll in this edition
        fitting.append((cls, kind))
    if not fitting:
        TaskRoller(edition=edition)  # raises the registry's error for an unknown edition
    if roll is not None:
        chosen = [cls for cls, kind in fitting if kind == roll]
        if not chosen:
            raise SpecError("roll", roll, " or ".join(kind for _, kind in fitting))
        return chosen[0](edition=edition, **fields)
    for cls, kind in fitting:  # the first whose fields these are
        names = set(_spec.schema(edition, kind))
        if set(fields) - {"layout", "seed", "rules", "log", "by_hand"} <= names:
            return cls(edition=edition, **fields)
    return fitting[0][0](edition=edition, **fields)  # its error names the unknown field


def _axis_options(edition: str, roll: str, rules: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The whole-number fields a heatmap can run over, with their values."""
    out = []
    for name, kind in _spec.schema(edition, roll, rules).items():
        lo, hi = getattr(kind, "lo", None), getattr(kind, "hi", None)
        if isinstance(lo, int) and isinstance(hi, int) and hi > lo:
            hi = min(hi, lo + MAX_AXIS - 1)
            out.append({"name": name, "label": getattr(kind, "label", "") or name, "values": list(range(lo, hi + 1))})
    return out


def _as_given(edition: str, rules: Any) -> dict[str, Any]:
    """A variant's knobs checked as a spec's ``rules`` are, each kept in its
    canonical form even where it equals the rules as read: laid over a base
    roll with rules of its own, a variant that sets a knob back to the rules
    as read must play that value, not the base's.

    >>> _as_given("playtest", {"threshold_base": 1, "success_from": {"bronze": 4}})
    {'success_from': {'bronze': 4, 'silver': 4, 'gold': 3, 'platinum': 2}, 'threshold_base': 1}
    """
    _spec.check_rules(edition, rules)  # every knob, and the rules as a whole; SpecError names rules.<knob>
    return {k.name: k.check(rules[k.name]) for k in _edition.get(edition).KNOBS if k.name in rules}


class LabPanel(anywidget.AnyWidget):
    """The lab beside a roller: knobs, variants, side-by-side odds, heatmap."""

    _esm = traitlets.Unicode().tag(sync=True)
    edition = traitlets.Unicode().tag(sync=True)
    knobs: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    variants: traitlets.Dict[str, Any] = traitlets.Dict().tag(sync=True)
    names: traitlets.Dict[str, Any] = traitlets.Dict({"A": "A", "B": "B"}).tag(sync=True)
    axes: traitlets.List[str] = traitlets.List().tag(sync=True)
    axis_options: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    show = traitlets.Unicode("B-A").tag(sync=True)
    view: traitlets.Dict[str, Any] = traitlets.Dict().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    #: a value a knob did not take, beside its control: ``"<variant>.<knob>[.<key>]"`` -> what was wrong, in words
    field_errors: traitlets.Dict[str, str] = traitlets.Dict().tag(sync=True)

    def __init__(self, roller: Any, *, a: Mapping | None = None, b: Mapping | None = None,
                 names: tuple[str, str] = ("A", "B"), axes: tuple[str, str] | None = None) -> None:
        self.roller = roller
        edition = roller.edition
        knobs = _rules(edition)
        variants = {"A": self._checked(edition, a or {}, "a"), "B": self._checked(edition, b or {}, "b")}
        usable = [k.describe() for k in knobs if k.applies_to(roller.roll)]  # no check knobs for a task
        super().__init__(_esm=esm("rulelab"), edition=edition, knobs=usable, variants=variants,
                         names={"A": self._name(names[0]), "B": self._name(names[1], self._name(names[0]))})
        opts = _axis_options(edition, roller.roll, {})
        self.axis_options = opts
        names_ok = [o["name"] for o in opts]
        if axes is None:
            axes = (names_ok[0], names_ok[1]) if len(names_ok) > 1 else None
        for ax in axes or ():
            if ax not in names_ok:
                raise SpecError("axes", ax, "fields with whole-number values: " + ", ".join(names_ok))
        self.axes = list(axes or ())
        self._comparison: Comparison | None = None
        self._refresh()
        roller.observe(lambda _c: self._refresh(), names=["odds_view"])
        self.observe(lambda _c: self._refresh(), names=["variants", "names", "axes", "show"])
        self.on_msg(self._on_msg)

    # -- the one path for what the browser sends --------------------------------------

    @staticmethod
    def _checked(edition: str, rules: Any, field: str) -> dict[str, Any]:
        try:
            return _as_given(edition, rules)
        except SpecError as err:
            raise SpecError(f"{field}: {err.field}", err.value, err.allowed, err.hint) from None

    @staticmethod
    def _name(name: Any, other: str | None = None) -> str:
        if (not isinstance(name, str) or not name.strip() or name.strip() == "base"
                or len(name.strip()) > MAX_NAME):
            raise MessageError("name", name, f"a name of 1 to {MAX_NAME} characters, not 'base'")
        if other is not None and name.strip() == other:
            raise MessageError("name", name, f"a name other than the other variant's ({other!r})")
        return name.strip()

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self._handle(content)
        except KnobValueError as err:  # said beside the knob, and once in the error line
            if self.field_errors != {err.where: str(err)}:
                self.field_errors = {err.where: str(err)}
            self.error = str(err)
        except Exception as err:  # noqa: BLE001 - shown in the view, never lost in the comm handler
            self.error = error_text(err)

    def _handle(self, content: Any) -> None:
        action = check_request(content, REQUESTS, "the rule lab")
        variant: str = content.get("variant")  # checked just below
        if action in ("knob", "reset", "rename") and variant not in VARIANTS:
            raise MessageError("variant", variant, "A or B")
        if action == "knob":
            name, value, key = content.get("name"), content.get("value"), content.get("key")
            knob = self._knob(name)
            rules = dict(self.variants[variant])
            rules[knob.name] = value
            try:
                checked = _as_given(self.edition, rules)
            except SpecError:
                raise KnobValueError(self, variant, knob, value, key) from None
            self.variants = {**self.variants, variant: checked}
        elif action == "reset":  # one knob back to its default, or the whole variant
            name = content.get("name")
            if name is None:
                self.variants = {**self.variants, variant: {}}
            else:
                rules = {k: v for k, v in self.variants[variant].items() if k != self._knob(name).name}
                self.variants = {**self.variants, variant: rules}
        elif action == "rename":
            other = self.names["B" if variant == "A" else "A"]
            self.names = {**self.names, variant: self._name(content.get("name"), other)}
        elif action == "axes":
            names_ok = [o["name"] for o in self.axis_options]
            axes: list[Any] = [content.get("x"), content.get("y")]
            for ax in axes:
                if ax not in names_ok:
                    raise MessageError("axes", ax, ", ".join(names_ok))
            if axes[0] == axes[1]:
                raise MessageError("axes", axes, "two different fields")
            self.axes = axes
        elif action == "show":
            if content.get("value") not in SHOWS:
                raise MessageError("show", content.get("value"), ", ".join(SHOWS))
            self.show = content["value"]
        if self.field_errors:  # a request the lab took: no knob is left refused
            self.field_errors = {}
        self.error = ""

    def current(self, variant: str, knob: Any) -> Any:
        """The value a variant plays ``knob`` at (its own, else the default)."""
        return self.variants[variant].get(knob.name, knob.default)

    def _knob(self, name: Any) -> Any:
        try:
            return _rules(self.edition)[name]
        except (KeyError, TypeError):
            raise MessageError("name", name, ", ".join(_rules(self.edition).names), "a rule knob") from None

    # -- what the view shows --------------------------------------------------------

    @property
    def comparison(self) -> Comparison | None:
        """The last :class:`Comparison` shown (None while the base roll is not legal)."""
        return self._comparison

    def _refresh(self) -> None:
        try:
            base = self.roller.spec
        except SpecError as err:
            self._comparison = None
            self.view = {"ok": False, "message": str(err)}
            return
        self._show_base_rules(base)
        na, nb = self.names["A"], self.names["B"]
        try:
            c = compare(base, {na: self.variants["A"], nb: self.variants["B"]})
        except SpecError as err:
            self._comparison = None
            self.view = {"ok": False, "message": str(err)}
            return
        self._comparison = c
        data = c.to_json()
        heat: dict[str, Any] = {}
        if len(self.axes) == 2:
            over = {ax: next(o["values"] for o in self.axis_options if o["name"] == ax) for ax in self.axes}
            variants = {na: self.variants["A"], nb: self.variants["B"]}
            s = sweep(base, over=over, variants=variants)
            kept = _kept_values(s)  # no row or column where no rule set can pass (e.g. dice 0)
            if kept != over:
                s = sweep(base, over=kept, variants=variants)
            name, minus = {"A": (na, None), "B": (nb, None), "A-base": (na, "base"), "B-base": (nb, "base"),
                           "B-A": (nb, na)}[self.show]
            heat = s.heat(name, minus=minus)
        self.view = {
            "ok": True,
            "names": {"base": "base", "A": na, "B": nb},
            "p_pass": {"base": c.p_pass["base"], "A": c.p_pass[na], "B": c.p_pass[nb]},
            "p_goal": {"base": c.p_goal["base"], "A": c.p_goal[na], "B": c.p_goal[nb]},
            "verdicts": {"A": c.verdicts[na], "B": c.verdicts[nb]},
            "rows": [{"at": str(r["at least"]), "label": r["label"], "tick": r["tick"], "base": r["base"], "A": r[na],
                      "B": r[nb]} for r in data["rows"]],
            "notes": data["notes"],
            "heat": heat,
            "sample": self._samples(c, {"base": "base", "A": na, "B": nb}),
        }

    def _show_base_rules(self, base: Mapping[str, Any]) -> None:
        """Each knob's value under the base roll (``base`` in ``knobs``):
        where a variant does not change a knob it plays the base's value,
        and a per-caliber knob changed in the view starts from the base's
        calibers, so a base roll with rules of its own keeps them
        (docs/rule_lab.md, how a variant's rules are laid)."""
        played = _knob_values(_edition.get(self.edition).KNOBS, base.get("rules") or {})
        knobs = [{**k, "base": played[k["name"]]} for k in self.knobs]
        if knobs != self.knobs:
            self.knobs = knobs

    @staticmethod
    def _samples(c: Comparison, names: Mapping[str, str]) -> dict[str, Any]:
        """For odds that are not a fraction (exploding dice): seeded rolls beside them."""
        out = {}
        for key, name in names.items():
            o = c.odds[name]
            if o.exact is None:
                s = sample(o.spec, n=SAMPLE_ROLLS, seed=1)
                out[key] = {"n": s.n, "p": s.p_pass, "exact": o.p_pass, "spread": s.spread, "cut": o.truncated,
                            "checkpoints": [list(cp) for cp in s.checkpoints], "verdict": s.verdict()}
        return out

    def __repr__(self) -> str:
        return f"LabPanel(edition={self.edition!r}, A={self.variants.get('A')!r}, B={self.variants.get('B')!r})"

    def snapshot_html(self) -> str:
        """The lab as it stands, as static HTML (no script): the base roll,
        the knobs each variant changes (in the table's words), the chances,
        the verdicts, the differences and the heatmap, each picture with alt
        text and its numbers in a table too."""
        e = _static.html.escape
        v = self.view
        roller = self.roller
        head = _static._head("RuleLab", f"the rule lab, {self.edition} {roller.roll}", "to change the rules")
        base = _static.settings_text([(f["label"], getattr(roller, f["name"])) for f in roller.fields])
        if not v.get("ok"):
            return f"<div class='vw-static'>{head}<p>Base roll: {e(base)}</p><p>No odds: {e(v.get('message', ''))}</p></div>"
        n = v["names"]
        knobs = {k["name"]: k for k in self.knobs}
        changed = "".join(
            f"<li><strong>{e(n[var])}</strong>: " + ("; ".join(
                f"{e(knobs[k]['label'] if k in knobs else k)} ({e(k)}) {e(_knob_words(val))}"
                for k, val in self.variants[var].items()) or "the rules as read") + "</li>"
            for var in VARIANTS)
        chances = ", ".join(f"{e(n[k])} {_words.percent(v['p_pass'][k])}" for k in ("base", "A", "B"))
        verdicts = "".join(f"<li><strong>{e(n[k])}</strong>: {e(v['verdicts'][k])}</li>" for k in VARIANTS)
        rows = _diff_rows(v["rows"])
        svg, w, h = _diff_svg(v, rows)
        alt = ("Chance to pass: " + chances + ". Differences from the base, in percentage points: "
               + "; ".join(f"{_at_words(r['at'], r.get('label'))}: {n['A']} {_pts(r['A'] - r['base'])}, {n['B']} {_pts(r['B'] - r['base'])}"
                           for r in rows) + ".")
        table = _static.html_table(
            "Chance under each rule set; differences in percentage points",
            ["base", n["A"], n["B"], f"{n['A']} − base", f"{n['B']} − base"],
            [(_at_words(r["at"], r.get("label")), [_words.percent(r["base"]), _words.percent(r["A"]), _words.percent(r["B"]),
                                   _pts(r["A"] - r["base"]), _pts(r["B"] - r["base"])]) for r in v["rows"]])
        out = (f"<div class='vw-static'>{head}<p>Base roll: {e(base)}</p><ul>{changed}</ul>"
               f"<p>Chance to pass: <strong>{e(chances)}</strong></p><ul>{verdicts}</ul>"
               f"<p>{_static.image(svg, alt, w, h)}</p><details><summary>Table of the odds and differences</summary>"
               f"{table}</details>")
        heat = v.get("heat") or {}
        if heat.get("rows"):
            grid = [(r["label"], [(c["text"], c["bg"], c["fg"], False) for c in r["cells"]]) for r in heat["rows"]]
            hsvg, hw, hh = _static.grid_svg(heat["caption"], heat["cols"], grid, row_head=90, col_w=70)
            cells = [(r["label"], c, cell) for r in heat["rows"] for c, cell in zip(heat["cols"], r["cells"])
                     if cell["value"] is not None]
            lo = min(cells, key=lambda x: x[2]["value"])
            hi = max(cells, key=lambda x: x[2]["value"])
            halt = (f"A heatmap, {heat['caption']}: from {lo[2]['text']} ({lo[0]}, {lo[1]}) to {hi[2]['text']} "
                    f"({hi[0]}, {hi[1]}); every cell's number is in the table under it.")
            out += (f"<p>{_static.image(hsvg, halt, hw, hh)}</p><p>{e(heat['legend'])}</p><details><summary>The heatmap "
                    f"as a table</summary>{_static.html_table(heat['caption'], heat['cols'], [(r['label'], [c['text'] for c in r['cells']]) for r in heat['rows']])}"
                    "</details>")
        return out + "</div>"


class RuleLab(ipywidgets.VBox):
    """The rule lab (see the module): ``RuleLab(edition, roll=None, a=rules,
    b=rules, names=("A", "B"), axes=("dice", "factors"), **fields)``; the
    fields are the base roll's, as for its roller."""

    def __init__(self, edition: str | None = None, roll: str | None = None, *, a: Mapping | None = None,
                 b: Mapping | None = None, names: tuple[str, str] = ("A", "B"), axes: tuple[str, str] | None = None,
                 **fields: Any) -> None:
        roller = _roller_for(edition or TaskRoller._default_edition(), roll, fields)
        self.roller = roller
        self.panel = LabPanel(roller, a=a, b=b, names=names, axes=axes)
        super().__init__([roller, self.panel])

    @property
    def comparison(self) -> Comparison | None:
        """The odds shown: base, A and B (:class:`Comparison`)."""
        return self.panel.comparison

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live lab, plus its still (``text/html``: what the lab shows, as
        pictures with alt text and tables) for where no kernel runs."""
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, dict):
            data["text/html"] = self.roller.snapshot_html() + self.panel.snapshot_html()
        return data

    def __repr__(self) -> str:
        p = self.panel
        return (f"RuleLab(edition={p.edition!r}, roll={self.roller.roll!r}, A={p.variants['A']!r}, "
                f"B={p.variants['B']!r})")


class KnobValueError(ValueError):
    """A value a knob does not take, in the table's words: the variant, the
    knob by its label (code name after it), what was typed, what it takes,
    and the value the variant keeps. ``where`` names the control."""

    def __init__(self, panel: LabPanel, variant: str, knob: Any, value: Any, key: Any = None) -> None:
        vname = panel.names[variant]
        kept = panel.current(variant, knob)
        typed, keeps, takes = value, kept, knob.allowed
        if isinstance(key, str) and isinstance(value, Mapping) and isinstance(kept, Mapping):
            typed, keeps = value.get(key), kept.get(key)
            form = knob.kind.form.get("of", {})
            takes = _form_words(form)
        self.where = f"{variant}.{knob.name}" + (f".{key}" if isinstance(key, str) else "")
        what = f"{knob.label or knob.name}" + (f", {key}" if isinstance(key, str) else "")
        super().__init__(f"In {vname}, {what}: {_words.plain_value(typed)} is not applied. It takes {takes}; "
                         f"{vname} keeps {_words.plain_value(keeps)}.")


def _form_words(form: Mapping[str, Any]) -> str:
    """What one value of a per-key knob takes, in words."""
    if form.get("type") == "int":
        words = f"a whole number from {form['lo']} to {form['hi']}"
        return words + (f", or none ({form['none']})" if form.get("optional") else "")
    if form.get("type") == "bool":
        return "yes or no"
    return "another value"


def _kept_values(s: Any) -> dict[str, list]:
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


def _pts(d: float) -> str:
    """A difference of two chances in points, one decimal: "+12.3", "−5.0", "±0"."""
    if abs(d) < 5e-13:
        return "±0"
    return f"{'+' if d > 0 else '−'}{abs(d) * 100:.1f}"


def _at_words(at: str, label: str | None = None) -> str:
    return label or {"pass": "P(pass)", "goal": "P(goal)"}.get(at, f"at least {at}")


def _knob_words(value: Any) -> str:
    """A knob's value as the lab shows it: "bronze 4 · silver 4", "none", "yes"."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(x) for x in value)
    if isinstance(value, Mapping):
        return " · ".join(f"{k} {_knob_words(x)}" for k, x in value.items())
    return str(value)


def _diff_rows(rows: list[dict]) -> list[dict]:
    """The differences the chart shows: not a chance certain under every rule set ("at least 0")."""
    return [r for r in rows if not (r["base"] >= 1 and r["A"] >= 1 and r["B"] >= 1)]


def _diff_svg(v: Mapping[str, Any], rows: list[dict]) -> tuple[str, int, int]:
    """The still's picture of the lab's head: the three chances, then the
    differences from the base (filled: A, outlined: B), numbers on the bars."""
    t = _static._text
    width = max(400, 60 * len(rows) + 40)
    half = 56
    top = 70
    height = top + 2 * half + 40
    n = v["names"]
    body = []
    for i, k in enumerate(("base", "A", "B")):
        x = 12 + i * (width - 24) / 3
        body.append(t(x, 20, str(n[k]) if k != "base" else "base (rules as read)", _static.SMALL, fill="#444444"))
        body.append(t(x, 50, _words.percent(v["p_pass"][k]), 26, weight="bold"))
    diffs = [(r["A"] - r["base"], r["B"] - r["base"]) for r in rows]
    peak = max([abs(d) for pair in diffs for d in pair] + [1e-9])
    zero = top + half
    body.append(f"<line x1='10' x2='{width - 10}' y1='{zero}' y2='{zero}' stroke='{_static.INK}'/>")
    group = (width - 20) / max(1, len(rows))
    bw = min(34.0, group * 0.4)
    for i, (r, pair) in enumerate(zip(rows, diffs)):
        x0 = 10 + i * group + (group - 2 * bw) / 2
        for j, d in enumerate(pair):
            bh = abs(d) / peak * half
            y = zero - bh if d > 0 else zero
            look = (f"fill='{_static.PASS}'" if j == 0 else f"fill='{_static.PAPER}' stroke='#D55E00' stroke-width='2'")
            body.append(f"<rect x='{x0 + j * bw:.1f}' y='{y:.1f}' width='{bw - 3:.1f}' height='{max(bh, 0.5):.1f}' {look}/>")
            if abs(d) >= 5e-4 and group >= 44:
                body.append(t(x0 + j * bw + (bw - 3) / 2, y - 3 if d > 0 else y + bh + 12, _pts(d), _static.SMALL, "middle"))
        label = r.get("tick") or {"pass": "pass", "goal": "goal"}.get(r["at"], f"≥{r['at']}")
        body.append(t(10 + i * group + group / 2, height - 8, label, _static.SMALL, "middle"))
    return _static._svg(width, height, body), width, height
