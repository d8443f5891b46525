"""Random specs of the shipped playtest draft (every field across its
range: 0-30 dice, up to two allies, learning, a budget up to 40, each Ego)
and a digest of their odds, exact and float: what
tests/test_playtest_draft_same_odds.py holds the draft to, as recorded
before a change of the counting (tests/data/make_playtest_draft_odds.py)."""

from __future__ import annotations

import hashlib
import random
from typing import Any

CALIBERS = ["bronze", "silver", "gold", "platinum"]


def random_specs(n: int = 300, seed: int = 33) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        learning = rng.random() < 0.15
        out.append({"edition": "playtest-draft", "roll": "task", "caliber": rng.choice(CALIBERS),
                    "dice": rng.choice([rng.randint(0, 14), rng.randint(0, 30)]),
                    "allies": rng.sample(CALIBERS + CALIBERS, rng.randint(0, 2)),
                    "factors": rng.randint(0, 3 if learning else 4), "learning": learning,
                    "kiss": rng.choice([0, rng.randint(0, 10), rng.randint(0, 40)]),
                    "ego": rng.choice(["none", "reroll", "double6"]), "consequences": rng.randint(0, 8)})
    return out


def digest(exact: Any, floats: Any) -> str:
    """The odds' distribution, breakdown and Ego's chance, exact and float, in 16 hex digits."""
    parts = [sorted(o.distribution.items()) for o in (exact, floats)]
    parts += [sorted(o.breakdown.items()) for o in (exact, floats)]
    parts += [exact.p_ego_spent, floats.p_ego_spent]
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]
