"""The rule lab's panel beside its roller: the edition's rule knobs, two
variants A and B, the exact odds of the base and both side by side with
the differences and a verdict in words (:func:`vw.compare
<venus_widgets.engine.tools.compare.compare>`), seeded rolls beside odds that
are not a fraction, and a heatmap over two fields (:mod:`.lab_heatmap`).

The view never writes a trait: it sends requests (:data:`REQUESTS`),
checked by the one path every widget inherits
(:class:`~venus_widgets.widgets.from_view.ViewChecked`); a value a knob does
not take is said beside the knob (:class:`KnobValueError`) and the
variant keeps its value.
"""

from __future__ import annotations

from typing import Any, Mapping

import anywidget
import traitlets

from ..engine.contract import edition as _edition
from ..engine.api import odds
from ..engine.tools.compare import Comparison, compare, edition_of, with_rules
from ..engine.errors import SpecError
from ..engine.contract.knobs import values as _knob_values
from ..engine.tools.rules_view import rules as _rules
from . import lab_heatmap, lab_still, plain_words, reloaded, stills
from ._assets import esm
from .from_view import ANY, NONE, STR, MessageError, ViewChecked, traited
from .lab_view import SAMPLE_ROLLS, SAMPLE_SECONDS, odds_view, samples  # noqa: F401  (the lab's figures, re-exported)
from .lab_words import KnobValueError, card, field_labels, knob_words, knobs_as_given, rules_arg, two_texts, plain_refusal

VARIANTS = ("A", "B")
#: the heatmap's views: a rule set's chances, or one minus another in points
SHOWS = ("A", "B", "A-base", "B-base", "B-A")
MAX_NAME = 30
#: Every request the view may send: ``do`` and the type of each field.
REQUESTS: dict[str, dict[str, tuple[str, ...]]] = {
    "knob": {"variant": (STR,), "name": (STR,), "value": (ANY,), "key": (STR, NONE)},
    "reset": {"variant": (STR,), "name": (STR, NONE)},
    "rename": {"variant": (STR,), "name": (STR,)},
    "axes": {"x": (STR,), "y": (STR,)},
    "show": {"value": (STR,)},
    "clear_error": {},
}

class LabPanel(ViewChecked, anywidget.AnyWidget):
    """The lab beside a roller: knobs, variants, side-by-side odds, heatmap."""

    requests = REQUESTS
    _who = "the rule lab"

    _esm = traitlets.Unicode().tag(sync=True)
    edition = traitlets.Unicode(help="The edition whose rule knobs the lab varies").tag(sync=True)
    knobs: traitlets.List[dict[str, Any]] = traitlets.List(help="The edition's rule knobs (vw.rules)").tag(sync=True)
    variants: traitlets.Dict[str, Any] = traitlets.Dict(
        help="The rule knobs of variants A and B (each checked: only knobs that differ from the defaults)"
    ).tag(sync=True)
    drafts: traitlets.Dict[str, str] = traitlets.Dict(
        {"A": "", "B": ""},
        help="The edition each variant plays by when it is another draft (its id), '' for the roller's own"
    ).tag(sync=True)
    names: traitlets.Dict[str, Any] = traitlets.Dict(
        {"A": "A", "B": "B"}, help="The names shown for variants A and B").tag(sync=True)
    axes: traitlets.List[str] = traitlets.List(help="The two fields the heatmap runs over").tag(sync=True)
    axis_options: traitlets.List[dict[str, Any]] = traitlets.List(
        help="The whole-number fields a heatmap can run over, with their values").tag(sync=True)
    show = traitlets.Unicode("B-A", help="What the heatmap shows: A, B, A-base, B-base or B-A").tag(sync=True)
    view: traitlets.Dict[str, Any] = traitlets.Dict(help="What the view draws (computed in Python)").tag(sync=True)
    field_errors: traitlets.Dict[str, str] = traitlets.Dict(
        help="A value a knob did not take, beside its control: '<variant>.<knob>[.<key>]' -> what was wrong, "
             "in words").tag(sync=True)

    def __init__(self, roller: Any, *, a: Any = None, b: Any = None,
                 names: Any = ("A", "B"), axes: Any = None) -> None:
        self.roller = roller
        edition = roller.edition
        knobs = _rules(edition)
        drafts = {"A": self._draft(a, roller.roll, "a"), "B": self._draft(b, roller.roll, "b")}
        variants = {v: {} if drafts[v] else self._checked(edition, rules_arg(v.lower(), given), v.lower())
                    for v, given in (("A", a), ("B", b))}
        for v, rules in variants.items():
            self._playable(roller, rules, v.lower())
        na, nb = two_texts("names", names, "the names of variants A and B")
        first = self._name(na, field="names")
        usable = [card(k) for k in knobs if k.applies_to(roller.roll)]  # no check knobs for a task
        super().__init__(_esm=esm("rulelab"), edition=edition, knobs=usable, variants=variants,
                         drafts=drafts, names={"A": first, "B": self._name(nb, first, field="names")})
        opts = lab_heatmap.axis_options(edition, roller.roll, {})
        self.axis_options = opts
        names_ok = [o["name"] for o in opts]
        if axes is None:
            axes = (names_ok[0], names_ok[1]) if len(names_ok) > 1 else None
        else:
            axes = two_texts("axes", axes, "two fields with whole-number values: " + ", ".join(names_ok))
            if axes[0] == axes[1]:
                raise MessageError("axes", list(axes), "two different fields")
        for ax in axes or ():
            if ax not in names_ok:
                raise SpecError("axes", ax, "fields with whole-number values: " + ", ".join(names_ok))
        self.axes = list(axes or ())
        self._comparison: Comparison | None = None
        self._version, self._stale = _edition.get(edition).VERSION, ""
        self._refresh()
        reloaded.follow(self)
        roller.observe(lambda _c: self._refresh(), names=["odds_view"])
        self.observe(lambda _c: self._refresh(), names=["variants", "drafts", "names", "axes", "show"])

    # -- the one path for what the browser sends (ViewChecked's hooks) -------------------------

    def _state_names(self) -> tuple[str, ...]:
        return ("variants", "drafts", "names", "axes", "show")

    def _state_problem(self) -> str | None:
        try:
            self._check_variants(self.variants)
            self._check_drafts(self.drafts)
            self._check_names(self.names)
            self._check_axes(self.axes)
            self._check_show(self.show)
        except SpecError as err:
            return str(err)
        return None

    def _check_variants(self, value: Any) -> dict[str, Any]:
        if not isinstance(value, Mapping) or set(value) != set(VARIANTS):
            raise MessageError("variants", value, "the rule knobs of variants A and B: {'A': {...}, 'B': {...}}")
        return {v: self._checked(self.edition, value[v], f"variants.{v}") for v in VARIANTS}

    def _check_drafts(self, value: Any) -> dict[str, str]:
        if (not isinstance(value, Mapping) or set(value) != set(VARIANTS)
                or not all(isinstance(value[v], str) for v in VARIANTS)):
            raise MessageError("drafts", value, "the draft each variant plays by: {'A': id or '', 'B': id or ''}")
        out = {v: (self._draft(value[v], self.roller.roll, f"drafts.{v}") if value[v] else "") for v in VARIANTS}
        for v in VARIANTS:
            if out[v] and self.variants.get(v):
                raise MessageError(f"drafts.{v}", value[v], "'' while the variant sets rule knobs of its own")
        return out

    def _check_names(self, value: Any) -> dict[str, str]:
        if not isinstance(value, Mapping) or set(value) != set(VARIANTS):
            raise MessageError("names", value, "the names of variants A and B: {'A': ..., 'B': ...}")
        first = self._name(value["A"], field="names.A")
        return {"A": first, "B": self._name(value["B"], first, field="names.B")}

    def _check_axes(self, value: Any) -> list[str]:
        names_ok = [o["name"] for o in self.axis_options]
        if not value and len(names_ok) < 2:
            return []
        axes = two_texts("axes", value, "two fields with whole-number values: " + ", ".join(names_ok))
        for ax in axes:
            if ax not in names_ok:
                raise MessageError("axes", ax, ", ".join(names_ok))
        if axes[0] == axes[1]:
            raise MessageError("axes", list(axes), "two different fields")
        return list(axes)

    @staticmethod
    def _check_show(value: Any) -> str:
        if value not in SHOWS:
            raise MessageError("show", value, ", ".join(SHOWS))
        return value

    @traitlets.validate("variants")
    def _v_variants(self, proposal):
        return traited(self._check_variants, proposal["value"])

    @traitlets.validate("drafts")
    def _v_drafts(self, proposal):
        return traited(self._check_drafts, proposal["value"])

    @traitlets.validate("names")
    def _v_names(self, proposal):
        return traited(self._check_names, proposal["value"])

    @traitlets.validate("axes")
    def _v_axes(self, proposal):
        return traited(self._check_axes, proposal["value"]) if self.axis_options else list(proposal["value"])

    @traitlets.validate("show")
    def _v_show(self, proposal):
        return traited(self._check_show, proposal["value"])


    @staticmethod
    def _checked(edition: str, rules: Any, field: str) -> dict[str, Any]:
        try:
            return knobs_as_given(edition, rules)
        except SpecError as err:
            raise SpecError(f"{field}: {err.field}", err.value, err.allowed, err.hint) from None

    @staticmethod
    def _playable(roller: Any, rules: Mapping[str, Any], field: str) -> None:
        """Knobs each in range that the rules cannot play together (a draft's
        re-roll step taking a face that counts a success) are a SpecError too,
        as an out-of-range knob is; a roll the variant makes too costly is
        said in the panel, as the base's own is."""
        if not rules:
            return
        try:
            with_rules(roller.spec, rules)
        except SpecError as err:
            if err.field.startswith("rules"):
                raise SpecError(f"{field}: {err.field}", err.value, err.allowed, err.hint) from None

    @staticmethod
    def _draft(given: Any, roll: str, field: str) -> str:
        """The id of the edition a variant plays by when it is another one (a
        loaded draft, or its id), else "" (rule knobs of the roller's own)."""
        other = edition_of(given)
        if other is None:
            return ""
        try:
            _edition.get(other)
        except SpecError as err:
            raise SpecError(field, other, err.allowed, "load the draft first: vw.load_edition(path)") from None
        return other

    @staticmethod
    def _name(name: Any, other: str | None = None, field: str = "name") -> str:
        if (not isinstance(name, str) or not name.strip() or name.strip() == "base"
                or len(name.strip()) > MAX_NAME or not name.strip().isprintable()):
            raise MessageError(field, name, f"a name on one line of 1 to {MAX_NAME} characters, not 'base'")
        if other is not None and name.strip() == other:
            raise MessageError(field, name, f"a name other than the other variant's ({other!r})")
        return name.strip()

    def _request(self, action: str, content: Mapping) -> None:
        try:
            self._answer(action, content)
        except KnobValueError as err:  # said beside the knob (and once in the error line, by ViewChecked)
            if self.field_errors != {err.where: str(err)}:
                self.field_errors = {err.where: str(err)}
            raise

    def _answer(self, action: str, content: Mapping) -> None:
        variant: str = content.get("variant")  # type: ignore[assignment]  # checked just below
        if action in ("knob", "reset", "rename") and variant not in VARIANTS:
            raise MessageError("variant", variant, "A or B")
        if action == "knob" and self.drafts.get(variant):
            raise MessageError("variant", variant, "a variant that plays by this roller's rules",
                               f"variant {variant} plays by the draft {self.drafts[variant]}: change that draft's "
                               "file, or reset the variant")
        if action == "knob":
            name, value, key = content.get("name"), content.get("value"), content.get("key")
            knob = self._knob(name)
            rules = dict(self.variants[variant])
            rules[knob.name] = value
            try:
                checked = knobs_as_given(self.edition, rules)
                self._plays(checked)
            except SpecError as err:  # said beside the knob; the variant keeps its last good value
                raise KnobValueError(variant, self.names[variant], knob, value, self.current(variant, knob), key,
                                     refused=err, edition=self.edition, fields=field_labels(self.roller)) from None
            self.variants = {**self.variants, variant: checked}
        elif action == "reset":  # one knob back to its default, or the whole variant
            name = content.get("name")
            if name is None:
                self.variants = {**self.variants, variant: {}}
                self.drafts = {**self.drafts, variant: ""}
            else:  # back to the default only where the rules take it with the variant's other knobs
                knob = self._knob(name)
                rules = {k: v for k, v in self.variants[variant].items() if k != knob.name}
                try:
                    self._plays(rules)
                except SpecError as err:
                    raise KnobValueError(variant, self.names[variant], knob, knob.default, self.current(variant, knob),
                                         refused=err, edition=self.edition, fields=field_labels(self.roller)) from None
                self.variants = {**self.variants, variant: rules}
        elif action == "rename":
            other = self.names["B" if variant == "A" else "A"]
            self.names = {**self.names, variant: self._name(content.get("name"), other)}
        elif action == "axes":
            self.axes = self._check_axes([content.get("x"), content.get("y")])
        elif action == "show":
            self.show = self._check_show(content.get("value"))
        if self.field_errors:  # a request the lab took: no knob is left refused
            self.field_errors = {}
        self.error = ""

    def _plays(self, rules: Mapping[str, Any]) -> None:
        """Knobs each in range may still be refused by the rules as a whole
        on this roll (a face the re-roll step takes that would count, sides
        too few for the faces that succeed, a roll grown too costly): a
        SpecError, raised before the variant takes them. Nothing to check
        while the base roll itself is not legal (its roller says why)."""
        try:
            base = self.roller.spec
        except SpecError:
            return
        odds(with_rules(base, rules))  # cached: the comparison that follows reads it again

    def current(self, variant: str, knob: Any) -> Any:
        """The value a variant plays ``knob`` at (its own, else the default)."""
        return self.variants[variant].get(knob.name, knob.default)

    def _knob(self, name: Any) -> Any:
        knobs = _rules(self.edition)
        if not isinstance(name, str) or name not in knobs.names:
            raise MessageError("name", name, ", ".join(knobs.names), "a rule knob")
        return knobs[name]

    # -- what the view shows --------------------------------------------------------

    @property
    def comparison(self) -> Comparison | None:
        """The last :class:`Comparison` shown (None while the base roll is not legal)."""
        return self._comparison

    def _refused(self, err: SpecError) -> None:
        """Odds the rules refuse (a variant that cannot play the base roll as
        it now stands): said in the table's words, and the last good odds
        stay shown, marked as those of the last setting every rule set played."""
        self._comparison = None
        message = plain_refusal(err, self.edition, field_labels(self.roller))
        last = self.view if self.view.get("ok") else None
        self.view = {**last, "stale": message} if last else {"ok": False, "message": message}

    def _edition_replaced(self, ident: str) -> None:
        """A draft loaded again (:mod:`.reloaded`): the lab plays its new
        version, or says why it cannot (a knob of a variant the new version lacks)."""
        if ident != self.edition or _edition.get(ident).VERSION == self._version:
            return
        self._version = _edition.get(ident).VERSION
        try:
            self._check_variants(self.variants)
            self.knobs = [card(k) for k in _rules(ident) if k.applies_to(self.roller.roll)]
        except SpecError as err:
            self._stale = (f"The draft {ident} was loaded again, and its new version cannot play these variants "
                           f"({err}): this lab shows nothing more; make a new RuleLab")
        self._refresh()

    def _refresh(self) -> None:
        if self._version != _edition.get(self.edition).VERSION:
            self._edition_replaced(self.edition)  # the roller followed the new version first: the lab too
            return
        if self._stale:
            self._comparison, self.view = None, {"ok": False, "message": self._stale}
            return
        try:
            base = self.roller.spec
        except SpecError as err:
            self._refused(err)
            return
        self._show_base_rules(base)
        na, nb = self.names["A"], self.names["B"]
        played = {v: self.drafts.get(v) or self.variants[v] for v in VARIANTS}
        try:
            c = compare(base, {na: played["A"], nb: played["B"]})
        except SpecError as err:
            self._refused(err)
            return
        self._comparison = c
        heat: dict[str, Any] = {}
        if len(self.axes) == 2:
            over = {ax: next(o["values"] for o in self.axis_options if o["name"] == ax) for ax in self.axes}
            labels = {o["name"]: o["label"] for o in self.axis_options}
            s, left_out = lab_heatmap.grid(base, over, {"base": {}, na: played["A"], nb: played["B"]}, labels)
            name, minus = {"A": (na, None), "B": (nb, None), "A-base": (na, "base"), "B-base": (nb, "base"),
                           "B-A": (nb, na)}[self.show]
            heat = {**(s.heat(name, minus=minus) if s is not None else {}), "left_out": left_out}
        named = {v: plain_words.rules_named(d, True) for v, d in self.drafts.items() if d}  # "the Coin Game ...", mid-sentence
        self.view = {**odds_view(c, {"base": "base", "A": na, "B": nb}), "heat": heat, "drafts_named": named}

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

    _samples = staticmethod(samples)  # seeded rolls beside odds that are not a fraction (:func:`.lab_view.samples`)

    def _shown(self, v: str) -> Any:
        return self.drafts[v] if self.drafts.get(v) else self.variants.get(v)

    def __repr__(self) -> str:
        return f"LabPanel(edition={self.edition!r}, A={self._shown('A')!r}, B={self._shown('B')!r})"

    def snapshot_html(self) -> str:
        """The lab as it stands, as static HTML (no script): the base roll,
        the knobs each variant changes (in the table's words), the chances,
        the verdicts, the differences and the heatmap, each picture with alt
        text and its numbers in a table too."""
        v = self.view
        roller = self.roller
        base = stills.settings_text([(f["label"], plain_words.setting(f, getattr(roller, f["name"]))) for f in roller.fields])
        kind = plain_words.rules_and_roll(self.edition, str(roller.roll))
        if not v.get("ok"):
            return lab_still.lab_still(kind, base, [], v, None, message=v.get("message", "") or "no odds")
        n = v["names"]
        knobs = {k["name"]: k for k in self.knobs}
        changed = [(n[var], f"plays by {plain_words.rules_named(self.drafts[var], True)}" if self.drafts.get(var) else "; ".join(
            f"{knobs[k]['label'] if k in knobs else k} {knob_words(val)}"
            for k, val in self.variants[var].items()) or "the rules as read") for var in VARIANTS]
        return lab_still.lab_still(kind, base, changed, v, v.get("heat"))
