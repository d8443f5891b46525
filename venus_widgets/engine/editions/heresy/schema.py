"""The Heresy Engine's spec: its spec fields (one schema per kind of roll, in display
order) and the rules that tie several fields together.
"""

from __future__ import annotations

from typing import Any

from .degrees import FAILING, PASSING
from ...contract.fields import CrossError, Field, Int, Schema

#: The largest pool and the most black dice (a billion dice is an error, not a hang).
MAX_POOL = 60
MAX_BLACK = 36

SCHEMAS: dict[str, dict[str, Field]] = {
    "task": Schema({
        "pool": Int(0, MAX_POOL, 6, "skill + attribute (+ complementary skill, + easy bonus dice)", "Pool",
                    "ability"),
        "black": Int(0, MAX_BLACK, 0, "black dice: 3 difficult, 6 very difficult, ...", "Black dice",
                     "difficulty"),
        "trade": Int(0, MAX_POOL // 3, 0, "trades of 3 pool dice for 1 automatic success",
                     "Trades (3 dice for 1 success)", "difficulty"),
    }, words={"outcome": "net successes"}, groups=(("ability", "Ability and dice"), ("difficulty", "Difficulty")),
        pass_parts=PASSING, fail_parts=FAILING),
}


def cross_checks(s: dict[str, Any]) -> None:
    """Each trade gives up ``trade_rate`` (3) pool dice."""
    from .rules import rules_of

    rate = rules_of(s).trade_rate
    if rate * s["trade"] > s["pool"]:
        raise CrossError(
            "trade",
            s["trade"],
            f"a whole number from 0 to {s['pool'] // rate}",
            f"each trade gives up {rate} of the {s['pool']} pool dice",
            nearest=s["pool"] // rate,
        )
