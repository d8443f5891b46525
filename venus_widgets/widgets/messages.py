"""The requests a view sends to a roller or a roll log: ``do`` and the
type of each of its fields, checked by the one path every widget inherits
(:func:`~venus_widgets.widgets.from_view.check_request`) before a value is read.
"""

from __future__ import annotations

from typing import Any

from .from_view import _BOOL, _INT, _LIST, _NONE, _STR, check_request

#: A step of the roll (a button with ``data-step`` in the view) may carry the view's id for it:
#: the table drawn for it says so (``answers``), see :mod:`.roller_table`.
_STEP = {"step_id": (_STR, _NONE)}
#: Every message a view sends to a roller or a log: ``do`` and the type of each of its fields.
MESSAGES: dict[str, dict[str, tuple[str, ...]]] = {
    "export": {"format": (_STR, _NONE)},
    "import": {"text": (_STR,), "name": (_STR, _NONE)},
    "clear_error": {},
    "replay": {"index": (_INT,)},
    "roll": {**_STEP},
    "accept_merge": {},
    "select": {"index": (_INT,)},
    "choose": {"kiss": (_LIST,), **_STEP},
    "ego_reroll": {"on": (_BOOL,)},
    "commit": {**_STEP},
    "spend_ego": {**_STEP},
    "spend": {"item": (_STR, _INT)},
    "subvert": {"item": (_STR, _NONE)},
    "enter": {"faces": (_STR, _LIST), **_STEP},
    "explain": {"on": (_BOOL,)},
    "what_if": {"on": (_BOOL,)},
    "by_hand": {"on": (_BOOL,)},
}
#: The requests a roll log answers itself (a roller answers them for its log too).
LOG_MESSAGES = ("export", "import", "clear_error", "replay")


def check_message(content: Any, allowed) -> str:
    """Check a view's message against :data:`MESSAGES` (``allowed``: the
    actions this widget answers); returns its action. Raises
    :class:`MessageError` (a :class:`SpecError`) saying what is wrong."""
    return check_request(content, {a: MESSAGES[a] for a in allowed})
