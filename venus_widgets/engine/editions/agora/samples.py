"""The rolls the contract tests try the agora edition on
(:class:`~venus_widgets.engine.contract.samples.Samples`); the typed faces are worked
from docs/rules_agora.md."""

from __future__ import annotations

from ...contract.samples import ByHand, Samples

SAMPLES = Samples(
    small=(
        {"roll": "check", "rank": 4, "health": 2, "kiss": 1, "ego": True},
        {"roll": "task", "rank": 3, "health": 1, "job": 1, "helpers": [5, 5], "kiss": 1, "helper_kiss": True,
         "ego": True, "consequences": 2, "snakes": "each-pair"},
        {"roll": "task", "rank": 5, "health": 2, "job": 0, "helpers": [3, 3], "consequences": 1},
    ),
    large=(
        {"roll": "task", "job": 10, "assets": 10, "health": 3, "rank": 6, "ego": True, "helpers": [5, 5],
         "helper_kiss": True, "kiss": 40, "difficulty": "challenging", "consequences": 4},
        {"roll": "check", "rank": 2, "health": 3, "helpers": [4, 4, 4, 4], "kiss": 4, "helper_kiss": True,
         "ego": True, "snakes": "each-pair", "difficulty": "challenging"},
    ),
    by_hand=(
        # rank 4: the 4 succeeds, a standard check needs one success
        ByHand({"roll": "check", "rank": 4, "health": 2}, faces=(4, 2), outcome=1, passed=True),
        # two 1s: no success, and snake eyes (a failure with a boon)
        ByHand({"roll": "check", "rank": 4, "health": 2}, faces=(1, 1), outcome=0, passed=False),
        # goal 2; main dice rank 3 (3, 1), the help die 5+5 -> rank 4 (2): one success; the 1 is KISSed, comes up 5
        ByHand({"roll": "task", "rank": 3, "health": 1, "job": 1, "helpers": [5, 5], "kiss": 1, "consequences": 2},
               faces=(3, 1, 2), kiss=(1,), kiss_faces=(5,), outcome=2, passed=True),
        # challenging check: 2 successes needed, one showing; Ego makes the 6 count twice
        ByHand({"roll": "check", "rank": 5, "health": 2, "ego": True, "difficulty": "challenging"}, faces=(6, 2),
               outcome=2, passed=True),
    ),
)
