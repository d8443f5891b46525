"""The facts of a playsheet roll beyond its dice (``Roll.details``)."""

from __future__ import annotations

from dataclasses import dataclass

from ...table.details import Details


@dataclass(frozen=True)
class CheckDetails(Details):
    """A d20 check: the natural face, the total (face + score + bonus),
    the target and how it went (``category``: ``auto-pass``,
    ``auto-fail``, ``pass``, ``fail``)."""

    natural: int
    total: int
    target: int
    category: str


@dataclass(frozen=True)
class TaskDetails(Details):
    """A task: the passes needed (``threshold``), the passes and the dice
    on the table before the KISS, the 10s showing, the critical success or
    failure (``None``: neither) and the margin (passes / threshold)."""

    threshold: int
    successes_before_kiss: int
    dice_before_kiss: int
    tens: int
    critical: str | None
    margin: float


DETAILS = {"check": CheckDetails, "task": TaskDetails}
