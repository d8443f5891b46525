"""The die tables a draft counts when it loads, as a code edition counts
its tables at import: each priced first, in the draft's order, until a
budget; a table past it is counted when a spec rolls it, priced in that
spec's estimate (:func:`.step_cost.odds_steps`)."""

from __future__ import annotations

from typing import Any

from .cost import LIMIT
from .step_cost import table_work


#: The work the die tables counted at load may take (:func:`within_load`), in the multiply-adds of
#: :mod:`.cost`: a tenth of one spec's budget.
LOAD_WORK = LIMIT / 10


def within_load(tables: Any) -> list:
    """The die tables counted when the draft loads, each priced first
    (:func:`.step_cost.table_work`, each mode and with or without the faces
    a re-roll takes, as :func:`.dice.compile_dice` counts them), in the
    draft's order until :data:`LOAD_WORK`: a table past it (a d20 exploding
    50 deep with marks read: 13 s of estimate, 1.7 s real) is counted when
    a spec rolls it, priced in that spec's estimate (:func:`.step_cost.odds_steps`)."""
    kept, spent = [], 0.0
    for t, rows, takes in tables:
        one = sum(table_work(t, rows, mode) for mode in ("count", "float")) * (2 if takes else 1)
        if spent + one <= LOAD_WORK:
            kept.append((t, rows, takes))
            spent += one
    return kept
