"""Agora: d6 rank pools (Health dice, ranks as face thresholds), exactly.

A die succeeds when its face is >= its rank (2..6). A **check** rolls the
Health dice; a **task** rolls Health + job + asset dice, minus one die per
difficulty factor (never below 0). Helpers merge into one **help die**
(:func:`venus_widgets.engine.merge.merge`) rolled with its own rank and
never reduced by factors; a merged rank of 1 is an automatic success, not
rolled.

The goal is 1 success (standard check), 2 (challenging check), or the
number of consequences, doubled when challenging (task: full pass).
``p_pass`` is P(successes >= goal) and ``threshold == goal``.

KISS and Ego follow the engine's one policy (docs/rules.md#one-policy-for-kiss-and-ego
and docs/rules_agora.md#kiss-and-ego-the-engines-one-policy), in one round:

1. successes already reach the goal: stop, nothing spent;
2. else KISS failed dice, up to ``kiss``: the best chance first (the help
   die before the main dice when its rank is lower, after them when it is
   higher), ties by the lowest face first (1s before other failures, which
   matters for snake eyes). With ``helper_kiss`` a helper KISSes the
   failed help die outside the budget;
3. still short and ``ego``: every 6 showing (help die included) scores
   two successes. Ego counts as spent only when a 6 shows.

Snake eyes are looked for after KISSing, over every rolled die (main and
help; asset dice are main dice): two or more 1s are a critical, a failure
becomes "failure with a boon", a success "success with a bane". With
``snakes="each-pair"`` every pair of 1s is one critical.

The odds are exact: the joint distribution of (6s, successes, 1s) after
the KISS round, over all faces, computed with numpy (in Fractions with
``exact``, see :mod:`venus_widgets.engine.exact`).

>>> import venus_widgets as vw
>>> o = vw.odds({"edition": "agora", "roll": "check", "rank": 4, "health": 2})
>>> o.p_pass == 1 - 0.5 ** 2, round(o.p_critical, 6) == round(1 / 36, 6)
(True, True)
>>> o = vw.odds({"edition": "agora", "roll": "check", "health": 0})
>>> dict(o.distribution), o.p_pass
({0: 1.0}, 0.0)
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from itertools import chain, product
from typing import Any, Sequence

import numpy as np

from ...advice import Advice, Option
from ...errors import SpecError
from ...exact import array, bincount, ratio, total
from ...merge import merge
from ...odds import Odds
from ...rolls import Die, Roll, in_blocks, streams

#: Help rank 1: an automatic success, recorded as a die with face 0.
AUTO = 1

LABELS = ("success", "failure", "success with a bane", "failure with a boon")


# --------------------------------------------------------------------------
# The spec, read
# --------------------------------------------------------------------------


def main_dice(spec: dict) -> int:
    """Dice in the main pool: Health (check), or Health + job + assets -
    factors, never below 0 (task)."""
    if spec["roll"] == "check":
        return spec["health"]
    return max(0, spec["health"] + spec["job"] + spec["assets"] - spec["factors"])


def per_consequence(spec: dict) -> int:
    """Successes per consequence (or per check): 2 when challenging."""
    return 2 if spec["difficulty"] == "challenging" else 1


def goal(spec: dict) -> int:
    """Successes for a pass (check) or a full pass (task)."""
    n = 1 if spec["roll"] == "check" else spec["consequences"]
    return n * per_consequence(spec)


def criticals(ones, snakes: str):
    """Criticals from the 1s showing after KISS: ``same`` counts any two or
    more 1s once, ``each-pair`` counts one per pair.

    >>> criticals(3, "same"), criticals(3, "each-pair"), criticals(4, "each-pair")
    (1, 1, 2)
    """
    if snakes == "each-pair":
        return ones // 2
    return (ones >= 2) * 1


def label(passed: bool, crit: int) -> str:
    if crit:
        return "success with a bane" if passed else "failure with a boon"
    return "success" if passed else "failure"


def _categories(rank: int, exact: bool = False) -> np.ndarray:
    """P(face 6), P(success but not 6), P(face 1), P(other failure)."""
    return array((ratio(w, 6, exact) for w in (1, 6 - rank, 1, rank - 2)), exact)


# --------------------------------------------------------------------------
# Exact odds
# --------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _counts(n: int) -> tuple[Any, ...]:
    """All (6s, other successes, 1s, other failures) of ``n`` dice, with
    multinomial coefficients."""
    g = np.indices((n + 1,) * 3).reshape(3, -1)
    g = g[:, g.sum(axis=0) <= n]
    a, b, c = g
    d = n - a - b - c
    f = math.factorial
    coef = [f(n) // (f(i) * f(j) * f(k) * f(n - i - j - k)) for i, j, k in zip(a, b, c)]
    return a, b, c, d, coef


@lru_cache(maxsize=256)
def _pool(n: int, rank: int, exact: bool = False) -> tuple[np.ndarray, ...]:
    """(6s, successes, 1s, other failures, probability) of ``n`` dice of
    ``rank``: a table like a row of Pascal's triangle, kept (read-only)."""
    a, b, c, d, coef = _counts(n)
    q = _categories(rank, exact)
    if exact:
        p = array((int(m) * q[0] ** int(i) * q[1] ** int(j) * q[2] ** int(k) * q[3] ** int(l)
                   for m, i, j, k, l in zip(coef, a, b, c, d)), True)
    else:
        with np.errstate(divide="ignore", invalid="ignore"):
            p = np.array(coef, dtype=float) * q[0] ** a * q[1] ** b * q[2] ** c * q[3] ** d
    out = (a, a + b, c, d, p)
    for x in out:
        x.flags.writeable = False
    return out


@lru_cache(maxsize=16)
def _help_faces(help_rank: int | None, exact: bool = False) -> tuple[np.ndarray, ...]:
    """The help die's categories as columns: p, is 6, succeeds, is 1, failed."""
    one = ratio(1, 1, exact)
    if help_rank is None:
        rows = [(one, 0, 0, 0, 0)]
    elif help_rank == AUTO:
        rows = [(one, 0, 1, 0, 0)]
    else:
        q = _categories(help_rank, exact)
        rows = [(q[0], 1, 1, 0, 0), (q[1], 0, 1, 0, 0), (q[2], 0, 0, 1, 1), (q[3], 0, 0, 0, 1)]
    cols = np.array([r[1:] for r in rows], dtype=np.int64).T
    out = (array((r[0] for r in rows), exact),) + tuple(cols[:3]) + (cols[3] > 0,)
    for x in out:
        x.flags.writeable = False
    return out


def _after_kiss(n: int, rank: int, help_rank: int | None, target: int, kiss: int, helper_kiss: bool,
                exact: bool = False):
    """Rows (p, 6s, successes, 1s) after the policy's KISS round.

    Axes while building: main pool state x first help face x final help face.
    """
    if help_rank == rank and not helper_kiss:
        n, help_rank = n + 1, None  # same rank, same budget: one pool
    a, s, c, d, p = (x[:, None] for x in _pool(n, rank, exact))
    ph, h6, hs, h1, hfail = _help_faces(help_rank, exact)
    short = s + hs < target  # (state, help face)
    failed = hfail & short
    if helper_kiss:
        help_k, budget = failed, kiss
    elif help_rank is not None and help_rank < rank:  # the better help die is KISSed first
        help_k = failed & (kiss >= 1)
        budget = kiss - help_k
    else:
        help_k, budget = np.zeros_like(short), kiss
    k = np.where(short, np.minimum(budget, c + d), 0)
    if not helper_kiss and help_rank is not None and help_rank > rank:  # the worse help die waits
        help_k = failed & (kiss - k >= 1)
    ones = c - np.minimum(c, k)
    # final help face: KISSed -> a fresh face, else the same face
    stay = np.eye(ph.size, dtype=bool)
    pf = p[:, :, None] * ph[None, :, None] * np.where(help_k[:, :, None], ph[None, None, :], stay[None])
    return _reroll(pf, a[:, :, None] + h6, s[:, :, None] + hs, ones[:, :, None] + h1, k[:, :, None], rank, exact)


@lru_cache(maxsize=32)
def _cells(size: int) -> tuple[np.ndarray, ...]:
    """Flat (6s, successes, 1s) of every cell of a ``size``**3 grid."""
    out = tuple(x.ravel() for x in np.indices((size,) * 3))
    for x in out:
        x.flags.writeable = False
    return out


def _reroll(p, six, succ, ones, k, rank, exact=False) -> tuple[np.ndarray, ...]:
    """Add ``k`` fresh main dice to each row (arrays that broadcast); the
    joint law of (6s, successes, 1s) as flat cells (p, 6s, successes, 1s).

    Rows are binned by ``k`` into grids ``G[k]``, and the fresh dice enter
    by Horner's scheme, one die at a time: ``(... (G[K] * die + G[K-1]) *
    die ...) * die + G[0]``. Counts never exceed the dice rolled, so the
    grid holds every cell.
    """
    size = int(max((succ + k).max(), (ones + k).max())) + 1  # 6s <= successes
    cell = ((k * size + six) * size + succ) * size + ones
    p = np.broadcast_to(p, cell.shape)
    g = bincount(cell.ravel(), p.ravel(), minlength=(int(k.max()) + 1) * size**3)
    g = g.reshape(-1, size, size, size)
    q6, qs, q1, qf = _categories(rank, exact)
    h = g[-1]
    for j in range(g.shape[0] - 2, -1, -1):
        nxt = qf * h + g[j]
        nxt[1:, 1:, :] += q6 * h[:-1, :-1, :]
        nxt[:, 1:, :] += qs * h[:, :-1, :]
        nxt[:, :, 1:] += q1 * h[:, :, :-1]
        h = nxt
    return (h.ravel(),) + _cells(size)


def _summary(spec: dict, p, six, succ, ones, ego: bool) -> dict[str, Any]:
    """Final successes (Ego applied by the policy) and what follows."""
    target = goal(spec)
    spend = ego & (succ < target) & (six > 0)
    total = succ + np.where(spend, six, 0)
    crit = criticals(ones, spec["snakes"])
    passed = total >= target
    return {"p": p, "total": total, "crit": crit, "passed": passed, "spend": spend}


def denominator(spec: dict) -> int:
    """6 to the dice that can be rolled: the main dice, the help die, and
    every KISS (the budget, and the helper's free KISS)."""
    n, help_rank = main_dice(spec), merge(spec["helpers"])
    rolled = n + (help_rank is not None and help_rank != AUTO)
    kisses = min(spec["kiss"], rolled) + (help_rank not in (None, AUTO) and spec["helper_kiss"])
    return 6 ** (rolled + kisses)


def odds(spec: dict, exact: bool = False) -> Odds:
    """Exact odds of an agora check or task (spec normalized); Fractions
    with ``exact``."""
    n, rank, target = main_dice(spec), spec["rank"], goal(spec)
    help_rank = merge(spec["helpers"])
    notes = []
    num = Fraction if exact else float
    if n == 0 and help_rank is None:
        notes.append("no dice and no help: automatic failure")
        none = {"success with a bane": num(0), "failure with a boon": num(0)}  # the same keys, in the same order
        if spec["snakes"] == "each-pair":
            none["0 criticals"] = num(1)
        return Odds.from_pmf(spec, {0: num(1)}, threshold=target, goal=target, p_critical=num(0),
                             p_ego_spent=num(0) if spec["ego"] else None, breakdown=_breakdown(spec, none, exact=exact),
                             notes=tuple(notes))
    p, six, succ, ones = _after_kiss(n, rank, help_rank, target, spec["kiss"], spec["helper_kiss"], exact)
    r = _summary(spec, p, six, succ, ones, spec["ego"])
    pmf = bincount(r["total"], p)
    pc = num(p[r["crit"] > 0].sum())
    parts = {
        "success with a bane": num(p[(r["crit"] > 0) & r["passed"]].sum()),
        "failure with a boon": num(p[(r["crit"] > 0) & ~r["passed"]].sum()),
    }
    if spec["snakes"] == "each-pair":
        for c, v in enumerate(bincount(r["crit"], p)):
            if v > 0:
                parts[f"{c} criticals"] = num(v)
    if help_rank == AUTO:
        notes.append("the helpers merge to rank 1: the help die is an automatic success, not rolled")
    return Odds.from_pmf(
        spec, pmf, threshold=target, goal=target, p_critical=pc if exact else min(1.0, pc),
        p_ego_spent=num(p[r["spend"]].sum()) if spec["ego"] else None,
        breakdown=_breakdown(spec, parts, pmf, exact), notes=tuple(notes),
    )


def subverted_pmf(spec: dict, pmf: Sequence[float] | dict) -> dict[int, float]:
    """Consequences subverted (successes // per consequence, at most all of
    them) from a pmf of successes (task specs).

    >>> subverted_pmf({"roll": "task", "consequences": 2, "difficulty": "challenging"},
    ...               {0: 0.25, 1: 0.25, 2: 0.25, 5: 0.25})
    {0: 0.5, 1: 0.25, 2: 0.25}
    """
    items = pmf.items() if isinstance(pmf, dict) else enumerate(pmf)
    out: dict[int, float] = {}
    per, cap = per_consequence(spec), spec["consequences"]
    for k, v in items:
        j = min(int(k) // per, cap)
        out[j] = out.get(j, 0) + (Fraction(v) if isinstance(v, (Fraction, int)) else float(v))
    return {k: out[k] for k in sorted(out)}


def _breakdown(spec: dict, parts: dict, pmf=None, exact: bool = False) -> dict[str, float]:
    parts = dict(parts)
    zero = ratio(0, 1, exact)
    parts.setdefault("success with a bane", zero)
    parts.setdefault("failure with a boon", zero)
    if spec["roll"] == "task":
        sub = subverted_pmf(spec, {0: ratio(1, 1, exact)} if pmf is None else pmf)
        for j in range(spec["consequences"] + 1):
            parts[f"{j} subverted"] = sub.get(j, zero)
        parts["at least one subverted"] = total([zero] + [v for j, v in sub.items() if j >= 1])
        parts["+1 exp"] = total([zero] + [v for j, v in sub.items() if j < spec["consequences"]])
    return parts


# --------------------------------------------------------------------------
# Rolls
# --------------------------------------------------------------------------


def _layout(spec: dict) -> tuple[int, int | None, list[int]]:
    """(main dice, help rank, rank of each die in roll order)."""
    n, help_rank = main_dice(spec), merge(spec["helpers"])
    ranks = [spec["rank"]] * n + ([help_rank] if help_rank is not None else [])
    return n, help_rank, ranks


def policy_kiss(spec: dict, faces: Sequence[int], kissed: Sequence[int] = ()) -> list[int]:
    """The dice the policy KISSes, given the faces showing (die order).

    >>> spec = {"roll": "check", "rank": 4, "health": 2, "helpers": [5, 5], "difficulty": "standard",
    ...         "kiss": 1, "helper_kiss": False}
    >>> policy_kiss(spec, [1, 3, 2])   # help die (rank 4) ties the main rank: lowest face first
    [0]
    >>> policy_kiss(dict(spec, helpers=[4, 4]), [1, 3, 2])  # rank 3 help die: better chance first
    [2]
    """
    n, help_rank, ranks = _layout(spec)
    done = set(kissed)
    succ = sum(f >= r for f, r in zip(faces, ranks)) + (help_rank == AUTO)
    if succ >= goal(spec):
        return []
    free, queue = [], []
    budget = spec["kiss"] - sum(1 for i in done if i < n or not spec["helper_kiss"])
    for i, (f, r) in enumerate(zip(faces, ranks)):
        if f >= r or i in done or r == AUTO:
            continue
        if i >= n and spec["helper_kiss"]:
            free.append(i)
        else:
            queue.append((r, f, i))
    chosen = [i for _, _, i in sorted(queue)[: max(0, budget)]]
    return sorted(free + chosen)


def _finish(spec: dict, seed: int, first: list[int], kiss_list: list[int], after: list[int], ego: bool | None) -> Roll:
    n, help_rank, ranks = _layout(spec)
    target = goal(spec)
    rolled = [i for i, r in enumerate(ranks) if r != AUTO]
    succ = sum(after[i] >= ranks[i] for i in rolled) + (help_rank == AUTO)
    sixes = sum(after[i] == 6 for i in rolled)
    if ego is None:
        ego = spec["ego"] and succ < target
    spend = bool(ego and sixes > 0)
    ones = sum(after[i] == 1 for i in rolled)
    dice = []
    for i, r in enumerate(ranks):
        owner = "own" if i < n else "helper"
        if r == AUTO:
            dice.append(Die(i, owner, AUTO, 6, 0, 0, False, 1))
            continue
        sc = (after[i] >= r) * (2 if spend and after[i] == 6 else 1)
        dice.append(Die(i, owner, r, 6, first[i], after[i], i in kiss_list, int(sc)))
    total = sum(d.scores for d in dice)
    crit = int(criticals(ones, spec["snakes"]))
    passed = total >= target
    details: dict[str, Any] = {"snake_eyes": ones >= 2, "ones": ones, "criticals": crit, "label": label(passed, crit),
                               "goal": target}
    if help_rank == AUTO:
        details["help"] = "automatic success (helpers merged to rank 1; not rolled, face shown as 0)"
    if not dice:
        details["label"] = "failure"
        details["automatic"] = "no dice and no help: automatic failure"
    if spec["roll"] == "task":
        sub = min(total // per_consequence(spec), spec["consequences"])
        details["subverted"] = sub
        details["exp"] = int(sub < spec["consequences"])
    return Roll(spec=spec, seed=seed, dice=tuple(dice), outcome=int(total), passed=passed, goal_reached=passed,
                kissed=tuple(kiss_list), ego_spent=spend, details=details)


def roll(spec: dict, seed: int, kiss: list[int] | None = None, ego: bool | None = None) -> Roll:
    """A seeded roll. ``kiss=None``: the policy; a list: exactly those dice.

    >>> r = roll({"edition": "agora", "roll": "check", "rank": 3, "health": 2, "helpers": [], "kiss": 0,
    ...           "helper_kiss": False, "ego": False, "snakes": "same", "difficulty": "standard"}, 5)
    >>> [d.owner for d in r.dice], r.passed == (r.outcome >= 1)
    (['own', 'own'], True)
    """
    n, help_rank, ranks = _layout(spec)
    g1, g2 = streams(seed)
    rolled = [i for i, r in enumerate(ranks) if r != AUTO]
    first = [0] * len(ranks)
    for i, f in zip(rolled, g1.integers(1, 7, size=len(rolled))):
        first[i] = int(f)
    if kiss is None:
        kiss = policy_kiss(spec, first)
    else:
        _check_kiss(spec, first, kiss)
    kiss = sorted(kiss)
    after = list(first)
    for i, f in zip(kiss, g2.integers(1, 7, size=len(kiss))):
        after[i] = int(f)
    return _finish(spec, seed, first, kiss, after, ego)


def _check_kiss(spec: dict, faces: Sequence[int], kiss: Sequence[int], kissed: Sequence[int] = ()) -> None:
    n, help_rank, ranks = _layout(spec)
    for i in kiss:
        if not 0 <= i < len(ranks):
            raise SpecError("kiss", list(kiss), f"die indices from 0 to {len(ranks) - 1}",
                            f"this roll has {len(ranks)} dice")
        if ranks[i] == AUTO:
            raise SpecError("kiss", list(kiss), "dice that were rolled",
                            f"die {i} is the rank-1 help die, an automatic success that is not rolled")
        if i in kissed:
            raise SpecError("kiss", list(kiss), "each die KISSed at most once", f"die {i} was KISSed already")
    budgeted = [i for i in list(kiss) + list(kissed) if i < n or not spec["helper_kiss"]]
    if len(budgeted) > spec["kiss"]:
        raise SpecError("kiss", list(kiss), f"at most {spec['kiss']} KISSes (the 'kiss' budget)",
                        "the helper's KISS of the help die is free only with helper_kiss")
    succ = sum(f >= r for f, r in zip(faces, ranks)) + (help_rank == AUTO)
    if kiss and succ >= goal(spec):
        raise SpecError("kiss", list(kiss), "no KISS: the successes already reach the goal",
                        f"{succ} successes showing, {goal(spec)} needed")


def roll_many(spec: dict, n: int, seed: int) -> np.ndarray:
    """Final successes of ``n`` rolls by the policy (vectorised, in blocks)."""
    return in_blocks(n, seed, lambda rows, g1, g2: _rolls(spec, rows, g1, g2))


def _rolls(spec: dict, rows: int, g1: np.random.Generator, g2: np.random.Generator) -> np.ndarray:
    main, help_rank, ranks = _layout(spec)
    target = goal(spec)
    auto = help_rank == AUTO
    rk = np.array([r for r in ranks if r != AUTO], dtype=np.int8)
    m = rk.size
    is_help = np.arange(m) >= main
    faces = g1.integers(1, 7, size=(rows, m), dtype=np.int8)
    short = (faces >= rk).sum(axis=1) + auto < target
    failed = (faces < rk) & short[:, None]
    free = failed & is_help if spec["helper_kiss"] else np.zeros_like(failed)
    queued = failed & ~free
    # best chance (lowest rank) first, then the lowest face; int16: no wrap-around
    key = np.where(queued, rk * np.int16(8) + faces, np.int16(1 << 10))
    order = np.argsort(key, axis=1, kind="stable")
    take = np.arange(m)[None, :] < np.minimum(spec["kiss"], queued.sum(axis=1))[:, None]
    chosen = np.zeros_like(failed)
    np.put_along_axis(chosen, order, take, axis=1)
    faces = np.where(chosen | free, g2.integers(1, 7, size=(rows, m), dtype=np.int8), faces)
    succ = (faces >= rk).sum(axis=1) + auto
    if spec["ego"]:
        succ = np.where(succ < target, succ + (faces == 6).sum(axis=1), succ)
    return succ


# --------------------------------------------------------------------------
# Advice
# --------------------------------------------------------------------------


def _face_kind(face: int, rank: int) -> int:
    """What a die showing ``face`` does for the odds: 0 a 1 (a failure that
    counts towards snake eyes), 1 another failure, 2 a success short of 6."""
    return 0 if face == 1 else 1 if face < rank else 2


def advise(spec: dict, faces: Sequence[int], kissed: Sequence[int] = ()) -> Advice:
    """Which dice to KISS, with the exact odds of each choice: an
    :class:`~venus_widgets.engine.advice.Advice`.

    ``faces`` are the faces showing in die order (the rank-1 help die may be
    omitted or given as 0); ``kissed`` the dice already KISSed. Options are
    the failed dice (and, with Ego, the successes other than 6s: a KISSed 4
    may come up 6 and count twice), within the budget. Dice of the same
    owner (main pool or help die) and the same kind of face (a 1, another
    failure, a success short of 6) are interchangeable, so each count per
    owner and kind is one option, its dice taken lowest face first (as the
    policy takes them). Each option gives ``p_pass`` (= ``p_goal``) and
    ``p_critical`` after that KISS and Ego by the policy; ``policy`` marks
    the policy's choice. Options are sorted best first (P(pass), then fewer
    criticals, then fewer dice).

    >>> a = advise({"edition": "agora", "roll": "check", "rank": 4, "health": 2, "helpers": [], "kiss": 1,
    ...             "helper_kiss": False, "ego": False, "snakes": "same", "difficulty": "standard"}, [1, 2])
    >>> [(o.kiss, o.p_pass, o.policy) for o in a.options]
    [((0,), 0.5, True), ((1,), 0.5, False), ((), 0.0, False)]
    """
    n, help_rank, ranks = _layout(spec)
    faces = _check_faces(spec, faces, ranks)
    kissed = sorted(set(int(i) for i in kissed))
    rolled = len(ranks) - (help_rank == AUTO)  # the rank-1 help die, last, is not rolled
    for i in kissed:
        if not 0 <= i < rolled:
            raise SpecError("kissed", kissed, f"indices of rolled dice, from 0 to {rolled - 1}",
                            f"this roll has {rolled} rolled dice")
    _check_kiss(spec, faces, [], kissed)
    target = goal(spec)
    succ0 = sum(f >= r for f, r in zip(faces, ranks)) + (help_rank == AUTO)
    policy = policy_kiss(spec, faces, kissed) if succ0 < target else []
    budget = spec["kiss"] - sum(1 for i in kissed if i < n or not spec["helper_kiss"])
    groups: dict[tuple[bool, int], list[int]] = {}
    if succ0 < target:
        for i, (f, r) in enumerate(zip(faces, ranks)):
            if i in kissed or r == AUTO or f == 6 or (f >= r and not spec["ego"]):
                continue
            groups.setdefault((i >= n, _face_kind(f, r)), []).append(i)
    for dice in groups.values():
        dice.sort(key=lambda i: (faces[i], i))
    keys = sorted(groups)
    grid = np.array(list(product(*(range(len(groups[k]) + 1) for k in keys))), dtype=np.int64)
    grid = grid.reshape(len(grid), len(keys))  # no group: one row, the choice of KISSing nothing
    budgeted = np.array([not help or not spec["helper_kiss"] for help, _ in keys], dtype=np.int64)
    grid = grid[grid @ budgeted <= budget]
    priced = _choices_odds(spec, faces, ranks, keys, grid, n, help_rank)
    canon = [sum(1 for i in policy if (i >= n, _face_kind(faces[i], ranks[i])) == k) for k in keys]
    options = []
    prefixes = [[groups[k][:c] for c in range(len(groups[k]) + 1)] for k in keys]
    for counts, (pp, pc) in zip(grid.tolist(), priced):
        chosen = tuple(sorted(chain.from_iterable(pre[c] for pre, c in zip(prefixes, counts))))
        mine = counts == canon
        options.append(Option(chosen, False, pp, pp, pc, "policy" if mine else "" if chosen else "none", mine))
    options.sort(key=lambda o: (-o.p_pass, o.p_critical, len(o.kiss), o.kiss))
    if options and not options[0].policy:
        options[0] = replace(options[0], label="optimal")
    return Advice(tuple(faces), succ0, target, target, budget, tuple(policy),
                  options[0].kiss if options else (), tuple(options))


def kiss_odds(spec: dict, faces: Sequence[int], kiss: Sequence[int], ego: bool | None = None) -> dict[str, float]:
    """Exact odds if the dice ``kiss`` are KISSed now (then Ego by the
    policy; ``ego=False``: no Ego): ``p_pass`` (= ``p_goal``) and
    ``p_critical``. ``kiss`` is checked by :func:`_check_kiss`, the check
    :func:`roll` makes (indices, rolled dice, the budget, no KISS once the
    goal is reached).

    >>> spec = {"roll": "check", "rank": 4, "health": 2, "helpers": [], "difficulty": "standard",
    ...         "kiss": 1, "helper_kiss": False, "ego": False, "snakes": "same"}
    >>> round(kiss_odds(spec, [1, 2], [0])["p_pass"], 4)   # one die KISSed: 1/2
    0.5
    """
    n, help_rank, ranks = _layout(spec)
    faces = _check_faces(spec, faces, ranks)
    _check_kiss(spec, faces, kiss)
    pp, pc = _option_odds(dict(spec, ego=False) if ego is False else spec, faces, ranks, sorted(kiss), n, help_rank)
    return {"p_pass": pp, "p_goal": pp, "p_critical": pc}


def _choices_odds(spec, faces, ranks, keys, grid, n, help_rank) -> list[tuple[float, float]]:
    """P(pass), P(critical) of many KISS choices at once: ``grid[c, j]``
    dice of the group ``keys[j]`` (owner, kind of face) KISSed.

    A choice's odds depend only on the dice it KISSes per owner (``k`` main
    dice, the help die or not) and on the 6s, successes and 1s it keeps.
    The fresh dice's joint law of (6s, successes, 1s) is built once per
    owner, one die more at a time with :func:`_reroll`; P(pass) needs only
    its (6s, successes) margin and P(critical) its 1s margin, shifted by
    what each choice keeps and read by :func:`_summary`, the rules' last
    step."""
    rolled = [i for i in range(len(ranks)) if ranks[i] != AUTO]
    total = np.array([sum(faces[i] == 6 for i in rolled),
                      sum(faces[i] >= ranks[i] for i in rolled) + (help_rank == AUTO),
                      sum(faces[i] == 1 for i in rolled)], dtype=np.int64)
    # what one KISSed die of each group takes away: never a 6; a success short of 6; a 1
    lose = np.array([[0, kind == 2, kind == 0] for _, kind in keys], dtype=np.int64).reshape(-1, 3)
    kept = total - grid @ lose
    k_main = grid @ np.array([not help for help, _ in keys], dtype=np.int64)
    helped = grid @ np.array([help for help, _ in keys], dtype=np.int64) > 0
    priced = np.zeros((len(grid), 2))
    fresh = {}
    for h in (False, True):
        if not (helped == h).any():
            continue
        top = int(k_main[helped == h].max())
        ph, h6, hs, h1, _ = _help_faces(help_rank if h else None)
        cells = _reroll(ph, h6, hs, h1, np.zeros(ph.size, dtype=np.int64), spec["rank"])
        for k in range(top + 1):
            nz = cells[0] > 0
            cells = tuple(x[nz] for x in cells)
            fresh[(k, h)] = cells
            if k < top:  # one more fresh main die
                cp, c6, cs, c1 = cells
                cells = _reroll(cp, c6, cs, c1, np.ones(cp.size, dtype=np.int64), spec["rank"])
    for (k, h), cells in fresh.items():
        rows = np.nonzero((k_main == k) & (helped == h))[0]
        if not rows.size:
            continue
        p, f6, fs, f1 = cells
        size = int(max(fs.max(), f1.max())) + 1
        m2 = np.bincount(f6 * size + fs, weights=p, minlength=size * size)
        m1 = np.bincount(f1, weights=p, minlength=size)
        x6, xs = np.divmod(np.arange(size * size), size)
        x1 = np.arange(size)
        a6, a_s, a1 = (kept[rows, j][:, None] for j in range(3))
        none2, none1 = np.zeros((rows.size, x6.size), dtype=np.int64), np.zeros((rows.size, x1.size), dtype=np.int64)
        passed = _summary(spec, m2, x6 + a6, xs + a_s, none2, spec["ego"])["passed"]  # 6s and successes
        crit = _summary(spec, m1, none1, none1, x1 + a1, spec["ego"])["crit"]  # 1s
        priced[rows, 0] = (m2 * passed).sum(axis=1)
        priced[rows, 1] = (m1 * (crit > 0)).sum(axis=1)
    return [(float(pp), float(pc)) for pp, pc in priced]


def _check_faces(spec: dict, faces: Sequence[int], ranks: list[int]) -> list[int]:
    faces = list(faces)
    if ranks and ranks[-1] == AUTO and len(faces) == len(ranks) - 1:
        faces.append(0)
    if len(faces) != len(ranks):
        raise SpecError("faces", faces, f"{len(ranks)} faces, one per die in roll order")
    for i, (f, r) in enumerate(zip(faces, ranks)):
        ok = f == 0 if r == AUTO else isinstance(f, (int, np.integer)) and not isinstance(f, bool) and 1 <= f <= 6
        if not ok:
            raise SpecError(f"faces[{i}]", f, "0 for the rank-1 help die" if r == AUTO else "a face from 1 to 6")
    return [int(f) for f in faces]


def _option_odds(spec, faces, ranks, chosen, n, help_rank) -> tuple[float, float]:
    """P(pass), P(critical) when the dice ``chosen`` are KISSed: counted in
    Fractions, each rounded once (correctly rounded, the same everywhere)."""
    keep = [i for i in range(len(ranks)) if i not in chosen and ranks[i] != AUTO]
    six = sum(faces[i] == 6 for i in keep)
    succ = sum(faces[i] >= ranks[i] for i in keep) + (help_rank == AUTO)
    ones = sum(faces[i] == 1 for i in keep)
    k = sum(1 for i in chosen if i < n)
    ph, h6, hs, h1, _ = _help_faces(help_rank if n in chosen else None, True)
    p, s6, sc, on, kk = ph, six + h6, succ + hs, ones + h1, np.full(ph.size, k)
    p, s6, sc, on = _reroll(p, s6, sc, on, kk, spec["rank"], True)
    r = _summary(spec, p, s6, sc, on, spec["ego"])
    return float(Fraction(r["p"][r["passed"]].sum())), float(Fraction(r["p"][r["crit"] > 0].sum()))


# --------------------------------------------------------------------------
# Difficulty ladder and "explain this number" (docs/rules_agora.md#difficulty-ladder)
# --------------------------------------------------------------------------


def _max_factors(spec: dict) -> int:
    """Factors past the main pool's size change nothing (never below 0 dice)."""
    return min(16, spec["health"] + spec["job"] + spec["assets"])


def ladder_settings(spec: dict) -> list[dict]:
    """The agora ladder: a check is standard then challenging; a task is
    standard with 0, 1, ... factors (up to the main pool's size), then
    challenging with 0, 1, ... factors. The consequences stay as set."""
    if spec["roll"] == "check":
        return [{"difficulty": d} for d in ("standard", "challenging")]
    return [{"difficulty": d, "factors": f} for d in ("standard", "challenging")
            for f in range(_max_factors(spec) + 1)]


def vary_values(spec: dict, field: str) -> list | None:
    """Values of a difficulty field for ``solve``, easiest first."""
    if field == "factors" and spec["roll"] == "task":
        return list(range(_max_factors(spec) + 1))
    return None


def explain_steps(spec: dict, o: Odds) -> list:
    """The roll's odds in rule order: the dice, the help die, the successes
    needed, the first roll, what KISS and Ego add; snake eyes and
    subverted consequences as information."""
    from ...api import odds
    from ...explain import Step, first_roll_steps, pct

    n, r, g = main_dice(spec), spec["rank"], goal(spec)
    if spec["roll"] == "check":
        pool = f"{n} Health dice"
    else:
        pool = (f"Health {spec['health']} + job {spec['job']} + assets {spec['assets']} - {spec['factors']} "
                f"factor(s) = {n} main dice")
    steps = [Step(f"{pool} at rank {r}: each succeeds on {r}-6, {7 - r} in 6 ({pct((7 - r) / 6)}).")]
    h = merge(spec["helpers"])
    if h == AUTO:
        steps.append(Step(f"The helpers {list(spec['helpers'])} merge to rank 1: an automatic success, not rolled."))
    elif h is not None:
        steps.append(Step(f"The helpers {list(spec['helpers'])} merge into one help die of rank {h}: it succeeds on "
                          f"{h}-6 ({pct((7 - h) / 6)})."))
    if spec["roll"] == "check":
        need = f"A {spec['difficulty']} check needs {g} success(es)."
    else:
        need = (f"A full pass needs {g} success(es): {spec['consequences']} consequence(s) x "
                f"{per_consequence(spec)} ({spec['difficulty']}).")
    steps.append(Step(need))
    p0 = odds({**spec, "kiss": 0, "helper_kiss": False, "ego": False}).p_pass
    groups = [(n, r - 1, 6)] + ([(1, h - 1, 6)] if h is not None else [])
    steps += first_roll_steps(groups, g, p0)
    p1 = odds({**spec, "ego": False}).p_pass
    if spec["kiss"] or spec["helper_kiss"]:
        who = f"up to {spec['kiss']} failed dice" if spec["kiss"] else ""
        if spec["helper_kiss"]:
            who += (" and " if who else "") + "the helper's own failed help die"
        steps.append(Step(f"KISS: short, {who} re-rolled once, best chance first", p1 - p0, "+"))
    if spec["ego"]:
        steps.append(Step("Ego: still short, every 6 showing scores two successes", o.p_pass - p1, "+"))
    steps.append(Step("P(pass)" if spec["roll"] == "check" else "P(full pass)", o.p_pass, "="))
    steps.append(Step("snake eyes (two or more 1s after KISS): a critical, a failure with a boon or a success "
                      "with a bane", o.p_critical or 0.0))
    if spec["roll"] == "task":
        steps.append(Step("at least one consequence subverted", o.breakdown["at least one subverted"]))
    return steps


def explain_roll(r: Roll) -> list[str]:
    """The example roll, step by step."""
    from ...explain import dice_words

    d = r.details
    if not r.dice:
        return ["No dice and no help: an automatic failure."]
    rolled = [x for x in r.dice if x.grade != AUTO]
    first = sum(isinstance(x.grade, int) and x.before >= x.grade for x in rolled) + (len(rolled) < len(r.dice))
    out = [f"First roll: {dice_words(rolled) or 'no dice rolled'}: {first} success(es), {d['goal']} needed."]
    if "help" in d:
        out.append("The help die is an automatic success (helpers merged to rank 1).")
    kissed = [x for x in r.dice if x.kissed]
    if kissed:
        out.append("KISS: " + ", ".join(f"die {x.index} {x.before} -> {x.after}" for x in kissed) + ".")
    elif first >= d["goal"]:
        out.append("The goal is reached: nothing to KISS.")
    if r.ego_spent:
        out.append("Ego: each 6 showing scores two successes.")
    out.append(f"{r.outcome} success(es), {d['ones']} one(s) showing: {d['label']}.")
    if "subverted" in d:
        out.append(f"{d['subverted']} of {r.spec['consequences']} consequence(s) subverted"
                   + (", +1 exp." if d["exp"] else "."))
    return out
