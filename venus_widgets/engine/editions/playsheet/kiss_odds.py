"""The odds of one KISS choice for a task on the table (docs/rules_playsheet.md#task):
the dice not KISSed keep their faces, each KISSed die is rolled fresh (and
may explode), then Ego as :func:`.roll.roll` spends it.

Counted per die as a pmf of (passes, 10s) with both counts capped at the
threshold (a pass more changes nothing once it is reached; a 10 adds at
most one pass, by Ego, while the passes are short). Exact (Fractions, the
float rounded once) where no die explodes; an exploding chain is followed,
in floats, until less than 1e-16 of its mass is left (as :mod:`.task_odds`
cuts the tail).

>>> spec = {"roll": "task", "rank": "bronze", "dice": 2, "allies": [], "difficulty": 1, "factors": [],
...         "bonus": [], "kiss": 1, "ally_kiss": False, "explode": False, "ego": False, "score": 0, "rules": {}}
>>> kiss_odds(spec, [3, 2], [1])["p_pass"]   # the 2 KISSed: Bronze passes on 7-10
0.4
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence, cast

import numpy as np

from ...caching import cached
from ...errors import SpecError
from ...table.rolls import entered
from .dice import die_passes
from .outcome import threshold
from .roll import checked_kiss, roll
from .rules import rules_of

#: mass of an exploding chain left unfollowed
CUT = 1e-16


def _zeros(cap: int, exact: bool) -> np.ndarray:
    return np.full((cap + 1, cap + 1), Fraction(0), dtype=object) if exact else np.zeros((cap + 1, cap + 1))


@cached(maxsize=256)
def _fresh(pass_from: int, explode: bool, boom: int, high: int, cap: int) -> np.ndarray:
    """The pmf of (passes, 10s) of one die rolled fresh, each count capped
    at ``cap``: Fractions when it cannot explode, else floats."""
    exact = not explode
    out = _zeros(cap, exact)
    active = _zeros(cap, exact)
    active[0, 0] = 1
    tenth = Fraction(1, 10) if exact else 0.1
    while active.sum() > CUT:
        nxt = _zeros(cap, exact)
        for face in range(1, 11):
            p = face >= pass_from
            t = p and face >= high
            moved = _shift(active, int(p), int(t)) * tenth
            if explode and face >= boom:
                nxt += moved
            else:
                out += moved
        active = nxt
    return out


def _shift(a: np.ndarray, dp: int, dt: int) -> np.ndarray:
    """``a`` with ``dp`` more passes and ``dt`` more 10s, the last row and column keeping what reaches the cap."""
    out = a
    for _ in range(dp):
        out = np.vstack([np.zeros_like(out[:1]), out[:-2], out[-2:].sum(axis=0, keepdims=True)])
    for _ in range(dt):
        out = np.hstack([np.zeros_like(out[:, :1]), out[:, :-2], out[:, -2:].sum(axis=1, keepdims=True)])
    return out


def _add(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The pmf of the sum of two independent capped (passes, 10s) pairs."""
    exact = a.dtype == object and b.dtype == object
    out = _zeros(a.shape[0] - 1, exact)
    for (p, t), w in np.ndenumerate(b):
        if w:
            out = out + (w if exact else float(w)) * (_shift(a, p, t) if exact else _shift(a, p, t).astype(float))
    return out


def kiss_odds(spec: dict, faces: Sequence[int], kiss: Sequence[int], ego: bool | None = None) -> dict[str, float]:
    """``p_pass`` and ``p_goal`` (the threshold: equal) if the dice ``kiss``
    are KISSed now, the dice showing ``faces`` in die order (own dice,
    allies, then the dice that exploded, as :func:`.roll.roll` numbers
    them). ``kiss`` is checked by the very check :func:`.roll.roll` makes
    (failed dice only, the budget, an ally's die only with ``ally_kiss``,
    no KISS once the threshold is met); ``ego`` as there: ``None`` spends
    it when still short and a 10 shows, ``True`` whenever a 10 shows,
    ``False`` never."""
    if spec["roll"] != "task":
        raise SpecError("roll", spec["roll"], "a task: a check has no KISS step to weigh")
    with entered(list(faces), []) as (first, _kiss):
        table = roll(spec, 0, [], False)  # the dice showing, explosions included, no KISS, no Ego
        first.check_used()
    rules = rules_of(spec)
    thr = threshold(spec)
    dice = list(table.dice)
    before = sum(die_passes(d, rules) for d in dice)
    chosen = set(checked_kiss(spec, dice, list(kiss), before, thr))
    high = rules.explode_from if spec["explode"] else rules.ego_double_from
    kept = [d for d in dice if d.index not in chosen]
    passes = min(thr, sum(die_passes(d, rules) for d in kept))
    tens = min(thr, sum(die_passes(d, rules) and d.after >= high for d in kept))
    pmf = _zeros(thr, True)
    pmf[passes, tens] = Fraction(1)
    for i in sorted(chosen):
        pmf = _add(pmf, _fresh(rules.pass_from[cast(str, dice[i].grade)], bool(spec["explode"]), rules.explode_from, high, thr))
    spend = bool(spec["ego"]) if ego is None else bool(ego)
    p: Any = 0
    for (n, t), w in np.ndenumerate(pmf):
        if n >= thr or (spend and t > 0 and n + t >= thr):
            p += w
    p = min(1.0, max(0.0, float(p)))  # a Fraction rounds once; a float sum of an explosion cut may pass 1
    return {"p_pass": p, "p_goal": p}
