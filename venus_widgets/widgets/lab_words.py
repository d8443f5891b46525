"""The rule lab's values in words and their checks: a variant's knobs as
given, two texts, a value a knob does not take said beside it
(:class:`KnobValueError`), a knob's value as the lab shows it.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from ..engine.contract import edition as _edition
from ..engine.contract import spec as _spec
from ..engine.contract.knobs import key_word
from ..engine.errors import SpecError
from .from_view import MessageError, PlainError


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
    knob by its label, what was typed, why it is not applied, and the value
    the variant keeps. ``where`` names the control.

    Why: out of the knob's own range, "It takes ..."; in range but refused
    by the rules as a whole (``refused``: a face the re-roll step takes that
    would count, sides too few for the faces that succeed, a roll grown too
    costly), the rules' own reason, each knob and field named by its label
    (:func:`refusal_words`)."""

    def __init__(self, variant: str, vname: str, knob: Any, value: Any, kept: Any, key: Any = None, *,
                 refused: SpecError | None = None, edition: str = "", fields: Mapping[str, str] | None = None) -> None:
        typed, keeps, takes = value, kept, _form_words(knob.kind.form, knob.allowed)
        if isinstance(key, str) and isinstance(value, Mapping) and isinstance(kept, Mapping):
            typed, keeps = value.get(key), kept.get(key)
            form = knob.kind.form.get("of", {})
            takes = _form_words(form, "another value")
        self.where = f"{variant}.{knob.name}" + (f".{key}" if isinstance(key, str) else "")
        what = f"{knob.label or knob.name}" + (f", {key_word(key)}" if isinstance(key, str) else "")
        why = f"It takes {takes}"
        if refused is not None and _in_range(knob, value):
            why = "It " + refusal_words(refused, edition, fields or {}, knob.name)
        super().__init__(self.where, f"In {vname}, {what}: {knob_words(typed)} is not applied. {why}; "
                                     f"{vname} keeps {knob_words(keeps)}.")


def _in_range(knob: Any, value: Any) -> bool:
    """The value is one the knob takes on its own (the rules as a whole may still refuse it)."""
    try:
        knob.check(value)
    except SpecError:
        return False
    return True


def field_labels(roller: Any) -> dict[str, str]:
    return {f["name"]: f.get("label") or f["name"] for f in getattr(roller, "fields", [])}


def in_words(text: str, edition: str, fields: Mapping[str, str]) -> str:
    """``text`` with each rule knob's code name (``rules.dice.d6.sides``,
    ``reroll.faces``) and each field's name said by its label, as the lab
    shows them ("d6 die: sides", "Push: faces")."""
    labels = {k.name: k.label or k.name.replace("_", " ") for k in _edition.get(edition).KNOBS}
    names = "|".join(re.escape(n) for n in sorted(labels, key=len, reverse=True))
    if names:  # one pass: a label put in is never read again
        text = re.sub(r"(?<![\w.])(?:rules\.)?(" + names + r")(?![\w.])", lambda m: labels[m.group(1)], text)
    keys = "|".join(re.escape(n) for n in sorted(fields, key=len, reverse=True))
    if keys:
        text = re.sub(r"(?<![\w.])(" + keys + r")=", lambda m: fields[m.group(1)] + " ", text)
    return text


def refusal_words(err: SpecError, edition: str, fields: Mapping[str, str], knob: str | None = None) -> str:
    """Why the rules refuse a setting, from the engine's :class:`SpecError`,
    in the table's words (no ``rules.<knob>``, no reprs): "must be faces
    that ..." when it names ``knob`` itself; else "would need d6 die:
    success faces (1, 6) to be faces of a 4-sided die ...: change that
    first" for another knob, and a field by its label (a roll grown too
    costly) with what it may be."""
    where = err.field.rsplit(": ", 1)[-1]
    hint = f" ({in_words(err.hint, edition, fields)})" if err.hint else ""
    allowed = in_words(err.allowed, edition, fields)
    name = where.removeprefix("rules.")
    if knob is not None and where == f"rules.{knob}":  # the rules' own reason says it best
        return f"must be {allowed}" if not err.hint else "cannot be: " + in_words(err.hint, edition, fields)
    if where.startswith("rules."):
        label = in_words(name, edition, fields)
        mine = in_words(knob, edition, fields) if knob else ""
        hint = "" if mine and mine in hint else hint  # "(d6 die: sides is 4)": the value just typed
        return f"would need {label} ({knob_words(err.value)}) to be {allowed}{hint}: change that first"
    label = fields.get(where, where.replace("_", " "))
    return f"would make {label} {knob_words(err.value)} not allowed: it must be {allowed}{hint}"


def plain_refusal(err: SpecError, edition: str, fields: Mapping[str, str]) -> str:
    """A refusal of the whole lab's odds (a variant that cannot play the
    base roll as it now stands), in the table's words: "with a push: Pool 70
    is not allowed: ..." (no code notation)."""
    who = err.field.rsplit(": ", 1)[0] + ": " if ": " in err.field else ""
    where = err.field.rsplit(": ", 1)[-1]
    hint = f" ({in_words(err.hint, edition, fields)})" if err.hint else ""
    label = in_words(where.removeprefix("rules."), edition, fields) if where.startswith("rules.") else fields.get(
        where, where.replace("_", " "))
    return f"{who}{label} {knob_words(err.value)} is not allowed: {in_words(err.allowed, edition, fields)}{hint}."


def card(knob: Any) -> dict[str, Any]:
    """A knob as the lab's card shows it (JSON-able): what :meth:`Knob.describe` gives, and
    ``takes``, the values it takes in words ("a whole number from 0 to 50, or none (no limit)")."""
    return {**knob.describe(), "takes": _form_words(knob.kind.form, knob.allowed)}


def _form_words(form: Mapping[str, Any], other: str) -> str:
    """What a knob (or one value of a per-key knob) takes, in words; ``other``
    for a form not said here."""
    if form.get("type") == "int":
        words = f"a whole number from {form['lo']} to {form['hi']}"
        return words + (f", or none ({form['none']})" if form.get("optional") else "")
    if form.get("type") == "bool":
        return "yes or no"
    if form.get("type") == "faces":
        return f"some of the faces {form['lo']} to {form['hi']}"
    if form.get("type") == "per":
        keys = [key_word(k) for k in form["keys"]]
        each = ", ".join(keys[:-1]) + " and " + keys[-1] if len(keys) > 1 else "".join(keys)
        return f"{_form_words(form['of'], 'a value')} for each of {each}"
    return other


def knob_words(value: Any) -> str:
    """A knob's value as the lab shows it: "Bronze 4 · Silver 4", "none", "yes"."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(x) for x in value)
    if isinstance(value, Mapping):
        return " · ".join(f"{key_word(k)} {knob_words(x)}" for k, x in value.items())
    return str(value)
