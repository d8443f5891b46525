"""Rule knobs: the rules a playtester may change, declared by each edition.

An edition lists its knobs in ``KNOBS`` (a tuple of :class:`Knob`, in the
order a playtester meets them); a spec may carry ``"rules": {knob: value}``
overriding any of them. Values are plain JSON (whole numbers, ``None``,
booleans, lists of faces, or a dict per caliber/rank), so a spec with rules
stays a JSON-able value and a cache key.

:func:`parse` checks what a spec gives and keeps only what differs from the
defaults (so ``{"rules": {}}`` and a rule set to its default are the spec
without rules); :func:`values` fills in the defaults; :class:`RulesOf` is
an edition's ``rules_of``, the rules value its kernels take, made once per
distinct ``rules``. Every bad value is a
:class:`~venus_widgets.engine.errors.SpecError` naming ``rules.<knob>`` and
saying what is allowed.

>>> K = (Knob("threshold_base", 1, whole(0, 5), "threshold = 1 + factors"),
...      Knob("success_from", {"bronze": 5, "silver": 4}, per(("bronze", "silver"), whole(2, 6)),
...           "A die succeeds on Bronze 5-6, Silver 4-6."))
>>> parse(K, {"success_from": {"bronze": 4}, "threshold_base": 1})
{'success_from': {'bronze': 4, 'silver': 4}}
>>> values(K, {"success_from": {"bronze": 4}})
{'threshold_base': 1, 'success_from': {'bronze': 4, 'silver': 4}}
>>> parse(K, {"threshold_base": 9})
Traceback (most recent call last):
...
venus_widgets.engine.errors.SpecError: rules.threshold_base=9 is not allowed: expected a whole number from 0 to 5
>>> parse(K, {"max_dice": 3})
Traceback (most recent call last):
...
venus_widgets.engine.errors.SpecError: rules.max_dice=3 is not allowed: expected a rule of this edition: threshold_base, success_from
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from ..caching import cached
from ..errors import SpecError

#: A knob's check: the value given -> its canonical JSON form; raises
#: ``ValueError`` (any message; the knob's ``allowed`` words are shown).
Check = Callable[[Any], Any]


@dataclass(frozen=True)
class Kind:
    """What values a knob takes: the check and the words for it."""

    check: Check
    allowed: str
    #: the control a widget draws for it (JSON-able): {"type": "int", "lo", "hi"},
    #: {"type": "bool"}, {"type": "faces", "lo", "hi"}, {"type": "per", "keys", "of"};
    #: "optional": True where None is allowed
    form: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)


def whole(lo: int, hi: int) -> Kind:
    """A whole number from ``lo`` to ``hi``."""

    def check(v: Any) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise ValueError(v)
        return v

    return Kind(check, f"a whole number from {lo} to {hi}", {"type": "int", "lo": lo, "hi": hi})


def optional(kind: Kind, none_means: str) -> Kind:
    """``kind`` or ``None`` (``none_means`` says what ``None`` does)."""

    def check(v: Any) -> Any:
        return None if v is None else kind.check(v)

    return Kind(check, f"{kind.allowed}, or None ({none_means})", {**kind.form, "optional": True, "none": none_means})


def boolean() -> Kind:
    """True or False."""

    def check(v: Any) -> bool:
        if not isinstance(v, bool):
            raise ValueError(v)
        return v

    return Kind(check, "True or False", {"type": "bool"})


def faces(lo: int, hi: int, *, empty: bool = False, full: bool = True) -> Kind:
    """A set of die faces from ``lo`` to ``hi`` (a sorted list; ``empty``:
    none allowed; ``full``: all allowed)."""

    def check(v: Any) -> list[int]:
        if isinstance(v, (str, bytes, Mapping)) or not isinstance(v, Sequence):
            raise ValueError(v)
        out = sorted({whole(lo, hi).check(f) for f in v})
        if (not out and not empty) or (len(out) == hi - lo + 1 and not full):
            raise ValueError(v)
        return out

    words = f"a list of faces from {lo} to {hi}"
    words += "" if empty else ", at least one"
    words += "" if full else ", not all of them"
    return Kind(check, words, {"type": "faces", "lo": lo, "hi": hi})


def key_word(key: Any) -> str:
    """A key of a per-key knob as the rulebook writes it: a word is a name the rules give a capital (a
    caliber, a rank: "Bronze"); any other key ("d4", "10-again") as written.

    >>> key_word("silver"), key_word("d4"), key_word("10-again")
    ('Silver', 'd4', '10-again')
    """
    text = str(key)
    return text.capitalize() if text.isalpha() and text.islower() else text


def per(keys: Sequence[str], kind: Kind) -> Kind:
    """A dict ``key -> value`` (e.g. per caliber); keys left out keep their
    default (the check fills them in from the knob's default)."""

    def check(v: Any) -> dict[str, Any]:
        if not isinstance(v, Mapping) or any(k not in keys for k in v):
            raise ValueError(v)
        return {k: kind.check(v[k]) for k in keys if k in v}

    return Kind(check, f"a dict of {', '.join(keys)} to {kind.allowed}", {"type": "per", "keys": list(keys), "of": dict(kind.form)})


@dataclass(frozen=True)
class Knob:
    """One rule a playtester may change: its name (as in the spec's
    ``rules``), its default (today's reading in ``docs/rules_<edition>.md``),
    the values it takes and the seed sentence it comes from."""

    name: str
    default: Any
    kind: Kind
    seed: str
    #: where the docs explain it, e.g. ``docs/rules_playtest.md#task``
    where: str = ""
    #: what the table calls it, e.g. "Successes needed with no factor" (the name is the spec's word)
    label: str = ""
    #: the kinds of roll it can change ("check", "task"...); empty: every roll of the edition
    rolls: tuple[str, ...] = ()
    #: the rule in the table's words where there is no seed sentence to quote (a draft's knob
    #: without a quoted comment: "A d6 counts a success on 1 or 6.")
    says: str = ""

    def applies_to(self, roll: str) -> bool:
        """Whether this knob can change a roll of kind ``roll``."""
        return not self.rolls or roll in self.rolls

    @property
    def allowed(self) -> str:
        return self.kind.allowed

    def check(self, value: Any) -> Any:
        """The canonical JSON form of ``value``; a :class:`SpecError`
        naming ``rules.<name>`` when the knob does not take it."""
        try:
            out = self.kind.check(value)
        except (ValueError, TypeError):
            raise SpecError(f"rules.{self.name}", value, self.allowed) from None
        if isinstance(self.default, dict):  # per key: the keys left out keep their default
            out = {**self.default, **out}
        return out

    def describe(self) -> dict[str, Any]:
        """What ``vw.rules`` shows of it (JSON-able)."""
        return {"name": self.name, "label": self.label or self.name.replace("_", " ").capitalize(),
                "rolls": list(self.rolls), "default": self.default, "allowed": self.allowed,
                "seed": self.seed, "says": self.says, "where": self.where, "form": dict(self.kind.form)}


def parse(knobs: Sequence[Knob], given: Any) -> dict[str, Any]:
    """The spec's ``rules`` checked, in canonical form, keeping only the
    knobs that differ from their defaults (in ``knobs`` order)."""
    if not isinstance(given, Mapping):
        raise SpecError("rules", given, "a dict of rule knobs such as {'threshold_base': 2}")
    by_name = {k.name: k for k in knobs}
    for name, value in given.items():
        if name not in by_name:
            allowed = ", ".join(by_name) if by_name else "none (this edition has no rule knobs)"
            raise SpecError(f"rules.{name}", value, f"a rule of this edition: {allowed}")
    out = {}
    for k in knobs:
        if k.name in given:
            value = k.check(given[k.name])
            if value != k.default:
                out[k.name] = value
    return out


def values(knobs: Sequence[Knob], given: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Every knob's value: ``given`` (checked) over the defaults."""
    chosen = parse(knobs, given or {})
    return {k.name: chosen.get(k.name, k.default) for k in knobs}


R = TypeVar("R")


class RulesOf(Generic[R]):
    """An edition's ``rules_of(spec)``: the spec's ``rules`` over the knobs'
    defaults, made into the edition's rules value by ``make`` (which gets
    every knob's value by name and may raise :class:`SpecError` naming
    ``rules.<knob>`` for knobs that cannot go together). A spec without
    ``rules`` gets ``default``; each distinct ``rules`` is made once (the
    least recently used of 256 dropped: ``cache_clear``, ``cache_info``).

    >>> K = (Knob("threshold_base", 1, whole(0, 5), "threshold = 1 + factors"),)
    >>> rules_of = RulesOf(K, dict)
    >>> rules_of({}), rules_of({"rules": {"threshold_base": 2}})
    ({'threshold_base': 1}, {'threshold_base': 2})
    """

    def __init__(self, knobs: Sequence[Knob], make: Callable[[dict[str, Any]], R], default: R | None = None) -> None:
        self.knobs = tuple(knobs)
        self._make = make
        self.default: R = make(values(self.knobs)) if default is None else default
        self._made = cached(256)(self._from_json)  # rules values are frozen: safe to share
        self.cache_clear = self._made.cache_clear
        self.cache_info = self._made.cache_info

    def _from_json(self, key: str) -> R:
        return self._make(values(self.knobs, json.loads(key)))

    def __call__(self, spec: Mapping[str, Any]) -> R:
        given = spec.get("rules")
        return self._made(json.dumps(given, sort_keys=True)) if given else self.default
