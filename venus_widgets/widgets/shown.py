"""Values and errors as a widget's error line shows them, in plain words:
a value cut short (:func:`short`), the refusals of what a view sends
(:class:`MessageError`, :class:`PlainError`), an exception as the line
(:func:`error_text`), and the line itself at most :data:`MAX_ERROR`
characters (:func:`bounded`: every widget's ``error`` trait is bounded by
it, :class:`~.from_view.ViewChecked`).
"""

from __future__ import annotations

import reprlib
from typing import Any

import traitlets

from ..engine.errors import SpecError

_repr = reprlib.Repr()
_repr.maxlevel, _repr.maxstring, _repr.maxother, _repr.maxlist, _repr.maxdict = 3, 40, 40, 6, 4


def short(value: Any) -> str:
    """A value as an error shows it: at most about 60 characters, read
    without walking a huge or deeply nested value.

    >>> short([0] * 10_000), short("x" * 100), short(10 ** 5000)
    ('[0, 0, 0, 0, 0, 0, ...]', "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'", 'a whole number of about 5001 digits')
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a whole number of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = _repr.repr(value)
    except Exception:  # noqa: BLE001 - a value that cannot even be shown
        text = f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."


class _Shown:
    """A value shown by :func:`short` in an error."""

    def __init__(self, value: Any) -> None:
        self.text = short(value)

    def __repr__(self) -> str:
        return self.text


class MessageError(SpecError):
    """A message or a state from the view that the widget does not take."""

    def __init__(self, field: str, value: Any, allowed: str, hint: str = "") -> None:
        super().__init__(field, _Shown(value), allowed, hint)


class PlainError(SpecError):
    """A refusal whose message is already in plain words (no ``field=value``)."""

    def __init__(self, field: str, message: str) -> None:
        ValueError.__init__(self, message)
        self.field, self.value, self.allowed, self.hint = field, None, "", ""


#: The longest error line a widget shows (its first notes, whole, then how many more).
MAX_ERROR = 1000


def bounded(text: str) -> str:
    """``text`` cut to :data:`MAX_ERROR` characters at the end of a note
    ("; " between notes), saying how many notes are left out.

    >>> bounded("a; b")
    'a; b'
    >>> len(bounded("; ".join(["x" * 300] * 10))) <= MAX_ERROR
    True
    """
    if len(text) <= MAX_ERROR:
        return text
    notes = text.split("; ")
    kept: list[str] = []
    for note in notes:
        more = f" (and {len(notes) - len(kept) - 1} more)" if len(notes) > len(kept) + 1 else ""
        if len("; ".join([*kept, note])) + len(more) + 20 > MAX_ERROR:
            break
        kept.append(note)
    if not kept:  # one note too long by itself: its start
        return text[: MAX_ERROR - 1] + "…"
    return "; ".join(kept) + f" (and {len(notes) - len(kept)} more)"


def error_text(err: BaseException) -> str:
    """An exception as the view's error line. The package's own refusals
    (:class:`SpecError` and its kin, ``TraitError`` from a trait's check,
    errors marked ``plain``) read as they are; anything else is a fault of
    the package and says so (``tests/test_widget_contract.py`` fails on it)."""
    if isinstance(err, (SpecError, traitlets.TraitError)) or getattr(err, "plain", False):
        return str(err)
    return f"Something went wrong inside venus-widgets ({type(err).__name__}: {short(str(err))})"
