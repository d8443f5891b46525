"""The shared base of the rollers: one generated class per edition with a
trait per spec field, validation, clamping of browser values, live odds.

Browser-originated changes
--------------------------
The view writes spec traits like any ipywidgets view (``model.set`` +
``save_changes``); they arrive in :meth:`_Roller.set_state`, which is only
ever called for messages from the front end. There every value is clamped
to the legal range (and cross-field rules repaired by the edition's own
``cross_checks``, see :func:`~venus_widgets.engine.contract.spec.repair`) *before*
the traits are set, so no validator raises inside the comm handler. For
every key whose value was changed by clamping (or that the browser may not
write at all), the Python value is sent back with ``send_state``: the view
always ends equal to the Python state. Python assignments (``w.factors =
9``) are not clamped: they raise ``TraitError`` with the engine's message.

Both go through the one validating path every widget inherits
(:class:`~venus_widgets.widgets.from_view.ViewChecked`); the roll at the table
and the view's requests are :class:`~.roller_table.RollerTable`'s, its
values and the hooks for what the view writes :class:`~.roller_values.RollerValues`'.

One normalize per change
------------------------
The spec the fields make is normalized once per change into one read-only
:class:`~venus_widgets.engine.contract.spec.Spec` and kept
(:meth:`_Roller._normalized`, keyed by the fields' values): the repair of
browser values, the state check, the odds panel (kept per ``Spec.key``),
the what-ifs, the table and the roll all read that one value, and the
engine takes it as it is (a ``Spec`` is not normalized again); ``w.spec``
is its plain copy. The field kinds under the roller's rules, its
field names and the traits the view may write are worked out once per
class or per rules, not per message. ``tests/test_hot_path.py`` counts the
Python calls of a slider message and of a roll for every kind of roller.
"""

from __future__ import annotations

import difflib
from typing import Any, ClassVar, Mapping

import anywidget
import traitlets
from ipywidgets import widget_serialization

from ..engine import api as _api
from ..engine.contract import edition as _edition
from ..engine.contract import spec as _spec
from ..engine.errors import SpecError
from . import reloaded, stills, odds_panel, plain_words
from ._assets import esm
from ._spec_traits import field_info, make_traits
from .roller_table import RollerTable, check_seed, seed_from_json, seed_to_json
from .roller_values import _NOTHING, RollerValues
from .rolllog import RollLog

#: Widget options a roller takes besides the spec fields (``rules``: the
#: spec's rule knobs, docs/spec.md; set from Python only; ``version``: a
#: spec's, which must be the edition's version loaded now).
OPTIONS = ("seed", "log", "layout", "rules", "by_hand", "version")
#: The roller of each roller family (``at_table.ROLLERS`` keys), by its class name.
ROLLER_NAMES = {"check": "CheckRoller", "task": "TaskRoller", "pool": "PoolRoller"}



class _Roller(RollerTable, stills.WithStill, RollerValues, anywidget.AnyWidget):
    """Base of CheckRoller, TaskRoller and PoolRoller (not used directly)."""

    _who = "this roller"

    #: which kind of roll (check, task, pool) and the JS module
    _kind: ClassVar[str] = ""
    _module: ClassVar[str] = ""
    _edition_of_class: ClassVar[str | None] = None
    _subclasses: ClassVar[dict] = {}

    _esm = traitlets.Unicode().tag(sync=True)
    edition = traitlets.Unicode("", read_only=True).tag(sync=True)
    roll = traitlets.Unicode("check", read_only=True).tag(sync=True)
    fields: traitlets.List[dict[str, Any]] = traitlets.List(read_only=True).tag(sync=True)
    #: the rule knobs the spec plays by (only those that differ from the defaults)
    rules: traitlets.Dict[str, Any] = traitlets.Dict().tag(sync=True)
    #: the words the edition puts around the fields (spec.words): outcome, threshold, ego_spend
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

    # -- construction: one generated subclass per edition ---------------------

    @classmethod
    def _roll_kind(cls, edition: str) -> str:
        """The roll kind this roller's family (``_kind``: check, task, pool)
        rolls in an edition: the edition says which rollers fit it
        (``at_table.ROLLERS``)."""
        try:
            kinds = _edition.get(edition).at_table.ROLLERS
        except SpecError as err:
            raise traitlets.TraitError(str(err)) from None
        if cls._kind in kinds:
            return kinds[cls._kind]
        fit = [e for e in _edition.ids() if cls._kind in _edition.get(e).at_table.ROLLERS]
        other = " or ".join(ROLLER_NAMES[r] for r in kinds) + f" (edition={edition!r})"
        raise traitlets.TraitError(str(SpecError("edition", edition, " or ".join(fit) + f" for a {ROLLER_NAMES[cls._kind]}",
                                                 f"use {other}")))

    @classmethod
    def _extra_traits(cls, edition: str, roll: str) -> dict:
        return {}

    @classmethod
    def _extras_of(cls, edition: str, roll: str) -> tuple[str, ...]:
        """The traits of the inputs an (edition, roll) declares besides its fields."""
        return ()

    @classmethod
    def _class_info(cls, edition: str, roll: str) -> dict[str, Any]:
        """What a generated class keeps of its (edition, roll) besides its traits."""
        return {}

    @classmethod
    def _default_edition(cls) -> str:
        """The first registered edition this roller takes."""
        for ed in _edition.ids():
            try:
                cls._roll_kind(ed)
            except traitlets.TraitError:
                continue
            return ed
        raise traitlets.TraitError(f"no registered edition has a roll for a {cls.__name__}")

    def __new__(cls, edition: Any = None, **kwargs: Any):
        if cls._edition_of_class is not None:
            return super().__new__(cls)
        edition = edition_id(edition)
        if edition is None:
            edition = cls._default_edition()
        if not isinstance(edition, str) or edition.strip().lower() not in _edition.ids():
            raise traitlets.TraitError(str(SpecError("edition", edition, "one of " + ", ".join(_edition.ids()))))
        edition = edition.strip().lower()
        roll = cls._roll_kind(edition)
        # keyed by the registered edition itself: an edition registered again (a draft loaded anew, its
        # fields changed) gets a class of its own, and the old one goes
        key = (cls, edition, _edition.get(edition))
        sub = _Roller._subclasses.get(key)
        if sub is None:
            for old in [k for k in _Roller._subclasses if k[:2] == key[:2]]:
                del _Roller._subclasses[old]
            names = tuple(_spec.schema(edition, roll))
            extras = cls._extras_of(edition, roll)
            body = {**make_traits(edition, roll), **cls._extra_traits(edition, roll),
                    "_edition_of_class": edition, "__module__": cls.__module__, "__qualname__": cls.__qualname__,
                    "_field_names": names, "_extras": extras,
                    "_writable": frozenset({*names, *extras, "seed"}),
                    "_state": (*names, *extras, "seed", "rules", "by_hand"), **cls._class_info(edition, roll)}
            sub = type(cls.__name__, (cls,), body)
            _Roller._subclasses[key] = sub
        return super().__new__(sub)

    def __init__(self, edition: Any = None, *, log: RollLog | None = None, seed: Any = None,
                 rules: Mapping[str, Any] | None = None, by_hand: bool = False, version: Any = None,
                 **kwargs: Any) -> None:
        edition = self._edition_of_class or edition_id(edition) or self._default_edition()  # set by __new__
        roll = self._roll_kind(edition)
        now = _edition.get(edition).VERSION
        if version is not None and version != now:  # a spec of an earlier version (vw.TaskRoller(**spec))
            raise traitlets.TraitError(str(SpecError(
                "version", version, f"the version of {edition} loaded now, {now!r}" if now else "no version",
                "a roller plays the edition as it is loaded now (log.replay(i) replays a roll of an earlier one)")))
        fields = self._field_names
        self._memo = None
        self._kinds_memo = (_NOTHING, {})
        self.set_trait("edition", edition)
        self.set_trait("roll", roll)
        extra = self._extras
        unknown = [k for k in kwargs if k not in fields and k not in extra and k != "layout"]
        if unknown:
            raise TypeError(self._unknown_argument(unknown[0], edition, roll))
        spec_kw = {k: v for k, v in kwargs.items() if k in fields}
        raw = {"edition": edition, "roll": roll, **spec_kw, **({"rules": rules} if rules is not None else {})}
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
        init_kw: dict[str, Any] = {"_esm": esm(self._module), "log": log if log is not None else RollLog(),
                                   "seed": check_seed(seed), "by_hand": by_hand}
        if kwargs.get("layout") is not None:
            init_kw["layout"] = kwargs["layout"]
        self._start_table()
        super().__init__(**init_kw)
        if rules:
            self.set_trait("rules", _spec.check_rules(edition, rules))
        self.set_trait("fields", field_info(edition, roll, self.rules))
        self.set_trait("words", _spec.words(edition, roll))
        with self.hold_trait_notifications():
            for k, v in kwargs.items():
                if k in fields:
                    setattr(self, k, (spec or {}).get(k, v))
                elif k in extra:
                    setattr(self, k, v)
        self._init_extras(kwargs)
        self.observe(self._on_spec_change, names=list(fields))
        self.observe(self._on_rules_change, names=["rules"])
        self._watch_log()
        self.table = {"phase": "idle"}
        self._kinds_at_start = dict(self._kinds())
        self._refresh()
        self._ready = True
        reloaded.follow(self)

    def _unknown_argument(self, k: str, edition: str, roll: str) -> str:
        fields, extra = self._field_names, self._extras
        home = _spec.field_home(edition, roll, k)
        hint = ""
        if home is not None:  # the other roll of this edition is the other roller
            ed, kind = home
            family = next((f for f, r in _edition.get(ed).at_table.ROLLERS.items() if r == kind), kind)
            hint = f"'{k}' belongs to a {ed} {kind}" + (f": use {ROLLER_NAMES.get(family, family)}" if ed == edition else "")
        close = difflib.get_close_matches(str(k), [*fields, *OPTIONS, *extra], n=1)
        if close and not hint:
            hint = f"did you mean {close[0]!r}?"
        return (f"{type(self).__name__}() got an unknown keyword argument {k!r}: the fields of a {edition} {roll} "
                f"are {', '.join(fields)}; widget options are {', '.join(sorted(set(OPTIONS) | set(extra)))}"
                + (f" ({hint})" if hint else ""))

    def _init_extras(self, kwargs: Mapping) -> None:
        pass

    # -- live odds ---------------------------------------------------------------------

    def _on_spec_change(self, change=None) -> None:
        self._refresh()
        self.session.settings_changed()

    def _refresh(self) -> None:
        try:
            view = self._odds_view()
        except Exception as err:  # surfaced in the view
            self.odds_view = {"ok": False, "message": str(err)}
            self.error = str(err)
            return
        self.odds_view = view
        error = "" if view.get("ok") else view.get("message", "")
        if error != self._trait_values.get("error"):  # set only when it changes: a set costs traitlets' calls
            self.error = error
        if self._explaining:
            self._explain()
        if self._hinting:
            self._what_if()

    def _odds_view(self) -> dict:
        raw = self._raw_spec()
        merge = odds_panel.merge_view(raw)
        extra = {} if merge is None else {"merge": merge}
        try:
            spec = self._normalized(raw)
        except SpecError as err:
            return {"ok": False, "message": plain_words.spec_error(err, self.fields, merge), **extra}
        panel = odds_panel.panel(spec, self._outcome_name())
        return {**panel, **extra} if extra else panel

    def _outcome_name(self) -> str:
        return self._trait_values["words"].get("outcome", "successes")

    # -- repr and the still ----------------------------------------------------------

    def __repr__(self) -> str:
        s = self._raw_spec()
        d = _spec.defaults(self.edition, self.roll)
        changed = ", ".join(f"{k}={v!r}" for k, v in s.items() if k not in ("edition", "roll") and d.get(k) != v)
        head = f"edition={self.edition!r}" + (f", {changed}" if changed else "")
        return f"{type(self).__name__}({head})"

    def _repr_keys(self):  # ipywidgets' repr helper: keep ours short
        return iter(())

    def snapshot_html(self) -> str:
        """The odds shown now, as static HTML (chart and table, no script)."""
        try:
            spec = self._normalized()
        except SpecError as err:
            return stills.snapshot(type(self).__name__, None, message=str(err))
        settings = [(f["label"], plain_words.setting(f, getattr(self, f["name"]))) for f in self.fields]
        return stills.snapshot(type(self).__name__, _api.odds(spec), self._outcome_name(), settings=settings,
                                threshold_word=self.words.get("threshold") or "threshold")


def edition_id(edition: Any) -> Any:
    """An edition as its id: a roller takes the id, or the edition itself
    (what ``vw.load_edition`` returns for a draft); anything else as given,
    for the registry's error."""
    if edition is None or isinstance(edition, str):
        return edition
    ident = getattr(edition, "ID", None)
    return ident if isinstance(ident, str) else edition
