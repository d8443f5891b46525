"""The facts of a Heresy Engine roll beyond its dice (``Roll.details``)."""

from __future__ import annotations

from dataclasses import dataclass

from ...table.details import Details


@dataclass(frozen=True)
class TaskDetails(Details):
    """A task: the degree of the net successes, the automatic successes
    traded for, and whether the net is below 0 (a foul failure)."""

    degree: str
    automatic: int
    foul_failure: bool


DETAILS = {"task": TaskDetails}
