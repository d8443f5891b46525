"""The shared base of the rollers: spec traits, validation, clamping of
browser values, live odds, the roll at the table and the log.

Browser-originated changes
--------------------------
The view writes spec traits like any ipywidgets view (``model.set`` +
``save_changes``); they arrive in :meth:`_Roller.set_state`, which is only
ever called for messages from the front end. There every value is clamped
to the legal range (and cross-field rules repaired by the edition's own
``cross_checks``, see :func:`~venus_widgets.engine.contract.spec.repair`) *before*
the traits are set, so no validator raises inside the
comm handler. For every key whose value was changed by clamping (or that
the browser may not write at all), the Python value is sent back with
``send_state``: the view always ends equal to the Python state.
Python assignments (``w.factors = 9``) are not clamped: they raise
``TraitError`` with the engine's message.

Both go through the one validating path every widget inherits
(:class:`~venus_widgets.widgets._view.ViewChecked`): custom messages (the
view's requests) are checked against :data:`~venus_widgets.widgets.rolllog.MESSAGES`
before anything is read; whatever goes wrong while handling one, or a state
update, is shown in ``error``, the roller's state (and the roll on the table,
and the log) is put back as it was, and nothing raises out of the comm
handler. A Python call that is refused (``roll_dice``, ``enter_faces``)
leaves the table and the log as they were too.
"""

from __future__ import annotations

import difflib
import re
from contextlib import contextmanager
from typing import Any, ClassVar, Iterator, Mapping, overload

import anywidget
import traitlets
from ipywidgets import widget_serialization

from ..engine import api as _api
from ..engine.maths import chart as _chart
from ..engine.tools.explain import explain as _explain_spec
from ..engine.contract import edition as _edition
from ..engine.contract import spec as _spec
from ..engine import MergeError
from ..engine import merge as _merge
from ..engine.errors import SpecError
from ..engine.table.rolls import MAX_SEED, new_seed
from . import _rules
from . import _static, _table
from ._assets import esm
from ._spec_traits import clamp, clamp_int, field_info, make_traits
from ._view import PlainError, ViewChecked, read_list, same_json as _same_json, short
from .rolllog import MESSAGES, RollLog, handle_log_message

#: The roller of each kind of roll (for hints).
ROLLER_FOR = {"check": "CheckRoller", "task": "TaskRoller"}

#: Widget options a roller takes besides the spec fields (``rules``: the
#: spec's rule knobs, docs/spec.md; set from Python only).
OPTIONS = ("seed", "log", "layout", "rules", "by_hand")

#: the view's requests that change a setting: held, as the controls are, while a roll is open
_SETTINGS_REQUESTS = ("by_hand", "accept_helpers", "roll")
_SEED_TEXT = re.compile(r"\s*[0-9]{1,19}\s*")
_SEED_ALLOWED = "a whole number from 0 to 2**63 - 1, or empty for a fresh seed per roll"


def _seed_to_json(value, widget=None):
    return None if value is None else str(value)


def _seed_from_json(value, widget=None):
    return value  # clamped in set_state


def _pct(p: float) -> float:
    return float(round(p, 15))


class _Roller(ViewChecked, anywidget.AnyWidget):
    """Base of CheckRoller, TaskRoller and PoolRoller (not used directly)."""

    requests = MESSAGES
    _who = "this roller"

    #: which kind of roll (check, task, pool) and the JS module
    _kind: ClassVar[str] = ""
    _module: ClassVar[str] = ""
    _edition_of_class: ClassVar[str | None] = None
    _subclasses: ClassVar[dict] = {}
    #: agora's helper ranks, a trait of agora rollers only (declared for type checkers)
    helpers: list[int]

    _esm = traitlets.Unicode().tag(sync=True)
    edition = traitlets.Unicode("", read_only=True).tag(sync=True)
    roll = traitlets.Unicode("check", read_only=True).tag(sync=True)
    fields: traitlets.List[dict[str, Any]] = traitlets.List(read_only=True).tag(sync=True)
    #: the rule knobs the spec plays by (only those that differ from the defaults)
    rules: traitlets.Dict[str, Any] = traitlets.Dict().tag(sync=True)
    #: the words the edition puts around the fields (spec.words): outcome, threshold, ego_spend
    words: traitlets.Dict[str, str] = traitlets.Dict(read_only=True).tag(sync=True)
    odds_view = traitlets.Dict().tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    seed = traitlets.Any(None).tag(sync=True, to_json=_seed_to_json, from_json=_seed_from_json)
    table = traitlets.Dict().tag(sync=True)
    #: the table rolls physical dice and types their faces (the roller plays them by the rules)
    by_hand = traitlets.Bool(False).tag(sync=True)
    #: the chance to pass unfolded in rule order (vw.explain) while the view asks for it, else {}
    explanation: traitlets.Dict[str, Any] = traitlets.Dict().tag(sync=True)
    recent: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    log = traitlets.Instance(RollLog).tag(sync=True, **widget_serialization)

    # -- construction: one generated subclass per edition ---------------------

    @classmethod
    def _roll_kind(cls, edition: str) -> str:
        raise NotImplementedError

    @classmethod
    def _extra_traits(cls, edition: str, roll: str) -> dict:
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
            body = {**make_traits(edition, roll), **cls._extra_traits(edition, roll)}
            body["_edition_of_class"] = edition
            body["__module__"] = cls.__module__
            body["__qualname__"] = cls.__qualname__
            sub = type(cls.__name__, (cls,), body)
            _Roller._subclasses[key] = sub
        return super().__new__(sub)

    def __init__(self, edition: Any = None, *, log: RollLog | None = None, seed: Any = None,
                 rules: Mapping[str, Any] | None = None, by_hand: bool = False, **kwargs: Any) -> None:
        edition = self._edition_of_class or edition_id(edition) or self._default_edition()  # set by __new__
        roll = self._roll_kind(edition)
        fields = _spec.schema(edition, roll)
        self.set_trait("edition", edition)
        self.set_trait("roll", roll)
        extra = self._extra_names()
        unknown = [k for k in kwargs if k not in fields and k not in extra and k != "layout"]
        if unknown:
            k = unknown[0]
            home = _spec.field_home(edition, roll, k)
            hint = ""
            if home is not None:  # the other roll of this edition is the other roller
                ed, kind = home
                hint = f"'{k}' belongs to a {ed} {kind}" + (f": use {ROLLER_FOR[kind]}" if ed == edition else "")
            close = difflib.get_close_matches(str(k), [*fields, *OPTIONS, *extra], n=1)
            if close and not hint:
                hint = f"did you mean {close[0]!r}?"
            raise TypeError(
                f"{type(self).__name__}() got an unknown keyword argument {k!r}: the fields of a {edition} {roll} "
                f"are {', '.join(fields)}; widget options are {', '.join(sorted(set(OPTIONS) | set(extra)))}"
                + (f" ({hint})" if hint else "")
            )
        spec_kw = {k: v for k, v in kwargs.items() if k in fields}
        try:
            spec = _spec.normalize({"edition": edition, "roll": roll, **self._spec_for_check(spec_kw),
                                    **({"rules": rules} if rules is not None else {})})
        except MergeError:
            spec = None  # agora helpers that do not merge: shown in the view, with the subset to accept
        except SpecError as err:
            raise traitlets.TraitError(str(err)) from None
        if log is not None and not isinstance(log, RollLog):
            raise traitlets.TraitError(f"log={log!r} is not allowed: expected a RollLog (or None for a new one)")
        if not isinstance(by_hand, bool):
            raise traitlets.TraitError(f"by_hand={by_hand!r} is not allowed: expected True (the table rolls real dice "
                                       "and types their faces) or False")
        init_kw: dict[str, Any] = {"_esm": esm(self._module), "log": log if log is not None else RollLog(),
                                   "seed": self._check_seed(seed), "by_hand": by_hand}
        if kwargs.get("layout") is not None:
            init_kw["layout"] = kwargs["layout"]
        self._t = None
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
        self.log.observe(self._on_log_change, names=["entries"])
        self.on_msg(self._on_msg)
        self.table = {"phase": "idle"}
        self._refresh()
        self._on_log_change()
        self._ready = True

    def _spec_for_check(self, spec_kw: dict) -> dict:
        return spec_kw

    def _extra_names(self) -> tuple[str, ...]:
        return ()

    def _init_extras(self, kwargs: Mapping) -> None:
        pass

    @overload
    @staticmethod
    def _check_seed(seed: None) -> None: ...
    @overload
    @staticmethod
    def _check_seed(seed: int) -> int: ...
    @overload
    @staticmethod
    def _check_seed(seed: Any) -> int | None: ...
    @staticmethod
    def _check_seed(seed: Any) -> int | None:
        if seed is None:
            return None
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise traitlets.TraitError(str(SpecError("seed", seed, "a whole number from 0 to 2**63 - 1, or None "
                                                                   "for a fresh seed per roll")))
        return seed

    @traitlets.validate("seed")
    def _validate_seed(self, proposal):
        return self._check_seed(proposal["value"])

    # -- the spec -------------------------------------------------------------------

    @property
    def spec_fields(self) -> tuple[str, ...]:
        return tuple(_spec.schema(self.edition, self.roll))

    def _raw_spec(self) -> dict:
        return {"edition": self.edition, "roll": self.roll,
                **{k: (list(getattr(self, k)) if isinstance(getattr(self, k), list) else getattr(self, k))
                   for k in self.spec_fields},
                **({"rules": dict(self.rules)} if self.rules else {})}

    def _kind_of(self, field: str) -> Any:
        """A field's kind under the rules the roller plays by."""
        return _spec.schema(self.edition, self.roll, self.rules or None)[field]

    # -- rule knobs ------------------------------------------------------------------

    @traitlets.validate("rules")
    def _validate_rules(self, proposal):
        """New rule knobs are checked with the whole roll they make (the
        fields moved into their new ranges): rules the roll cannot be played
        by are refused here, before anything changes."""
        try:
            rules = _spec.check_rules(self.edition, proposal["value"])
            if self._ready:  # after __init__ (which checks the spec with its rules itself)
                try:
                    _spec.normalize({**self._raw_spec(), **self._fields_under(rules),
                                     **({"rules": rules} if rules else {"rules": {}})})
                except MergeError:
                    pass  # helpers that do not merge are shown in the view, with the subset to accept
        except SpecError as err:
            raise traitlets.TraitError(str(err)) from None
        return rules

    def _fields_under(self, rules: Mapping[str, Any]) -> dict[str, Any]:
        """The fields that move under ``rules``: a value now out of range to
        the nearest legal one, then the edition's cross-field repairs."""
        kinds = _spec.schema(self.edition, self.roll, dict(rules) or None)
        moved: dict[str, Any] = {}
        for name, kind in kinds.items():
            cur = getattr(self, name)
            new = clamp(kind, cur, cur)
            if new != cur:
                moved[name] = new
        raw = {**self._raw_spec(), **moved, "rules": dict(rules)}
        if not rules:
            raw.pop("rules")
        moved.update(_spec.repair(raw))
        return moved

    def _on_rules_change(self, change=None) -> None:
        """New rules: the fields take their new ranges (a value now out of
        range moves to the nearest legal one), the odds follow."""
        moved = self._fields_under(self.rules)
        with self.hold_trait_notifications():
            self.set_trait("fields", field_info(self.edition, self.roll, self.rules))
            for name, value in moved.items():
                self.set_trait(name, value)
        self._refresh()
        _table.settings_changed(self)

    @property
    def spec(self) -> dict:
        """The current spec (normalized; raises SpecError if the fields disagree)."""
        return _api.normalize(self._raw_spec())

    @property
    def odds(self):
        """The engine's exact :class:`~venus_widgets.Odds` of the current spec."""
        return _api.odds(self.spec)

    def __repr__(self) -> str:
        s = self._raw_spec()
        d = _spec.defaults(self.edition, self.roll)
        changed = ", ".join(f"{k}={v!r}" for k, v in s.items() if k not in ("edition", "roll") and d.get(k) != v)
        head = f"edition={self.edition!r}" + (f", {changed}" if changed else "")
        return f"{type(self).__name__}({head})"

    def _repr_keys(self):  # ipywidgets' repr helper: keep ours short
        return iter(())

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live view, plus a static HTML snapshot of the odds (``text/html``)
        for where no kernel runs: GitHub, nbviewer, exported HTML, a saved chapter."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        data["text/html"] = self.snapshot_html()
        return data, meta

    def snapshot_html(self) -> str:
        """The odds shown now, as static HTML (chart and table, no script)."""
        try:
            spec = self.spec
        except SpecError as err:
            return _static.snapshot(type(self).__name__, None, message=str(err))
        settings = [(f["label"], getattr(self, f["name"])) for f in self.fields]
        return _static.snapshot(type(self).__name__, _api.odds(spec), self._outcome_name(), settings=settings,
                                threshold_word=self.words.get("threshold") or "threshold")

    # -- validation of Python assignments across fields --------------------------------

    def _cross_check(self, name: str, value: Any) -> None:
        """Called by SpecTrait for a single Python assignment outside
        hold_trait_notifications: the other fields must agree."""
        cand = {**self._raw_spec(), name: value}
        try:
            _spec.normalize(cand)
        except MergeError:
            pass  # helpers that do not merge are shown in the view (with the subset to accept), not refused
        except SpecError as err:
            raise traitlets.TraitError(str(err)) from None

    # -- browser-originated changes (the hooks of ViewChecked) ------------------------------

    def _view_writable(self) -> set[str]:
        return set(self.spec_fields) | set(self._extra_names()) | {"seed"}

    _browser_writable = _view_writable

    def _state_names(self) -> tuple[str, ...]:
        return (*self.spec_fields, *self._extra_names(), "seed", "rules", "by_hand")

    def _from_view(self, name: str, value: Any) -> Any:
        """A value from the view, clamped to the legal range (numbers rounded
        and clamped, unknown words and malformed lists replaced); a value
        with nothing sensible to read keeps the current one. The view is told
        (``error``) when what it sent was not legal."""
        try:
            new = self._clamp_browser(name, value)
        except Exception:  # noqa: BLE001 - nothing sensible to read: keep the value
            new = getattr(self, name)
        shown = self.trait_metadata(name, "to_json", self._trait_to_json)(new, self)
        read_as_sent = (isinstance(value, str) and value.strip() == str(shown)) or (
            isinstance(value, float) and not isinstance(new, bool) and isinstance(new, int) and value == new)
        if not (read_as_sent or _same_json(value, shown)):
            self._notes.append(f"{name}={short(value)} is not allowed: expected {self._allowed_words(name)}; "
                               f"so {name} is {short(new)}")
        return new

    def _allowed_words(self, name: str) -> str:
        fields = _spec.schema(self.edition, self.roll, self.rules or None)
        if name in fields:
            return fields[name].allowed
        if name == "seed":
            return _SEED_ALLOWED
        return self._extra_allowed(name)

    def _extra_allowed(self, name: str) -> str:
        return "a value this roller takes"

    def _clamp_browser(self, name: str, value: Any) -> Any:
        fields = _spec.schema(self.edition, self.roll, self.rules or None)
        if name in fields:
            return clamp(fields[name], value, getattr(self, name))
        if name == "seed":
            if value is None or value == "":
                return None
            if isinstance(value, str):  # the view sends seeds as text (63 bits do not fit a JS number)
                return int(value) if _SEED_TEXT.fullmatch(value) and int(value) <= MAX_SEED else self.seed
            return clamp_int(value, 0, MAX_SEED, self.seed)
        return self._clamp_extra(name, value)

    def _clamp_extra(self, name: str, value: Any) -> Any:
        return getattr(self, name)

    def _repair(self, data: dict) -> None:
        """Make browser values agree across fields (mutates ``data``) by the
        edition's own cross-field rules; a rule that cannot say what to
        change (helpers that do not merge) is shown in the view instead."""
        cur = {**self._raw_spec(), **{k: v for k, v in data.items() if k in self.spec_fields}}
        try:
            data.update(_spec.repair(cur))
        except SpecError:
            pass

    def _repair_view(self, data: dict) -> list[str]:
        self._repair(data)
        held = _table.hold(self, data)  # a roll waits at its KISS: the settings wait with it
        self._before_browser_set(data)
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

    _notes: list[str] = []

    def _before_browser_set(self, data: dict) -> None:
        pass

    def _state_problem(self) -> str | None:
        """The roll the fields make is legal (agora helpers that do not merge
        are allowed: the view shows them with the subset to accept)."""
        try:
            _spec.normalize(self._raw_spec())
        except MergeError:
            return None
        except SpecError as err:
            return str(err)
        return self._extra_problem()

    def _extra_problem(self) -> str | None:
        return None

    # -- the roll on the table: a refused call changes nothing --------------------------------

    def _snapshot(self) -> dict[str, Any]:
        t = self._t
        return {"traits": super()._snapshot(), "table": self.table, "status": self.status,
                "_t": None if t is None else {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list)
                                                  else v) for k, v in t.items()},
                "log": self.log, "log_state": self.log._state()}

    def _restore(self, snap: Mapping[str, Any]) -> None:
        super()._restore(snap["traits"])
        snap["log"]._put_back(snap["log_state"])
        self._t = snap["_t"]
        self.table = snap["table"]
        self.status = snap["status"]

    @contextmanager
    def _kept_on_error(self) -> Iterator[None]:
        """A Python call on the table: if it raises, the roll on the table,
        the status and the log are as they were before it."""
        snap = self._snapshot()
        try:
            yield
        except BaseException:
            self._restore_quietly(snap)
            raise

    # -- live odds ---------------------------------------------------------------------

    def _on_spec_change(self, change=None) -> None:
        self._refresh()
        _table.settings_changed(self)

    def _refresh(self) -> None:
        try:
            view = self._odds_view()
        except Exception as err:  # surfaced in the view
            self.odds_view = {"ok": False, "message": str(err)}
            self.error = str(err)
            return
        self.odds_view = view
        if view.get("ok"):
            self.error = ""
        else:
            self.error = view.get("message", "")
        if self._explaining:
            self._explain()

    _explaining = False
    _ready = False

    def _explain(self) -> None:
        """While the view shows it: why the chance to pass is what it is."""
        if not self._explaining:
            self.explanation = {}
            return
        try:
            e = _explain_spec(self.spec, 1)
        except SpecError as err:
            self.explanation = {"ok": False, "message": str(err)}
            return
        self.explanation = {"ok": True, "title": e.title, "steps": [s.line() for s in e.steps],
                            "walk": list(e.walk), "seed": e.seed}

    def _odds_view(self) -> dict:
        extra = self._view_extras()
        try:
            spec = self.spec
        except SpecError as err:
            return {"ok": False, "message": str(err), **extra}
        o = _api.odds(spec)
        numeric = o.numeric
        passing = _spec.passing(self.edition, self.roll)
        dist = [[k, _pct(v)] for k, v in (o.distribution if numeric else o.breakdown).items()]
        # which bars pass: the threshold for numbers, the edition's passing outcomes for words
        passed = [(o.threshold is not None and float(k) >= o.threshold) if numeric else k in passing for k, _ in dist]
        return {
            "ok": True,
            "spec": spec,
            "numeric": numeric,
            "p_pass": o.p_pass,
            "p_goal": o.p_goal,
            "threshold": o.threshold,
            "goal": o.goal,
            "distribution": dist,
            "passed": passed,
            "chart": _chart.to_json(o),
            "breakdown": {k: _pct(v) for k, v in o.breakdown.items()},
            "mean": o.mean,
            "sd": o.sd,
            "p_critical": o.p_critical,
            "p_ego_spent": o.p_ego_spent,
            "truncated": o.truncated,
            "notes": list(o.notes),
            "outcome_name": self._outcome_name(),
            "hints": _rules.hints(spec, o),
            **extra,
        }

    def _outcome_name(self) -> str:
        return self.words.get("outcome", "successes")

    def _merge_drop(self) -> int:
        """How many ranks two merged helpers drop, by the rules the roller plays by."""
        try:
            rules = _edition.get(self.edition).rules_of(self._raw_spec())
        except SpecError:
            return 1
        return int(getattr(rules, "merge_drop", 1))

    def _view_extras(self) -> dict:
        if "helpers" in self.spec_fields:
            return {"merge": merge_info(self.helpers, self._merge_drop())}
        return {}

    # -- requests from the view (checked by ViewChecked._on_msg) -------------------------

    def _request(self, action: str, content: Mapping) -> None:
        if handle_log_message(self.log, self, content):
            return
        if action in _SETTINGS_REQUESTS and _table.is_open(self):
            raise PlainError(action, _table.held_text(self))
        if action == "roll":
            if self.by_hand:
                self.error = ""
                _table.begin_entry(self, self.spec)
            else:
                self.roll_dice()
        elif action == "by_hand":
            self.by_hand = bool(content.get("on"))
        elif action == "explain":
            self._explaining = bool(content.get("on"))
            self._explain()
        elif action == "accept_helpers":
            if "helpers" not in self.spec_fields:
                raise SpecError("do", action, "a request this roller answers", "only rollers with helpers merge them")
            self.helpers = list(merge_info(self.helpers, self._merge_drop()).get("best") or [])
        else:
            _table.handle(self, content)

    # -- rolling -------------------------------------------------------------------------

    def roll_dice(self, seed: int | None = None):
        """Roll the current spec (``seed`` or the ``seed`` trait, else a fresh
        seed, recorded). Checks and pools finish at once and return the
        :class:`~venus_widgets.Roll`; tasks with a KISS step wait at the
        table (``select``, ``kiss``, ``spend``...) and return the first faces.
        If it raises, the table and the log are as they were."""
        seed = self._check_seed(seed) if seed is not None else (self.seed if self.seed is not None else new_seed())
        spec = self.spec
        with self._kept_on_error():
            out = _table.start(self, spec, seed)
        self.error = ""
        return out

    def enter_faces(self, faces: Any, kiss: Any = None, kiss_faces: Any = None):
        """The faces the table rolled with physical dice, played by the rules
        as a roll: ``faces`` in die order (``vw.dice_to_enter``). With
        ``kiss`` (the dice the player KISSes, ``[]`` to keep them) and
        ``kiss_faces`` (their new faces) the KISS step is played too;
        without, the roller waits at it as in the view. Returns the roll
        once the dice stand, else the first faces.

        Every argument is read up to its bound (the faces up to the engine's
        ``MAX_FACES``, ``kiss`` up to the number of dice) before anything is
        played; a refused call (a wrong count, a face the dice cannot show)
        raises and leaves the table, any roll waiting on it, and the log as
        they were."""
        spec = self.spec
        n = len(_api.dice_to_enter(spec))
        faces = _table.parse_faces(faces)
        kiss = None if kiss is None else read_list(
            "kiss", kiss, n, f"the dice to KISS, each once (die indices 0 to {n - 1})", "dice")
        kiss_faces = [] if kiss_faces is None else _table.parse_faces(kiss_faces, "kiss_faces")
        if kiss is not None:  # checked before anything is played or logged
            _api.enter(spec, faces, kiss=kiss, kiss_faces=kiss_faces, ego=False)
            if (kiss or kiss_faces) and not _table.stops_at_kiss(spec, _api.enter(spec, faces, kiss=[], ego=False)):
                raise SpecError("kiss", kiss, "[]: this roll has no KISS step",
                                "the first faces already meet the goal, or there is no KISS budget")
        with self._kept_on_error():
            _table.begin_entry(self, spec)
            out = _table.enter_faces(self, faces)
            if kiss is not None and self.table.get("phase") == "kiss":
                _table.set_selection(self, kiss)
                out = _table.commit(self)
                if self.table.get("phase") == "enter_kiss":
                    out = _table.enter_faces(self, kiss_faces)
                elif kiss_faces:
                    raise SpecError("kiss_faces", kiss_faces, "none: no die takes a new face")
        self.error = ""
        return out

    def _on_log_change(self, change=None) -> None:
        self.recent = [{"index": i, "result": e["result"],
                        "seed": "by hand" if e["roll"].get("entered") is not None else str(e["roll"]["seed"]),
                        "faces": _typed(e["roll"].get("entered")),
                        "passed": bool(e["roll"]["passed"])}
                       for i, e in list(enumerate(self.log.entries))[-5:]]


def edition_id(edition: Any) -> Any:
    """An edition as its id: a roller takes the id, or the edition itself
    (what ``vw.load_edition`` returns for a draft); anything else as given,
    for the registry's error."""
    if edition is None or isinstance(edition, str):
        return edition
    ident = getattr(edition, "ID", None)
    return ident if isinstance(ident, str) else edition


def _typed(entered: Any) -> str:
    """The faces a table typed for a roll, as typed: "6 2 1, then 5" ("" for a seeded roll)."""
    if not isinstance(entered, Mapping) or not entered.get("faces"):
        return ""
    out = " ".join(str(f) for f in entered["faces"])
    if entered.get("kiss_faces"):
        out += ", then " + " ".join(str(f) for f in entered["kiss_faces"])
    return out


def merge_info(helpers, drop: int = 1) -> dict:
    """The merged helping die, or why the helpers cannot merge and the
    subset to accept (agora)."""
    helpers = list(helpers)
    if not helpers:
        return {"ok": True, "rank": None, "text": "No helpers: no helping die"}
    try:
        rank = _merge(helpers, drop)
    except MergeError as err:
        return {"ok": False, "rank": None, "text": str(err), "best": list(err.best), "best_rank": err.best_rank}
    what = "an automatic success (rank 1, not rolled)" if rank == 1 else f"one helping die of rank {rank}"
    return {"ok": True, "rank": rank, "text": f"Helpers {helpers} merge into {what}"}
