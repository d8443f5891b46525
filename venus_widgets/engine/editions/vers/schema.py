"""The VERS spec: its spec fields (one schema per kind of roll, in display
order) and the rules that tie several fields together.
"""

from __future__ import annotations

from typing import Any

from ...contract.fields import Field, Int, Schema

SCHEMAS: dict[str, dict[str, Field]] = {
    "check": Schema({
        "ranks": Int(0, 20, 3, "ranks of the attribute and skill: CT = 10 + ranks", "Ranks", "ability"),
        "penalty": Int(0, 30, 0, "difficulty rating 0..10 or the opponent's competence", "Penalty", "difficulty"),
    }, words={"outcome": "degrees"}, groups=(("ability", "Ability and dice"), ("difficulty", "Difficulty")),
        pass_parts=("success",), fail_parts=("failure",)),
}


def cross_checks(s: dict[str, Any]) -> None:
    """No rule ties VERS's fields together."""
