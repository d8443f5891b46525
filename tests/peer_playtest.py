"""The playtest procedures written in icepool, and a die-by-die Fraction
brute force, as independent peers of ``venus_widgets.engine.editions.playtest``.

They share nothing with the engine but the spec defaults
(:func:`normalize`). Read from docs/rules_playtest.md and
docs/rules.md#one-policy-for-kiss-and-ego. Used by tests/test_playtest_*.py and benchmarks/bench_odds.py.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, product

import icepool

from venus_widgets.engine.contract.spec import normalize

TARGETS = {"routine": 5, "simple": 10, "tough": 15, "challenging": 20, "absurd": 25}
SUCCEEDS_ON = {"bronze": 5, "silver": 4, "gold": 3, "platinum": 2}
ORDER = {"platinum": 0, "gold": 1, "silver": 2, "bronze": 3}  # KISS first = lowest


def check_pass(s, natural: int, best_bonus: int) -> bool:
    """docs/rules_playtest.md#check, literally."""
    cal = s["caliber"]
    if natural == 20 and cal != "bronze" or natural == 19 and cal in ("gold", "platinum"):
        return True
    if natural == 1 and cal != "platinum":
        return False
    total = natural + s["score"]
    target = TARGETS[s["difficulty"]] + s["factors"]
    return total >= target or total + best_bonus >= target


def icepool_check(spec) -> dict:
    s = normalize(spec)
    k = s["bonus_factors"]
    bonus = icepool.d6.pool(k).highest(1).sum() if k else icepool.Die([0])
    die = icepool.map(lambda n, b: check_pass(s, n, b), icepool.d20, bonus)
    total = die.denominator()
    return {("pass" if o else "fail"): die.quantity(o) / total for o in die.outcomes()}


def task_rules(spec):
    s = normalize(spec)
    thr = 1 + s["factors"] + int(s["learning"])
    cals = [s["caliber"]] * s["dice"] + list(s["allies"])
    return s, cals, thr, thr + s["consequences"]


def succeeds(face: int, cal: str) -> bool:
    return face >= SUCCEEDS_ON[cal]


def final_count(s, goal, dice) -> int:
    """Successes of (caliber, face) pairs, Ego double6 if still short."""
    total = sum(succeeds(f, c) for c, f in dice)
    if s["ego"] == "double6" and total < goal:
        total += sum(f == 6 for _, f in dice)
    return total


def default_kiss(s, cals, faces, goal) -> list[int]:
    """docs/rules.md#one-policy-for-kiss-and-ego steps 1-2, die by die."""
    if sum(succeeds(f, c) for c, f in zip(cals, faces)) >= goal:
        return []
    failed = [i for i, (c, f) in enumerate(zip(cals, faces)) if not succeeds(f, c)]
    failed.sort(key=lambda i: (ORDER[cals[i]], faces[i]))
    return failed if s["ego"] == "reroll" else failed[: s["kiss"]]


def _after(s, cals, faces, chosen, goal) -> dict:
    """Exact pmf (Fractions) of the final count when ``chosen`` are re-rolled."""
    out: dict[int, Fraction] = {}
    w = Fraction(1, 6 ** len(chosen))
    for new in product(range(1, 7), repeat=len(chosen)):
        f2 = list(faces)
        for i, v in zip(chosen, new):
            f2[i] = v
        k = final_count(s, goal, list(zip(cals, f2)))
        out[k] = out.get(k, 0) + w
    return out


def brute_task(spec, optimal: bool = False) -> dict:
    """Every face of every die (6^n), the policy applied literally.

    With ``optimal``, every subset of dice within the budget is tried (with
    Ego reroll: also every failed die plus successes within the budget) and
    the one with the best P(goal) is taken (ties: the default policy's)."""
    s, cals, thr, goal = task_rules(spec)
    n = len(cals)
    total: dict[int, Fraction] = {}
    w = Fraction(1, 6**n)
    for faces in product(range(1, 7), repeat=n):
        base = default_kiss(s, cals, faces, goal)
        pmf = _after(s, cals, faces, base, goal)
        if optimal and sum(succeeds(f, c) for c, f in zip(cals, faces)) < goal:
            best = sum(v for k, v in pmf.items() if k >= goal)
            failed = {i for i in range(n) if not succeeds(faces[i], cals[i])}
            cands = []
            for r in range(min(s["kiss"], n) + 1):
                for sub in combinations(range(n), r):
                    cands.append(list(sub))
                    if s["ego"] == "reroll" and not failed & set(sub):
                        cands.append(sorted(failed | set(sub)))
            for c in cands:
                p2 = _after(s, cals, faces, c, goal)
                g2 = sum(v for k, v in p2.items() if k >= goal)
                if g2 > best:
                    best, pmf = g2, p2
        for k, v in pmf.items():
            total[k] = total.get(k, 0) + w * v
    return total


def _class_die(cal: str) -> icepool.Die:
    """0 fail, 1 success but not 6, 2 a six."""
    m = SUCCEEDS_ON[cal]
    return icepool.Die({0: m - 1, 1: 6 - m, 2: 1})


def _enc(cal: str) -> icepool.Die:
    """A re-rolled die as successes + 100 * sixes."""
    return _class_die(cal).map({0: 0, 1: 1, 2: 101})


def icepool_task(spec) -> icepool.Die:
    """Final successes under the default policy, as an icepool Die."""
    s, cals, thr, goal = task_rules(spec)
    n, allies = s["dice"], list(s["allies"])
    own = _class_die(s["caliber"]).pool(n).expand() if n else icepool.Die([()])
    ally_dice = [_class_die(a) for a in allies]

    def final(own_cls, *ally_cls):
        dice = [(s["caliber"], c) for c in own_cls] + list(zip(allies, ally_cls))
        succ = sum(c > 0 for _, c in dice)
        if succ >= goal:
            return succ
        failed = [i for i, (_, c) in enumerate(dice) if c == 0]
        failed.sort(key=lambda i: ORDER[dice[i][0]])
        chosen = failed if s["ego"] == "reroll" else failed[: s["kiss"]]
        kept = sum({0: 0, 1: 1, 2: 101}[c] for i, (_, c) in enumerate(dice) if i not in chosen)
        enc = icepool.Die([kept])
        for i in chosen:
            enc = enc + _enc(dice[i][0])

        def ego(e):
            su, six = e % 100, e // 100
            return su + six if s["ego"] == "double6" and su < goal else su

        return enc.map(ego)

    return icepool.map(final, own, *ally_dice)


def icepool_distribution(spec) -> dict:
    """outcome -> probability, for the benchmark and the tests."""
    s = normalize(spec)
    if s["roll"] == "check":
        return icepool_check(s)
    if s["policy"] == "optimal":
        raise NotImplementedError("the optimal policy is checked by brute_task(optimal=True), not icepool")
    die = icepool_task(s)
    total = die.denominator()
    return {o: die.quantity(o) / total for o in die.outcomes()}
