"""The Heresy Engine's rule knobs (issue 9's names), today's reading as
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
venus_widgets.engine.errors.SpecError: rules.reroll_faces=(1, 2, 3, 4, 5, 6) is not allowed: expected some of the faces 1 to 6, not all (a die must be able to stop)
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from ...errors import SpecError


def _knob(default: Any, seed: str, allowed: str) -> Any:
    return field(default=default, metadata={"seed": seed, "allowed": allowed})


def _faces(name: str, value: Any, allowed: str, *, empty: bool, full: bool) -> tuple[int, ...]:
    try:
        faces = tuple(sorted({int(f) for f in value}))
    except (TypeError, ValueError):
        raise SpecError(f"rules.{name}", value, allowed) from None
    if any(f < 1 or f > 6 for f in faces) or (not empty and not faces) or (not full and len(faces) == 6):
        raise SpecError(f"rules.{name}", faces, allowed)
    return faces


def _whole(name: str, value: Any, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise SpecError(f"rules.{name}", value, f"a whole number from {lo} to {hi}")
    return value


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
        set_ = object.__setattr__
        set_(self, "success_faces", _faces("success_faces", self.success_faces, self.allowed("success_faces"),
                                           empty=False, full=True))
        set_(self, "reroll_faces", _faces("reroll_faces", self.reroll_faces, self.allowed("reroll_faces"),
                                          empty=True, full=False))
        set_(self, "trade_rate", _whole("trade_rate", self.trade_rate, 1, 10))
        set_(self, "pass_threshold", _whole("pass_threshold", self.pass_threshold, 1, 20))

    @staticmethod
    def allowed(name: str) -> str:
        """The values a knob may take, in words."""
        return {f.name: f.metadata["allowed"] for f in fields(Rules)}[name]

    @staticmethod
    def seed(name: str) -> str:
        """The seed sentence a knob's default comes from."""
        return {f.name: f.metadata["seed"] for f in fields(Rules)}[name]


#: Today's reading (docs/rules_heresy_vers.md).
RULES = Rules()
