"""The exact odds of a playsheet task (docs/rules_playsheet.md#task), and the
edition's ``odds`` and ``denominator``.

The policy (:mod:`.policy`) in counts: every die rolled once; short of the
threshold, the KISS round (own budget, allies' own KISS), then Ego. The
first roll's passes below the threshold are kept by the number of own dice
to KISS and by the set of failed allies, and carried through the KISS round
by stacks of convolutions (:mod:`.conv`) of the per-group kernels
(:mod:`.kernels`); Ego needs (passes, tens) after the KISS round below the
threshold, which :mod:`.ego` gives in closed form. Every state at or above
the threshold has left for good (passes and tens only grow), so every
truncated convolution is exact.

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

from ...errors import SpecError
from ...maths.exact import bincount, ones, ratio, zeros
from ...maths.odds import TAIL_WORDS, Odds
from .check import check_odds
from .conv import conv, power, powers, skew_sum, toeplitz
from .ego import after_kiss
from .kernels import chain_passes, extra_tens_pmf, fresh_passes, group_pmf, low_mass, passes_pmf
from .outcome import threshold
from .rules import Rules, rules_of


def _sum(values: np.ndarray, ex: bool) -> Any:
    """A sum of probabilities: exact (a Fraction) with ``ex``, else
    ``math.fsum`` (correctly rounded, so in any order)."""
    return sum(values.ravel().tolist(), Fraction(0)) if ex else math.fsum(values.ravel().tolist())


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
        """The odds. With a common denominator ``D`` below 2**53 (no
        explosions), counted in whole numbers held in float64 (every count,
        product and partial sum is an integer below ``D``, so the float
        arithmetic is exact): the float odds straight from the counts
        (:meth:`Odds.from_counts`, each correctly rounded), or with
        ``exact`` divided once into Fractions."""
        d = denominator(self.spec)
        count = d is not None and d < 2**53
        ex = self.exact and not count
        out, p_no_kiss, e_spent, cut = self._counts(ex, count)
        if count:
            assert d is not None
            if not self.exact:
                return self._from_counts(out, p_no_kiss, e_spent, d)
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
        unit = 10 if count else 1  # one fresh D10's total weight
        own = group_pmf(n, face[self.rank], explode, ex, count, hi)
        ends = zeros((0, 2, thr), ex)  # the allies' chains: passes by ending, and in all
        passes = zeros((0, 2), ex)
        if self.allies:
            one_die = np.stack([group_pmf(1, face[r], explode, ex, count, hi) for r in self.allies])
            width = one_die.shape[-1] + 1 if explode else 2  # a chain's passes: 0 .. its longest
            ends = chain_passes(one_die, explode, max(thr, width))
            passes, ends = ends[..., :width].sum(axis=1), ends[..., :thr]
        cut = sum(extra_tens_pmf(m, hi)[1] for m in [n] + [1] * len(self.allies) if explode and m)
        lift = unit ** (self.k + (len(self.allies) if self.ally_kiss else 0))  # a path re-rolling nothing

        # 1. every die rolled once: passes S0; at or above the threshold nothing is spent
        s0 = passes_pmf(own, n, explode)
        for p in passes:
            s0 = np.convolve(s0, p)
        p_no_kiss = _sum(s0[thr:], ex) * lift

        # 2. short of the threshold: the KISS round's passes (full length)
        kiss = self._kiss_round(own, ends, passes, ex, count, hi)
        out = zeros(max(len(s0), len(kiss), 2 * thr), ex)
        out[thr : len(s0)] += s0[thr:] * lift
        e_spent = ratio(0, 1, ex)
        if not self.ego:
            out[: len(kiss)] += kiss
        else:
            # 3. Ego: still short after the KISS round, each high face counts twice: the
            #    (passes, highs) below the threshold (ego.after_kiss) move to passes + highs
            out[thr : len(kiss)] += kiss[thr:]
            z = after_kiss(n, self.k, face[self.rank], [face[r] for r in self.allies], thr, high_from=hi,
                           explode=explode, ally_kiss=self.ally_kiss, ex=ex, count=count)
            sgrid, tgrid = np.indices(z.shape)
            grown = bincount((sgrid + tgrid).ravel(), z.ravel())
            out[: len(grown)] += grown
            e_spent = _sum(z[:, 1:], ex)
        if not ex:
            out = np.clip(out, 0.0, None)
        nonzero = np.flatnonzero(out)
        return out[: nonzero[-1] + 1 if nonzero.size else 1], p_no_kiss, e_spent, cut

    def _kiss_round(self, own: np.ndarray, ends: np.ndarray, passes: np.ndarray, ex: bool, count: bool,
                    hi: int) -> np.ndarray:
        """The pmf (or counts) of the passes after the KISS round, over the
        paths short of the threshold after the first roll; ``own`` is the
        own dice's group, ``ends[ally, ending, s]`` and ``passes[ally, s]``
        the allies' chains.

        The first roll's passes ``s`` below the threshold, by the number
        ``m`` of own dice to KISS and by the set of failed allies (a mask;
        the allies' passes by how their chains end, one truncated
        convolution per ally): ``qs[mask, m, s]``. Each set's failed allies
        roll fresh chains (``fresh[mask]``; the others lifted), summed over
        the sets; then ``m`` fresh own chains, by Horner's rule over the
        ``m`` that occur (``m >= m0``: below the threshold at most ``thr -
        1`` own dice end passing), times ``m0`` chains (convolution
        commutes)."""
        thr, n, kmax, explode = self.thr, self.n, self.k, self.explode
        unit = 10 if count else 1
        m0 = min(max(n - thr + 1, 0), kmax)
        f, s, _, w = low_mass(own, n, explode, thr)
        own_s = bincount((np.minimum(f, kmax) - m0) * thr + s, w, minlength=(kmax - m0 + 1) * thr)
        allies = zeros((1, thr), ex)
        allies[0, 0] = ones(1, ex)[0]
        fresh = ones((1, 1), ex)
        by_end = toeplitz(ends, thr, thr)  # [ally, passing / failed, s, s']
        for i in range(len(self.allies)):
            if not self.ally_kiss:
                allies = allies @ by_end[i].sum(axis=0)
                continue
            allies = (allies @ by_end[i]).reshape(-1, thr)  # mask bit i: ally i failed
            rolled = conv(fresh, passes[i])
            lifted = zeros(rolled.shape, ex)
            lifted[:, : fresh.shape[1]] = fresh * unit
            fresh = np.concatenate([lifted, rolled])
        qs = own_s.reshape(-1, thr) @ toeplitz(allies, thr, thr)  # [mask, m - m0, s]
        by_fresh = (qs.reshape(len(qs), -1).T @ fresh).reshape(*qs.shape[1:], fresh.shape[1])  # [m - m0, s, w]
        rs = skew_sum(by_fresh)  # [m - m0, passes]
        if unit != 1:  # m own dice KISSed: kmax - m not rolled
            rs *= powers([unit], kmax, ex)[0, kmax - m0 - np.arange(len(rs))][:, None]
        step = fresh_passes(self.rules.pass_from[self.rank], explode, ex, count, hi)
        acc = rs[-1]
        for r_m in rs[-2::-1]:
            acc = np.convolve(acc, step)
            acc[: len(r_m)] += r_m
        return np.convolve(acc, power(step, m0))

    def _from_counts(self, counts: np.ndarray, p_no_kiss: float, e_spent: float, d: int) -> Odds:
        """The float odds of ``counts`` out of ``d`` (whole numbers: every
        sum below is exact)."""
        k = np.arange(len(counts))
        crit_fail, crit_success = counts[k <= self.thr / 2].sum(), counts[k >= 2 * self.thr].sum()
        breakdown = {"pass without KISS": p_no_kiss, "short on the first roll": d - p_no_kiss,
                     "critical failure": crit_fail, "critical success": crit_success}
        return Odds.from_counts(self.spec, counts, d, threshold=self.thr, goal=self.thr, breakdown=breakdown,
                                p_critical=crit_fail + crit_success, p_ego_spent=e_spent if self.ego else None)

    def _odds(self, pmf: np.ndarray, p_no_kiss: Any, e_spent: Any, cut: float) -> Odds:
        thr = self.thr
        k = np.arange(len(pmf))
        crit_fail = _sum(pmf[k <= thr / 2], self.exact)
        crit_success = _sum(pmf[k >= 2 * thr], self.exact)
        notes = []
        truncated = max(0.0, 1.0 - math.fsum(pmf.tolist())) if self.explode else 0
        if self.explode:
            e = self.rules.explode_from
            high = "every 10" if e == 10 else f"every {e} to 10"
            notes.append(f"{high} explodes without limit: the rarest endless chains, {TAIL_WORDS}, are left out")
        breakdown = {
            "pass without KISS": p_no_kiss,
            "short on the first roll": 1.0 - p_no_kiss - truncated if self.explode else 1 - p_no_kiss,
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
        raise SpecError("explode", True, "False for exact=True",
                        "exploding dice can roll without end, so their odds are not a fraction; "
                        "use exact=False for the odds with the tail below 1e-12 cut off")
    return _Task(spec, exact).compute()
