"""Exact odds of a task under the ``"optimal"`` policy: for every first
roll (by counts per caliber and class) the KISS choice of :mod:`.choices`
that maximises P(successes >= goal), ties to the default policy's choice;
and the same choices for many rolls at once (:func:`masks`).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

import numpy as np

from ...exact import array, bincount, ratio, zeros
from ...odds import Odds
from .choices import best_choice
from .dice import FAIL, MIN_FACE, SIX, SUCC, joint
from .order import CALIBER_OF_CHANCE, CHANCE
from .outcome import finish_odds
from .task import calibers, goal, threshold


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


def odds(spec: dict, exact: bool = False) -> Odds:
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
        tables = [best_choice(keys[i], b, spec["ego"], g, size, exact)[0] for i in rows]
        H = np.tensordot(probs[rows], np.array(tables, dtype=H.dtype), axes=1)
    return finish_odds(spec, nokiss, H, probs[succ >= thr].sum(), probs[~short].sum(),
                        notes=("optimal policy: the best reroll set for every first roll",), exact=exact)


def masks(spec: dict, faces: np.ndarray, cals: list[str]) -> np.ndarray:
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
        _, choice, spent = best_choice(state, b, spec["ego"], g, size)
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
