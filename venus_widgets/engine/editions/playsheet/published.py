"""The seed's published "% chance of at least" tables, regenerated from the
engine's own odds (docs/rules_playsheet.md#published-tables-and-errata)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...contract.spec import Spec
from . import task_odds

if TYPE_CHECKING:
    from ..playtest.seed_table import TableRow


def table(rank: str = "bronze", max_dice: int = 8) -> tuple[TableRow, ...]:
    """The seed's "% chance of at least" table for one rank, regenerated
    from the engine's own odds: plain pools of 1..``max_dice`` D10s (no
    KISS, no Ego, no explosions), P(at least k passes) in percent, mean, sd.

    >>> [round(x, 2) for x in table("bronze", 2)[1].at_least]
    [64.0, 16.0]
    """
    from ..playtest.seed_table import TableRow  # the playtest's table row (loaded with this table only)

    rows = []
    for n in range(1, max_dice + 1):
        o = task_odds.odds(Spec.of({"edition": "playsheet", "roll": "task", "rank": rank, "dice": n, "difficulty": 1}),
                           exact=True)
        assert o.mean is not None and o.sd is not None  # a pool's outcome is numeric
        rows.append(TableRow(n, tuple(float(100 * o.at_least(k)) for k in range(1, n + 1)), float(o.mean), o.sd))
    return tuple(rows)
