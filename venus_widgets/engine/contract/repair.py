"""The repair of a spec whose fields are each legal but break a rule tying
several together: the nearest legal values, by the same cross-field rules
that validation (:func:`.spec.normalize`) runs; what the rollers do to the
values the browser sends."""

from __future__ import annotations

from typing import Any, Mapping

from .fields import CrossError
from .spec import cross_checks, normalize  # noqa: F401 - normalize: the doctest's


def repair(spec: Mapping[str, Any]) -> dict[str, Any]:
    """The changes that make ``spec`` (each field legal alone) obey its
    edition's cross-field rules, by the same ``cross_checks`` that
    validation runs: ``{field: nearest legal value}``. A broken rule that
    cannot say what to change (a :class:`SpecError` that is not a
    :class:`CrossError`) is raised.

    >>> repair({"edition": "heresy", "roll": "task", "pool": 4, "black": 0, "trade": 3})
    {'trade': 1}
    >>> repair(normalize({"edition": "heresy", "roll": "task"}))
    {}
    """
    s = dict(spec)
    changes: dict[str, Any] = {}
    for _ in range(len(s) + 1):  # each step fixes one field; a rule loop ends in the raise below
        try:
            cross_checks(s)
            return changes
        except CrossError as err:
            s[err.field] = changes[err.field] = err.nearest
    cross_checks(s)
    return changes
