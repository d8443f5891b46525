"""The rolls the contract tests try the Heresy edition on
(:class:`~venus_widgets.engine.contract.samples.Samples`); the typed faces are worked
from docs/rules_heresy_vers.md. The small ones re-roll no face
(``reroll_faces`` []), so every roll can be counted."""

from __future__ import annotations

from ...contract.samples import ByHand, Samples

_FLAT: dict[str, list[int]] = {"reroll_faces": []}

SAMPLES = Samples(
    small=(
        {"roll": "task", "pool": 4, "black": 2, "trade": 1, "rules": _FLAT},
        {"roll": "task", "pool": 3, "black": 1, "rules": {**_FLAT, "success_faces": [5, 6], "pass_threshold": 1}},
    ),
    large=(
        {"roll": "task", "pool": 30, "black": 12, "trade": 4},
        {"roll": "task", "pool": 60, "black": 36},
    ),
    by_hand=(
        # the 6 succeeds and is rolled again (a 4: nothing more): net 1, a partial success
        ByHand({"roll": "task", "pool": 2}, faces=(6, 3, 4), outcome=1, passed=False),
        # 3 dice rolled (3 traded for 1 sure success): the 1 succeeds; the black 3 cancels nothing: net 2
        ByHand({"roll": "task", "pool": 6, "trade": 1, "black": 1, "rules": _FLAT}, faces=(1, 4, 5, 3), outcome=2,
               passed=True),
        # two successes (1, 6), the black 6 cancels one: net 1
        ByHand({"roll": "task", "pool": 2, "black": 1, "rules": _FLAT}, faces=(1, 6, 6), outcome=1, passed=False),
    ),
)
