"""The requests a view sends to a roller or a roll log: ``do`` and the
type of each of its fields, checked by the one path every widget inherits
(:func:`~venus_widgets.widgets.from_view.check_request`) before a value is read.
"""

from __future__ import annotations

from .from_view import BOOL, INT, LIST, NONE, STR

#: Every message a view sends to a roller or a log: ``do`` and the type of each of its fields.
MESSAGES: dict[str, dict[str, tuple[str, ...]]] = {
    "export": {"format": (STR, NONE)},
    "import": {"text": (STR,), "name": (STR, NONE)},
    "clear_error": {},
    "replay": {"index": (INT,)},
    "roll": {},
    "accept_merge": {},
    "select": {"index": (INT,)},
    "choose": {"kiss": (LIST,)},
    "ego_reroll": {"on": (BOOL,)},
    "commit": {},
    "spend_ego": {},
    "spend": {"item": (STR, INT)},
    "subvert": {"item": (STR, NONE)},
    "enter": {"faces": (STR, LIST)},
    "explain": {"on": (BOOL,)},
    "what_if": {"on": (BOOL,)},
    "by_hand": {"on": (BOOL,)},
}
#: The requests a roll log answers itself (a roller answers them for its log too).
LOG_MESSAGES = ("export", "import", "clear_error", "replay")

