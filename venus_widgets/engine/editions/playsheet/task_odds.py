"""The exact odds of a playsheet task (docs/rules_playsheet.md#task), and the
edition's ``odds`` and ``denominator``.

The policy (:mod:`.policy`) in counts: every die rolled once; short of the
threshold, the KISS round (own budget, allies' own KISS), then Ego. States
are (passes, tens) below the threshold, flattened, moved by the kernels'
convolution matrices (:mod:`.kernels`).

>>> import venus_widgets as vw
>>> o = vw.odds({"edition": "playsheet", "roll": "task", "dice": 2, "difficulty": 1})
>>> round(o.p_pass, 12)   # at least one of two Bronze D10s on 7-10
0.64
"""

from __future__ import annotations

import math

import numpy as np

from ...exact import bincount, ones, ratio, total, zeros
from ...odds import Odds
from .check import check_odds
from .kernels import (
    _add_matrix,
    _ally_first,
    _extra_tens,
    _fresh_matrix,
    _group,
    _low,
    _passes_pmf,
)
from .outcome import threshold


class _Task:
    """The exact computation of one task spec (see module docstring)."""

    def __init__(self, spec: dict, exact: bool = False) -> None:
        self.spec = spec
        self.exact = exact
        self.thr = threshold(spec)
        self.explode = spec["explode"]
        self.n = spec["dice"]
        self.rank = spec["rank"]
        self.allies = list(spec["allies"])
        self.k = min(spec["kiss"], self.n)  # each own chain ends on at most one failed die
        self.ally_kiss = spec["ally_kiss"]
        self.ego = spec["ego"]

    def compute(self) -> Odds:
        thr, n, explode, ex = self.thr, self.n, self.explode, self.exact
        units = [(n, self.rank)] + [(1, r) for r in self.allies]
        groups = [_group(m, r, explode, ex) for m, r in units]
        cut = sum(_extra_tens(m)[1] for m, _ in units if explode and m)

        # 1. every die rolled once: passes S0; at or above the threshold nothing is spent
        s0 = ones(1, ex)
        for (m, _), g in zip(units, groups):
            s0 = np.convolve(s0, _passes_pmf(g, m, explode))
        out = zeros(max(len(s0), thr + 1) + 64, ex)
        out[thr : len(s0)] += s0[thr:]
        p_no_kiss = total([ratio(0, 1, ex), *s0[thr:]])

        # 2. short of the threshold: initial (s0, t0) per KISS plan: m own dice, failed-ally mask
        kmax = self.k
        nallies = len(self.allies)
        masks = 2**nallies if self.ally_kiss else 1
        cells = thr * thr  # states (passes, tens) below the threshold, flattened
        own_q = zeros((kmax + 1, thr, thr), ex)
        f, s, t, w = _low(groups[0], n, explode, thr)
        np.add.at(own_q, (np.minimum(f, kmax), s, t), w)
        q = zeros((kmax + 1, masks, cells), ex)
        q[:, 0] = own_q.reshape(kmax + 1, cells)
        for i, rank in enumerate(self.allies):
            kept, failed = _ally_first(rank, explode, thr, self.ally_kiss, ex)
            bit = 1 << i
            without = [mk for mk in range(masks) if not mk & bit]
            nxt = q @ kept
            if failed is not None:
                nxt[:, [mk | bit for mk in without]] += q[:, without] @ failed
            q = nxt
        q = q.reshape(kmax + 1, masks, thr, thr)

        # 3. the KISS round: m fresh own chains and the failed allies' fresh dice,
        #    added to the passes as (rows x wider) convolution matrices
        qs = q.sum(axis=3)  # (m, mask, s0)
        adds = [_add_matrix(m, self.rank, explode, thr, ex) for m in range(kmax + 1)]
        inner = zeros((masks, max(a.shape[1] for a in adds)), ex)
        for m, a in enumerate(adds):
            inner[:, : a.shape[1]] += qs[m] @ a
        for i, rank in enumerate(self.allies if self.ally_kiss else []):  # failed allies re-roll
            a = _add_matrix(1, rank, explode, inner.shape[1], ex)
            with_i = [mk for mk in range(masks) if mk & (1 << i)]
            grown = zeros((masks, a.shape[1]), ex)
            grown[:, : inner.shape[1]] = inner
            grown[with_i] = inner[with_i] @ a
            inner = grown
        final = inner.sum(axis=0)
        if len(final) > len(out):
            out = np.concatenate([out, zeros(len(final) - len(out), ex)])
        out[: len(final)] += final

        # 4. Ego: a task still short after the KISS round counts each 10 twice.
        #    Only the sums (passes, tens) matter, so the state after the KISS
        #    round is q convolved with the fresh dice's (passes, tens), below
        #    the threshold (a matrix product on the flattened states).
        e_spent = ratio(0, 1, ex)
        if self.ego:
            own = np.stack([_fresh_matrix(m, self.rank, explode, thr, ex) for m in range(kmax + 1)])
            y = (q.reshape(kmax + 1, masks, cells) @ own).sum(axis=0)
            for i, rank in enumerate(self.allies):
                mats = [mk for mk in range(masks) if mk & (1 << i)]
                if mats:
                    y[mats] = y[mats] @ _fresh_matrix(1, rank, explode, thr, ex)
            z = y.sum(axis=0).reshape(thr, thr)
            sgrid, tgrid = np.indices(z.shape)
            if len(out) < 2 * thr:
                out = np.concatenate([out, zeros(2 * thr - len(out), ex)])
            out[:thr] -= z.sum(axis=1)
            grown = bincount((sgrid + tgrid).ravel(), z.ravel())
            out[: len(grown)] += grown
            e_spent = total([ratio(0, 1, ex), *z[:, 1:].ravel()])
        if not ex:
            out = np.clip(out, 0.0, None)
        while len(out) > 1 and out[-1] == 0:
            out = out[:-1]
        return self._odds(out, p_no_kiss, e_spent, cut)

    def _odds(self, pmf: np.ndarray, p_no_kiss: float, e_spent: float, cut: float) -> Odds:
        thr = self.thr
        k = np.arange(len(pmf))
        zero = ratio(0, 1, self.exact)
        crit_fail = total([zero, *pmf[k <= thr / 2]])
        crit_success = total([zero, *pmf[k >= 2 * thr]])
        notes = []
        truncated = max(0.0, 1.0 - math.fsum(pmf)) if self.explode else 0
        if self.explode:
            notes.append("every 10 explodes without limit: the tail beyond 1e-12 of mass is cut off")
        breakdown = {
            "pass without KISS": p_no_kiss,
            "KISS round": 1.0 - p_no_kiss - truncated if self.explode else 1 - p_no_kiss,
            "critical failure": crit_fail,
            "critical success": crit_success,
        }
        return Odds.from_pmf(
            self.spec,
            pmf,
            threshold=thr,
            goal=thr,
            breakdown=breakdown,
            p_critical=crit_fail + crit_success,
            p_ego_spent=e_spent if self.ego else None,
            truncated=truncated,
            notes=tuple(notes),
        )

def denominator(spec: dict) -> int | None:
    """The d20 (checks: 20), or 10 to the D10s that can be rolled: own dice,
    allies, the KISSes and the allies' KISSes; ``None`` (not rational) when
    10s explode."""
    if spec["roll"] == "check":
        return 20
    if spec["explode"]:
        return None
    allies = len(spec["allies"])
    return 10 ** (spec["dice"] + allies + min(spec["kiss"], spec["dice"]) + (allies if spec["ally_kiss"] else 0))

def odds(spec: dict, exact: bool = False) -> Odds:
    """Exact odds of a playsheet check or task (normalized spec); Fractions
    with ``exact`` (not for exploding 10s)."""
    if spec["roll"] == "check":
        return check_odds(spec, exact)
    if exact and spec["explode"]:
        raise ValueError("exploding 10s: the odds are not rational")
    return _Task(spec, exact).compute()
