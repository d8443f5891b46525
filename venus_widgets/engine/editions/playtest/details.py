"""The facts of a playtest roll beyond its dice (``Roll.details``)."""

from __future__ import annotations

from dataclasses import dataclass

from ...table.details import Details


@dataclass(frozen=True)
class CheckDetails(Details):
    """A d20 check: the natural face, the total (face + score + the best
    bonus d6), the target, how it went (``category``: ``auto-pass``,
    ``auto-fail``, ``pass``, ``bonus-pass``, ``fail``; ``bonus`` while the
    bonus d6s are still to roll) and the best bonus d6 (0: none rolled)."""

    natural: int
    total: int
    target: int
    category: str
    bonus: int


@dataclass(frozen=True)
class TaskDetails(Details):
    """A task: the successes to pass (``threshold``) and the goal, the
    successes before and after the KISS round, the dice Ego doubles and
    the Ego spent (``"double6"``, ``"reroll"`` or ``"none"``)."""

    threshold: int
    goal: int
    successes_before_kiss: int
    successes_after_kiss: int
    ego_doubles: int
    ego: str


DETAILS = {"check": CheckDetails, "task": TaskDetails}
