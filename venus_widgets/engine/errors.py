"""Errors raised for bad roll specs.

Every error a user can cause with a spec is a :class:`SpecError`, a
``ValueError`` subclass whose message names the field, the value given and
what is allowed, so the reader knows what to change.

>>> err = SpecError("dice", 99, "0..30")
>>> str(err)
'dice=99 is not allowed: expected 0..30'
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations

from typing import Any


class SpecError(ValueError):
    """A spec field holds a value the rules do not allow.

    Attributes ``field``, ``value`` and ``allowed`` are kept for programs
    (the widgets show them next to the control).
    """

    def __init__(self, field: str, value: Any, allowed: str, hint: str = "") -> None:
        self.field = field
        self.value = value
        self.allowed = allowed
        self.hint = hint
        shown = repr(value)
        if len(shown) > 80:  # e.g. a 400-digit number: its start and end say enough
            shown = f"{shown[:60]}…{shown[-12:]}"
        message = f"{field}={shown} is not allowed: expected {allowed}"
        if hint:
            message += f" ({hint})"
        super().__init__(message)


class UnknownName(SpecError, KeyError):
    """A name looked up that is not there (a rule knob, a variant, an
    outcome): a :class:`SpecError` naming what was asked for and what
    there is, and a ``KeyError``, as a lookup by name raises.

    >>> err = UnknownName("knob", "nope", "one of threshold_base, max_factors")
    >>> str(err), isinstance(err, KeyError)
    ("knob='nope' is not allowed: expected one of threshold_base, max_factors", True)
    """

    __str__ = ValueError.__str__  # the message as it is (a KeyError's would show it quoted)
