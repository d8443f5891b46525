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
per re-rolled multiset (:func:`.rerolled.tails`), looked up for every
first roll short of the goal and every choice at once. The first rolls
that keep the same successes and sixes and KISS the same dice of the
largest group are then summed (the other groups' few KISSed dice counted
in first, :func:`.rerolled.others_table`), and the largest group's
KISSed dice multiplied in (:func:`.rerolled.kiss_round`).

Counting: a first roll by counts per (caliber, class) is a whole number of
``1 / 6**N`` (``N`` dice), a re-rolled multiset ``R`` one of ``1 /
6**|R|``, padded to ``6**b`` (:mod:`.default` explains the float64 /
Python int choice). Choices compare exactly (no tolerance) when ``6**b``
is below 2**53 or the odds are exact, else as floats that must win by
more than 1e-14 (a roll's choice, :func:`.choices.best_choice`, is
recounted in Fractions where two come that near). Below 2**53
every float count is exact, whatever the order of the sums; above it
they round, by about an ulp per operation on positive terms (a few
1e-16 relative: :mod:`.rerolled`).

>>> spec = {"caliber": "bronze", "dice": 1, "allies": [], "factors": 1, "learning": False,
...         "consequences": 0, "kiss": 1, "ego": "double6", "policy": "optimal"}
>>> odds(spec, exact=True).p_pass   # a 6 passes; any other face is KISSed hoping for one
Fraction(11, 36)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...maths.dist import count_dtype
from ...maths.exact import bincount
from ...maths.odds import Odds
from . import default
from .order import best_first
from .outcome import finish_odds
from .rerolled import Others, die_factors, die_powers, kiss_round, others_table, tails
from .rules import Rules, rules_of
from .task import calibers, goal, threshold

NOTE = ("KISS takes, for every first roll, the dice that give the best chance",)


def _group_rolls(m: int, power: Any, dtype: Any) -> list[np.ndarray]:
    """The first rolls of the ``m`` dice of a group by class counts: the
    failed, success (not 6) and six counts ``f, s, x`` and the ways of
    each, the coefficient of ``S**(s + x) X**x`` in ``(w + v S + dd S
    X)**m``: ``power`` is that power, as ``{(k, j): ways}`` or as the
    ``(A, B)`` of :func:`.rerolled.die_factors` (``A[m, k] B[k, j]``)."""
    if isinstance(power, dict):
        k, j = np.array(list(power)).T
        return [m - k, k - j, j, np.array(list(power.values()), dtype=dtype)]
    A, B = power
    table = A[m][:, None] * B
    k, j = np.nonzero(table)
    return [m - k, k - j, j, table[k, j]]


def _first_rolls(sizes: list[int], powers: list, dtype: Any) -> Any:
    """Every first roll by counts per (group, class), the first group's
    counts major: each group's class counts ``f, s, x`` (:func:`_group_rolls`),
    and every first roll's ways (over 6**N) and successes."""
    per = [_group_rolls(m, p, dtype) for m, p in zip(sizes, powers)]
    ways, succ = per[0][3], sizes[0] - per[0][0]
    for m, (f, _, _, w) in zip(sizes[1:], per[1:]):
        ways = np.multiply.outer(ways, w).ravel()
        succ = np.add.outer(succ, m - f).ravel()
    return [p[:3] for p in per], ways, succ


def _no_kiss(ways: np.ndarray, succ0: np.ndarray, g: int, thr: int, size: int, scale: Any) -> tuple[Any, Any, Any]:
    """The first rolls that reach the goal ``g`` (they KISS nothing) as a
    (successes, sixes) table, their sixes left in column 0 (at the goal Ego
    doubles nothing), and the ways the first roll passes and reaches the
    goal, over ``6**N`` times ``scale``: from the ways of every number of
    successes."""
    by_succ = bincount(succ0, ways, minlength=size) * scale
    table = np.zeros((size, size), dtype=by_succ.dtype)
    table[g:, 0] = by_succ[g:]
    return table, by_succ[thr:].sum(), by_succ[g:].sum()


def _default_kiss(F: list[np.ndarray], S: list[np.ndarray], b: int) -> Any:
    """For the first rolls short of the goal (``F[i]``, ``S[i]``: the failed
    and non-6 success counts of group ``i``): the failed dice the default
    choice KISSes per group (best chance first, up to the budget ``b``), and
    the most non-6 successes worth KISSing beyond them (the budget left, the
    successes showing). The choices worth trying
    (:func:`.choices.state_choices`) add ``j`` of them, the best calibers
    first: group ``i`` gives ``min(j, c_i) - min(j, c_(i-1))`` of them,
    ``c_i`` the non-6 successes of groups ``0 .. i`` (:func:`_kissed`)."""
    r_fail, before = [], np.zeros_like(F[0])
    for f in F:
        r_fail.append(np.minimum(np.maximum(b - before, 0), f))
        before = before + f
    return r_fail, np.minimum(b - sum(r_fail[1:], r_fail[0]), sum(S[1:], S[0]))


def _kissed(r_fail: list[np.ndarray], S: list[np.ndarray], j: np.ndarray) -> list[np.ndarray]:
    """The dice of each group the choice ``j`` KISSes (:func:`_default_kiss`)."""
    out, before, c = [], np.zeros_like(j), np.zeros_like(S[0])
    for r, s in zip(r_fail, S):
        c = c + s
        upto = np.minimum(j, c)
        out.append(r + upto - before)
        before = upto
    return out


class _Tails:
    """The tails (:func:`.rerolled.tails`) of the multisets a choice can
    KISS, over ``6**b`` (the ways of a multiset ``R`` padded from
    ``6**|R|``), and where each multiset's row is: ``sum_i stride[i] (R_i -
    least[i])`` places, ``least[i]`` the fewest dice of group ``i`` a
    choice KISSes: the main group (the largest; ``A``, ``B``:
    :func:`.rerolled.die_factors`) is the slowest axis, the others (their
    scores ``qz``: :func:`.rerolled.others_table`) follow in group order."""

    def __init__(self, sizes: list[int], least: list[int], main: int, A: np.ndarray, B: np.ndarray, qz: np.ndarray,
                 zmax: int, pad: np.ndarray):
        self.table = tails(A, B, qz, zmax + 2)
        self.least, self.stride, k = least, [0] * len(sizes), self.table.shape[1]
        axes = [main] + [i for i in range(len(sizes)) if i != main]
        for i in reversed(axes):
            self.stride[i], k = k, k * (sizes[i] + 1 - least[i])
        kissed = _all_kissed([sizes[a] for a in axes], [least[a] for a in axes])
        np.multiply(self.table, pad[kissed][:, None], out=self.table)

    def values(self, r_fail: Any, S: Any, need0: Any, most: Any) -> np.ndarray:
        """The ways each choice ``j = 0 .. most[k]`` reaches the goal from
        first roll ``k``, its choices in a row and the first rolls end to end;
        ``need0`` is the score the default choice needs (each success KISSed
        needs one more), from 1 to ``2 r + most`` (``r`` the failed dice
        KISSed: no place beyond the last column). Choice ``j``'s place is
        ``sum_i stride_i (R_i - least_i) + need0 + j`` with ``R_i = r_i +
        min(j, c_i) - min(j, c_(i-1))`` (:func:`_default_kiss`): from ``j -
        1`` to ``j`` it steps by ``1 + stride_i``, ``i`` the group of the
        ``j``-th success KISSed (the first with ``c_i >= j``), which group
        ``i`` is for ``min(most, c_i) - min(most, c_(i-1))`` choices. So the
        places are one cumulative sum of steps, each first roll's first step
        going from the last place of the one before to its default choice's."""
        steps = np.empty((len(most), len(S) + 1), dtype=np.int64)
        counts = np.empty_like(steps)
        counts[:, 0], steps[:, 1:] = 1, 1 + np.array(self.stride)
        before, c = np.zeros_like(most), np.zeros_like(most)
        for i, s in enumerate(S):
            c = c + s
            upto = np.minimum(most, c)
            counts[:, i + 1] = upto - before
            before = upto
        first = need0 + sum(st * (r - lo) for st, r, lo in zip(self.stride, r_fail, self.least))
        last = first + counts[:, 1:] @ steps[0, 1:]
        steps[:, 0] = first
        steps[1:, 0] -= last[:-1]
        return self.table.ravel().take(np.cumsum(np.repeat(steps.ravel(), counts.ravel())))


def _best(tails_: _Tails, r_fail: Any, S: Any, most: Any, need0: Any, tol: Any) -> np.ndarray:
    """The ``j`` chosen for each first roll: the first that no later one
    beats by more than ``tol``, choice by choice (``j`` replaces the best so
    far ``v`` when its value is above ``v + tol``), for ``j`` up to
    ``most``. With ``tol`` None the values are compared exactly as counted
    (ties keep the default choice, ``j = 0``), else in floats (over 6**b).

    Only the first rolls where a choice can beat the default one are
    valued: not those whose default choice needs a score ``need0 <= 0``
    (it reaches the goal in all ``6**b`` ways, the most any choice has),
    nor those that need more than ``2 r + most`` (``r`` failed dice KISSed:
    choice ``j`` needs ``need0 + j`` of ``r + j`` dice that score at most 2
    each, so every value is 0), nor those with ``most = 0``. A first roll
    where no ``j`` beats the default choice's value keeps it (the bar only
    rises): when none has such a ``j``, all keep it at once. Else the
    choices ``j`` are tried in turn on the first rolls that have one, taken
    by ``most`` from the largest (those with a choice ``j`` come first)."""
    best = np.zeros(len(most), dtype=np.int64)
    kissed = sum(r_fail[1:], r_fail[0])
    open_ = np.flatnonzero((need0 > 0) & (need0 <= 2 * kissed + most) & (most > 0))
    if not len(open_):
        return best
    most = most[open_]
    value = tails_.values([r[open_] for r in r_fail], [s[open_] for s in S], need0[open_], most)
    if tol is not None:
        value = value.astype(float) / tol[1]
    start = np.cumsum(most + 1) - (most + 1)  # where each first roll's choices begin
    if not np.greater(value, np.repeat(_bar(value[start], tol), most + 1)).any():
        return best  # no choice beats the default one (its bar only rises)
    by_most = np.argsort(-most.astype(np.int16), kind="stable")
    start, open_ = start[by_most], open_[by_most]
    best_bar = _bar(value[start], tol)  # what a later choice must beat
    at_least = np.cumsum(np.bincount(most)[::-1])[::-1]  # first rolls with most >= j
    for k in range(1, len(at_least)):
        n = at_least[k]
        v = value[start[:n] + k]
        win = v > best_bar[:n]
        np.copyto(best_bar[:n], _bar(v, tol), where=win)
        best[open_[:n][win]] = k
    return best


def _bar(value: np.ndarray, tol: Any) -> np.ndarray:
    """What a choice must beat to replace one of ``value``: the value
    itself when counted exactly (``tol`` None), else ``value + tol[0]``."""
    return value if tol is None else value + tol[0]


#: About how many (cell, ways) terms :func:`_kiss_table` adds at a time: runs of first rolls keep its
#: temporaries small, as fresh memory (page faults) costs more than the sums themselves.
_RUN = 8192


def _kiss_table(chosen: list[np.ndarray], kept_s: Any, kept_x: Any, ways: Any, sizes: list[int], least: list[int],
                main: int, others: Others, low: int, pad: Any) -> Any:
    """``W[r - bottom, s, x]``: the first rolls short of the goal by the
    ``r`` dice KISSed of the main group and the successes ``s`` and sixes
    ``x`` kept (``s`` below ``low``) plus those the other groups' KISSed
    dice add (:class:`.rerolled.Others`, ``c`` their combination), over
    ``6**(N + b)`` (a KISSed multiset ``R`` padded from ``6**(N + |R|)``);
    ``bottom`` and ``top`` are the fewest and most ``r``. Each first roll
    adds its ways times ``others.ways[c, t]`` to its cell shifted by term
    ``t``, first roll by first roll and in ``t`` order: all terms in one
    ``bincount`` when there are at most :data:`_RUN`, else only those ``c``
    can give (:func:`_add_terms`; the zeros left out change no sum)."""
    c, total = np.zeros_like(kept_s), chosen[main].copy()
    for i, (m, r, lo) in enumerate(zip(sizes, chosen, least)):
        if i != main:
            c = c * (m + 1 - lo) + (r - lo)
            total += r
    side = low + int(others.ds.max())
    r_main = chosen[main]
    top, bottom = int(r_main.max()), int(r_main.min())
    cell, weight = ((r_main - bottom) * side + kept_s) * side + kept_x, ways * pad[total]
    bins = (top - bottom + 1) * side * side
    if len(c) * len(others.ds) <= _RUN:
        W = bincount(cell[:, None] + (others.ds * side + others.dx), weight[:, None] * others.ways[c], minlength=bins)
    else:
        W = _add_terms(cell, weight, c, others, side, bins)
    size = sum(sizes) + 1  # no count beyond: the cells cut hold zeros
    return W.reshape(-1, side, side)[:, :size, :size], top


def _add_terms(cell: np.ndarray, weight: np.ndarray, c: np.ndarray, others: Others, side: int, bins: int) -> np.ndarray:
    """``W`` of :func:`_kiss_table` from the terms each first roll's
    combination ``c`` can give (``others.ways[c, t]`` not 0: few, as few
    dice are KISSed), about :data:`_RUN` at a time: ``np.add.at`` sums in
    the order given, as one ``bincount`` would (the same floats)."""
    by_c, t = np.nonzero(others.ways)  # the terms of each combination, combination by combination
    n_terms = np.bincount(by_c, minlength=len(others.ways))
    shift, term_ways, count = (others.ds * side + others.dx)[t], others.ways[by_c, t], n_terms[c]
    ends = np.cumsum(count)  # where each first roll's terms end, laid end to end
    begin = ends - count
    skip = (np.cumsum(n_terms) - n_terms)[c] - begin  # from there to its combination's first term
    W = np.zeros(bins, dtype=weight.dtype)
    cuts = [0, *(np.flatnonzero(np.diff(begin // _RUN)) + 1).tolist(), len(c)]  # runs: by begin // _RUN
    for lo, hi in zip(cuts[:-1], cuts[1:]):
        k = count[lo:hi]
        term = np.repeat(skip[lo:hi], k) + np.arange(begin[lo], ends[hi - 1])  # into shift, term_ways
        np.add.at(W, np.repeat(cell[lo:hi], k) + shift[term], np.repeat(weight[lo:hi], k) * term_ways[term])
    return W


def _double6_parts(spec: dict, exact: bool, rules: Rules) -> tuple[Any, Any, Any, Any]:
    """As :func:`.default.kiss_round_counts` (counts over ``D``), with Ego ``double6``:
    the first rolls that reach the goal KISS nothing; for the others the
    best choice (:func:`_best`), then the KISS round (:func:`_kiss_table`,
    :func:`.rerolled.kiss_round`); the main group is the largest."""
    cals = calibers(spec)
    N, g = len(cals), goal(spec, rules)
    b = min(spec["kiss"], N)
    size = N + 1
    D = 6 ** (N + b)
    dt = count_dtype(D, exact)
    groups = best_first(sorted(set(cals)), rules=rules)
    sizes, faces = [cals.count(c) for c in groups], [rules.faces(c) for c in groups]
    main = sizes.index(max(sizes))  # counted by die_factors; the others' few dice in Python ints
    A, B = die_factors(sizes[main], faces[main], dt)
    small = {i: die_powers(m, fc) for i, (m, fc) in enumerate(zip(sizes, faces)) if i != main}
    fsx, ways, succ0 = _first_rolls(sizes, [small[i][-1] if i in small else (A, B) for i in range(len(sizes))], dt)
    H, p0_thr, p0_goal = _no_kiss(ways, succ0, g, threshold(spec, rules), size, 6**b)
    short = np.flatnonzero(succ0 < g)
    if not len(short):
        return H, p0_thr, p0_goal, D
    loc = np.unravel_index(short, [len(f) for f, _, _ in fsx])
    F, S, X = ([t[k][i] for t, i in zip(fsx, loc)] for k in range(3))
    ways, succ0, kept_x = ways[short], succ0[short], sum(X[1:], X[0])
    r_fail, most = _default_kiss(F, S, b)
    pad = np.array([6 ** (b - k) if k <= b else 0 for k in range(N + 1)], dtype=dt)
    least = [int(r.min()) for r in r_fail]
    others = others_table([small[i][least[i] :] for i in small], dt)
    A = A[least[main] :]
    tails_ = _Tails(sizes, least, main, A, B, others.qz, 2 * N, pad)
    tol = None if dt is object or 6**b < 2**53 else (1e-14, float(6**b))
    best = _best(tails_, r_fail, S, most, g - succ0 - kept_x, tol)
    W, top = _kiss_table(_kissed(r_fail, S, best), succ0 - best, kept_x, ways, sizes, least, main, others,
                         min(g, size), pad)
    H += kiss_round(W, A[: top + 1 - least[main], : top + 1], B, size, g)
    return H, p0_thr, p0_goal, D


def _all_kissed(sizes: list[int], least: list[int] | None = None) -> np.ndarray:
    """The dice KISSed in all, for every number KISSed per group (C order),
    from ``least[i]`` (0 unless given) to ``sizes[i]``."""
    out = np.zeros(1, dtype=np.int64)
    for m, lo in zip(sizes, least or [0] * len(sizes)):
        out = np.add.outer(out, np.arange(lo, m + 1)).ravel()
    return out


def odds(spec: dict, exact: bool = False, rules: Rules | None = None) -> Odds:
    """Exact odds under the optimal policy (Fractions with ``exact``), by
    the spec's rules (or the ``rules`` given)."""
    rules = rules or rules_of(spec)
    if spec["ego"] != "double6" or not calibers(spec):
        parts = default.kiss_round_counts(spec, exact, rules)
    else:
        parts = _double6_parts(spec, exact, rules)
    H, p0_thr, p0_goal, D = parts
    return finish_odds(spec, H, p0_thr, p0_goal, NOTE, exact=exact, denominator=D, rules=rules)
