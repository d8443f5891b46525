"""VERS's rule knobs (issue 9's names), today's reading as the defaults,
each with the seed sentence it comes from.

The kernels (:mod:`.degrees`, :mod:`.distribution`, :mod:`.rolling`) take
a :class:`Rules` as an argument; a spec does not carry rules yet (the rule
lab's work).

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

from ...errors import SpecError

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
        for name, (lo, hi) in BOUNDS.items():
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise SpecError(f"rules.{name}", value, self.allowed(name))

    @staticmethod
    def allowed(name: str) -> str:
        """The values a knob may take, in words."""
        lo, hi = BOUNDS[name]
        return f"a whole number from {lo} to {hi}"

    @staticmethod
    def seed(name: str) -> str:
        """The seed sentence a knob's default comes from."""
        return {f.name: f.metadata["seed"] for f in fields(Rules)}[name]


#: Today's reading (docs/rules_heresy_vers.md).
RULES = Rules()
