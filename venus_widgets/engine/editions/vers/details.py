"""The facts of a VERS roll beyond its dice (``Roll.details``)."""

from __future__ import annotations

from dataclasses import dataclass

from ...table.details import Details


@dataclass(frozen=True)
class CheckDetails(Details):
    """A check: the dice's total, the challenge target (``ct``), the
    penalty and the total with it (``modified``)."""

    total: int
    ct: int
    penalty: int
    modified: int


DETAILS = {"check": CheckDetails}
