"""Every number a draft's rules turn on is a rule knob (not the fields' defaults, nor the ladder).

While a draft is read (:mod:`.validate`), each number of its rules gets a
:class:`~venus_widgets.engine.contract.knobs.Knob` named by where it stands: a
named rule of ``[rules]`` by its name (``trade_rate``), any other number by
its key path (``dice.d6.sides``, ``outcome.threshold``, ``fields.dice.max``;
the second number written in one expression ``outcome.value.2``). Its
default is the number as written, its seed sentence the rule's own
``seed`` or the line of the draft it comes from. A spec's ``rules`` then
changes any of them, the lab and ``vw.compare`` show them all, with
nothing written for the draft.

>>> maker = Maker()
>>> maker.number("outcome.threshold", 1, "threshold = \\"1 + factors\\"").knob
'outcome.threshold'
>>> k = maker.knobs[0]
>>> k.default, k.allowed
(1, 'a whole number from 0 to 10')
>>> rules = DraftRules.of(maker.knobs, {"outcome.threshold": 2})
>>> rules["outcome.threshold"], rules.key
(2, '{"outcome.threshold": 2}')
"""

from __future__ import annotations

import json
from typing import Any, Iterator, Mapping, Sequence

from ..contract.knobs import Kind, Knob, faces, optional, per, values, whole
from ..errors import SpecError
from .model import Num

#: Where the docs explain the knobs of a draft.
WHERE = "docs/drafts.md#the-rule-numbers-are-knobs"

#: Deepest explosion a knob may set (extra dice per die).
MAX_DEPTH = 50


def number_range(v: int) -> tuple[int, int]:
    """The values a number's knob takes unless the draft says: from 0 (or
    three times a negative number) to at least 10 and three times the number.

    >>> number_range(2), number_range(20), number_range(-1)
    ((0, 10), (0, 60), (-10, 10))
    """
    big = max(10, 3 * abs(v))
    return (-big if v < 0 else 0, big)


class Maker:
    """Collects the knobs of a draft as it is read."""

    def __init__(self) -> None:
        self.knobs: list[Knob] = []
        self._names: set[str] = set()

    def _add(self, name: str, default: Any, kind: Kind, seed: str) -> Num:
        if name in self._names:  # e.g. two numbers at one key path: the second gets a number
            i = 2
            while f"{name}.{i}" in self._names:
                i += 1
            name = f"{name}.{i}"
        self._names.add(name)
        self.knobs.append(Knob(name, default, kind, seed, WHERE))
        return Num(name)

    def number(self, name: str, value: int, seed: str, lo: int | None = None, hi: int | None = None) -> Num:
        """A whole number (``lo..hi``, by default :func:`number_range`)."""
        dlo, dhi = number_range(value)
        lo = dlo if lo is None else lo
        hi = dhi if hi is None else hi
        return self._add(name, value, whole(min(lo, value), max(hi, value)), seed)

    def value(self, num: Num) -> Any:
        """The value written for a knob read so far."""
        return next(k.default for k in self.knobs if k.name == num.knob)

    def faces(self, name: str, value: Sequence[int], sides: int, seed: str) -> Num:
        """A list of faces of a die of ``sides`` faces (none allowed)."""
        return self._add(name, sorted(set(value)), faces(1, max(sides, max(value, default=1)), empty=True), seed)

    def per_key(self, name: str, value: Mapping[str, int], seed: str, lo: int | None = None,
                hi: int | None = None) -> Num:
        """A number per key (caliber, rank)."""
        vals = list(value.values())
        dlo, dhi = number_range(max(vals, key=abs, default=0))
        lo = min(dlo, *vals) if lo is None else lo
        hi = max(dhi, *vals) if hi is None else hi
        return self._add(name, dict(value), per(tuple(value), whole(lo, hi)), seed)

    def depth(self, name: str, value: int | None, seed: str) -> Num:
        """How many extra dice an explosion may add per die (None: no limit)."""
        return self._add(name, value, optional(whole(0, MAX_DEPTH), "no limit: the tail below 1e-12 is cut"), seed)


#: The words of a key of a die, a step or the outcome in a knob's label.
_KEY_WORDS = {"success": "success faces", "explode": "exploding faces", "depth": "explosion depth",
              "sides": "sides", "but": "every face but", "at_least": "from face", "at_most": "up to face"}


def labelled(knobs: Sequence[Knob], fields: Mapping[str, str], steps: Mapping[str, str]) -> list[Knob]:
    """The knobs with labels in the draft's words, for the lab: a field's
    largest value by the field's label ("Dice: largest value"), a die's
    numbers by the die ("d6 die: success faces"), a step's by its name
    ("Push: faces"); a named rule keeps its name. ``fields``: name ->
    label; ``steps``: "reroll"/"double" -> the step's name.

    >>> k = Knob("fields.dice.max", 10, whole(1, 20), "")
    >>> [x.label for x in labelled([k, Knob("dice.d6.marks.bane", [1], whole(0, 1), "")], {"dice": "Dice"}, {})]
    ['Dice: largest value', 'd6 die: bane faces']
    """
    from dataclasses import replace

    out = []
    for k in knobs:
        parts = k.name.split(".")
        rest = [_KEY_WORDS.get(x, x) for x in parts[2:]]
        label = ""
        if parts[0] == "fields" and len(parts) == 3 and parts[2] == "max":
            label = f"{fields.get(parts[1], parts[1])}: largest value"
        elif parts[0] == "dice" and len(parts) > 2:
            if parts[2] == "marks" and len(parts) > 3:
                rest = [f"{parts[3]} faces", *[_KEY_WORDS.get(x, x) for x in parts[4:]]]
            elif parts[2] == "successes" and len(parts) > 3:
                rest = [f"face {parts[3]} counts", *parts[4:]]
            label = f"{parts[1]} die: {' '.join(rest)}"
        elif parts[0] in steps and len(parts) > 1:
            label = f"{steps[parts[0]]}: {' '.join(_KEY_WORDS.get(x, x) for x in parts[1:])}"
        elif parts[0] == "outcome" and len(parts) > 2 and parts[1] == "degrees":
            label = f"Degree {'.'.join(parts[2:])}: lowest value"
        elif parts[0] in ("outcome", "groups", "spend", "ladder") and len(parts) > 1:
            head = {"outcome": "Outcome", "groups": f"{parts[1]} dice", "spend": parts[1], "ladder": "Ladder"}
            tail = parts[1:] if parts[0] in ("outcome", "ladder") else parts[2:]
            label = f"{head[parts[0]]}: {' '.join(_KEY_WORDS.get(x, x) for x in tail)}"
        out.append(replace(k, label=label) if label else k)
    return out


class DraftRules(Mapping[str, Any]):
    """The value of every knob of a draft for one spec (its ``rules`` over
    the defaults): read-only and hashable, so it keys the caches."""

    __slots__ = ("_values", "key")

    def __init__(self, vals: Mapping[str, Any], key: str) -> None:
        self._values = dict(vals)
        self.key = key

    @classmethod
    def of(cls, knobs: Sequence[Knob], given: Mapping[str, Any] | None) -> "DraftRules":
        """Checked knob by knob (a :class:`SpecError` naming ``rules.<knob>``)."""
        chosen = values(knobs, given or {})
        changed = {k.name: chosen[k.name] for k in knobs if chosen[k.name] != k.default}
        return cls(chosen, json.dumps(changed, sort_keys=True))

    @classmethod
    def checked(cls, draft: Any, knobs: Sequence[Knob], given: Mapping[str, Any]) -> "DraftRules":
        """:meth:`of`, and the knobs checked together against the draft (faces
        within the sides, a die that can stop): a SpecError naming ``rules.<knob>``."""
        rules = cls.of(knobs, given)
        for d in draft.dice:
            if d.sides.expr.names or d.sides.expr.slots != 1:
                continue  # sides by a formula: its faces are checked as a spec rolls it
            sides = rules[d.sides.knobs[0]]
            for fs in (d.success, d.explode, *(x for _, x in d.marks)):
                for num in (fs.faces, fs.but) if fs is not None else ():
                    if num is not None and any(f > sides for f in rules[num.knob]):
                        raise SpecError(f"rules.{num.knob}", rules[num.knob], f"faces of a {sides}-sided die",
                                        f"dice.{d.name}.sides is {sides}")
            if d.explode is not None and d.explode.faces is not None and isinstance(d.depth, Num):
                if len(rules[d.explode.faces.knob]) == sides and rules[d.depth.knob] is None:
                    raise SpecError(f"rules.{d.explode.faces.knob}", rules[d.explode.faces.knob],
                                    "some faces, not all, while the depth is unbounded", "a die must be able to stop")
            for face, _ in d.successes:
                if face > sides:
                    raise SpecError(f"rules.{d.sides.knobs[0]}", sides, f"at least {face}",
                                    f"dice.{d.name}.successes names face {face}")
        return rules

    def __getitem__(self, name: str) -> Any:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DraftRules) and other.key == self.key

    def __repr__(self) -> str:
        return f"DraftRules({self.key})"
