"""VERS's rule knobs, today's reading as the defaults,
each with the seed sentence it comes from.

The kernels (:mod:`.degrees`, :mod:`.distribution`, :mod:`.rolling`) take
a :class:`Rules`, by default the spec's (:func:`rules_of`: its ``rules``,
checked by :data:`KNOBS`, over the defaults).

>>> RULES.base_ct, RULES.dice
(10, 3)
>>> Rules(dice=0)
Traceback (most recent call last):
...
venus_widgets.engine.errors.SpecError: rules.dice=0 is not allowed: expected a whole number from 1 to 6
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from ...contract.knobs import Knob, RulesOf, whole

#: knob -> (lowest, highest) allowed value
BOUNDS = {"base_ct": (0, 30), "dice": (1, 6)}


def _knob(default: int, seed: str) -> Any:
    return field(default=default, metadata={"seed": seed})


@dataclass(frozen=True)
class Rules:
    """One reading of VERS's rules (hashable: a cache key)."""

    base_ct: int = _knob(10, "This value is derived by adding the ranks of the relevant attributes and/or "
                             "skills to the base target of 10.")
    dice: int = _knob(3, "the player simply rolls 3d6, adds any penalties, and compares the result with the "
                         "competence target for that action.")

    def __post_init__(self) -> None:
        for k in KNOBS:  # the knobs' own checks: one place
            k.check(getattr(self, k.name))


#: The knobs a spec's ``rules`` may change.
KNOBS: tuple[Knob, ...] = tuple(
    Knob(f.name, f.default, whole(*BOUNDS[f.name]), f.metadata["seed"], "docs/rules_heresy_vers.md#rule-knobs-vers",
         {"base_ct": "Competence target before ranks", "dice": "Dice rolled (d6)"}[f.name])
    for f in fields(Rules))

#: Today's reading (docs/rules_heresy_vers.md).
RULES = Rules()


#: The rules a spec plays by: its ``rules`` over the defaults (made once per distinct ``rules``).
rules_of: RulesOf[Rules] = RulesOf(KNOBS, lambda v: Rules(**v), RULES)
