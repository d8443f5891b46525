"""What is open follows a draft loaded again: a widget that plays an
edition :func:`follow`\\ s it, and when another edition is registered in
the place of one (``vw.load_edition`` again, with other content: a new
version), each widget open is told (``_edition_replaced(edition_id)``) and
refreshes, or says in words why it cannot (a roller of fields the new
version no longer has). The engine's registry calls :func:`replaced`
(:func:`~venus_widgets.engine.contract.edition.watch`); a widget that
fails to refresh shows the failure as its error, and the loading goes on.
"""

from __future__ import annotations

import weakref
from typing import Any

from ..engine.contract import edition as _edition
from .from_view import error_text

#: The widgets open (while they live) that follow their edition.
_OPEN: "weakref.WeakSet[Any]" = weakref.WeakSet()


def follow(widget: Any) -> None:
    """Tell ``widget`` (``widget._edition_replaced(edition_id)``) when an edition is registered again."""
    _OPEN.add(widget)


def replaced(edition_id: str) -> None:
    """An edition registered again: every widget open that follows it refreshes (or says why not)."""
    for w in list(_OPEN):
        try:
            w._edition_replaced(edition_id)
        except Exception as err:  # noqa: BLE001 - shown in the widget; the draft is loaded all the same
            w.error = error_text(err)


_edition.watch(replaced)
