"""What a roller's values are and how they change: the spec its fields
make, normalized once per change; the rule knobs; a Python assignment
checked with the other fields; and the hooks of the one validating path
(:class:`~venus_widgets.widgets.from_view.ViewChecked`) for what the view
writes: clamped, repaired across fields by the edition's own
``cross_checks``, held while a roll is open, echoed.

:class:`RollerValues` is the part of every roller (:class:`~.roller._Roller`)
that holds its values; one normalize per change: the repair of browser
values normalizes the spec the values make into one read-only ``Spec`` and
keeps it (keyed by the fields' values), so the state check, the odds panel,
the table and the engine all read that one value.
"""

from __future__ import annotations

from typing import Any, Mapping

import traitlets

from ..engine import api as _api
from ..engine.contract import spec as _spec
from ..engine.contract.spec import Spec
from ..engine.errors import SpecError
from ..engine.table.rolls import MAX_SEED
from ._spec_traits import clamp, clamp_int, field_info
from .odds_panel import shown_not_refused
from .from_view import PlainError, ViewChecked, short
from .from_view import same_json as _same_json
from .roller_table import SEED_ALLOWED, SEED_TEXT, seed_to_json

_NOTHING = object()


class RollerValues(ViewChecked):
    """The values of a roller (a base of :class:`~.roller._Roller`)."""

    #: set on each generated class: its spec fields, the inputs they declare, what the view writes
    _field_names: tuple[str, ...] = ()
    _extras: tuple[str, ...] = ()
    _writable: frozenset[str] = frozenset()
    _state: tuple[str, ...] = ()
    _memo: tuple[dict, Spec | None, SpecError | None] | None = None
    _kinds_memo: tuple[Any, Mapping[str, Any]] = (_NOTHING, {})
    _ready = False
    #: why the roller cannot play its edition any more (a draft loaded again with other fields), or ""
    _stale = ""
    #: the field kinds the roller was made with (a version with others is not played: :meth:`_edition_replaced`)
    _kinds_at_start: Mapping[str, Any] = {}

    # -- the spec: one normalize per change -------------------------------------------

    @property
    def spec_fields(self) -> tuple[str, ...]:
        return self._field_names

    def _raw_spec(self) -> dict:
        """The spec the fields make, as they stand (read without the trait machinery)."""
        tv = self._trait_values
        out: dict[str, Any] = {"edition": tv["edition"], "roll": tv["roll"]}
        for k in self._field_names:
            v = tv[k] if k in tv else getattr(self, k)
            out[k] = list(v) if type(v) is list else v
        rules = tv.get("rules")
        if rules:
            out["rules"] = dict(rules)
        return out

    def _normalized(self, raw: dict | None = None) -> Spec:
        """The normalized spec of ``raw`` (default: the fields as they stand),
        kept until the fields change: one normalize per change. Raises the
        engine's SpecError (values that do not combine too: the roller shows
        them, :func:`~.odds_panel.shown_not_refused`)."""
        if self._stale:
            raise PlainError("edition", self._stale)
        if raw is None:
            raw = self._raw_spec()
        memo = self._memo
        if memo is None or memo[0] != raw:
            try:
                memo = (raw, Spec(raw), None)
            except SpecError as err:
                memo = (raw, None, err)
            self._memo = memo
        if memo[2] is not None:
            raise memo[2].with_traceback(None)
        assert memo[1] is not None
        return memo[1]

    def _kinds(self) -> Mapping[str, Any]:
        """The field kinds under the rules the roller plays by (kept per rules)."""
        rules = self._trait_values.get("rules") or None
        memo = self._kinds_memo
        if memo[0] is _NOTHING or memo[0] != rules:
            memo = (None if rules is None else dict(rules), _spec.schema(self.edition, self.roll, rules))
            self._kinds_memo = memo
        return memo[1]

    def _kind_of(self, field: str) -> Any:
        """A field's kind under the rules the roller plays by."""
        if self._stale:
            raise PlainError("edition", self._stale)
        return self._kinds()[field]

    def _edition_replaced(self, ident: str) -> None:
        """An edition was registered again (:mod:`.reloaded`): if it is this
        roller's, the fields take the new version's ranges and the odds
        follow; a version with other fields (or without the rules this
        roller sets) cannot be played by this roller, which says so in words."""
        if ident != self._trait_values["edition"]:
            return
        self._memo, self._kinds_memo = None, (_NOTHING, {})
        roller = f"vw.{type(self).__name__}"
        kinds: Mapping[str, Any] = {}
        try:
            kinds = _spec.schema(ident, self._trait_values["roll"])
            same = tuple(kinds) == self._field_names and all(
                type(kinds[n]) is type(self._kinds_at_start[n]) for n in kinds)
            rules = _spec.check_rules(ident, self._trait_values.get("rules") or {}) if same else {}
        except SpecError:
            same, rules = False, {}
        if not same:
            gone = [n for n in self._field_names if kinds and n not in kinds]
            self._stale = (f"The draft {ident} was loaded again with other fields"
                           + (f" ({', '.join(gone)} no longer there)" if gone else "")
                           + f": this roller played the version before; make a new one: {roller}(edition={ident!r})")
        else:
            moved = self._fields_under(rules)
            with self.hold_trait_notifications():
                self.set_trait("fields", field_info(ident, self._trait_values["roll"], rules))
                self.set_trait("words", _spec.words(ident, self._trait_values["roll"]))
                for name, value in moved.items():
                    self.set_trait(name, value)
        self._refresh()

    @property
    def spec(self) -> dict:
        """The current spec (normalized, a plain copy; raises SpecError if the fields disagree)."""
        return self._normalized().to_dict()

    @property
    def odds(self):
        """The engine's exact :class:`~venus_widgets.Odds` of the current spec."""
        return _api.odds(self._normalized())  # a Spec is taken as it is

    # -- rule knobs ------------------------------------------------------------------

    @traitlets.validate("rules")
    def _validate_rules(self, proposal):
        """New rule knobs are checked with the whole roll they make (the
        fields moved into their new ranges): rules the roll cannot be played
        by are refused here, before anything changes."""
        try:
            rules = _spec.check_rules(self.edition, proposal["value"])
            if self._ready:  # after __init__ (which checks the spec with its rules itself)
                raw = {**self._raw_spec(), **self._fields_under(rules), "rules": rules}
                try:
                    _spec.normalize(raw)
                except SpecError as err:
                    if not shown_not_refused(raw, err):
                        raise  # (values that do not combine are shown in the view, with the subset to accept)
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
        self.session.settings_changed()

    # -- Python assignments across fields ----------------------------------------------

    def _cross_check(self, name: str, value: Any) -> None:
        """Called by SpecTrait for a single Python assignment outside
        hold_trait_notifications: the other fields must agree."""
        raw = {**self._raw_spec(), name: list(value) if type(value) is list else value}
        try:
            self._normalized(raw)
        except SpecError as err:
            if not shown_not_refused(raw, err):  # values that do not combine are shown (with the subset to accept)
                raise traitlets.TraitError(str(err)) from None

    # -- browser-originated changes (the hooks of ViewChecked) ------------------------------

    def _view_writable(self) -> set[str]:
        return self._writable  # type: ignore[return-value]  # a frozenset: read only

    def _state_names(self) -> tuple[str, ...]:
        return self._state

    def _from_view(self, name: str, value: Any) -> Any:
        """A value from the view, clamped to the legal range (numbers rounded
        and clamped, unknown words and malformed lists replaced); a value
        with nothing sensible to read keeps the current one. The view is told
        (``error``) when what it sent was not legal."""
        try:
            new = self._clamp_browser(name, value)
        except Exception:  # noqa: BLE001 - nothing sensible to read: keep the value
            new = getattr(self, name)
        if name == "seed":
            shown: Any = seed_to_json(new)
        else:
            shown = new
        read_as_sent = (isinstance(value, str) and value.strip() == str(shown)) or (
            isinstance(value, float) and not isinstance(new, bool) and isinstance(new, int) and value == new)
        same = type(value) in (int, str, float, bool, type(None)) and type(value) is type(shown) and value == shown
        if not (read_as_sent or same or _same_json(value, shown)):
            self._notes.append(f"{name}={short(value)} is not allowed: expected {self._allowed_words(name)}; "
                               f"so {name} is {short(new)}")
        return new

    def _allowed_words(self, name: str) -> str:
        kinds = self._kinds()
        if name in kinds:
            return kinds[name].allowed
        if name == "seed":
            return SEED_ALLOWED
        return self._extra_allowed(name)

    def _extra_allowed(self, name: str) -> str:
        return "a value this roller takes"

    def _clamp_browser(self, name: str, value: Any) -> Any:
        kinds = self._kinds()
        if name in kinds:
            return clamp(kinds[name], value, self._trait_values.get(name, getattr(self, name)))
        if name == "seed":
            return _clamp_seed(value, self.seed)
        return self._clamp_extra(name, value)

    def _clamp_extra(self, name: str, value: Any) -> Any:
        return getattr(self, name)

    def _repair(self, data: dict) -> None:
        """Make browser values agree across fields (mutates ``data``) by the
        edition's own cross-field rules; values that cannot say what to
        change (helpers that do not merge) are shown in the view instead.
        The spec the values make is normalized here, once: the state check
        and the odds after the change read it."""
        fields = self._field_names
        cur = self._raw_spec()
        cur.update((k, v) for k, v in data.items() if k in fields)
        try:
            self._normalized(cur)
            return
        except SpecError as err:
            if shown_not_refused(cur, err):
                return
        try:
            data.update(_spec.repair(cur))
        except SpecError:
            pass

    def _repair_view(self, data: dict) -> list[str]:
        self._repair(data)
        held = self.session.hold(data)  # a roll waits at its KISS: the settings wait with it
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
        """The roll the fields make is legal (values that do not combine are
        allowed: the view shows them with the subset to accept)."""
        raw = self._raw_spec()
        try:
            self._normalized(raw)
        except SpecError as err:
            return None if shown_not_refused(raw, err) else str(err)
        return self._extra_problem()

    def _extra_problem(self) -> str | None:
        return None

    def _snapshot(self) -> dict[str, Any]:
        tv = self._trait_values
        traits = {name: tv[name] if name in tv else getattr(self, name) for name in self._state}
        return {"traits": traits, **self._table_snapshot()}

    def _restore(self, snap: Mapping[str, Any]) -> None:
        super()._restore(snap["traits"])
        self._table_restore(snap)


def _clamp_seed(value: Any, current: Any) -> int | None:
    """A seed the view sent: text of a whole number (63 bits do not fit a JS number), or empty for none."""
    if value is None or value == "":
        return None
    if isinstance(value, str):
        return int(value) if SEED_TEXT.fullmatch(value) and int(value) <= MAX_SEED else current
    return clamp_int(value, 0, MAX_SEED, current)
