"""The playsheet edition's spec: its spec fields (one schema per kind of roll, in display
order) and the rules that tie several fields together.
"""

from __future__ import annotations

from typing import Any

from ...spec import D20_SCORE, KISS, MAX_DICE, RANK, Bool, Field, Int, List

SCHEMAS: dict[str, dict[str, Field]] = {
    "check": {
        "rank": RANK,
        "score": D20_SCORE,
        "difficulty": Int(1, 4, 2, "absolute difficulty 1..4, times 5"),
        "factors": List(Int(1, 2, 1), 4, "relative difficulty factors, +1 or +2 each"),
        "bonus": List(Int(1, 2, 1), 4, "bonus factors, +1 or +2 each"),
    },
    "task": {
        "rank": RANK,
        "dice": Int(0, MAX_DICE, 3, "D10 pool: job level + ability score"),
        "difficulty": Int(1, 4, 1, "appropriate difficulty 1..4"),
        "factors": List(Int(1, 2, 1), 4, "relative difficulty factors, +1 or +2 each"),
        "allies": List(RANK, 3, "each aiding ally's rank (one D10 each)"),
        "explode": Bool(False, "magic or advanced technology: every 10 explodes"),
        "kiss": KISS,
        "ally_kiss": Bool(False, "allies KISS their own failed dice"),
        "ego": Bool(False, "spend Ego: every 10 counts as two passes"),
    },
}


def cross_checks(s: dict[str, Any]) -> None:
    """No rule ties the playsheet's fields together."""
