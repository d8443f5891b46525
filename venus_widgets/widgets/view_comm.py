"""How a widget meets its view, beside the one validating path
(:mod:`.from_view`): every message its comm hands over (:func:`take_message`),
and observers that cannot leave its state invalid (:class:`Undoing`).
"""

from __future__ import annotations

import logging
from typing import Any, Callable

import traitlets

_logger = logging.getLogger(__name__)


def take_message(w: Any, msg: Any) -> None:
    """A message of widget ``w``'s comm: a state update (``w.set_state``), a
    request for the whole state, or a request (``w._on_msg``). Anything
    else, and any fault, is logged, never raised into the comm."""
    try:
        data = msg["content"]["data"]
        method = data["method"]
    except (KeyError, TypeError):
        data, method = {}, None
    try:
        if method == "update" and "state" in data:
            w.set_state(data["state"])
        elif method == "request_state":
            w.send_state()
        elif method == "custom" and "content" in data:
            w._on_msg(w, data["content"], msg.get("buffers"))
        else:
            _logger.warning("Unknown front-end to back-end widget msg with method %r", method)
    except Exception as err:  # noqa: BLE001 - a fault of the package: logged, never raised into the comm
        _logger.warning("%s could not take the view's message (%s): %s", type(w).__name__, method, err, exc_info=True)


class Undoing:
    """An observer of a widget (``handler``) that undoes a change of a state
    trait it cannot follow: the trait goes back to its old value and the
    assignment raises ``TraitError`` saying why (in ``words``; the view shows it).
    :meth:`.from_view.ViewChecked.observe` registers every observer so."""

    handler: Any

    def __init__(self, widget: Any, handler: Any, words: Callable[[BaseException], str] = str) -> None:
        if isinstance(handler, Undoing):
            handler = handler.handler
        elif isinstance(handler, traitlets.EventHandler) and handler.name:  # an @observe method: bound
            handler = getattr(widget, handler.name)
        self.widget, self.handler, self.words = widget, handler, words

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Undoing) and self.widget is other.widget and self.handler == other.handler

    def __hash__(self) -> int:
        return hash(self.handler)

    def __call__(self, change: Any) -> Any:
        try:
            return self.handler(change)
        except Exception as err:
            w, name = self.widget, change["name"]
            if (change["type"] != "change" or w._undoing or name not in w._state_names()
                    or change["old"] is traitlets.Undefined):
                raise
            w._undoing = True
            try:
                w.set_trait(name, change["old"])
            finally:
                w._undoing = False
            raise traitlets.TraitError(f"{self.words(err)} ({name} not changed)") from None
