"""A roller: one widget made of plain parts, for a check, a task or a pool
of any edition.

* its **values** (:class:`~.roller_values.RollerValues`): the spec its
  fields make, normalized once per change into one read-only ``Spec``
  (``w.spec`` is its plain copy), the field kinds under the rule knobs,
  what the view writes clamped and repaired across fields by the edition's
  own ``cross_checks``; one observer keeps what the hot path reads as it
  stands (``tests/test_hot_path.py`` counts the calls of a message);
* the **inputs** its fields declare (:class:`~.roller_inputs.Inputs`);
* its **table** (:class:`~.roller_table.TableFlow`): the roll at the table
  (``w.session``), the view's requests, "Why this chance?", the what-ifs;
* its **still** (:func:`.stills.with_still`), for where no kernel runs.

Every spec field of the edition's roll, and every input, is a synced trait
of the same name, added as the roller is made. What the view writes takes
the one validating path every widget inherits
(:class:`~venus_widgets.widgets.from_view.ViewChecked`): clamped and
repaired before the traits are set, and sent back where it changed. Python
assignments (``w.factors = 9``) raise ``TraitError`` with the engine's message.
"""
from __future__ import annotations

from typing import Any, ClassVar, Mapping

import anywidget
import traitlets
from ipywidgets import widget_serialization

from ..engine import api as _api
from ..engine.contract import edition as _edition
from ..engine.contract import spec as _spec
from ..engine.contract.spec import Spec
from ..engine.errors import SpecError
from ..engine.table.rolls import Roll
from . import odds_panel, plain_words, reloaded, stills
from ._assets import esm
from ._spec_traits import field_info, make_traits
from .from_view import ViewChecked, same_json, short
from .messages import MESSAGES
from .roller_inputs import Inputs
from .roller_table import TableFlow
from .roller_values import (KEPT, Holding, RollerValues, check_seed, default_edition, roll_kind, seed_from_json,
                            seed_to_json)
from .rolllog import RollLog



class _Roller(ViewChecked, anywidget.AnyWidget):
    """Base of CheckRoller, TaskRoller and PoolRoller (not used directly):
    ``family`` is the roller family, which says the edition's kind of roll."""

    family: ClassVar[str] = ""
    requests = MESSAGES
    _who = "this roller"
    _notes: list[str] = []  # what set_state says it repaired (set per message)

    _esm = traitlets.Unicode().tag(sync=True)
    edition = traitlets.Unicode("", read_only=True).tag(sync=True)
    roll = traitlets.Unicode("check", read_only=True).tag(sync=True)
    fields: traitlets.List[dict[str, Any]] = traitlets.List(read_only=True).tag(sync=True)
    #: the rule knobs the spec plays by (only those that differ from the defaults)
    rules: traitlets.Dict[str, Any] = traitlets.Dict().tag(sync=True)
    #: the words the edition puts around the fields (spec.words: outcome, threshold, ego_spend) and the title
    words: traitlets.Dict[str, str] = traitlets.Dict(read_only=True).tag(sync=True)
    #: the odds panel (:mod:`.odds_panel`), sent to the view as one JSON text (read by odds_view.js's
    #: oddsView): a panel of many small lists costs one Python call to send, not one per list
    odds_view = traitlets.Dict().tag(sync=True, to_json=odds_panel.as_text)
    status = traitlets.Unicode("").tag(sync=True)
    seed = traitlets.Any(None).tag(sync=True, to_json=seed_to_json, from_json=seed_from_json)
    table = traitlets.Dict().tag(sync=True)
    #: the table rolls physical dice and types their faces (the roller plays them by the rules)
    by_hand = traitlets.Bool(False).tag(sync=True)
    #: the chance to pass unfolded in rule order (vw.explain) while the view asks for it, else {}
    explanation: traitlets.Dict[str, Any] = traitlets.Dict().tag(sync=True)
    #: the what-if hints (the chance after each one change the edition lists) while the view shows them, else {}
    what_ifs: traitlets.Dict[str, Any] = traitlets.Dict().tag(sync=True)
    recent: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    log = traitlets.Instance(RollLog).tag(sync=True, **widget_serialization)

    def __init__(self, edition: Any = None, *, log: RollLog | None = None, seed: Any = None,
                 rules: Mapping[str, Any] | None = None, by_hand: bool = False, version: Any = None,
                 **kwargs: Any) -> None:
        edition = edition_id(edition)
        if edition is None:
            edition = default_edition(self.family)
        if not isinstance(edition, str) or not _edition.known(edition.strip().lower()):
            raise traitlets.TraitError(str(SpecError("edition", edition, "one of " + ", ".join(_edition.ids()))))
        edition = edition.strip().lower()
        roll = roll_kind(self.family, edition)
        now = _edition.get(edition).VERSION
        if version is not None and version != now:  # a spec of an earlier version (vw.TaskRoller(**spec))
            raise traitlets.TraitError(str(SpecError(
                "version", version, f"the version of {edition} loaded now, {now!r}" if now else "no version",
                "a roller plays the edition as it is loaded now (log.replay(i) replays a roll of an earlier one)")))
        inputs = Inputs(edition, roll, self)
        self._values = values = RollerValues(edition, roll, inputs)
        self._inputs = inputs
        names = values.names
        unknown = [k for k in kwargs if k not in names and k not in inputs.names and k != "layout"]
        if unknown:
            raise TypeError(values.unknown_argument(type(self).__name__, unknown[0]))
        raw = {"edition": edition, "roll": roll, **{k: v for k, v in kwargs.items() if k in names},
               **({"rules": rules} if rules is not None else {})}
        try:
            spec = _spec.normalize(raw)
        except SpecError as err:
            if not odds_panel.shown_not_refused(raw, err):
                raise traitlets.TraitError(str(err)) from None
            spec = None  # values that do not combine: shown in the view, with the subset to accept
        if log is not None and not isinstance(log, RollLog):
            raise traitlets.TraitError(f"log={log!r} is not allowed: expected a RollLog (or None for a new one)")
        if not isinstance(by_hand, bool):
            raise traitlets.TraitError(f"by_hand={by_hand!r} is not allowed: expected True (the table rolls real dice "
                                       "and types their faces) or False")
        self.add_traits(**make_traits(edition, roll), **inputs.traits())  # a trait per field and per input
        self._flow = TableFlow(self, values.kept)
        self.session = self._flow.session
        init_kw: dict[str, Any] = {"_esm": esm(self.family), "log": log if log is not None else RollLog(),
                                   "seed": check_seed(seed), "by_hand": by_hand}
        if kwargs.get("layout") is not None:
            init_kw["layout"] = kwargs["layout"]
        super().__init__(**init_kw)
        self.set_trait("edition", edition)
        self.set_trait("roll", roll)
        kept = (*values.state, *KEPT)
        values.kept.update({name: getattr(self, name) for name in kept})
        self.observe(self._keep, names=list(dict.fromkeys(kept)))
        if rules:
            self.set_trait("rules", _spec.check_rules(edition, rules))
        self.set_trait("fields", field_info(edition, roll, self.rules))
        self.set_trait("words", plain_words.roller_words(edition, roll))
        self._outcome = self.words.get("outcome", "successes")
        with self.hold_trait_notifications():
            for k, v in kwargs.items():
                if k in names:
                    setattr(self, k, (spec or {}).get(k, v))
                elif k in inputs.names:
                    setattr(self, k, v)
        inputs.start(kwargs, lambda follow, on: self.observe(follow, names=on))
        self._flow.watch_log()
        self.table = {"phase": "idle"}
        self._refresh()
        self._ready = True
        reloaded.follow(self)

    # -- the values, as they stand ---------------------------------------------------------

    def _keep(self, change: Any) -> None:
        """The one observer of the roller's state: the values it keeps
        follow; new spec fields bring new odds, new rules new ranges."""
        name = change["name"]
        # the value as it stands (a change held back may be told after a later one)
        self._values.kept[name] = getattr(self, name)
        if not self._ready:
            return
        if name in self._values.names:
            self._refresh()
            self.session.settings_changed()
        elif name == "rules":
            self._on_rules_change()

    @property
    def spec_fields(self) -> tuple[str, ...]:
        return self._values.names

    @property
    def spec(self) -> dict:
        """The current spec (normalized, a plain copy; raises SpecError if the fields disagree)."""
        return self._values.normalized().to_dict()

    @property
    def odds(self):
        """The engine's exact :class:`~venus_widgets.Odds` of the current spec."""
        return _api.odds(self._values.normalized())  # a Spec is taken as it is

    def _raw_spec(self) -> dict:
        return self._values.raw()

    def _normalized(self, raw: dict | None = None) -> Spec:
        return self._values.normalized(raw)

    def _kind_of(self, field: str) -> Any:
        """A field's kind under the rules the roller plays by (its trait's check reads it)."""
        return self._values.kinds()[field]

    _ready = False  # made: from here on a field's check and a change of rules ask the other fields
    _held = 0  # how deep the roller holds its notifications: its fields are being set together

    def hold_trait_notifications(self) -> Any:
        """traitlets' hold, counted: while it holds, the fields are set
        together, so one field's check leaves the others be (:meth:`_cross_check`)."""
        return Holding(self, super().hold_trait_notifications())

    def _cross_check(self, name: str, value: Any) -> None:
        """A single Python assignment (its trait's check, unless the fields
        are being set together, :attr:`_held`): the other fields must agree."""
        if not self._values.kept:  # (nothing kept yet: the roller is being made)
            return
        problem = self._values.cross_problem(name, value)
        if problem is not None:
            raise traitlets.TraitError(problem)

    @traitlets.validate("rules")
    def _validate_rules(self, proposal: Any) -> Any:
        """New rule knobs are checked with the whole roll they make (the
        fields moved into their new ranges): rules the roll cannot be played
        by are refused here, before anything changes."""
        try:
            rules = _spec.check_rules(self._values.edition, proposal["value"])
            if self._ready:  # after __init__ (which checks the spec with its rules itself)
                raw = {**self._values.raw(), **self._values.under(rules), "rules": rules}
                try:
                    _spec.normalize(raw)
                except SpecError as err:
                    if not odds_panel.shown_not_refused(raw, err):
                        raise  # (values that do not combine are shown in the view, with the subset to accept)
        except SpecError as err:
            raise traitlets.TraitError(str(err)) from None
        return rules

    def _edition_replaced(self, ident: str) -> None:
        """An edition registered again (:mod:`.reloaded`): if it is this
        roller's, the fields take the new version's ranges and the odds
        follow, or the roller says in words why it cannot play it."""
        if ident != self.edition:
            return
        moved = self._values.replaced(type(self).__name__)
        if moved is not None:
            with self.hold_trait_notifications():
                self.set_trait("fields", field_info(ident, self.roll, self.rules))
                self.set_trait("words", plain_words.roller_words(ident, self.roll))
                for name, value in moved.items():
                    self.set_trait(name, value)
            self._outcome = self.words.get("outcome", "successes")
        self._refresh()

    def _on_rules_change(self) -> None:
        """New rules: the fields take their new ranges (a value now out of
        range moves to the nearest legal one), the odds follow."""
        moved = self._values.under(self.rules)
        with self.hold_trait_notifications():
            self.set_trait("fields", field_info(self.edition, self.roll, self.rules))
            for name, value in moved.items():
                self.set_trait(name, value)
        self._refresh()
        self.session.settings_changed()

    @traitlets.validate("seed")
    def _validate_seed(self, proposal: Any) -> int | None:
        return check_seed(proposal["value"])

    @traitlets.validate("wanted")
    def _validate_wanted(self, proposal: Any) -> list:
        return self._inputs.checked_wanted(proposal["value"])

    @traitlets.validate("consequence_texts")
    def _validate_texts(self, proposal: Any) -> list:
        return self._inputs.checked_texts(proposal["value"])

    # -- what the view writes (the hooks of ViewChecked) -------------------------------------

    def _view_writable(self) -> set[str]:
        return self._values.writable  # type: ignore[return-value]  # a frozenset: read only

    def _state_names(self) -> tuple[str, ...]:
        return self._values.state

    def _from_view(self, name: str, value: Any) -> Any:
        """A value from the view, clamped to the legal range; a value with
        nothing sensible to read keeps the current one. The view is told
        (``error``) when what it sent was not legal."""
        try:
            new = self._values.from_view(name, value)
        except Exception:  # noqa: BLE001 - nothing sensible to read: keep the value
            new = self._values.kept[name]
        shown = seed_to_json(new) if name == "seed" else new
        read_as_sent = (isinstance(value, str) and value.strip() == str(shown)) or (
            isinstance(value, float) and not isinstance(new, bool) and isinstance(new, int) and value == new)
        same = type(value) in (int, str, float, bool, type(None)) and type(value) is type(shown) and value == shown
        if not (read_as_sent or same or same_json(value, shown)):
            self._notes.append(f"{name}={short(value)} is not allowed: expected {self._values.allowed(name)}; "
                               f"so {name} is {short(new)}")
        return new

    def _repair_view(self, data: dict) -> list[str]:
        self._values.repair(data)
        held = self.session.hold(data)  # a roll waits at its KISS: the settings wait with it
        if self._inputs.names:
            self._inputs.repair(data, self._values.kept)
        return [held] if held else []

    def set_state(self, sync_data: Any) -> None:
        """State from the browser: clamped, repaired across fields, set, and
        echoed (:meth:`ViewChecked.set_state`); a value that was not legal
        is named in ``error``."""
        self._notes: list[str] = []
        super().set_state(sync_data)
        if self._notes:
            self._show_error("; ".join([*self._notes, *([self.error] if self.error else [])]))
        self._notes = []

    def _state_problem(self) -> str | None:
        return self._values.problem()

    def _snapshot(self) -> dict[str, Any]:
        kept = self._values.kept
        return {"traits": {name: kept[name] for name in self._values.state}, **self._flow.snapshot()}

    def _restore(self, snap: Mapping[str, Any]) -> None:
        super()._restore(snap["traits"])
        self._flow.restore(snap)

    def _request(self, action: str, content: Mapping) -> None:
        self._flow.request(action, content)

    # -- the table -----------------------------------------------------------------------

    def roll_dice(self, seed: int | None = None) -> Roll:
        """Roll the current spec (``seed`` or the ``seed`` trait, else a fresh
        seed, recorded): :meth:`.roller_table.TableFlow.roll_dice`."""
        return self._flow.roll_dice(seed)

    def enter_faces(self, faces: Any, kiss: Any = None, kiss_faces: Any = None) -> Roll | None:
        """The faces the table rolled with physical dice, played by the rules
        as a roll (:meth:`.roller_table.TableFlow.enter_faces`): ``faces`` in
        die order (``vw.dice_to_enter``), with ``kiss`` and ``kiss_faces`` the
        KISS step too. A refused call leaves the table and the log as they were."""
        return self._flow.enter_faces(faces, kiss, kiss_faces)

    # -- live odds ---------------------------------------------------------------------

    def _refresh(self) -> None:
        try:
            view = self._odds_view()
        except Exception as err:  # surfaced in the view
            self.odds_view = {"ok": False, "message": str(err)}
            self.error = str(err)
            return
        self.odds_view = view
        error = "" if view.get("ok") else view.get("message", "")
        if error != self._values.kept["error"]:  # set only when it changes: a set costs traitlets' calls
            self.error = error
        if self._flow.explaining:
            self._flow.explain()
        if self._flow.hinting:
            self._flow.what_if()

    def _odds_view(self) -> dict:
        raw = self._values.raw()
        merge = odds_panel.merge_view(raw)
        extra = {} if merge is None else {"merge": merge}
        try:
            spec = self._values.normalized(raw)
        except SpecError as err:
            return {"ok": False, "message": plain_words.spec_error(err, self.fields, merge), **extra}
        panel = odds_panel.panel(spec, self._outcome)
        return {**panel, **extra} if extra else panel

    # -- repr and the still ----------------------------------------------------------

    def __repr__(self) -> str:
        s = self._values.raw()
        d = _spec.defaults(self.edition, self.roll)
        changed = ", ".join(f"{k}={v!r}" for k, v in s.items() if k not in ("edition", "roll") and d.get(k) != v)
        head = f"edition={self.edition!r}" + (f", {changed}" if changed else "")
        return f"{type(self).__name__}({head})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live view, with its still beside it (:func:`.stills.with_still`)."""
        return stills.with_still(super()._repr_mimebundle_(**kwargs), self.snapshot_html)

    def snapshot_html(self) -> str:
        """The odds shown now, as static HTML (chart and table, no script)."""
        try:
            spec = self._values.normalized()
        except SpecError as err:
            return stills.snapshot(type(self).__name__, None, message=str(err))
        settings = [(f["label"], plain_words.setting(f, getattr(self, f["name"]))) for f in self.fields]
        return stills.snapshot(type(self).__name__, _api.odds(spec), self._outcome, settings=settings,
                               threshold_word=self.words.get("threshold") or "threshold",
                               unit=plain_words.units(self.words))


def edition_id(edition: Any) -> Any:
    """An edition as its id: a roller takes the id, or the edition itself
    (what ``vw.load_edition`` returns for a draft); anything else as given,
    for the registry's error."""
    if edition is None or isinstance(edition, str):
        return edition
    ident = getattr(edition, "ID", None)
    return ident if isinstance(ident, str) else edition
