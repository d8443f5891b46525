"""One thread at a time in the widgets: the widgets' lock.

JupyterLab 4.6 (its setting ``commsOverSubshells``) sends a widget's
messages to an ipykernel subshell: a thread beside the one that runs the
notebook's cells. So a click on a roller can be answered while a cell sets
that roller's dice or rolls another roller of the same log. One re-entrant
lock, :data:`LOCK`, makes each side wait for the other:

* every message from a view is answered holding it (the one validating
  path, :meth:`~.from_view.ViewChecked._from_view_message`), so a refused
  request puts back only its own writes;
* every Python assignment of a widget's attribute holds it, so a cell's
  value lands before or after a click's answer, never inside it;
* a Python call that writes in several steps holds it throughout
  (:func:`held`: the roll log's writes, a roller's ``roll_dice``).

One lock for every widget of the kernel, not one each: a request on one
widget writes others (a roller writes its log, the rule lab its roller and
panel), and two locks taken in opposite orders by two threads would hang.
It is held only while Python answers or assigns, never while the engine
waits on anything but itself.

>>> import venus_widgets as vw
>>> log = vw.RollLog()
>>> with LOCK:  # re-entrant: a write inside a held section goes on
...     log.clear()
"""

from __future__ import annotations

import functools
import threading
from typing import Any, Callable, TypeVar

#: The widgets' lock (re-entrant).
LOCK = threading.RLock()

_Call = TypeVar("_Call", bound=Callable[..., Any])


def held(call: _Call) -> _Call:
    """``call`` run holding :data:`LOCK` (a method that writes in several steps)."""
    @functools.wraps(call)
    def holding(*args: Any, **kwargs: Any) -> Any:
        with LOCK:
            return call(*args, **kwargs)
    return holding  # type: ignore[return-value]


class OneAtATime:
    """A widget whose Python assignments hold :data:`LOCK` (a base of
    :class:`~.from_view.ViewChecked`, which takes the comm's messages itself,
    holding it). A mixin before ``ipywidgets.Widget``, whose public methods
    ``super()`` reaches."""

    def __setattr__(self, name: str, value: Any) -> None:
        with LOCK:
            super().__setattr__(name, value)

    def set_trait(self, name: str, value: Any) -> None:
        with LOCK:
            super().set_trait(name, value)  # type: ignore[misc]
