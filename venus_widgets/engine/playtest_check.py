"""Playtest checks: one d20 plus the score, bonus d6s when short, exactly.

RULES.md playtest/Check: target = absolute difficulty (routine 5, simple
10, tough 15, challenging 20, absurd 25) + relative factors (+1 each).
Roll a d20 (``natural``); Silver auto-passes on 20, Gold and Platinum on
19-20, Bronze never; a natural 1 auto-fails except for Platinum. Otherwise
the check passes when natural + score >= target; if short, roll one d6 per
bonus factor and add only the highest.

The bonus dice are rolled only when they could matter (short of the
target, but not by more than 6): skipping them when even +6 cannot help
changes no probability, it only keeps the roll honest to the seed's "you
must skip this step".

>>> import venus_widgets as vw
>>> o = vw.odds({"caliber": "silver", "score": 5, "difficulty": "tough"})
>>> o.p_pass, dict(o.breakdown)["auto-pass"]
(0.55, 0.05)

Bronze, score 3 against 10 with two bonus dice: naturals 7-20 pass alone,
2-6 need the higher d6 to make up 5..1, a natural 1 fails:

>>> o = vw.odds({"score": 3, "difficulty": "simple", "bonus_factors": 2})
>>> round(o.p_pass * 720, 9), round(o.breakdown["bonus-pass"] * 720, 9)
(654.0, 150.0)
"""

from __future__ import annotations

import numpy as np

from .odds import Odds
from .rolls import Die, Roll, in_blocks, streams

ABSOLUTE = {"routine": 5, "simple": 10, "tough": 15, "challenging": 20, "absurd": 25}

#: Lowest natural that auto-passes, per caliber (21: never).
AUTO_PASS = {"bronze": 21, "silver": 20, "gold": 19, "platinum": 19}

CATEGORIES = ("auto-pass", "pass", "bonus-pass", "fail", "auto-fail")


def target(spec: dict) -> int:
    """Absolute difficulty + relative factors."""
    return ABSOLUTE[spec["difficulty"]] + spec["factors"]


def auto_fails(caliber: str) -> bool:
    """A natural 1 auto-fails, except for Platinum."""
    return caliber != "platinum"


def _p_bonus_at_least(need: int, k: int) -> float:
    """P(highest of k d6 >= need): 1 - ((need - 1) / 6) ** k."""
    if need <= 1:
        return 1.0 if k > 0 or need <= 0 else 0.0
    if need > 6 or k == 0:
        return 0.0
    return 1.0 - ((need - 1) / 6.0) ** k


def category(spec: dict, natural: int) -> tuple[str, int]:
    """The breakdown category of a natural before bonus dice, and how much
    the bonus must reach (0 when no bonus roll is needed or possible)."""
    if natural >= AUTO_PASS[spec["caliber"]]:
        return "auto-pass", 0
    if natural == 1 and auto_fails(spec["caliber"]):
        return "auto-fail", 0
    short = target(spec) - (natural + spec["score"])
    if short <= 0:
        return "pass", 0
    if spec["bonus_factors"] and short <= 6:
        return "bonus", short
    return "fail", 0


def odds(spec: dict) -> Odds:
    """Exact odds: 20 naturals, max-of-k d6 tail for the bonus."""
    parts = dict.fromkeys(CATEGORIES, 0.0)
    for natural in range(1, 21):
        cat, need = category(spec, natural)
        if cat == "bonus":
            p = _p_bonus_at_least(need, spec["bonus_factors"])
            parts["bonus-pass"] += p
            parts["fail"] += 1 - p
        else:
            parts[cat] += 1
    parts = {k: v / 20 for k, v in parts.items()}
    p_pass = min(1.0, (parts["auto-pass"] * 20 + parts["pass"] * 20 + parts["bonus-pass"] * 20) / 20)
    return Odds(
        spec=spec,
        distribution={"pass": p_pass, "fail": 1.0 - p_pass},
        p_pass=p_pass,
        threshold=target(spec),
        goal=target(spec),
        p_goal=p_pass,
        breakdown=parts,
    )


def roll(spec: dict, seed: int, kiss: list[int] | None = None, ego: bool | None = None) -> Roll:
    """A seeded check: die 0 is the d20; bonus d6s only when they could matter."""
    from .errors import SpecError

    if kiss:
        raise SpecError("kiss", kiss, "no KISS on checks", "KISS re-rolls task dice, not the d20")
    if ego:
        raise SpecError("ego", ego, "no Ego on checks", "Ego is spent on tasks")
    first, _ = streams(seed)
    natural = int(first.integers(1, 21))
    cat, need = category(spec, natural)
    dice = [Die(0, "d20", spec["caliber"], 20, natural, natural)]
    bonus = 0
    if cat == "bonus":
        faces = first.integers(1, 7, size=spec["bonus_factors"])
        bonus = int(faces.max())
        dice += [Die(i + 1, "bonus", None, 6, int(f), int(f)) for i, f in enumerate(faces)]
        cat = "bonus-pass" if bonus >= need else "fail"
    passed = cat in ("auto-pass", "pass", "bonus-pass")
    total = natural + spec["score"] + bonus
    return Roll(
        spec=spec,
        seed=seed,
        dice=tuple(dice),
        outcome="pass" if passed else "fail",
        passed=passed,
        goal_reached=passed,
        details={"natural": natural, "total": total, "target": target(spec), "category": cat, "bonus": bonus},
    )


def roll_many(spec: dict, n: int, seed: int) -> np.ndarray:
    """``n`` checks, vectorised in blocks: a bool array (passed)."""
    return in_blocks(n, seed, lambda rows, first, _: _checks(spec, rows, first), dtype=bool)


def _checks(spec: dict, n: int, first: np.random.Generator) -> np.ndarray:
    natural = first.integers(1, 21, size=n)
    k = spec["bonus_factors"]
    best = first.integers(1, 7, size=(n, k)).max(axis=1) if k else np.zeros(n, dtype=np.int64)
    total = natural + spec["score"]
    short = target(spec) - total
    passed = (short <= 0) | ((short <= 6) & (best >= short) & (k > 0))
    passed &= ~((natural == 1) & auto_fails(spec["caliber"]))
    passed |= natural >= AUTO_PASS[spec["caliber"]]
    return passed
