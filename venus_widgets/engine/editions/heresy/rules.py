"""The Heresy Engine's rule knobs, today's reading as
the defaults, each with the seed sentence it comes from.

The kernels (:mod:`.pool`, :mod:`.net`, :mod:`.rolling`,
:mod:`.degrees`) take a :class:`Rules` as an argument, so a variant is
one value away and nothing reads a rule from a module constant. A spec
does not carry rules yet (a spec field ``rules`` is the rule lab's work).

>>> RULES.success_faces, RULES.reroll_faces, RULES.trade_rate, RULES.pass_threshold
((1, 6), (6,), 3, 2)
>>> Rules(success_faces=[6]).success_faces          # successes on 6 only
(6,)
>>> Rules(reroll_faces=[1, 2, 3, 4, 5, 6])
Traceback (most recent call last):
...
venus_widgets.engine.errors.SpecError: rules.reroll_faces=[1, 2, 3, 4, 5, 6] is not allowed: expected a list of faces from 1 to 6, not all of them
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from ...contract.knobs import Kind, Knob, faces, RulesOf, whole


def _knob(default: Any, seed: str, allowed: str) -> Any:
    return field(default=default, metadata={"seed": seed, "allowed": allowed})


@dataclass(frozen=True)
class Rules:
    """One reading of the Heresy Engine's rules (hashable: a cache key)."""

    success_faces: tuple[int, ...] = _knob(
        (1, 6), "Each roll of '1' or '6' counts as a success",
        "some of the faces 1 to 6, at least one (black dice cancel on the same faces)")
    reroll_faces: tuple[int, ...] = _knob(
        (6,), "Any roll of a '6' can also be rerolled, for a chance at an additional success",
        "some of the faces 1 to 6, not all (a die must be able to stop)")
    trade_rate: int = _knob(
        3, "the player always has the option of trading 3 dice in her dice pool for a single success",
        "a whole number from 1 to 10")
    pass_threshold: int = _knob(
        2, "As you need 2 successes to properly complete a task", "a whole number from 1 to 20")

    def __post_init__(self) -> None:
        for k in KNOBS:  # the knobs' own checks: one place; lists of faces become tuples
            v = k.check(getattr(self, k.name))
            object.__setattr__(self, k.name, tuple(v) if isinstance(v, list) else v)


#: What the table calls each knob.
_LABELS = {"success_faces": "Faces that are successes", "reroll_faces": "Faces rolled again for one more success",
           "trade_rate": "Dice traded for one success", "pass_threshold": "Successes needed to pass"}

_KINDS: dict[str, Kind] = {"success_faces": faces(1, 6), "reroll_faces": faces(1, 6, empty=True, full=False),
                           "trade_rate": whole(1, 10), "pass_threshold": whole(1, 20)}

#: The knobs a spec's ``rules`` may change.
KNOBS: tuple[Knob, ...] = tuple(
    Knob(f.name, list(f.default) if isinstance(f.default, tuple) else f.default, _KINDS[f.name],
         f.metadata["seed"], "docs/rules_heresy_vers.md#rule-knobs-heresy", _LABELS[f.name])
    for f in fields(Rules))

#: Today's reading (docs/rules_heresy_vers.md).
RULES = Rules()


#: The rules a spec plays by: its ``rules`` over the defaults (made once per distinct ``rules``).
rules_of: RulesOf[Rules] = RulesOf(KNOBS, lambda v: Rules(**v), RULES)
