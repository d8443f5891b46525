"""The rolls the contract tests try the playtest edition on
(:class:`~venus_widgets.engine.contract.samples.Samples`); the typed faces are worked
from docs/rules_playtest.md."""

from __future__ import annotations

from ...contract.samples import ByHand, Samples

SAMPLES = Samples(
    small=(
        {"roll": "check", "caliber": "silver", "score": 4, "difficulty": "tough", "factors": 1, "bonus_factors": 2},
        {"roll": "task", "dice": 2, "kiss": 1, "ego": "double6", "consequences": 1},
        {"roll": "task", "caliber": "silver", "dice": 1, "allies": ["gold"], "kiss": 1, "ego": "reroll", "factors": 1},
        {"roll": "task", "dice": 3, "kiss": 2, "ego": "double6", "consequences": 2, "policy": "optimal"},
    ),
    large=(
        {"roll": "check", "caliber": "gold", "score": 8, "difficulty": "challenging", "factors": 3, "bonus_factors": 4},
        {"roll": "task", "caliber": "gold", "dice": 8, "allies": ["platinum", "silver"], "kiss": 6, "ego": "double6",
         "factors": 3, "consequences": 2},
    ),
    by_hand=(
        # target 15 + 1 = 16; 11 + 4 = 15 is 1 short: the best bonus d6, a 3, makes it
        ByHand({"roll": "check", "caliber": "silver", "score": 4, "difficulty": "tough", "factors": 1,
                "bonus_factors": 1}, faces=(11, 3), outcome="pass", passed=True),
        # a natural 1 fails automatically (Bronze), whatever the score
        ByHand({"roll": "check", "caliber": "bronze", "score": 10, "difficulty": "routine"}, faces=(1,),
               outcome="fail", passed=False),
        # threshold 2: one success (the 5); the KISSed 1 comes up 6
        ByHand({"roll": "task", "dice": 3, "kiss": 1, "factors": 1}, faces=(5, 2, 1), kiss=(2,), kiss_faces=(6,),
               outcome=2, passed=True),
        # goal 2, one success showing: Ego double6 makes the 6 score two
        ByHand({"roll": "task", "dice": 2, "ego": "double6", "consequences": 1}, faces=(6, 2), outcome=2, passed=True),
        # Ego reroll KISSes every failed die (the 1 and the 2): 5 and 3 come up
        ByHand({"roll": "task", "dice": 3, "kiss": 1, "ego": "reroll"}, faces=(1, 2, 6), kiss_faces=(5, 3), ego=True,
               outcome=2, passed=True),
    ),
)
