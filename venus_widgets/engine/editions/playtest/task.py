"""Playtest tasks: a d6 pool with KISS and Ego, exactly.

docs/rules_playtest.md#task: roll ``dice`` own dice of the roller's caliber and
one die per ally (at most two) with the ally's caliber. A die succeeds on
Bronze 5-6, Silver 4-6, Gold 3-6, Platinum 2-6. ``threshold = 1 +
factors`` (+1 when learning on the job) and ``goal = threshold +
consequences``.

The default policy ``"failures"`` (docs/rules.md#one-policy-for-kiss-and-ego):

1. the successes showing reach the goal: stop, no KISS and no Ego spent;
2. else KISS failed dice up to the ``kiss`` budget, the best chance first
   (an ally's Gold before your Bronze), ties by the lowest face first;
   Ego ``reroll`` KISSes every failed die instead (the budget is moot);
3. still short of the goal and Ego ``double6``: every 6 showing scores two
   successes. Ego counts as spent only when it changes something, i.e.
   when at least one 6 shows.

The ``"optimal"`` policy may KISS any dice (a 5 too, when hoping for a 6
under ``double6``) within the budget, choosing for the faces showing the
set that maximises P(successes >= goal); ties go to the default policy's
choice, so it is never worse. With Ego ``reroll`` it chooses between not
spending Ego (any set within the budget) and spending it (every failed die,
plus any successes within the budget).

The outcome is the final number of successes. ``p_pass = P(final >=
threshold)``, ``p_goal = P(final >= goal)``. Breakdown keys (each a
probability):

- ``pass_without_kiss``: the first roll already passes;
- ``pass_after_kiss``: passes only thanks to the KISS round;
- ``pass_with_ego``: passes only thanks to Ego ``double6``;
- ``fail``: the three above and this sum to 1;
- ``goal_without_kiss``, ``goal_after_kiss``, ``goal_with_ego``: the same
  for the goal;
- ``p_kiss_used``: P(at least one die is KISSed);
- ``p_ego_spent``: as :attr:`Odds.p_ego_spent` (0 without Ego).

>>> import venus_widgets as vw
>>> o = vw.odds({"roll": "task", "dice": 2})
>>> round(o.p_pass, 6), round(o.mean, 6)
(0.555556, 0.666667)
>>> o = vw.odds({"roll": "task", "dice": 1, "kiss": 1})
>>> round(o.p_pass, 6) == round(1 - (2 / 3) ** 2, 6)
True
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import comb
from typing import Any, Sequence

import numpy as np

from ...errors import SpecError
from ...exact import array, bincount, ratio, total, zeros
from ...odds import Odds
from ...rolls import Die, Roll, in_blocks, streams

#: Lowest succeeding face per caliber.
MIN_FACE = {"bronze": 5, "silver": 4, "gold": 3, "platinum": 2}
#: KISS order: higher is KISSed first (best chance to succeed).
CHANCE = {"bronze": 0, "silver": 1, "gold": 2, "platinum": 3}
CALIBER_OF_CHANCE = {v: k for k, v in CHANCE.items()}

FAIL, SUCC, SIX = 0, 1, 2


# --------------------------------------------------------------------------
# The spec, read
# --------------------------------------------------------------------------


def threshold(spec: dict) -> int:
    """1 + factors, +1 when learning on the job (docs/rules_playtest.md#task)."""
    return 1 + spec["factors"] + (1 if spec["learning"] else 0)


def goal(spec: dict) -> int:
    """threshold + the extra consequences wanted."""
    return threshold(spec) + spec["consequences"]


def calibers(spec: dict) -> list[str]:
    """The caliber of every die in roll order: own dice, then allies."""
    return [spec["caliber"]] * spec["dice"] + list(spec["allies"])


def owners(spec: dict) -> list[str]:
    return ["own"] * spec["dice"] + [f"ally {i + 1}" for i in range(len(spec["allies"]))]


def budget(spec: dict) -> int:
    """The single-die KISS budget (Ego ``reroll`` makes it moot: every die)."""
    n = spec["dice"] + len(spec["allies"])
    return n if spec["ego"] == "reroll" else min(spec["kiss"], n)


def classes(caliber: str, exact: bool = False) -> tuple[float, float, float]:
    """P(fail), P(success but not 6), P(6) for one die (Fractions with ``exact``)."""
    m = MIN_FACE[caliber]
    return ratio(m - 1, 6, exact), ratio(6 - m, 6, exact), ratio(1, 6, exact)


def face_class(face: int, caliber: str) -> int:
    return SIX if face == 6 else (SUCC if face >= MIN_FACE[caliber] else FAIL)


@lru_cache(maxsize=512)
def joint(r: int, caliber: str, exact: bool = False) -> np.ndarray:
    """P(successes = s, sixes = x) for ``r`` dice: an (r+1, r+1) array."""
    pf, ps, p6 = classes(caliber, exact)
    out = zeros((r + 1, r + 1), exact)
    for s in range(r + 1):
        for x in range(s + 1):
            out[s, x] = comb(r, s) * comb(s, x) * pf ** (r - s) * ps ** (s - x) * p6**x
    out.setflags(write=False)
    return out


# --------------------------------------------------------------------------
# Exact odds, default policy
# --------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _own_kiss_table(n: int, caliber: str, b: int, nlo: int, size: int, exact: bool = False) -> np.ndarray:
    """Own dice on the KISS path with ``b`` KISSes left for them.

    ``C[L, tau]`` is the (successes, sixes) sub-pmf after KISSing, summed
    over first rolls with fewer than ``tau`` own successes whose leftover
    budget for the lower-chance allies is ``L`` (0..nlo).
    """
    first = joint(n, caliber, exact)
    per_t = zeros((nlo + 1, n + 1, size, size), exact)
    for t in range(n + 1):
        f = n - t
        r = min(f, b)
        left = min(max(b - f, 0), nlo)
        tab = joint(r, caliber, exact)
        for x in range(t + 1):
            if first[t, x]:
                per_t[left, t, t : t + r + 1, x : x + r + 1] += first[t, x] * tab
    out = zeros((nlo + 1, n + 2, size, size), exact)
    out[:, 1:] = np.cumsum(per_t, axis=1)
    out.setflags(write=False)
    return out


def _ally_combos(allies: Sequence[str], exact: bool = False):
    """Every first-roll class of the allies, with its probability."""
    for cls in product(range(3), repeat=len(allies)):
        p = ratio(1, 1, exact)
        for c, cal in zip(cls, allies):
            p *= classes(cal, exact)[c]
        if p:
            yield cls, p


_POINT = {FAIL: (0, 0), SUCC: (1, 0), SIX: (1, 1)}


def _ally_kernel(allies, cls, kissed, exact: bool = False) -> np.ndarray:
    """(successes, sixes) pmf of the allies' final dice: a 3x3 array."""
    k = zeros((3, 3), exact)
    k[0, 0] = ratio(1, 1, exact)
    for cal, c, kd in zip(allies, cls, kissed):
        new = zeros((3, 3), exact)
        if kd:
            for cc, p in enumerate(classes(cal, exact)):
                ds, dx = _POINT[cc]
                new[ds:, dx:] += p * k[: 3 - ds, : 3 - dx]
        else:
            ds, dx = _POINT[c]
            new[ds:, dx:] += k[: 3 - ds, : 3 - dx]
        k = new
    return k


def _default_parts(spec: dict, exact: bool = False):
    """(no-KISS pmf of S0 restricted to S0 >= goal, KISS-path joint H[S1, X1],
    P(S0 >= threshold), P(S0 >= goal))."""
    n, cal, allies = spec["dice"], spec["caliber"], list(spec["allies"])
    g, thr = goal(spec), threshold(spec)
    size = n + len(allies) + 1
    b_total = budget(spec)
    own_chance = CHANCE[cal]
    hi = [i for i, a in enumerate(allies) if CHANCE[a] > own_chance]
    lo = [i for i, a in enumerate(allies) if CHANCE[a] <= own_chance]
    hi.sort(key=lambda i: -CHANCE[allies[i]])
    lo.sort(key=lambda i: -CHANCE[allies[i]])
    first_marg = joint(n, cal, exact).sum(axis=1)
    tail = np.concatenate([np.cumsum(first_marg[::-1])[::-1], zeros(1, exact)])  # P(t >= k)
    nokiss = zeros(size, exact)
    H = zeros((size, size), exact)
    p0_thr = p0_goal = ratio(0, 1, exact)
    keyed: dict[tuple[int, int, int], np.ndarray] = {}
    for cls, p in _ally_combos(allies, exact):
        a_s = sum(c != FAIL for c in cls)
        tau = min(max(g - a_s, 0), n + 1)
        nokiss[tau + a_s : n + 1 + a_s] += p * first_marg[tau:]
        p0_thr += p * tail[min(max(thr - a_s, 0), n + 1)]
        p0_goal += p * tail[tau]
        if tau == 0:
            continue
        failed_hi = [i for i in hi if cls[i] == FAIL]
        used = min(len(failed_hi), b_total)
        b_own = b_total - used
        failed_lo = [i for i in lo if cls[i] == FAIL]
        for left in range(len(lo) + 1):
            kd = set(failed_hi[:used]) | set(failed_lo[:left])
            kern = _ally_kernel(allies, cls, [i in kd for i in range(len(allies))], exact)
            key = (b_own, left, tau)
            keyed[key] = keyed.get(key, 0) + p * kern
    for (b_own, left, tau), kern in keyed.items():
        own = _own_kiss_table(n, cal, b_own, len(lo), size, exact)[left, tau]
        for ds, dx in zip(*np.nonzero(kern)):
            H[ds:, dx:] += kern[ds, dx] * own[: size - ds, : size - dx]
    return nokiss, H, p0_thr, p0_goal


@lru_cache(maxsize=64)
def _outcome_index(size: int, g: int, double6: bool) -> np.ndarray:
    s, x = np.indices((size, size))
    return np.where(double6 & (s < g), s + x, s).ravel()


def _finish_odds(spec: dict, nokiss, H, p0_thr, p0_goal, notes=(), exact: bool = False) -> Odds:
    g, thr = goal(spec), threshold(spec)
    size = H.shape[0]
    double6 = spec["ego"] == "double6"
    num = Fraction if exact else float
    zero = num(0)
    final = bincount(_outcome_index(size, g, double6), H.ravel(), minlength=2 * size)
    final[:size] += nokiss
    p_kiss_path = 1 - p0_goal
    n_all = spec["dice"] + len(spec["allies"])
    all_succ = zero
    if n_all < g:
        all_succ = num(1)
        for c in calibers(spec):
            all_succ *= 1 - classes(c, exact)[FAIL]
    p_kiss_used = max(p_kiss_path - all_succ, zero) if budget(spec) > 0 else zero
    if spec["ego"] == "double6":
        p_ego = num(H[:g, 1:].sum())
    elif spec["ego"] == "reroll":
        p_ego = p_kiss_used
    else:
        p_ego = None
    pre = H.sum(axis=1)
    pre[: nokiss.size] += nokiss
    p1_thr, p1_goal = num(pre[thr:].sum()), num(pre[g:].sum())
    p_pass, p_goal = num(final[thr:].sum()), num(final[g:].sum())
    p0_thr, p0_goal, p_kiss_used = num(p0_thr), num(p0_goal), num(p_kiss_used)
    breakdown = {
        "pass_without_kiss": p0_thr,
        "pass_after_kiss": max(p1_thr - p0_thr, zero),
        "pass_with_ego": max(p_pass - p1_thr, zero),
        "fail": max(1 - p_pass, zero),
        "goal_without_kiss": p0_goal,
        "goal_after_kiss": max(p1_goal - p0_goal, zero),
        "goal_with_ego": max(p_goal - p1_goal, zero),
        "p_kiss_used": p_kiss_used,
        "p_ego_spent": p_ego or zero,
    }
    return Odds.from_pmf(spec, final, threshold=thr, goal=g, breakdown=breakdown, p_ego_spent=p_ego, notes=notes)


def denominator(spec: dict) -> int:
    """6 to the dice that can be rolled: every die once, and the KISS
    budget (every die with Ego ``reroll``) once more."""
    return 6 ** (spec["dice"] + len(spec["allies"]) + budget(spec))


def odds(spec: dict, exact: bool = False) -> Odds:
    """Exact odds of a task under the spec's policy (Fractions with ``exact``)."""
    if spec["policy"] == "optimal":
        return _optimal_odds(spec, exact)
    nokiss, H, p0_thr, p0_goal = _default_parts(spec, exact)
    return _finish_odds(spec, nokiss, H, p0_thr, p0_goal, exact=exact)


# --------------------------------------------------------------------------
# One table state: what a reroll set gives
# --------------------------------------------------------------------------


def _state_pmf(kept_s: int, kept_x: int, reroll: dict[str, int], size: int, exact: bool = False) -> np.ndarray:
    """Joint (successes, sixes) after KISSing ``reroll[caliber]`` dice,
    with ``kept_s`` successes (``kept_x`` of them 6s) staying."""
    out = zeros((size, size), exact)
    parts = sorted((r, cal) for cal, r in reroll.items() if r)
    tab = array([[ratio(1, 1, exact)]], exact)
    if parts:
        r, cal = parts.pop()  # the largest table first, the small ones folded in
        tab = joint(r, cal, exact)
    for r, cal in parts:
        j = joint(r, cal, exact)
        new = zeros((tab.shape[0] + r, tab.shape[1] + r), exact)
        for s in range(r + 1):
            for x in range(s + 1):
                if j[s, x]:
                    new[s : s + tab.shape[0], x : x + tab.shape[1]] += j[s, x] * tab
        tab = new
    out[kept_s : kept_s + tab.shape[0], kept_x : kept_x + tab.shape[1]] = tab
    return out


def _final_pmf(joint_sx: np.ndarray, g: int, double6: bool) -> np.ndarray:
    size = joint_sx.shape[0]
    return bincount(_outcome_index(size, g, double6), joint_sx.ravel(), minlength=2 * size)


def _state_choices(counts: dict[tuple[str, int], int], b: int, ego: str):
    """The reroll choices worth trying for a table state, by counts per
    (caliber, class). Yields (choice dict (caliber, class) -> count,
    ego_reroll_spent).

    P(goal) only grows when any die's class grows (fail < success < six,
    with or without ``double6``), and a re-rolled die of a better caliber
    is at least as good as one of a worse caliber. Hence every other choice
    is dominated by one of these: failed dice best chance first up to the
    budget (all of them when Ego ``reroll`` is spent); then, only with
    ``double6`` and budget left once every failed die is KISSed, the k
    non-6 successes of the best calibers (k = 1, 2, ...). A 6 is never
    worth KISSing. (The brute-force test tries every subset of dice.)"""
    for ego_spent in ((False, True) if ego == "reroll" else (False,)):
        choice = _default_choice(counts, b, "reroll" if ego_spent else "none")
        yield choice, ego_spent
        if ego != "double6":
            continue
        left = b - sum(choice.values())
        for k in sorted((k for k in counts if k[1] == SUCC), key=lambda k: -CHANCE[k[0]]):
            for _ in range(counts[k]):
                if left <= 0:
                    return
                choice = dict(choice)
                choice[k] = choice.get(k, 0) + 1
                left -= 1
                yield choice, False


def _choice_pmf(counts, choice, size, g, double6, exact=False):
    kept_s = sum(v - choice.get(k, 0) for k, v in counts.items() if k[1] != FAIL)
    kept_x = sum(v - choice.get(k, 0) for k, v in counts.items() if k[1] == SIX)
    reroll: dict[str, int] = {}
    for (cal, _), v in choice.items():
        reroll[cal] = reroll.get(cal, 0) + v
    sx = _state_pmf(kept_s, kept_x, dict(sorted(reroll.items())), size, exact)
    return sx, _final_pmf(sx, g, double6)


def _default_choice(counts: dict[tuple[str, int], int], b: int, ego: str) -> dict:
    """The default policy's choice for a state, by counts (best chance first)."""
    choice = {}
    left = sum(counts.values()) if ego == "reroll" else b
    for (cal, c) in sorted(counts, key=lambda k: -CHANCE[k[0]]):
        if c == FAIL:
            take = min(counts[(cal, c)], left)
            choice[(cal, c)] = take
            left -= take
    return choice


@lru_cache(maxsize=4096)
def _best_choice(state: tuple, b: int, ego: str, g: int, size: int, exact: bool = True):
    """Best choice for a table state (sorted tuple of ((caliber, class), count));
    returns (joint (successes, sixes) pmf, chosen dict, ego reroll spent).

    With ``exact`` (the default; rolls and advice always use it) the choices
    are compared in Fractions: a choice replaces the one before only when
    its P(goal) is strictly higher, so exact ties keep the earliest choice
    (the default policy's first), the same on every machine. Without it
    (the float path) a choice must win by more than 1e-14: above float
    noise (about 1e-15), below the smallest true difference 1 / D when the
    common denominator D is at most 2**44, so the snapped float odds make
    the same choices as the Fractions."""
    counts = dict(state)
    double6 = ego == "double6"
    succ = sum(v for k, v in counts.items() if k[1] != FAIL)
    if succ >= g:
        sx = _state_pmf(succ, sum(v for k, v in counts.items() if k[1] == SIX), {}, size, exact)
        return sx, {}, False
    tol = 0 if exact else 1e-14
    dflt = _default_choice(counts, b, ego)
    best_sx, best = _choice_pmf(counts, dflt, size, g, double6, exact)
    best_p = best[g:].sum()
    best_choice, best_ego = dflt, ego == "reroll" and any(v for v in dflt.values())
    for choice, ego_spent in _state_choices(counts, b, ego):
        sx, fin = _choice_pmf(counts, choice, size, g, double6, exact)
        p = fin[g:].sum()
        if p > best_p + tol:
            best_sx, best_p, best_choice, best_ego = sx, p, choice, ego_spent
    return best_sx, best_choice, best_ego


@lru_cache(maxsize=256)
def _first_rolls(groups: tuple[tuple[str, int], ...], exact: bool = False):
    """Every first roll by counts per (caliber, class): state keys (as
    :func:`_best_choice` takes them), probabilities and successes."""
    per_group = []
    for cal, m in groups:
        j = joint(m, cal, exact)
        per_group.append([(cal, m, s, x, j[s, x]) for s in range(m + 1) for x in range(s + 1) if j[s, x]])
    keys, probs, succ = [], [], []
    for combo in product(*per_group):
        p, s0, counts = ratio(1, 1, exact), 0, []
        for cal, m, s, x, q in combo:
            p *= q
            s0 += s
            counts += [((cal, c), v) for c, v in ((FAIL, m - s), (SUCC, s - x), (SIX, x)) if v]
        keys.append(tuple(sorted(counts)))
        probs.append(p)
        succ.append(s0)
    return tuple(keys), array(probs, exact), np.array(succ)


def _optimal_odds(spec: dict, exact: bool = False) -> Odds:
    """Exact odds under the optimal policy: the best set for every first roll
    (by counts per caliber and class), weighted by its probability."""
    g, thr = goal(spec), threshold(spec)
    cals = calibers(spec)
    size = len(cals) + 1
    groups: dict[str, int] = {}
    for c in cals:
        groups[c] = groups.get(c, 0) + 1
    b = min(spec["kiss"], len(cals))
    keys, probs, succ = _first_rolls(tuple(sorted(groups.items())), exact)
    short = succ < g
    nokiss = bincount(succ[~short], probs[~short], minlength=size)
    H = zeros((size, size), exact)
    rows = np.nonzero(short)[0]
    if rows.size:
        tables = [_best_choice(keys[i], b, spec["ego"], g, size, exact)[0] for i in rows]
        H = np.tensordot(probs[rows], np.array(tables, dtype=H.dtype), axes=1)
    return _finish_odds(spec, nokiss, H, probs[succ >= thr].sum(), probs[~short].sum(),
                        notes=("optimal policy: the best reroll set for every first roll",), exact=exact)


# --------------------------------------------------------------------------
# Rolls
# --------------------------------------------------------------------------


def _counts_of(faces: Sequence[int], cals: Sequence[str], idx) -> dict:
    out: dict[tuple[str, int], int] = {}
    for i in idx:
        k = (cals[i], face_class(faces[i], cals[i]))
        out[k] = out.get(k, 0) + 1
    return out


def _default_kiss(spec: dict, faces, cals, free, left: int) -> tuple[list[int], bool]:
    """Steps 2 of the default policy over the dice ``free``: failed dice,
    best chance first, ties by the lowest face, then die order; Ego
    ``reroll`` takes them all (spent only when a die failed)."""
    failed = [i for i in free if face_class(faces[i], cals[i]) == FAIL]
    failed.sort(key=lambda i: (-CHANCE[cals[i]], faces[i], i))
    if spec["ego"] == "reroll":
        return sorted(failed), bool(failed)
    return sorted(failed[: max(left, 0)]), False


def policy_kiss(spec: dict, faces: Sequence[int]) -> tuple[list[int], bool]:
    """The dice the spec's policy KISSes for these first faces, and whether
    Ego ``reroll`` is spent. Default: :func:`_default_kiss`; optimal: the
    best set by counts, the dice of each (caliber, class) taken lowest face
    first."""
    cals = calibers(spec)
    g = goal(spec)
    succ = sum(face_class(f, c) != FAIL for f, c in zip(faces, cals))
    if succ >= g:
        return [], False
    if spec["policy"] == "failures":
        return _default_kiss(spec, faces, cals, range(len(cals)), spec["kiss"])
    counts = _counts_of(faces, cals, range(len(faces)))
    b = min(spec["kiss"], len(cals))
    _, choice, ego_spent = _best_choice(tuple(sorted(counts.items())), b, spec["ego"], g, len(cals) + 1)
    return _pick(faces, cals, choice, range(len(faces))), ego_spent


def _pick(faces, cals, choice: dict, free) -> list[int]:
    """Dice for a choice by counts: per (caliber, class), lowest face first."""
    chosen = []
    for (cal, cls), v in choice.items():
        idx = [i for i in free if cals[i] == cal and face_class(faces[i], cal) == cls]
        idx.sort(key=lambda i: (faces[i], i))
        chosen += idx[:v]
    return sorted(chosen)


def _check_kiss(spec: dict, faces: Sequence[int], kiss: Sequence[int]) -> None:
    n = len(faces)
    for i in kiss:
        if not 0 <= i < n:
            raise SpecError("kiss", list(kiss), f"die indices from 0 to {n - 1}", f"this task has {n} dice")
    if len(set(kiss)) != len(kiss):
        raise SpecError("kiss", list(kiss), "each die KISSed at most once")
    if len(kiss) > spec["kiss"]:
        hint = "Ego 'reroll' KISSes every failed die: pass ego=True" if spec["ego"] == "reroll" else ""
        raise SpecError("kiss", list(kiss), f"at most {spec['kiss']} dice (the KISS budget)", hint)


def roll(spec: dict, seed: int, kiss: list[int] | None = None, ego: bool | None = None) -> Roll:
    """A seeded task.

    ``kiss=None`` follows the spec's policy, as the odds do (with
    ``ego=False`` the policy plans as if the spec had no Ego). A list KISSes
    exactly those dice within the budget; with Ego ``reroll`` and
    ``ego=True`` every failed die not listed is KISSed by Ego as well
    (``ego=None`` with a list does not spend Ego ``reroll``). Ego
    ``double6`` is spent when ``ego=True``, or (``ego=None``) by the policy:
    short of the goal after the KISS round with a 6 showing.
    """
    if ego and spec["ego"] == "none":
        raise SpecError("ego", ego, "False or None: this spec has no Ego", "set the spec's ego first")
    cals = calibers(spec)
    first, second = streams(seed)
    faces = [int(f) for f in first.integers(1, 7, size=len(cals))]
    g, thr = goal(spec), threshold(spec)
    succ0 = sum(face_class(f, c) != FAIL for f, c in zip(faces, cals))
    if kiss is None:
        # ego=False: the policy plans as if the spec had no Ego
        chosen, ego_reroll = policy_kiss(dict(spec, ego="none") if ego is False else spec, faces)
        if ego is True and spec["ego"] == "reroll":
            ego_reroll = True
    else:
        _check_kiss(spec, faces, kiss)
        chosen = sorted(kiss)
        ego_reroll = bool(ego) and spec["ego"] == "reroll"
    failed = {i for i, (f, c) in enumerate(zip(faces, cals)) if face_class(f, c) == FAIL}
    ego_reroll = ego_reroll and bool(failed)  # spent only when a die failed
    if ego_reroll:
        chosen = sorted(set(chosen) | failed)
    new = second.integers(1, 7, size=len(chosen))
    after = list(faces)
    for i, f in zip(chosen, new):
        after[i] = int(f)
    succ1 = sum(face_class(f, c) != FAIL for f, c in zip(after, cals))
    sixes = sum(f == 6 for f in after)
    if spec["ego"] == "double6":
        double = bool(ego) if ego is not None else succ1 < g
        double = double and sixes > 0
    else:
        double = False
    outcome = succ1 + (sixes if double else 0)
    who = owners(spec)
    dice = tuple(
        Die(i, who[i], cals[i], 6, faces[i], after[i], i in chosen,
            (0 if face_class(after[i], cals[i]) == FAIL else 1) * (2 if double and after[i] == 6 else 1))
        for i in range(len(cals))
    )
    return Roll(
        spec=spec, seed=seed, dice=dice, outcome=outcome, passed=outcome >= thr, goal_reached=outcome >= g,
        kissed=tuple(chosen), ego_spent=bool(double or ego_reroll),
        details={"threshold": thr, "goal": g, "successes_before_kiss": succ0, "successes_after_kiss": succ1,
                 "sixes": sixes, "ego": "double6" if double else ("reroll" if ego_reroll else "none")},
    )


def roll_many(spec: dict, n: int, seed: int) -> np.ndarray:
    """Final successes of ``n`` rolls by the policy, vectorised in blocks
    (the optimal policy is looked up per distinct first roll)."""
    return in_blocks(n, seed, lambda rows, first, second: _rolls(spec, rows, first, second))


def _rolls(spec: dict, n: int, first: np.random.Generator, second: np.random.Generator) -> np.ndarray:
    cals = calibers(spec)
    d = len(cals)
    faces = first.integers(1, 7, size=(n, d), dtype=np.int8)
    new = second.integers(1, 7, size=(n, d), dtype=np.int8)
    minf = np.array([MIN_FACE[c] for c in cals], dtype=np.int8)
    chance = np.array([CHANCE[c] for c in cals], dtype=np.int16)
    failed = faces < minf
    g = goal(spec)
    short = (d - failed.sum(axis=1)) < g
    if spec["policy"] == "optimal":
        kissed = _optimal_masks(spec, faces, cals)
    elif spec["ego"] == "reroll":
        kissed = failed & short[:, None]
    else:
        key = np.where(failed, (3 - chance) * 8 + faces, 99).astype(np.int16)
        order = np.argsort(key, axis=1, kind="stable")
        rank = np.empty_like(order)
        np.put_along_axis(rank, order, np.arange(d)[None, :].repeat(n, 0), axis=1)
        kissed = failed & (rank < spec["kiss"]) & short[:, None]
    after = np.where(kissed, new, faces)
    succ = (after >= minf).sum(axis=1)
    if spec["ego"] == "double6":
        succ = succ + np.where(succ < g, (after == 6).sum(axis=1), 0)
    return succ.astype(np.int64)


def _optimal_masks(spec: dict, faces: np.ndarray, cals: list[str]) -> np.ndarray:
    """KISS masks of the optimal policy for many rolls: one search per
    distinct state (counts per caliber and class), then per row the dice of
    each (caliber, class) lowest face first."""
    n, d = faces.shape
    minf = np.array([MIN_FACE[c] for c in cals], dtype=np.int8)
    cal_ix = np.array([CHANCE[c] for c in cals], dtype=np.int64)
    cls = np.where(faces == 6, SIX, np.where(faces >= minf, SUCC, FAIL))
    gid = cal_ix * 3 + cls  # 0..11
    counts = np.zeros((n, 12), dtype=np.int64)
    for j in range(d):
        counts[np.arange(n), gid[:, j]] += 1
    key = counts @ (d + 1) ** np.arange(12, dtype=np.int64)
    uniq, first_row, inv = np.unique(key, return_index=True, return_inverse=True)
    take = np.zeros((len(uniq), 12), dtype=np.int64)
    ego_r = np.zeros(len(uniq), dtype=bool)
    b, g, size = min(spec["kiss"], d), goal(spec), d + 1
    for u, row in enumerate(first_row):
        state = tuple(sorted(((CALIBER_OF_CHANCE[k // 3], k % 3), int(v)) for k, v in enumerate(counts[row]) if v))
        if sum(v for (_, c), v in state if c != FAIL) >= g:
            continue
        _, choice, spent = _best_choice(state, b, spec["ego"], g, size)
        for (cal, c), v in choice.items():
            take[u, CHANCE[cal] * 3 + c] = v
        ego_r[u] = spent
    inv = inv.ravel()
    order = np.argsort(gid * 8 + faces, axis=1, kind="stable")
    pos = np.empty_like(order)
    np.put_along_axis(pos, order, np.broadcast_to(np.arange(d), (n, d)).copy(), axis=1)
    start = np.cumsum(counts, axis=1) - counts
    rank = pos - np.take_along_axis(start, gid, axis=1)
    kissed = rank < np.take_along_axis(take[inv], gid, axis=1)
    kissed |= ego_r[inv][:, None] & (cls == FAIL)
    return kissed


# --------------------------------------------------------------------------
# Advice for a roll on the table
# --------------------------------------------------------------------------


from ...advice import Advice, Option  # noqa: E402  (one type for every edition that advises)


def _check_faces(faces: Sequence[int], cals: Sequence[str]) -> list[int]:
    faces = list(faces)
    if len(faces) != len(cals):
        raise SpecError("faces", faces, f"{len(cals)} faces, one per die in roll order (own dice, then allies)")
    for i, f in enumerate(faces):
        if isinstance(f, bool) or not isinstance(f, (int, np.integer)) or not 1 <= f <= 6:
            raise SpecError(f"faces[{i}]", f, "a face from 1 to 6")
    return [int(f) for f in faces]


def kiss_odds(spec: dict, faces: Sequence[int], kiss: Sequence[int], ego: bool | None = None) -> dict[str, float]:
    """Exact ``p_pass`` and ``p_goal`` if the dice ``kiss`` are KISSed now
    (then Ego ``double6`` by the policy if the spec has it and the roll is
    still short). ``kiss`` is checked by :func:`_check_kiss`, the check
    :func:`roll` makes (indices, each die once, the budget); ``ego`` as in
    :func:`roll`: ``True`` with Ego ``reroll`` KISSes every failed die as
    well, ``False`` spends no Ego.

    >>> spec = {"roll": "task", "caliber": "bronze", "dice": 2, "learning": False, "factors": 0,
    ...         "allies": [], "kiss": 1, "ego": "none", "consequences": 0, "policy": "failures"}
    >>> kiss_odds(spec, [1, 2], [0])["p_pass"]   # one Bronze die KISSed: 2 in 6
    0.3333333333333333
    """
    cals = calibers(spec)
    faces = _check_faces(faces, cals)
    _check_kiss(spec, faces, kiss)
    chosen = set(kiss)
    if ego and spec["ego"] == "reroll":
        chosen |= {i for i, (f, c) in enumerate(zip(faces, cals)) if face_class(f, c) == FAIL}
    p_pass, p_goal = _choice_odds(dict(spec, ego="none") if ego is False else spec, faces, cals, sorted(chosen))
    return {"p_pass": p_pass, "p_goal": p_goal}


def _choice_odds(spec: dict, faces: list[int], cals: Sequence[str], chosen) -> tuple[float, float]:
    """P(pass), P(goal) when the dice ``chosen`` are KISSed (then double6),
    each correctly rounded from its Fraction."""
    p_pass, p_goal = _choice_fractions(spec, faces, cals, chosen)
    return float(p_pass), float(p_goal)


def _choice_fractions(spec: dict, faces: list[int], cals: Sequence[str], chosen) -> tuple[Fraction, Fraction]:
    """:func:`_choice_odds` exactly, in Fractions."""
    g = goal(spec)
    counts = _counts_of(faces, cals, range(len(cals)))
    _, fin = _choice_pmf(counts, _counts_of(faces, cals, chosen), len(cals) + 1, g, spec["ego"] == "double6", True)
    return Fraction(fin[threshold(spec):].sum()), Fraction(fin[g:].sum())


def advise(spec: dict, faces: Sequence[int], kissed: Sequence[int] = ()) -> Advice:
    """Which dice to KISS for the faces showing (die order as :func:`roll`):
    an :class:`~venus_widgets.engine.advice.Advice`.

    >>> import venus_widgets as vw
    >>> a = vw.advise({"roll": "task", "dice": 2, "kiss": 1}, [1, 3])
    >>> a.policy, a.optimal, a.successes, a.goal
    ((0,), (0,), 0, 1)
    >>> [(o.label, o.kiss, round(o.p_pass, 4), o.policy) for o in a.options]
    [('policy', (0,), 0.3333, True), ('die 1', (1,), 0.3333, False), ('none', (), 0.0, False)]

    Dice already ``kissed`` cannot be KISSed again and use up the budget.
    Options: no KISS, the default policy's choice, the optimal choice (by
    counts per caliber and class, each taken lowest face first), and every
    single die. Each is exact given the faces.
    """
    cals = calibers(spec)
    faces = _check_faces(faces, cals)
    kissed = sorted(set(int(i) for i in kissed))
    for i in kissed:
        if not 0 <= i < len(cals):
            raise SpecError("kissed", kissed, f"die indices from 0 to {len(cals) - 1}")
    left = spec["kiss"] - len(kissed)
    if left < 0:
        raise SpecError("kissed", kissed, f"at most {spec['kiss']} dice (the KISS budget)")
    g, thr = goal(spec), threshold(spec)
    free = [i for i in range(len(cals)) if i not in kissed]
    free_counts = _counts_of(faces, cals, free)
    succ = sum(face_class(f, c) != FAIL for f, c in zip(faces, cals))

    def evaluate(dice: Sequence[int], ego_r: bool) -> tuple[Fraction, Fraction]:
        chosen = set(dice)
        if ego_r:
            chosen |= {i for i in free if face_class(faces[i], cals[i]) == FAIL}
        return _choice_fractions(spec, faces, cals, chosen)

    default, ego_d = _default_kiss(spec, faces, cals, free, left) if succ < g else ([], False)
    best = (evaluate(default, ego_d)[1], default, ego_d)
    if succ < g:  # the optimal choice over the free dice, the kissed ones staying as they are
        for choice, ego_r in _state_choices(free_counts, left, spec["ego"]):
            chosen = _pick(faces, cals, choice, free)
            pg = evaluate(chosen, ego_r)[1]
            if pg > best[0]:  # exact: a tie keeps the default policy's choice
                best = (pg, chosen, ego_r)
    policy, ego_p = (best[1], best[2]) if spec["policy"] == "optimal" else (default, ego_d)
    raw = [("policy", tuple(policy), ego_p), ("optimal", tuple(best[1]), best[2]), ("none", (), False)]
    if left > 0:
        raw += [(f"die {i}", (i,), False) for i in free]
    seen = set()
    options = []
    for label, dice, ego_r in raw:
        key = (tuple(sorted(dice)), ego_r)
        if key in seen:
            continue
        seen.add(key)
        pp, pg = evaluate(dice, ego_r)
        options.append(Option(tuple(int(i) for i in sorted(dice)), bool(ego_r), float(pp), float(pg), None, label,
                              policy=key == (tuple(sorted(policy)), ego_p)))
    options.sort(key=lambda o: (-o.p_goal, -o.p_pass, o.label not in ("policy", "optimal"), len(o.kiss)))
    return Advice(tuple(faces), succ, thr, g, left, tuple(policy), tuple(best[1]), tuple(options))


# --------------------------------------------------------------------------
# Difficulty ladder and "explain this number" (docs/rules_playtest.md#difficulty-ladder)
# --------------------------------------------------------------------------


def ladder_settings(spec: dict) -> list[dict]:
    """The task ladder, easiest first: 0..4 factors (threshold 1..5); when
    learning on the job, which is itself a factor, 0..3."""
    return [{"factors": f} for f in range(4 if spec["learning"] else 5)]


def vary_values(spec: dict, field: str) -> list | None:
    """Values of a difficulty field for ``solve``, easiest first."""
    if field == "factors":
        return list(range(4 if spec["learning"] else 5))
    return None


def _die_words(caliber: str) -> str:
    from ...explain import pct

    p = 1 - classes(caliber)[FAIL]
    return f"{caliber.capitalize()} succeeds on {MIN_FACE[caliber]}-6, {7 - MIN_FACE[caliber]} in 6 ({pct(p)})"


def explain_steps(spec: dict, o: Odds) -> list:
    """The task's odds in rule order: the dice, the threshold, the first
    roll, what KISS and Ego add, what the consequences take."""
    from ...explain import Step, first_roll_steps

    thr, g, b = threshold(spec), goal(spec), o.breakdown
    steps = [Step(f"{spec['dice']} own {spec['caliber'].capitalize()} dice; each {_die_words(spec['caliber'])}.")]
    for i, c in enumerate(spec["allies"]):
        steps.append(Step(f"Ally {i + 1} adds one die: {_die_words(c)}."))
    steps.append(Step(f"Threshold {thr}: 1 + {spec['factors']} factor(s)" + (" + 1 for learning on the job" if
                                                                               spec["learning"] else "")
                      + f": the task passes with {thr} or more successes."))
    groups: dict[str, int] = {}
    for c in calibers(spec):
        groups[c] = groups.get(c, 0) + 1
    first = first_roll_steps([(n, MIN_FACE[c] - 1, 6) for c, n in groups.items()], thr, b["pass_without_kiss"])
    if not spec["allies"] and thr > 1:
        p, n = 1 - classes(spec["caliber"])[FAIL], spec["dice"]
        first[-1] = Step(f"{first[-1].words}: P(at least {thr} of {n} dice), the sum over k >= {thr} of "
                         f"C({n}, k) {p:.4f}^k {1 - p:.4f}^({n}-k)", first[-1].figure, "=")
    steps += first
    which = "the dice the optimal policy picks" if spec["policy"] == "optimal" else "failed dice, best chance first"
    if spec["ego"] == "reroll":
        steps.append(Step("KISS and Ego: short of the goal, every failed die is re-rolled once"
                          + (" (or the dice the optimal policy picks)" if spec["policy"] == "optimal" else ""),
                          b["pass_after_kiss"], "+"))
    elif spec["kiss"]:
        steps.append(Step(f"KISS: short of the goal, up to {spec['kiss']} {which}, re-rolled once",
                          b["pass_after_kiss"], "+"))
    if spec["ego"] == "double6":
        steps.append(Step("Ego: still short, every 6 showing counts as two successes", b["pass_with_ego"], "+"))
    steps.append(Step("P(pass)", o.p_pass, "="))
    if spec["consequences"]:
        steps.append(Step(f"the {spec['consequences']} extra consequence(s) wanted take the passes short of the goal "
                          f"{g} ({thr} + {spec['consequences']})", o.p_pass - o.p_goal, "-"))
        steps.append(Step("P(goal): pass with every consequence wanted", o.p_goal, "="))
    return steps


def explain_roll(r: Roll) -> list[str]:
    """The example task, step by step."""
    from ...explain import dice_words

    d = r.details
    thr, g = d["threshold"], d["goal"]
    goal_words = f" (goal {g})" if g != thr else ""
    out = [f"First roll: {dice_words(r.dice)}: {d['successes_before_kiss']} success(es) against threshold {thr}"
           f"{goal_words}."]
    kissed = [x for x in r.dice if x.kissed]
    if kissed:
        who = "Ego re-rolls every failed die" if d["ego"] == "reroll" else "KISS"
        out.append(f"{who}: " + ", ".join(f"die {x.index} {x.before} -> {x.after}" for x in kissed)
                   + f": {d['successes_after_kiss']} success(es).")
    elif d["successes_before_kiss"] >= g:
        out.append("The goal is reached: nothing to KISS.")
    else:
        out.append("No KISS" + (": no budget." if budget(dict(r.spec)) == 0 else "."))
    if d["ego"] == "double6":
        out.append(f"Ego: each of the {d['sixes']} six(es) counts twice: {r.outcome} successes.")
    out.append(f"{r.outcome} success(es): " + ("passed" if r.passed else "failed")
               + (f", goal {'reached' if r.goal_reached else 'missed'}" if g != thr else "") + ".")
    return out
