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
import traitlets

from ..engine import spec as _spec
from ..engine.compare import Comparison, compare
from ..engine.cost import most_rolls
from ..engine.errors import SpecError
from ..engine.rules_api import rules as _rules
from ..engine.sample import sample
from ..engine.sweep import sweep
from ._assets import esm
from .rolllog import _ANY, _NONE, _STR, MessageError, check_request, error_text
from .rollers import CheckRoller, PoolRoller, TaskRoller

VARIANTS = ("A", "B")
SHOWS = ("A", "B", "B-A")
MAX_AXIS = 12  # values per heatmap axis
MAX_NAME = 30
SAMPLE_ROLLS = 20_000  # seeded rolls shown beside odds that are not a fraction (exploding dice)
SAMPLE_SECONDS = 0.1  # at most, estimated, for each (base, A, B): fewer rolls of dice that roll on, or none
#: Every request the view may send: ``do`` and the type of each field.
REQUESTS: dict[str, dict[str, tuple[str, ...]]] = {
    "knob": {"variant": (_STR,), "name": (_STR,), "value": (_ANY,)},
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

    def __init__(self, roller: Any, *, a: Mapping | None = None, b: Mapping | None = None,
                 names: tuple[str, str] = ("A", "B"), axes: tuple[str, str] | None = None) -> None:
        self.roller = roller
        edition = roller.edition
        knobs = _rules(edition)
        variants = {"A": self._checked(edition, a or {}, "a"), "B": self._checked(edition, b or {}, "b")}
        super().__init__(_esm=esm("rulelab"), edition=edition, knobs=knobs.describe(), variants=variants,
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
            return _spec.check_rules(edition, rules)
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
        except Exception as err:  # noqa: BLE001 - shown in the view, never lost in the comm handler
            self.error = error_text(err)

    def _handle(self, content: Any) -> None:
        action = check_request(content, REQUESTS, "the rule lab")
        variant: str = content.get("variant")  # checked just below
        if action in ("knob", "reset", "rename") and variant not in VARIANTS:
            raise MessageError("variant", variant, "A or B")
        if action == "knob":
            name, value = content.get("name"), content.get("value")
            knob = self._knob(name)
            rules = dict(self.variants[variant])
            rules[knob.name] = value
            checked = _spec.check_rules(self.edition, rules)  # SpecError names rules.<knob>
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
        self.error = ""

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
            s = sweep(base, over=over, variants={na: self.variants["A"], nb: self.variants["B"]})
            heat = s.heat(nb, minus=na) if self.show == "B-A" else s.heat(na if self.show == "A" else nb)
        self.view = {
            "ok": True,
            "names": {"base": "base", "A": na, "B": nb},
            "p_pass": {"base": c.p_pass["base"], "A": c.p_pass[na], "B": c.p_pass[nb]},
            "p_goal": {"base": c.p_goal["base"], "A": c.p_goal[na], "B": c.p_goal[nb]},
            "verdicts": {"A": c.verdicts[na], "B": c.verdicts[nb]},
            "rows": [{"at": str(r["at least"]), "base": r["base"], "A": r[na], "B": r[nb]} for r in data["rows"]],
            "notes": data["notes"],
            "heat": heat,
            "sample": self._samples(c, {"base": "base", "A": na, "B": nb}),
        }

    @staticmethod
    def _samples(c: Comparison, names: Mapping[str, str]) -> dict[str, Any]:
        """For odds that are not a fraction (exploding dice): seeded rolls
        beside them. Rational odds (past 2**53 too) are exact: never sampled."""
        out = {}
        for key, name in names.items():
            o = c.odds[name]
            n = min(SAMPLE_ROLLS, most_rolls(o.spec, SAMPLE_SECONDS)) if not o.rational else 0
            if n:  # as many rolls as the lab's time allows (dice that roll on cost more; none past it)
                s = sample(o.spec, n=n, seed=1)
                out[key] = {"n": s.n, "p": s.p_pass, "exact": o.p_pass, "spread": s.spread, "cut": o.truncated,
                            "checkpoints": [list(cp) for cp in s.checkpoints], "verdict": s.verdict()}
        return out

    def __repr__(self) -> str:
        return f"LabPanel(edition={self.edition!r}, A={self.variants.get('A')!r}, B={self.variants.get('B')!r})"


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
        """The live lab, plus a still HTML picture of its comparison for where no kernel runs."""
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, dict) and self.comparison is not None:
            data["text/html"] = self.comparison._repr_html_()
        return data

    def __repr__(self) -> str:
        p = self.panel
        return (f"RuleLab(edition={p.edition!r}, roll={self.roller.roll!r}, A={p.variants['A']!r}, "
                f"B={p.variants['B']!r})")
