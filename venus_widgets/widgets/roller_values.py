"""The values of a roller, a plain part of it: the spec its fields make,
normalized once per change; the field kinds under the rule knobs; a
Python assignment checked with the other fields; and what the view writes,
clamped to the legal range and repaired across fields by the edition's
own ``cross_checks``.

:class:`RollerValues` holds :attr:`~RollerValues.kept`, every trait the
roller reads on its hot path as it stands (the roller's one observer keeps
it), so a message reads plain values: the spec the fields make is
normalized into one read-only ``Spec`` and kept (keyed by the fields'
values), and the state check, the odds panel, the table and the engine all
read that one value.
"""

from __future__ import annotations

import difflib
import re
from typing import Any, Mapping, overload

import traitlets

from ..engine.contract import edition as _edition
from ..engine.contract import repair as _repair, spec as _spec
from ..engine.contract.spec import Spec
from ..engine.errors import SpecError
from ..engine.table.rolls import MAX_SEED
from ._spec_traits import clamp, clamp_int
from .odds_panel import shown_not_refused
from .roller_inputs import Inputs
from .shown import PlainError

#: Widget options a roller takes besides the spec fields (``rules``: the
#: spec's rule knobs, docs/spec.md; set from Python only; ``version``: a
#: spec's, which must be the edition's version loaded now).
OPTIONS = ("seed", "log", "layout", "rules", "by_hand", "version")
#: The roller of each roller family (``at_table.ROLLERS`` keys), by its class name.
ROLLER_NAMES = {"check": "CheckRoller", "task": "TaskRoller", "pool": "PoolRoller"}
#: The traits besides the fields and the inputs that the roller keeps as they stand.
KEPT = ("seed", "rules", "by_hand", "table", "status", "log", "error")
SEED_TEXT = re.compile(r"\s*[0-9]{1,19}\s*")
SEED_ALLOWED = "a whole number from 0 to 2**63 - 1, or empty for a fresh seed per roll"

_NONE_YET = object()


def roll_kind(family: str, edition: str) -> str:
    """The kind of roll a roller family (check, task, pool) rolls in an
    edition: the edition says which rollers fit it (``at_table.ROLLERS``)."""
    try:
        kinds = _edition.get(edition).at_table.ROLLERS
    except SpecError as err:
        raise traitlets.TraitError(str(err)) from None
    if family in kinds:
        return kinds[family]
    fit = [e for e in _edition.ids() if family in _edition.get(e).at_table.ROLLERS]
    other = " or ".join(ROLLER_NAMES[r] for r in kinds) + f" (edition={edition!r})"
    raise traitlets.TraitError(str(SpecError("edition", edition, " or ".join(fit) + f" for a {ROLLER_NAMES[family]}",
                                             f"use {other}")))


def default_edition(family: str) -> str:
    """The first registered edition a roller family takes."""
    for ed in _edition.ids():
        try:
            roll_kind(family, ed)
        except traitlets.TraitError:
            continue
        return ed
    raise traitlets.TraitError(f"no registered edition has a roll for a {ROLLER_NAMES[family]}")


class RollerValues:
    """The values of one roller of an edition's kind of roll (see the module)."""

    def __init__(self, edition: str, roll: str, inputs: Inputs) -> None:
        self.edition, self.roll, self.inputs = edition, roll, inputs
        #: the spec fields, in the schema's order
        self.names: tuple[str, ...] = tuple(_spec.schema(edition, roll))
        #: what the view may write: the fields, the inputs they declare, the seed
        self.writable = frozenset({*self.names, *inputs.names, "seed"})
        #: the roller's state: put back as it was when a change fails
        self.state: tuple[str, ...] = (*self.names, *inputs.names, "seed", "rules", "by_hand")
        #: every trait of :attr:`state` and :data:`KEPT`, as it stands
        self.kept: dict[str, Any] = {}
        self._memo: tuple[dict, Spec | None, SpecError | None] | None = None
        self._kinds: tuple[Any, Mapping[str, Any]] = (_NONE_YET, {})
        #: the field kinds the roller was made with (a version with others is not played: :meth:`replaced`)
        self.kinds_at_start: Mapping[str, Any] = dict(_spec.schema(edition, roll))
        #: why the roller cannot play its edition any more (a draft loaded again with other fields), or ""
        self.stale = ""

    def unknown_argument(self, who: str, k: str) -> str:
        """The words of a keyword argument the roller does not take: what it
        takes, and the roller or the name meant where there is one."""
        edition, roll, fields, extra = self.edition, self.roll, self.names, self.inputs.names
        home = _spec.field_home(edition, roll, k)
        hint = ""
        if home is not None:  # the other roll of this edition is the other roller
            ed, kind = home
            family = next((f for f, r in _edition.get(ed).at_table.ROLLERS.items() if r == kind), kind)
            hint = f"'{k}' belongs to a {ed} {kind}" + (f": use {ROLLER_NAMES.get(family, family)}" if ed == edition else "")
        close = difflib.get_close_matches(str(k), [*fields, *OPTIONS, *extra], n=1)
        if close and not hint:
            hint = f"did you mean {close[0]!r}?"
        return (f"{who}() got an unknown keyword argument {k!r}: the fields of a {edition} {roll} "
                f"are {', '.join(fields)}; widget options are {', '.join(sorted(set(OPTIONS) | set(extra)))}"
                + (f" ({hint})" if hint else ""))

    # -- the spec: one normalize per change -------------------------------------------------

    def raw(self) -> dict:
        """The spec the fields make, as they stand."""
        kept = self.kept
        out: dict[str, Any] = {"edition": self.edition, "roll": self.roll}
        for k in self.names:
            v = kept[k]
            out[k] = list(v) if type(v) is list else v
        if kept["rules"]:
            out["rules"] = dict(kept["rules"])
        return out

    def normalized(self, raw: dict | None = None) -> Spec:
        """The normalized spec of ``raw`` (default: the fields as they stand),
        kept until the fields change: one normalize per change. Raises the
        engine's SpecError (values that do not combine too: the roller shows
        them, :func:`~.odds_panel.shown_not_refused`)."""
        if self.stale:
            raise PlainError("edition", self.stale)
        if raw is None:
            raw = self.raw()
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

    def kinds(self) -> Mapping[str, Any]:
        """The field kinds under the rules the roller plays by (kept per rules)."""
        if self.stale:
            raise PlainError("edition", self.stale)
        rules = self.kept.get("rules") or None  # (none yet while the roller is made)
        memo = self._kinds
        if memo[0] is _NONE_YET or memo[0] != rules:
            memo = (None if rules is None else dict(rules), _spec.schema(self.edition, self.roll, rules))
            self._kinds = memo
        return memo[1]

    def replaced(self, who: str) -> dict[str, Any] | None:
        """The edition registered again (a draft loaded anew): the fields
        that move under its ranges and the roller's rules, or None when the
        new version has other fields (or lacks the rules the roller sets)
        and the roller cannot play it: :attr:`stale` says so in words."""
        self._memo, self._kinds = None, (_NONE_YET, {})
        ident, kinds = self.edition, {}
        try:
            kinds = _spec.schema(ident, self.roll)
            same = tuple(kinds) == self.names and all(type(kinds[n]) is type(self.kinds_at_start[n]) for n in kinds)
            rules = _spec.check_rules(ident, self.kept.get("rules") or {}) if same else {}
        except SpecError:
            same, rules = False, {}
        if same:
            return self.under(rules)
        gone = [n for n in self.names if kinds and n not in kinds]
        self.stale = (f"The draft {ident} was loaded again with other fields"
                      + (f" ({', '.join(gone)} no longer there)" if gone else "")
                      + f": this roller played the version before; make a new one: vw.{who}(edition={ident!r})")
        return None

    def problem(self) -> str | None:
        """What is wrong with the roll the values make or with the inputs
        (see :meth:`spec_problem`), or None."""
        return self.spec_problem(self.raw()) or (self.inputs.problem(self.kept) if self.inputs.names else None)

    def spec_problem(self, raw: dict) -> str | None:
        """What is wrong with the roll ``raw`` makes (values that do not
        combine are allowed: the view shows them with the subset to accept)."""
        try:
            self.normalized(raw)
        except SpecError as err:
            return None if shown_not_refused(raw, err) else str(err)
        return None

    def cross_problem(self, name: str, value: Any) -> str | None:
        """A Python assignment of one field checked with the other fields."""
        return self.spec_problem({**self.raw(), name: list(value) if type(value) is list else value})

    def under(self, rules: Mapping[str, Any]) -> dict[str, Any]:
        """The fields that move under ``rules``: a value now out of range to
        the nearest legal one, then the edition's cross-field repairs."""
        moved: dict[str, Any] = {}
        for name, kind in _spec.schema(self.edition, self.roll, dict(rules) or None).items():
            cur = self.kept[name]
            new = clamp(kind, cur, cur)
            if new != cur:
                moved[name] = new
        raw = {**self.raw(), **moved, "rules": dict(rules)}
        if not rules:
            raw.pop("rules")
        moved.update(_repair.repair(raw))
        return moved

    # -- what the view writes ----------------------------------------------------------------

    def from_view(self, name: str, value: Any) -> Any:
        """A value from the view clamped to the legal range (numbers rounded
        and clamped, unknown words and malformed lists replaced)."""
        kinds = self.kinds()
        if name in kinds:
            return clamp(kinds[name], value, self.kept[name])
        if name == "seed":
            return clamp_seed(value, self.kept["seed"])
        return self.inputs.from_view(name, value, self.kept)

    def allowed(self, name: str) -> str:
        """What a field, the seed or an input takes, in words."""
        kinds = self.kinds()
        if name in kinds:
            return kinds[name].allowed
        if name == "seed":
            return SEED_ALLOWED
        return self.inputs.allowed(name, self.kept)

    def repair(self, data: dict) -> None:
        """Make the view's values agree across fields (mutates ``data``) by
        the edition's own cross-field rules; values that cannot say what to
        change (helpers that do not merge) are shown in the view instead.
        The spec the values make is normalized here, once: the state check
        and the odds after the change read it."""
        cur = self.raw()
        cur.update((k, v) for k, v in data.items() if k in self.names)
        try:
            self.normalized(cur)
        except SpecError as err:
            if not shown_not_refused(cur, err):
                try:
                    data.update(_repair.repair(cur))
                except SpecError:
                    pass


class Holding:
    """traitlets' hold of a roller's notifications, counted on the roller
    (``_held``): while it holds, its fields are set together, so a field's
    check leaves the others be."""

    def __init__(self, w: Any, hold: Any) -> None:
        self.w, self.hold = w, hold

    def __enter__(self) -> None:
        self.w._held += 1
        self.hold.__enter__()

    def __exit__(self, *exc: Any) -> Any:
        try:
            return self.hold.__exit__(*exc)
        finally:
            self.w._held -= 1


def clamp_seed(value: Any, current: Any) -> int | None:
    """A seed the view sent: text of a whole number (63 bits do not fit a JS number), or empty for none."""
    if value is None or value == "":
        return None
    if isinstance(value, str):
        return int(value) if SEED_TEXT.fullmatch(value) and int(value) <= MAX_SEED else current
    return clamp_int(value, 0, MAX_SEED, current)


@overload
def check_seed(seed: None) -> None: ...
@overload
def check_seed(seed: int) -> int: ...
@overload
def check_seed(seed: Any) -> int | None: ...
def check_seed(seed: Any) -> int | None:
    """A seed given from Python: a whole number in range, or None."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise traitlets.TraitError(str(SpecError("seed", seed, "a whole number from 0 to 2**63 - 1, or None "
                                                               "for a fresh seed per roll")))
    return seed


def seed_to_json(value: Any, widget: Any = None) -> str | None:
    """Seeds travel as text: 63-bit numbers do not fit a JavaScript number."""
    return None if value is None else str(value)


def seed_from_json(value: Any, widget: Any = None) -> Any:
    return value  # clamped as the view's other values are
