"""The rolls the contract tests try the playsheet edition on
(:class:`~venus_widgets.engine.contract.samples.Samples`); the typed faces are worked
from docs/rules_playsheet.md."""

from __future__ import annotations

from ...contract.samples import ByHand, Samples

SAMPLES = Samples(
    small=(
        {"roll": "check", "rank": "gold", "score": 5, "difficulty": 3, "factors": [1], "bonus": [2]},
        {"roll": "task", "rank": "silver", "dice": 1, "allies": ["gold"], "kiss": 1, "ally_kiss": True, "ego": True,
         "difficulty": 2},
        {"roll": "task", "dice": 2, "kiss": 2, "difficulty": 2},
    ),
    large=(
        {"roll": "check", "rank": "platinum", "score": 12, "difficulty": 4, "factors": [2, 2, 1, 1],
         "bonus": [2, 2, 2, 2]},
        {"roll": "task", "rank": "gold", "dice": 12, "allies": ["bronze", "silver", "platinum"], "kiss": 6,
         "ally_kiss": True, "explode": True, "ego": True, "difficulty": 4, "factors": [2, 2]},
    ),
    by_hand=(
        # target 5 x 3 + 1 = 16; 9 + 5 + 2 = 16: a pass
        ByHand({"roll": "check", "rank": "gold", "score": 5, "difficulty": 3, "factors": [1], "bonus": [2]},
               faces=(9,), outcome="pass", passed=True),
        # a natural 1 always fails
        ByHand({"roll": "check", "rank": "gold", "score": 30, "difficulty": 1}, faces=(1,), outcome="fail",
               passed=False),
        # threshold 2, Silver passes on 6-10: one pass; the failed 2 is KISSed and comes up 8
        ByHand({"roll": "task", "rank": "silver", "dice": 3, "difficulty": 2, "kiss": 1}, faces=(6, 3, 2),
               kiss=(2,), kiss_faces=(8,), outcome=2, passed=True),
        # threshold 2, one pass (the 10) and no KISS: Ego makes the 10 count twice
        ByHand({"roll": "task", "dice": 2, "difficulty": 2, "ego": True}, faces=(10, 3), outcome=2, passed=True),
    ),
)
