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
from fractions import Fraction
from typing import Any

import numpy as np

from ...exact import bincount, ones, ratio, total, zeros
from ...odds import Odds
from .check import check_odds
from .kernels import (_chain_kernel, _conv_matrix, _extra_tens, _fresh_matrix, _fresh_passes, _group, _low,
                      _passes_pmf, _shift_add)
from .outcome import threshold
from .rules import Rules, rules_of


def _ally_reroll(qs: np.ndarray, i: int, step: np.ndarray, unit: int, ex: bool) -> np.ndarray:
    """``qs[m, mask, s]`` after ally ``i`` re-rolls a failed die (masks with
    bit ``i``: passes convolved with ``step``); other masks lifted by ``unit``."""
    grown = zeros((qs.shape[0], qs.shape[1], qs.shape[2] + len(step) - 1), ex)
    with_i = [mk for mk in range(qs.shape[1]) if mk & (1 << i)]
    without = [mk for mk in range(qs.shape[1]) if not mk & (1 << i)]
    grown[:, without, : qs.shape[2]] = qs[:, without] * unit
    src, part = qs[:, with_i], grown[:, with_i]  # copies: one gather, one scatter
    for j, w in enumerate(step):
        if w:
            part[:, :, j : j + qs.shape[2]] += src * w
    grown[:, with_i] = part
    return grown


class _Task:
    """The exact computation of one task spec (see module docstring)."""

    def __init__(self, spec: dict, exact: bool = False, rules: Rules | None = None) -> None:
        self.spec = spec
        self.rules = rules = rules or rules_of(spec)
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
        """The odds. With ``exact`` and a common denominator ``D`` below
        2**53, counted in integers held in float64 (every count, product and
        partial sum is an integer below ``D``, so the float arithmetic is
        exact), then divided once into Fractions."""
        d = denominator(self.spec)
        count = self.exact and d is not None and d < 2**53
        ex = self.exact and not count
        out, p_no_kiss, e_spent, cut = self._counts(ex, count)
        if count:
            assert d is not None
            frac = np.array([Fraction(int(c), d) for c in out], dtype=object)
            return self._odds(frac, Fraction(int(p_no_kiss), d), Fraction(int(e_spent), d), cut)
        return self._odds(out, p_no_kiss, e_spent, cut)

    def _counts(self, ex: bool, count: bool) -> tuple[np.ndarray, Any, Any, float]:
        """The pmf of the final passes, P(pass without KISS), P(Ego spent) and
        the mass cut, in floats, Fractions (``ex``) or counts out of ``D``
        (``count``: every path is lifted onto ``D`` by 10 per die it does not
        re-roll)."""
        thr, n, explode = self.thr, self.n, self.explode
        face = self.rules.pass_from  # rank -> lowest passing face: the kernels take the face
        # the high faces: they explode (with explosions) and Ego counts them twice; with explosions both
        # knobs are one face (schema.cross_checks)
        hi = self.rules.explode_from if explode else self.rules.ego_double_from
        own_face = face[self.rank]
        unit = 10 if count else 1  # one fresh D10's total weight
        units = [(n, own_face)] + [(1, face[r]) for r in self.allies]
        groups = [_group(m, r, explode, ex, count, hi) for m, r in units]
        cut = sum(_extra_tens(m, hi)[1] for m, _ in units if explode and m)
        kmax = self.k
        nallies = len(self.allies)
        masks = 2**nallies if self.ally_kiss else 1
        lift = unit ** (kmax + (nallies if self.ally_kiss else 0))  # a path re-rolling nothing

        # 1. every die rolled once: passes S0; at or above the threshold nothing is spent
        s0 = ones(1, ex)
        for (m, _), g in zip(units, groups):
            s0 = np.convolve(s0, _passes_pmf(g, m, explode))
        out = zeros(max(len(s0), thr + 1) + 64, ex)
        out[thr : len(s0)] += s0[thr:] * lift
        p_no_kiss = total([ratio(0, 1, ex), *s0[thr:]]) * lift

        # 2. short of the threshold: the own dice's (passes, tens) by the own KISS
        #    count m; the allies' by the mask of failed allies (their own KISS).
        #    Passes and tens only grow, so a state that reaches the threshold
        #    is dropped at once: joint states are truncated convolutions.
        cells = thr * thr  # states (passes, tens) below the threshold, flattened
        own_q = zeros((kmax + 1, thr, thr), ex)
        f, s, t, w = _low(groups[0], n, explode, thr)
        np.add.at(own_q, (np.minimum(f, kmax), s, t), w)
        allies = zeros((masks, thr, thr), ex)
        allies[0, 0, 0] = ones(1, ex)[0]
        for i, r in enumerate(self.allies):
            kern = _chain_kernel(face[r], explode, thr, ex, count, self.ally_kiss, hi)  # [failed, s, t]
            bit = 1 << i
            without = [mk for mk in range(masks) if not mk & bit]
            nxt = _shift_add(allies, kern[0])
            if self.ally_kiss:
                nxt[[mk | bit for mk in without]] += _shift_add(allies[without], kern[1])
            allies = nxt

        # 3. the KISS round, passes only: the first roll's passes below the
        #    threshold per (m, mask); the failed allies' fresh dice (per mask; the
        #    others lifted), then m fresh own chains, by Horner's rule over m
        #    (convolution commutes): sum_m r[m] * unit**(kmax - m) * (one chain)**m
        own_s = own_q.sum(axis=2)  # (m, s)
        ally_s = allies.sum(axis=2)  # (mask, s)
        qs = zeros((kmax + 1, masks, thr), ex)
        for j in range(thr):
            qs[:, :, j:] += own_s[:, None, : thr - j] * ally_s[None, :, j, None]
        for i, r in enumerate(self.allies if self.ally_kiss else []):
            qs = _ally_reroll(qs, i, _fresh_passes(face[r], explode, ex, count, hi), unit, ex)
        rs = qs.sum(axis=1)
        step = _fresh_passes(own_face, explode, ex, count, hi)
        acc = rs[kmax]
        for m in range(kmax - 1, -1, -1):
            acc = np.convolve(acc, step)
            acc[: rs.shape[1]] += rs[m] * unit ** (kmax - m)
        if len(acc) > len(out):
            out = np.concatenate([out, zeros(len(acc) - len(out), ex)])
        out[: len(acc)] += acc

        # 4. Ego: a task still short after the KISS round counts each 10 twice.
        #    Only the sums (passes, tens) below the threshold matter: the own
        #    dice after their KISS (Horner over m) convolved with the allies'
        #    after theirs (matrix products on the flattened states).
        e_spent = ratio(0, 1, ex)
        if self.ego:
            after = allies.copy()
            for i, r in enumerate(self.allies if self.ally_kiss else []):
                with_i = [mk for mk in range(masks) if mk & (1 << i)]
                without = [mk for mk in range(masks) if not mk & (1 << i)]
                after[with_i] = _shift_add(after[with_i], _chain_kernel(face[r], explode, thr, ex, count, False, hi)[0])
                after[without] *= unit
            own = own_q.reshape(kmax + 1, cells)
            step2 = _fresh_matrix(own_face, explode, thr, ex, count, hi)
            acc2 = own[kmax]
            for m in range(kmax - 1, -1, -1):
                acc2 = acc2 @ step2 + own[m] * unit ** (kmax - m)
            z = (acc2 @ _conv_matrix(after.sum(axis=0))).reshape(thr, thr)
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
        return out, p_no_kiss, e_spent, cut

    def _odds(self, pmf: np.ndarray, p_no_kiss: Any, e_spent: Any, cut: float) -> Odds:
        thr = self.thr
        k = np.arange(len(pmf))
        zero = ratio(0, 1, self.exact)
        crit_fail = total([zero, *pmf[k <= thr / 2]])
        crit_success = total([zero, *pmf[k >= 2 * thr]])
        notes = []
        truncated = max(0.0, 1.0 - math.fsum(pmf)) if self.explode else 0
        if self.explode:
            e = self.rules.explode_from
            high = "every 10" if e == 10 else f"every {e}-10"
            notes.append(f"{high} explodes without limit: the tail beyond 1e-12 of mass is cut off")
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
