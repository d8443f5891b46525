"""The rolls the contract tests try the VERS edition on
(:class:`~venus_widgets.engine.contract.samples.Samples`); the typed faces are worked
from docs/rules_heresy_vers.md."""

from __future__ import annotations

from ...contract.samples import ByHand, Samples

SAMPLES = Samples(
    small=(
        {"roll": "check", "ranks": 3, "penalty": 2},
        {"roll": "check", "ranks": 0, "penalty": 9, "rules": {"dice": 2}},
    ),
    large=(
        {"roll": "check", "ranks": 20, "penalty": 30},
        {"roll": "check", "ranks": 10, "penalty": 0, "rules": {"dice": 6}},
    ),
    by_hand=(
        # CT 13; 4 + 3 + 2 = 9, + 2 = 11: two degrees of success
        ByHand({"roll": "check", "ranks": 3, "penalty": 2}, faces=(4, 3, 2), outcome=2, passed=True),
        # 6 + 6 + 5 = 17, + 2 = 19 against CT 13: six degrees of failure
        ByHand({"roll": "check", "ranks": 3, "penalty": 2}, faces=(6, 6, 5), outcome=-6, passed=False),
    ),
)
