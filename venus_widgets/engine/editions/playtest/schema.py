"""The playtest edition's spec: its spec fields (one schema per kind of roll, in display
order) and the rules that tie several fields together.
"""

from __future__ import annotations

from typing import Any

from ...errors import SpecError
from ...spec import CALIBER, D20_SCORE, KISS, MAX_DICE, Bool, Choice, Field, Int, List

SCHEMAS: dict[str, dict[str, Field]] = {
    "check": {
        "caliber": CALIBER,
        "score": D20_SCORE,
        "difficulty": Choice(
            ("routine", "simple", "tough", "challenging", "absurd"), "tough", "absolute difficulty: 5, 10, 15, 20, 25"
        ),
        "factors": Int(0, 4, 0, "relative difficulty factors, +1 to the target each"),
        "bonus_factors": Int(0, 4, 0, "bonus factors: that many d6, add the highest"),
    },
    "task": {
        "caliber": CALIBER,
        "dice": Int(0, MAX_DICE, 3, "own dice: the job level (the ability score when learning)"),
        "learning": Bool(False, "learning on the job (level 0): counts as one of the four factors"),
        "factors": Int(0, 4, 0, "relative difficulty factors: threshold = 1 + factors"),
        "allies": List(CALIBER, 2, "each aiding ally's caliber (one die each)"),
        "kiss": KISS,
        "ego": Choice(("none", "reroll", "double6"), "none", "Ego: KISS every failed die, or 6s count twice"),
        "consequences": Int(0, 8, 0, "extra consequences wanted beyond the primary"),
        "policy": Choice(("failures", "optimal"), "failures", "which dice the auto-KISS picks"),
    },
}


def cross_checks(s: dict[str, Any]) -> None:
    """Rules that tie several fields together."""
    if s["roll"] == "task" and s["learning"] and s["factors"] > 3:
        raise SpecError(
            "factors",
            s["factors"],
            "a whole number from 0 to 3 when learning",
            "learning on the job is already one of the four difficulty factors",
        )
    # a roller learning on the job may receive aid: "You cannot offer aid with
    # a level 0 job" is about the ally's job (docs/rules_playtest.md#task)
