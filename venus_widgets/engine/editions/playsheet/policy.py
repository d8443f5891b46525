"""The playsheet's default KISS policy, written once (docs/rules_playsheet.md#task):
only when the passes showing miss the threshold, the roller's budget
re-rolls the roller's own failed dice, lowest face first (then die order);
with ``ally_kiss`` every ally re-rolls their own failed die (outside the
budget). "You cannot KISS an ally's dice": the budget never touches one.

The odds (:mod:`.task_odds`) and ``roll_many`` count the same policy: at
most ``min(kiss, own failed)`` own dice, and every failed ally's die.

>>> from venus_widgets.engine.table.rolls import Die
>>> dice = [Die(0, "own", "bronze", 10, 3, 3), Die(1, "own", "bronze", 10, 1, 1), Die(2, "ally 1", "bronze", 10, 2, 2)]
>>> spec = {"kiss": 1, "ally_kiss": True}
>>> policy_kiss(spec, dice, 0, 2)
[1, 2]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...table.rolls import Die
from .dice import die_passes


def policy_kiss(spec: dict, dice: list[Die], before: int, thr: int) -> list[int]:
    """The dice the policy KISSes (indices, own dice first), none when the
    ``before`` passes already reach ``thr``."""
    if before >= thr:
        return []
    failed = [d for d in dice if not die_passes(d)]
    own = sorted((d for d in failed if d.owner == "own"), key=lambda d: (d.after, d.index))
    chosen = [d.index for d in own[: spec["kiss"]]]
    if spec["ally_kiss"]:
        chosen += [d.index for d in failed if d.owner != "own"]
    return chosen


def own_kiss_count(budget: int, own_failed: Any, short: Any) -> Any:
    """How many own dice the policy KISSes: ``min(budget, own failed)``
    when short, else 0 (ints or numpy arrays, for ``roll_many``)."""
    return np.where(short, np.minimum(own_failed, budget), 0)
