"""The one path for what a view sends, for every widget.

Every widget of the package inherits :class:`ViewChecked` (the rollers, the
roll log, the rule lab and its panel, the FC's screen; a new widget gets the
same guarantees by inheriting it, and ``tests/test_widget_contract.py`` finds
every widget class by walking the package and fuzzes it):

* **State the view writes** arrives in :meth:`ViewChecked.set_state`. A key
  the widget does not let the view write (:meth:`~ViewChecked._view_writable`)
  is refused; a writable one is read by :meth:`~ViewChecked._from_view`,
  which repairs it (clamps a number, drops an unknown word) or refuses it,
  then :meth:`~ViewChecked._repair_view` makes the values agree across
  fields. If anything then fails, or the widget's state is not valid
  (:meth:`~ViewChecked._state_problem`), every trait of the state goes back
  to what it was. Each key whose value is not what the view sent is sent
  back, so the view always ends equal to the Python state, and what was
  refused or repaired is said in ``error``, naming the field.
* **Requests** (custom messages: Roll, a knob, export...) go through
  :meth:`ViewChecked._on_msg`: checked against the widget's
  :attr:`~ViewChecked.requests` (the name of the request and the type of
  each field, no other field) before anything is read, then handled by
  :meth:`~ViewChecked._request`. Whatever goes wrong is shown in ``error``
  and the state is restored; nothing is raised into the comm, whose every
  message the widget takes itself (:meth:`ViewChecked._from_view_message`).
* **Python assignments** raise ``TraitError`` as usual; and if an observer
  cannot follow a new value of a state trait, the value is undone (every
  observer is registered through :meth:`ViewChecked.observe`, which wraps
  it) and the assignment raises, so an invalid state never sticks.
* **Threads**: each message and each Python assignment holds the widgets'
  lock (:mod:`.one_at_a_time`): a click is answered on a thread of its own.

Sizes are checked before a value is read: a state with more keys than the
widget has traits, a request with fields it does not declare and list
arguments longer than their bound (:func:`read_list`) are refused unread.
"""

from __future__ import annotations

import difflib
import json
import logging
from itertools import islice
from typing import Any, ClassVar, Iterable, Mapping

import ipywidgets
import traitlets

from ..engine.errors import SpecError
from .one_at_a_time import LOCK, OneAtATime
from .shown import MAX_ERROR, MessageError, PlainError, bounded, error_text, short  # noqa: F401  (the widgets read them here)
from .view_comm import Undoing, take_message

_logger = logging.getLogger(__name__)

# -- requests: the one check -------------------------------------------------------------------

#: The types a request's field may have (each widget declares its requests with them).
INT, STR, BOOL, LIST, NONE = "a whole number", "a text", "true or false", "a list", "null"
NUM, ANY = "a number", "any value"
_TYPES = {INT: lambda v: isinstance(v, int) and not isinstance(v, bool), STR: lambda v: isinstance(v, str),
          BOOL: lambda v: isinstance(v, bool), LIST: lambda v: isinstance(v, list), NONE: lambda v: v is None,
          NUM: lambda v: isinstance(v, (int, float)) and not isinstance(v, bool), ANY: lambda v: True}

Requests = Mapping[str, Mapping[str, tuple[str, ...]]]


def check_request(content: Any, requests: Requests, who: str = "this widget") -> str:
    """The one check of a view's request, for every widget: ``requests``
    maps each ``do`` a widget answers to the type of each of its fields
    (``who`` names the widget in the error). A field not declared is
    refused, so a request is bounded by its declaration before any value
    is read. Returns the action or raises :class:`MessageError`."""
    if not isinstance(content, Mapping):
        raise MessageError("message", content, "an object with 'do' (a message from the view)")
    action = content.get("do")
    if not isinstance(action, str) or action not in requests:
        raise MessageError("do", action, ", ".join(requests), f"a request {who} answers")
    fields = requests[action]
    if len(content) > len(fields) + 1 or any(k != "do" and k not in fields for k in content):
        extra = sorted(str(k) for k in islice(content, len(fields) + 2) if k != "do" and k not in fields)
        raise MessageError(extra[0] if extra else "message", content.get(extra[0]) if extra else len(content),
                           f"only {', '.join(fields) or 'do'}", f"in the request {action!r}")
    for field, types in fields.items():
        value = content.get(field)
        if not any(_TYPES[t](value) for t in types):
            raise MessageError(field, value, " or ".join(types), f"in the request {action!r}")
    return action


def read_list(field: str, value: Any, most: int, allowed: str, unit: str = "items") -> list:
    """The items of a list argument (a list, tuple, range, array or other
    iterable; not a string, set or dict), read up to ``most + 1`` items, so
    an endless or huge iterable is refused unread.

    >>> read_list("faces", range(10**9), 256, "the faces")
    Traceback (most recent call last):
    ...
    venus_widgets.widgets.shown.MessageError: faces=range(0, 1000000000) is not allowed: expected the faces (at most 256 items)
    >>> read_list("kiss", (i for i in [0, 2]), 3, "die indices")
    [0, 2]
    """
    if isinstance(value, (str, bytes, Mapping, set, frozenset)) or not hasattr(value, "__iter__"):
        raise MessageError(field, value, allowed)
    try:
        items = list(islice(value, most + 1))
    except TypeError:
        raise MessageError(field, value, allowed) from None
    if len(items) > most:
        raise MessageError(field, value, f"{allowed} (at most {most} {unit})")
    return items


def traited(check: Any, value: Any) -> Any:
    """``check(value)`` for a trait's validator: a refusal (a SpecError,
    naming the field) becomes the ``TraitError`` a Python assignment raises."""
    try:
        return check(value)
    except SpecError as err:
        raise traitlets.TraitError(str(err)) from None


def refuse_unknown(who: str, given: Iterable[str], known: Iterable[str], takes: str = "") -> None:
    """Raise ``TypeError`` for keyword arguments a widget does not take,
    naming the closest one it does ("did you mean 'dice'?") and what it takes.

    >>> refuse_unknown("RuleLab", ["dicee"], ["dice", "factors", "names"])
    Traceback (most recent call last):
    ...
    TypeError: RuleLab() got an unknown keyword argument 'dicee' (did you mean 'dice'?); it takes dice, factors, names
    """
    known = list(known)
    unknown = [k for k in given if k not in known]
    if not unknown:
        return
    k = unknown[0]
    close = difflib.get_close_matches(str(k), known, n=1)
    raise TypeError(f"{who}() got an unknown keyword argument {k!r}"
                    + (f" (did you mean {close[0]!r}?)" if close else "")
                    + f"; it takes {takes or ', '.join(known)}")


# -- the base ----------------------------------------------------------------------------------


class ViewChecked(OneAtATime, ipywidgets.Widget):
    """The base of every widget: the one validating path for what the view
    sends (see the module)."""

    #: Every request the view may send: ``do`` -> field -> its types.
    requests: ClassVar[Requests] = {"clear_error": {}}
    #: The widget in an error ("the rule lab").
    _who: ClassVar[str] = "this widget"

    error = traitlets.Unicode("", help="The last error, in plain words naming the field; shown in the view").tag(
        sync=True)

    @traitlets.validate("error")
    def _bounded_error(self, proposal: Any) -> str:  # every widget's error line: at most MAX_ERROR characters
        return bounded(proposal["value"])

    _undoing = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.on_msg(self._on_msg)  # (a request handed to ipywidgets' own dispatch comes here too)
        self._listen(self.comm)
        super().observe(lambda change: self._listen(change["new"]), names=["comm"])

    # -- what the view sends --------------------------------------------------------------------

    def _listen(self, comm: Any) -> None:
        """Take the messages of the widget's comm (:meth:`_from_view_message`)."""
        if comm is not None:
            comm.on_msg(self._from_view_message)

    def _from_view_message(self, msg: Any) -> None:
        """Every message the view sends, as its comm hands it over: a state
        update, a request for the whole state, or a request
        (:func:`.view_comm.take_message`; logged, never raised into the comm),
        holding the widgets' lock (:mod:`.one_at_a_time`)."""
        with LOCK:
            take_message(self, msg)

    # -- what a widget declares (hooks) ----------------------------------------------------

    def _view_writable(self) -> set[str]:
        """The traits the view may write (default: none; requests only)."""
        return set()

    def _state_names(self) -> tuple[str, ...]:
        """The traits that make up the widget's state: restored when a change fails."""
        return tuple(sorted(self._view_writable()))

    def _from_view(self, name: str, value: Any) -> Any:
        """A writable trait's value as the view sent it, repaired (or raise
        :class:`MessageError` to refuse it: the trait keeps its value)."""
        return value

    def _repair_view(self, data: dict) -> list[str]:
        """Make the values the view sent agree across fields (mutates
        ``data``); returns what was repaired, in words (default: nothing)."""
        return []

    def _state_problem(self) -> str | None:
        """What is wrong with the widget's state, in plain words naming the
        field, or None when it is valid."""
        return None

    def _request(self, action: str, content: Mapping) -> None:
        """Answer a checked request (``clear_error`` is answered here)."""
        raise MessageError("do", action, ", ".join(self.requests), f"a request {self._who} answers")

    def _show_error(self, text: str) -> None:
        """Show ``text`` in the view's error line."""
        self.error = text

    def _snapshot(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self._state_names()}

    def _restore(self, snap: Mapping[str, Any]) -> None:
        changed = {k: v for k, v in snap.items() if _differs(getattr(self, k), v)}
        if changed:
            with self.hold_trait_notifications():
                for k, v in changed.items():
                    self.set_trait(k, v)

    # -- state from the view ------------------------------------------------------------------

    def set_state(self, sync_data: Any) -> None:
        """State from the view (ipywidgets calls this only for the view's
        messages): refused, or repaired and set, and echoed. Never raises."""
        if not isinstance(sync_data, Mapping):
            self._show_error(f"the view sent a state that is not an object ({type(sync_data).__name__}): "
                             "nothing changed")
            return
        if len(sync_data) > len(self.keys):
            self._show_error(f"the view sent a state of {len(sync_data)} keys; {self._who} has {len(self.keys)}: "
                             "nothing changed")
            return
        writable = self._view_writable()
        keys = [k for k in sync_data if k in self.keys]
        refused = sorted(k for k in keys if k not in writable)
        data: dict[str, Any] = {}
        notes: list[str] = []
        for name in keys:
            if name not in writable:
                continue
            try:
                data[name] = self._from_view(name, sync_data[name])
            except Exception as err:  # noqa: BLE001 - refused: the trait keeps its value
                notes.append(error_text(err))
        snap = self._snapshot()
        try:
            notes += self._repair_view(data)
            super().set_state(data)
            problem = self._state_problem()
            if problem is not None:
                raise PlainError("state", problem)
        except Exception as err:  # noqa: BLE001 - surfaced, never lost in the comm handler
            self._restore_quietly(snap)
            notes.append(f"{error_text(err)} (nothing changed)")
        finally:
            self._echo(sync_data, data)
        if refused:
            notes.insert(0, f"The view may not change {', '.join(refused)} of {self._who}"
                            + (": it sends requests" if not writable else "") + " (nothing changed)")
        if notes:
            self._show_error("; ".join(notes))

    def _echo(self, sync_data: Mapping, data: Mapping) -> None:
        """Send back every key whose Python value is not what the view sent
        (repaired, refused, or a key the view may not write)."""
        writable = self._view_writable()
        for name in sorted({n for n in sync_data if n in self.keys} | set(data)):
            try:
                ours = self.trait_metadata(name, "to_json", _as_is)(getattr(self, name), self)
                same = name in sync_data and same_json(sync_data[name], ours)
            except Exception:  # noqa: BLE001 - a value that cannot even be written differs
                same = False
            if not same or name not in writable:
                self.send_state(name)

    # -- requests from the view -----------------------------------------------------------------

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        """A request from the view: checked, answered holding :data:`LOCK` (also
        when ipywidgets' own dispatch hands it over: ``on_msg``); an error is
        shown and the state restored, never raised into the comm handler."""
        with LOCK:
            snap = self._snapshot()
            try:
                self._handle(content)
                problem = self._state_problem()
                if problem is not None:
                    raise PlainError("state", problem)
            except Exception as err:  # noqa: BLE001 - shown in the view, never lost in the comm handler
                self._restore_quietly(snap)
                self._show_error(error_text(err))

    def _handle(self, content: Any) -> None:
        """Check a request and answer it (raises on a refusal)."""
        action = check_request(content, self.requests, self._who)
        if action == "clear_error":
            self._show_error("")
            return
        self._request(action, content)

    def _restore_quietly(self, snap: Mapping[str, Any]) -> None:
        try:
            self._restore(snap)
        except Exception:  # noqa: BLE001 - the old state was valid; logged if it cannot come back
            _logger.exception("%s could not restore its state", type(self).__name__)

    # -- Python assignments ------------------------------------------------------------------

    def observe(self, handler: Any, names: Any = traitlets.All, type: str = "change") -> None:
        """Register an observer (traitlets' ``observe``) that cannot leave
        the state invalid: when it raises on a new value of a state trait,
        the value is undone, the assignment raises ``TraitError`` saying why,
        and the trait keeps its old value (and the view shows it)."""
        super().observe(Undoing(self, handler, error_text), names=names, type=type)

    def unobserve(self, handler: Any, names: Any = traitlets.All, type: str = "change") -> None:
        super().unobserve(None if handler is None else Undoing(self, handler), names=names, type=type)


def _as_is(value: Any, widget: Any) -> Any:
    """A trait's JSON where it names no ``to_json`` of its own: the value as it is."""
    return value


_SCALARS = (int, float, str, bool, type(None))


def same_json(a: Any, b: Any) -> bool:
    """Whether two values read the same as JSON (what the view holds);
    values JSON cannot even write differ."""
    if type(a) is type(b) and type(a) in _SCALARS:
        return bool(a == b) and a == a  # NaN is not written as JSON the same way twice
    try:
        return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)
    except Exception:  # noqa: BLE001
        return False


def _differs(a: Any, b: Any) -> bool:
    if a is b:
        return False
    try:
        return bool(a != b)
    except Exception:  # noqa: BLE001 - values that cannot compare are taken as different
        return True
