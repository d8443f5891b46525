"""Exact odds of a task under the ``"optimal"`` policy, counted in whole
numbers: for every first roll the KISS choice (of those :mod:`.choices`
lists) that maximises P(successes >= goal), ties to the default policy's
choice. The rolls make the same choices die by die (:mod:`.rolls`).

Without Ego ``double6`` no choice beats the default policy's (KISSing a
success can only lose it; every failed die KISSed, the best chance first,
can only help), so the odds are :mod:`.default`'s. With ``double6`` a
choice is the default one (failed dice, best chance first, up to the
budget ``b``) plus, when budget is left, the ``j`` non-6 successes of the
best calibers (a success hoping for a 6). Its P(goal) is ``P(Z >= need)``
with ``Z`` the successes plus sixes of the re-rolled dice (a die scores 0,
1 or 2) and ``need = goal - kept successes - kept sixes``: one tail table
per re-rolled multiset, looked up for every first roll at once.

Counting: a first roll by counts per (caliber, class) is a whole number of
``1 / 6**N`` (``N`` dice), a re-rolled multiset ``R`` one of ``1 /
6**|R|``, padded to ``6**b`` (:mod:`.default` explains the float64 /
Python int choice). Choices compare exactly (no tolerance) when ``6**b``
is below 2**53 or the odds are exact, else as floats that must win by
more than 1e-14 (as :func:`.choices.best_choice` does).

>>> spec = {"caliber": "bronze", "dice": 1, "allies": [], "factors": 1, "learning": False,
...         "consequences": 0, "kiss": 1, "ego": "double6", "policy": "optimal"}
>>> odds(spec, exact=True).p_pass   # a 6 passes; any other face is KISSed hoping for one
Fraction(11, 36)
"""

from __future__ import annotations


import numpy as np

from ..._dist import count_dtype, pascal_counts
from ...exact import bincount
from ...odds import Odds
from . import default
from .order import best_first
from .outcome import finish_odds
from .rules import Rules, rules_of
from .task import calibers, goal, threshold

NOTE = ("optimal policy: the best reroll set for every first roll",)


def _score_counts(m: int, caliber: str, dtype, rules: Rules) -> np.ndarray:
    """``out[r, z]``: ways ``r`` dice of a caliber score ``z`` (a failed die
    0, a success 1, a six 2), for ``r <= m``."""
    w, v, dd = rules.faces(caliber)
    out = np.zeros((m + 1, 2 * m + 1), dtype=dtype)
    out[0, 0] = 1
    for r in range(m):
        out[r + 1] = out[r] * w
        out[r + 1, 1:] += out[r, :-1] * v
        out[r + 1, 2:] += out[r, :-2] * dd
    return out


def _reroll(W: np.ndarray, groups: list[str], sizes: list[int], rules: Rules) -> np.ndarray:
    """The (successes, sixes) table after re-rolling: ``W[r1, r2, .., s,
    x]`` counts the first rolls that keep ``s`` successes, ``x`` sixes and
    re-roll ``r_i`` dice of each group; each re-rolled die multiplies the
    generating function by ``w + v S + S X`` (fail, success, six faces),
    summed by Horner's scheme one group at a time (every partial sum a
    count below the denominator)."""
    for i in reversed(range(len(sizes))):
        w, v, dd = rules.faces(groups[i])
        acc = W[..., sizes[i], :, :]
        for r in range(sizes[i] - 1, -1, -1):
            new = acc * w
            new[..., 1:, :] += acc[..., :-1, :] * v
            new[..., 1:, 1:] += acc[..., :-1, :-1] * dd
            acc = new + W[..., r, :, :]
        W = acc
    return W


def _first_rolls(groups: list[str], sizes: list[int], dtype, rules: Rules):
    """Every first roll by counts per (group, class): the failed, success
    (not 6) and six counts, each (states, groups), and its ways (over 6**N)."""
    per = []
    for cal, m in zip(groups, sizes):
        w, v, dd = rules.faces(cal)
        f, s = np.nonzero(np.add.outer(np.arange(m + 1), np.arange(m + 1)) <= m)
        comb = pascal_counts(m, 1, 1, dtype)
        wpow = np.array([w**i for i in range(m + 1)], dtype=dtype)
        vpow = np.array([v**i for i in range(m + 1)], dtype=dtype)
        ddpow = np.array([dd**i for i in range(m + 1)], dtype=dtype)
        per.append((f, s, m - f - s, comb[m, f] * comb[m - f, s] * wpow[f] * vpow[s] * ddpow[m - f - s]))
    idx = np.indices([len(p[0]) for p in per]).reshape(len(per), -1)
    F, S, X = (np.stack([p[k][idx[i]] for i, p in enumerate(per)], axis=1) for k in range(3))
    ways = per[0][3][idx[0]]
    for i, p in enumerate(per[1:], 1):
        ways = ways * p[3][idx[i]]
    return F, S, X, ways


def _tails(groups: list[str], sizes: list[int], zmax: int, dtype, rules: Rules) -> np.ndarray:
    """``out[r1, r2, .., z]``: ways ``r_i`` re-rolled dice of each group score
    at least ``z`` (a failed die 0, a success 1, a six 2); the last column
    (``z > zmax``) is 0."""
    dims = tuple(m + 1 for m in sizes)
    table = np.zeros(dims + (zmax + 2,), dtype=dtype)
    order = sorted(range(len(sizes)), key=lambda i: -sizes[i])  # the largest group set at once
    for step, i in enumerate(order):
        sc = _score_counts(sizes[i], groups[i], dtype, rules)  # (m + 1, 2m + 1)
        shape = [1] * len(dims) + [1]
        shape[i] = sizes[i] + 1
        if step == 0:
            put = [0] * len(dims) + [slice(0, sc.shape[1])]
            put[i] = slice(None)
            table[tuple(put)] = sc
            continue
        src = np.take(table, [0], axis=i)
        new = np.zeros_like(table)
        for dz in range(sc.shape[1]):
            new[..., dz:] += sc[:, dz].reshape(shape) * src[..., : zmax + 2 - dz]
        table = new
    return np.cumsum(table[..., ::-1], axis=-1)[..., ::-1]


def _double6_parts(spec: dict, exact: bool, rules: Rules):
    cals = calibers(spec)
    N, g = len(cals), goal(spec, rules)
    b = min(spec["kiss"], N)
    size = N + 1
    D = 6 ** (N + b)
    dt = count_dtype(D, exact)
    groups = best_first(sorted(set(cals)), rules=rules)
    sizes = [cals.count(c) for c in groups]
    F, S, X, ways = _first_rolls(groups, sizes, dt, rules)
    succ0 = (S + X).sum(axis=1)
    short = succ0 < g
    scale = 6**b
    nokiss = bincount(succ0[~short], ways[~short] * scale, minlength=size)
    p0_thr = ways[succ0 >= threshold(spec, rules)].sum() * scale
    p0_goal = ways[~short].sum() * scale
    H = np.zeros((size, size), dtype=dt)
    if not short.any():
        return nokiss, H, p0_thr, p0_goal, D
    F, S, X, ways, succ0 = F[short], S[short], X[short], ways[short], succ0[short]
    # the default choice: failed dice, best chance first, up to b; then j successes
    r_fail = np.minimum(np.maximum(b - (np.cumsum(F, axis=1) - F), 0), F)
    most = np.minimum(b - r_fail.sum(axis=1), S.sum(axis=1))  # successes a state may KISS
    # one row per (first roll, j): the candidates, first roll by first roll
    count = most + 1
    st = np.repeat(np.arange(len(succ0)), count)
    starts = np.cumsum(count) - count
    jj = np.arange(int(count.sum())) - starts[st]
    prev_s = np.cumsum(S, axis=1) - S
    R = r_fail[st] + np.minimum(np.maximum(jj[:, None] - prev_s[st], 0), S[st])
    dims = tuple(m + 1 for m in sizes)
    code = np.ravel_multi_index(tuple(R.T), dims)
    kept_x = X.sum(axis=1)
    need = np.maximum(g - succ0[st] + jj - kept_x[st], 0)
    zmax = 2 * N
    tail = _tails(groups, sizes, zmax, dt, rules).reshape(-1, zmax + 2)
    rsize = np.indices(dims).reshape(len(dims), -1).sum(axis=0)
    pad = np.array([6 ** int(b - k) if k <= b else 0 for k in range(int(rsize.max()) + 1)], dtype=dt)
    value = tail[code, np.minimum(need, zmax + 1)] * pad[rsize[code]]
    if dt is object or 6**b < 2**53:  # exact: the first best (ties keep the default choice, j = 0)
        top = np.maximum.reduceat(value, starts)
        best = np.minimum.reduceat(np.where(value == top[st], jj, len(jj)), starts)
    else:  # floats: a choice must win by more than 1e-14
        value = value.astype(float) / float(6**b)
        best = np.zeros(len(succ0), dtype=np.int64)
        best_v = value[starts]
        for k in range(1, int(most.max()) + 1):
            sel = np.nonzero(most >= k)[0]
            v = value[starts[sel] + k]
            win = v > best_v[sel] + 1e-14
            best[sel[win]] = k
            best_v[sel[win]] = v[win]
    chosen = code[starts + best]
    kept_s = succ0 - best
    cell = (chosen * size + kept_s) * size + kept_x
    W = bincount(cell, ways, minlength=len(tail) * size * size).reshape(len(tail), size, size)
    W = (W * pad[rsize][:, None, None]).reshape(dims + (size, size))  # over 6**(N + b - |R|)
    H = _reroll(W, groups, sizes, rules)
    return nokiss, H, p0_thr, p0_goal, D


def odds(spec: dict, exact: bool = False, rules: Rules | None = None) -> Odds:
    """Exact odds under the optimal policy (Fractions with ``exact``), by
    the spec's rules (or the ``rules`` given)."""
    rules = rules or rules_of(spec)
    if spec["ego"] != "double6" or not calibers(spec):
        parts = default._parts(spec, exact, rules)
    else:
        parts = _double6_parts(spec, exact, rules)
    nokiss, H, p0_thr, p0_goal, D = parts
    return finish_odds(spec, nokiss, H, p0_thr, p0_goal, NOTE, exact=exact, denominator=D, rules=rules)
