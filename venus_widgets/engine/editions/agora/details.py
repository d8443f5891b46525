"""The facts of an agora roll beyond its dice (``Roll.details``)."""

from __future__ import annotations

from dataclasses import dataclass

from ...table.details import Details, optional


@dataclass(frozen=True)
class AgoraDetails(Details):
    """A check or a task: snake eyes (enough 1s showing), the 1s, the
    criticals, the result's label, the successes to pass (``threshold``,
    also the ``goal``), the successes before and after the KISS round;
    ``help`` when the helpers merged into an automatic success,
    ``automatic`` when no die was rolled; on a task, the consequences
    ``subverted`` and the ``exp`` it gives."""

    snake_eyes: bool
    ones: int
    criticals: int
    label: str
    threshold: int
    goal: int
    successes_before_kiss: int
    successes_after_kiss: int
    help: str | None = optional()
    automatic: str | None = optional()
    subverted: int | None = optional()
    exp: int | None = optional()


DETAILS = {"check": AgoraDetails, "task": AgoraDetails}
