"""The rule lab's values in words and their checks: a variant's knobs as
given, two texts, a value a knob does not take said beside it
(:class:`KnobValueError`), a knob's value as the lab shows it.
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol

from ..engine.contract import edition as _edition
from ..engine.contract import spec as _spec
from . import plain_words as _words
from .from_view import MessageError, PlainError

class Variants(Protocol):
    """What names a lab's variants and keeps their knobs (a
    :class:`~.lab_panel.LabPanel`)."""

    names: Mapping[str, str]

    def current(self, variant: str, knob: Any) -> Any: ...


def knobs_as_given(edition: str, rules: Any) -> dict[str, Any]:
    """A variant's knobs checked as a spec's ``rules`` are, each kept in its
    canonical form even where it equals the rules as read: laid over a base
    roll with rules of its own, a variant that sets a knob back to the rules
    as read must play that value, not the base's.

    >>> from venus_widgets.engine.contract.edition import BUILT_IN
    >>> knobs_as_given(BUILT_IN[0], {"threshold_base": 1, "success_from": {"bronze": 4}})
    {'success_from': {'bronze': 4, 'silver': 4, 'gold': 3, 'platinum': 2}, 'threshold_base': 1}
    """
    _spec.check_rules(edition, rules)  # every knob, and the rules as a whole; SpecError names rules.<knob>
    return {k.name: k.check(rules[k.name]) for k in _edition.get(edition).KNOBS if k.name in rules}


def two_texts(field: str, value: Any, what: str) -> tuple[str, str]:
    """Two texts (``names``, ``axes``), or a SpecError naming the field."""
    if (isinstance(value, (str, bytes, Mapping)) or not isinstance(value, (tuple, list))
            or len(value) != 2 or not all(isinstance(v, str) for v in value)):
        raise MessageError(field, value, f"two texts: {what}")
    return value[0], value[1]


def rules_arg(field: str, value: Any) -> Mapping:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise MessageError(field, value, "the rule knobs of a variant: a dict of knob -> value (or None for none)")
    return value


class KnobValueError(PlainError):
    """A value a knob does not take, in the table's words: the variant, the
    knob by its label (code name after it), what was typed, what it takes,
    and the value the variant keeps. ``where`` names the control."""

    def __init__(self, panel: Variants, variant: str, knob: Any, value: Any, key: Any = None) -> None:
        vname = panel.names[variant]
        kept = panel.current(variant, knob)
        typed, keeps, takes = value, kept, knob.allowed
        if isinstance(key, str) and isinstance(value, Mapping) and isinstance(kept, Mapping):
            typed, keeps = value.get(key), kept.get(key)
            form = knob.kind.form.get("of", {})
            takes = _form_words(form)
        self.where = f"{variant}.{knob.name}" + (f".{key}" if isinstance(key, str) else "")
        what = f"{knob.label or knob.name}" + (f", {key}" if isinstance(key, str) else "")
        super().__init__(self.where, f"In {vname}, {what}: {_words.plain_value(typed)} is not applied. It takes {takes}; "
                                     f"{vname} keeps {_words.plain_value(keeps)}.")


def _form_words(form: Mapping[str, Any]) -> str:
    """What one value of a per-key knob takes, in words."""
    if form.get("type") == "int":
        words = f"a whole number from {form['lo']} to {form['hi']}"
        return words + (f", or none ({form['none']})" if form.get("optional") else "")
    if form.get("type") == "bool":
        return "yes or no"
    return "another value"


def knob_words(value: Any) -> str:
    """A knob's value as the lab shows it: "bronze 4 · silver 4", "none", "yes"."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(x) for x in value)
    if isinstance(value, Mapping):
        return " · ".join(f"{k} {knob_words(x)}" for k, x in value.items())
    return str(value)
