"""A seeded playsheet roll (the policy's or the player's KISS, Ego) and the
checks of a player's KISS choice.

>>> import venus_widgets as vw
>>> r = vw.roll({"edition": "playsheet", "roll": "task", "dice": 3}, seed=1)
>>> len(r.dice), r.details["threshold"]
(3, 1)
"""

from __future__ import annotations

import numpy as np

from ...errors import SpecError
from ...table.rolls import Die, Roll, streams
from .check import roll_check
from .dice import add_explosions, die_passes
from .outcome import critical, margin, threshold
from .policy import policy_kiss
from .rules import rules_of
from .details import TaskDetails


def roll(spec: dict, seed: int, kiss: list[int] | None = None, ego: bool | None = None) -> Roll:
    """A seeded playsheet roll. Tasks: own dice, then ``ally 1..3``, then
    explosion dice (with ``exploded_from``); KISSed dice take new faces from
    the KISS stream, and their explosions follow at the end."""
    if spec["roll"] == "check":
        return roll_check(spec, seed, kiss, ego)
    first, second = streams(seed)
    thr = threshold(spec)
    rules = rules_of(spec)
    boom = rules.explode_from  # explosions (explode); Ego counts the faces from ego_double_from twice
    high = boom if spec["explode"] else rules.ego_double_from
    owners = [("own", spec["rank"])] * spec["dice"] + [(f"ally {i + 1}", r) for i, r in enumerate(spec["allies"])]
    faces: np.ndarray | list[int] = first.integers(1, 11, size=len(owners)) if owners else []
    dice = [Die(i, o, g, 10, int(f), int(f)) for i, ((o, g), f) in enumerate(zip(owners, faces))]
    add_explosions(dice, 0, first, spec["explode"], boom)
    before = sum(die_passes(d, rules) for d in dice)
    if kiss is None:
        chosen = policy_kiss(spec, dice, before, thr)
    else:
        chosen = checked_kiss(spec, dice, kiss, before, thr)
    on_table = len(dice)
    for i in sorted(chosen):
        face = int(second.integers(1, 11))
        d = dice[i]
        dice[i] = Die(d.index, d.owner, d.grade, 10, d.before, face, kissed=True, exploded_from=d.exploded_from)
    kissed_sorted = sorted(chosen)
    # explosions of KISSed 10s: from the KISS stream, in die order
    for i in kissed_sorted:
        if spec["explode"] and dice[i].after >= boom:
            start = len(dice)
            face = int(second.integers(1, 11))
            dice.append(Die(start, dice[i].owner, dice[i].grade, 10, face, face, exploded_from=i))
            add_explosions(dice, start, second, True, boom)
    passes = sum(die_passes(d, rules) for d in dice)
    tens = sum(d.after >= high and die_passes(d, rules) for d in dice)
    if ego is None:
        spend = spec["ego"] and passes < thr and tens > 0
    elif ego and not spec["ego"]:
        raise SpecError("ego", ego, "ego off: this roll has no Ego", "set ego=True in the roll to spend it")
    else:
        spend = bool(ego) and tens > 0
    scored = [Die(d.index, d.owner, d.grade, 10, d.before, d.after, d.kissed,
                  (2 if spend and d.after >= high else 1) if die_passes(d, rules) else 0, d.exploded_from)
              for d in dice]
    outcome = sum(d.scores for d in scored)
    return Roll(
        spec=spec,
        seed=seed,
        dice=tuple(scored),
        outcome=outcome,
        passed=outcome >= thr,
        goal_reached=outcome >= thr,
        kissed=tuple(kissed_sorted),
        ego_spent=spend,
        details=TaskDetails(
            threshold=thr,
            successes_before_kiss=before,
            dice_before_kiss=on_table,
            tens=tens,
            critical=critical(outcome, thr),
            margin=margin(outcome, thr),
        ),
    )

def checked_kiss(spec: dict, dice: list[Die], kiss: list[int], before: int, thr: int) -> list[int]:
    if not kiss:
        return []
    if before >= thr:
        raise SpecError("kiss", kiss, "no KISS: the passes already meet the threshold",
                        "KISS only when the passes fall short")
    own = 0
    for i in kiss:
        if not 0 <= i < len(dice):
            raise SpecError("kiss", kiss, f"die indices from 0 to {len(dice) - 1}")
        d = dice[i]
        if die_passes(d):
            raise SpecError("kiss", kiss, "failed dice only", f"die {i} shows {d.after}, a pass")
        if d.owner == "own":
            own += 1
        elif not spec["ally_kiss"]:
            raise SpecError("kiss", kiss, "your own dice", "you cannot KISS an ally's die; set ally_kiss")
    if own > spec["kiss"]:
        raise SpecError("kiss", kiss, f"at most {spec['kiss']} of your own dice (the KISS budget)")
    return list(kiss)
