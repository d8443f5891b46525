"""The requests a view sends to a roller or a roll log: ``do`` and the
type of each of its fields, checked by the one path every widget inherits
(:func:`~venus_widgets.widgets.from_view.check_request`) before a value is read.
"""

from __future__ import annotations

from .from_view import BOOL, INT, LIST, NONE, STR

#: A step of the roll (a button with ``data-step`` in the view) may carry the view's id for it:
#: the table drawn for it says so (``answers``), see :mod:`.roller_table`.
_STEP = {"step_id": (STR, NONE)}
#: Every message a view sends to a roller or a log: ``do`` and the type of each of its fields.
MESSAGES: dict[str, dict[str, tuple[str, ...]]] = {
    "export": {"format": (STR, NONE)},
    "import": {"text": (STR,), "name": (STR, NONE)},
    "clear_error": {},
    "replay": {"index": (INT,)},
    "roll": {**_STEP},
    "accept_merge": {},
    "select": {"index": (INT,)},
    "choose": {"kiss": (LIST,), **_STEP},
    "ego_reroll": {"on": (BOOL,)},
    "commit": {**_STEP},
    "spend_ego": {**_STEP},
    "spend": {"item": (STR, INT)},
    "subvert": {"item": (STR, NONE)},
    "enter": {"faces": (STR, LIST), **_STEP},
    "explain": {"on": (BOOL,)},
    "what_if": {"on": (BOOL,)},
    "by_hand": {"on": (BOOL,)},
}
#: The requests a roll log answers itself (a roller answers them for its log too).
LOG_MESSAGES = ("export", "import", "clear_error", "replay")

