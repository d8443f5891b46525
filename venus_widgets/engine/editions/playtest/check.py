"""Playtest checks: one d20 plus the score, bonus d6s when short, exactly.

docs/rules_playtest.md#check: target = absolute difficulty (routine 5, simple
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

from typing import Any

import numpy as np

from ...maths.exact import ratio
from ...maths.odds import Odds
from ...table.rolls import Die, Roll, in_blocks
from ..d20_check import first_d20
from .rules import RULES, Rules, rules_of
from .details import CheckDetails
from ...contract.table_answers import counted, face_range, listed

ABSOLUTE = {"routine": 5, "simple": 10, "tough": 15, "challenging": 20, "absurd": 25}

CATEGORIES = ("auto-pass", "pass", "bonus-pass", "fail", "auto-fail")


def target(spec: dict) -> int:
    """Absolute difficulty + relative factors."""
    return ABSOLUTE[spec["difficulty"]] + spec["factors"]


def auto_fails(caliber: str, rules: Rules = RULES) -> bool:
    """A natural 1 auto-fails, except for Platinum."""
    return rules.natural_one_fails(caliber)


def _p_bonus_at_least(need: int, k: int, exact: bool = False) -> Any:
    """P(highest of k d6 >= need): 1 - ((need - 1) / 6) ** k."""
    if need <= 1:
        return ratio(1 if k > 0 or need <= 0 else 0, 1, exact)
    if need > 6 or k == 0:
        return ratio(0, 1, exact)
    return 1 - ratio(need - 1, 6, exact) ** k


def category(spec: dict, natural: int, rules: Rules | None = None) -> tuple[str, int]:
    """The breakdown category of a natural before bonus dice, and how much
    the bonus must reach (0 when no bonus roll is needed or possible), by
    the spec's rules (or the ``rules`` given)."""
    rules = rules or rules_of(spec)
    if natural >= rules.auto_pass_from(spec["caliber"]):
        return "auto-pass", 0
    if natural == 1 and auto_fails(spec["caliber"], rules):
        return "auto-fail", 0
    short = target(spec) - (natural + spec["score"])
    if short <= 0:
        return "pass", 0
    if spec["bonus_factors"] and short <= 6:
        return "bonus", short
    return "fail", 0


def denominator(spec: dict) -> int:
    """The d20 and the bonus d6s: 20 * 6 ** bonus_factors."""
    return 20 * 6 ** spec["bonus_factors"]


def odds(spec: dict, exact: bool = False, rules: Rules | None = None) -> Odds:
    """Exact odds: 20 naturals, max-of-k d6 tail for the bonus (Fractions
    with ``exact``), by the spec's rules (or the ``rules`` given)."""
    rules = rules or rules_of(spec)
    parts = dict.fromkeys(CATEGORIES, ratio(0, 1, exact))
    for natural in range(1, 21):
        cat, need = category(spec, natural, rules)
        if cat == "bonus":
            p = _p_bonus_at_least(need, spec["bonus_factors"], exact)
            parts["bonus-pass"] += p
            parts["fail"] += 1 - p
        else:
            parts[cat] += 1
    parts = {k: v / 20 for k, v in parts.items()}
    p_pass = (parts["auto-pass"] * 20 + parts["pass"] * 20 + parts["bonus-pass"] * 20) / 20
    p_pass = p_pass if exact else min(1.0, p_pass)
    return Odds(
        spec=spec,
        distribution={"pass": p_pass, "fail": 1 - p_pass},
        p_pass=p_pass,
        threshold=target(spec),
        goal=target(spec),
        p_goal=p_pass,
        breakdown=parts,
    )


def roll(spec: dict, seed: int, kiss: list[int] | None = None, ego: bool | None = None) -> Roll:
    """A seeded check: die 0 is the d20; bonus d6s only when they could matter."""
    natural, first = first_d20(seed, kiss, ego, "KISS re-rolls task dice, not the d20", "Ego is spent on tasks")
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
        details=CheckDetails(natural=natural, total=total, target=target(spec), category=cat, bonus=bonus),
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
    rules = rules_of(spec)
    passed &= ~((natural == 1) & auto_fails(spec["caliber"], rules))
    passed |= natural >= rules.auto_pass_from(spec["caliber"])
    return passed


# --------------------------------------------------------------------------
# Difficulty ladder and "explain this number" (docs/rules_playtest.md#difficulty-ladder)
# --------------------------------------------------------------------------


def ladder_settings(spec: dict) -> list[dict]:
    """The check ladder, easiest first: each target an absolute difficulty
    with 0 to ``max_factors`` factors reaches, once, by the fewest factors
    (the seed: past four factors "start over and raise the absolute
    difficulty"), so each rung is harder than the last. With the rules as
    read (4 factors) the targets are 5, 6, ..., 29; with ``max_factors`` 6,
    routine + 5 and routine + 6 are simple + 0 and simple + 1, and only
    absurd reaches past 29 (30, 31).

    >>> [(r["difficulty"], r["factors"]) for r in ladder_settings({"rules": {"max_factors": 6}})][3:7]
    [('routine', 3), ('routine', 4), ('simple', 0), ('simple', 1)]
    >>> len(ladder_settings({})), len(ladder_settings({"rules": {"max_factors": 2}}))
    (25, 15)
    """
    top = rules_of(spec).max_factors
    fewest: dict[int, dict] = {}
    for d, base in ABSOLUTE.items():
        for f in range(top + 1):
            if base + f not in fewest or f < fewest[base + f]["factors"]:
                fewest[base + f] = {"difficulty": d, "factors": f}
    return [fewest[t] for t in sorted(fewest)]


def explain_steps(spec: dict, o: Odds) -> list:
    """The check's odds in rule order: target, the d20 alone, auto-pass,
    each natural the bonus d6s can save, auto-fail."""
    from ...contract.explain import CHANCE, Step, dice_count, pct

    t, score, k, cal = target(spec), spec["score"], spec["bonus_factors"], spec["caliber"]
    cats = {n: category(spec, n) for n in range(1, 21)}
    alone = [n for n, (c, _) in cats.items() if c == "pass"]
    auto = [n for n, (c, _) in cats.items() if c == "auto-pass"]
    f, base = spec["factors"], ABSOLUTE[spec["difficulty"]]
    why = ("no difficulty factors" if not f else "plus 1 for the difficulty factor" if f == 1
           else f"plus 1 for each of the {f} difficulty factors")
    steps = [
        Step(f"The target is {t}: {spec['difficulty'].capitalize()} is {base}, {why}."),
        Step(f"Roll a d20 and add your score of {score}: "
             + (f"any face of the d20 makes a total of {t} or more." if t - score <= 1
                else f"a total of {t} needs the d20 to show {t - score}, more than its highest face."
                if t - score > 20 else f"a total of {t} needs the d20 to show {t - score} or more.")),
        Step(f"The d20 reaches the target on its own on {counted(len(alone), 'face')} of 20"
             + (f" ({face_range(alone[0], alone[-1], False)})" if alone else "") + f": {CHANCE}.",
             o.breakdown["pass"], "+"),
    ]
    if auto:
        steps.append(Step(f"{cal.capitalize()} passes automatically on a natural "
                          f"{face_range(auto[0], auto[-1], False)}, whatever the total: "
                          f"{counted(len(auto), 'face')} of 20 more, {CHANCE}.", o.breakdown["auto-pass"], "+"))
    for n, (c, need) in cats.items():
        if c == "bonus":
            p = _p_bonus_at_least(need, k)
            best = "a bonus d6" if k == 1 else f"the best of the {dice_count(k, 'bonus d6', 'bonus d6s')}"
            makes = (f"{best} always makes it up" if p == 1
                     else f"{best} shows {need} or more {pct(p)} of the time")
            steps.append(Step(f"A natural {n} falls {need} short: {makes}, and a natural {n} comes up 1 time in 20: "
                              f"adds {CHANCE}.", p / 20, "+"))
    if auto_fails(cal, rules_of(spec)):
        steps.append(Step(f"A natural 1 always fails for {cal.capitalize()}: {CHANCE} of rolls.",
                          o.breakdown["auto-fail"]))
    steps.append(Step(f"So the check passes {CHANCE} of the time.", o.p_pass, "="))
    return steps


def explain_roll(r: Roll) -> list[str]:
    """The example check, step by step."""
    s, d = r.spec, CheckDetails.of(r)
    nat, t, score = d.natural, d.target, s["score"]
    out = [f"The d20 shows {nat}; with the score of {score} that makes {nat + score}, against the target of {t}."]
    cat = d.category
    if cat == "auto-pass":
        out.append(f"A natural {nat} passes automatically for {s['caliber'].capitalize()}.")
    elif cat == "auto-fail":
        out.append("A natural 1 fails automatically.")
    elif cat == "pass":
        out.append(f"{nat + score} reaches {t}.")
    elif r.dice[1:]:
        need = t - nat - score
        made = "makes it up." if d.bonus >= need else "does not make it up."
        if len(r.dice) == 2:
            out.append(f"Short by {need}: the bonus d6 shows {d.bonus}, which {made}")
        else:
            out.append(f"Short by {need}: the {len(r.dice) - 1} bonus d6s show {listed([x.after for x in r.dice[1:]])}; "
                       f"the best, {d.bonus}, {made}")
    else:
        out.append(f"Short by {t - nat - score}" + (": more than a bonus d6 can make up." if s["bonus_factors"]
                                                   else ", with no bonus dice."))
    out.append("Passed." if r.passed else "Failed.")
    return out
