"""The Venus Engine Playsheet: d20 checks with flat factors, D10 task pools.

**Check.** target = 5 x difficulty (1..4) + factors (+1 or +2 each).
Natural 1 always fails. Auto-pass by rank (the step-by-step text):
Bronze 20, Silver 19-20, Gold 18-20, Platinum 17-20. Otherwise pass when
natural + score + bonus (+1/+2 each, at most +8) >= target. No kismet on
checks.

**Task.** Roll ``dice`` D10s of the ability's rank, plus one D10 per ally
at the ally's rank. A die passes on: Bronze 7-10, Silver 6-10, Gold 5-10,
Platinum 4-10. threshold = difficulty + factors (1..12). With ``explode``
every 10 rolls one more die of the same owner and rank, without limit.

KISS and Ego follow the engine's one policy, in one round, only when the
passes showing miss the threshold:

1. the roller's budget ``kiss`` re-rolls the roller's own failed dice
   (explosion dice included); the seed says "you cannot KISS an ally's
   dice", so the budget never touches an ally's die;
2. with ``ally_kiss`` every ally re-rolls their own failed die (outside
   the budget);
3. a KISSed die is rolled fresh and may explode;
4. still short and ``ego``: every 10 showing (own, allies', exploded)
   counts as two passes. Ego counts as spent only when a 10 shows.

Critical failure: passes <= threshold / 2; critical success: passes >= 2 x
threshold; the margin is passes / threshold.

The odds are exact. Per group of dice of one rank, the failed dice and the
tens are independent for exploding chains (a chain is some 10s, then a
die that is not a 10, which fails with chance q / 0.9), so the failures are
Binomial and the extra tens a negative binomial count; without explosions
the tens are Binomial among the passing dice. The unbounded tail of
exploding dice is cut where less than 1e-12 of mass is left
(``Odds.truncated``).

>>> import venus_widgets as vw
>>> o = vw.odds({"edition": "playsheet", "roll": "task", "dice": 2, "difficulty": 1})
>>> round(o.p_pass, 12)   # at least one of two Bronze D10s on 7-10
0.64
>>> vw.odds({"edition": "playsheet", "difficulty": 1, "score": 3}).p_pass   # target 5: 2..20 pass
0.95
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import cast

import numpy as np

from ...errors import SpecError
from ...exact import ratio, total, zeros, ones, array, bincount
from ...odds import TAIL_CUTOFF, Odds
from ...rolls import Die, Roll, in_blocks, streams

#: Lowest passing D10 face per rank (tasks).
PASS_FROM = {"bronze": 7, "silver": 6, "gold": 5, "platinum": 4}
#: Lowest natural d20 that auto-passes per rank (checks).
AUTO_FROM = {"bronze": 20, "silver": 19, "gold": 18, "platinum": 17}
#: Mass each exploding group may drop from its tail (well under 1e-12 in all).
_GROUP_CUT = TAIL_CUTOFF / 100


def pass_chance(rank: str, exact: bool = False) -> float:
    """Chance one D10 passes (a Fraction with ``exact``).

    >>> [pass_chance(r) for r in ("bronze", "silver", "gold", "platinum")]
    [0.4, 0.5, 0.6, 0.7]
    """
    return ratio(11 - PASS_FROM[rank], 10, exact)


# --------------------------------------------------------------------------
# Checks
# --------------------------------------------------------------------------


def target(spec: dict) -> int:
    """Check target: 5 x difficulty + factors (5..28); task threshold: difficulty + factors."""
    if spec["roll"] == "check":
        return 5 * spec["difficulty"] + sum(spec["factors"])
    return spec["difficulty"] + sum(spec["factors"])


def check_category(spec: dict, natural: int) -> str:
    """``auto-fail``, ``auto-pass``, ``pass`` or ``fail`` for a natural d20.

    >>> s = {"roll": "check", "rank": "gold", "score": 0, "difficulty": 4, "factors": [], "bonus": []}
    >>> [check_category(s, n) for n in (1, 17, 18)]
    ['auto-fail', 'fail', 'auto-pass']
    """
    if natural == 1:
        return "auto-fail"
    if natural >= AUTO_FROM[spec["rank"]]:
        return "auto-pass"
    return "pass" if natural + spec["score"] + sum(spec["bonus"]) >= target(spec) else "fail"


def _check_odds(spec: dict, exact: bool = False) -> Odds:
    counts = {"auto-pass": 0, "pass": 0, "fail": 0, "auto-fail": 0}
    for natural in range(1, 21):
        counts[check_category(spec, natural)] += 1
    breakdown = {k: ratio(v, 20, exact) for k, v in counts.items()}
    p = ratio(counts["auto-pass"] + counts["pass"], 20, exact)
    return Odds(
        spec=spec,
        distribution={k: v for k, v in (("pass", p), ("fail", 1 - p)) if v > 0},
        p_pass=p,
        threshold=target(spec),
        goal=target(spec),
        p_goal=p,
        breakdown=breakdown,
    )


# --------------------------------------------------------------------------
# Task distributions
# --------------------------------------------------------------------------


def _binom(n: int, p) -> np.ndarray:
    if not isinstance(p, float):  # a Fraction: exact
        return array((math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(n + 1)), True)
    k = np.arange(n + 1)
    comb = np.array([math.comb(n, int(i)) for i in k], dtype=float)
    return comb * p**k * (1 - p) ** (n - k)


@lru_cache(maxsize=256)
def _extra_tens(n: int) -> tuple[np.ndarray, float]:
    """pmf of the 10s rolled by ``n`` exploding chains (negative binomial
    (n, 0.9)), cut where less than ``_GROUP_CUT`` is left; and the mass cut."""
    if n == 0:
        return np.ones(1), 0.0
    out = [0.9**n]
    total = out[0]
    t = 0
    while 1.0 - total > _GROUP_CUT and t < 2000:
        t += 1
        out.append(out[-1] * (n + t - 1) / t * 0.1)
        total += out[-1]
    arr = np.array(out)
    return arr, max(0.0, 1.0 - math.fsum(arr))


@lru_cache(maxsize=512)
def _group(n: int, rank: str, explode: bool, exact: bool = False) -> np.ndarray:
    """Joint pmf ``G[f, t]`` of failed dice ``f`` (the die a chain ends on
    failed) and 10s ``t`` for ``n`` dice (chains) of one rank. Passes are
    ``n - f + t`` when exploding, ``n - f`` otherwise. Fractions with
    ``exact`` (not exploding)."""
    p = pass_chance(rank, exact)
    if explode:
        fails = _binom(n, (1 - p) / 0.9)
        tens, _ = _extra_tens(n)
        return np.outer(fails, tens)
    fails = _binom(n, 1 - p)
    g = zeros((n + 1, n + 1), exact)
    for f in range(n + 1):
        g[f, : n - f + 1] = fails[f] * _binom(n - f, ratio(1, 10, exact) / p)
    return g


def _passes_pmf(g: np.ndarray, n: int, explode: bool) -> np.ndarray:
    """pmf of the passes of one group from its joint ``G[f, t]``."""
    f, t = np.indices(g.shape)
    s = n - f + (t if explode else 0)
    return bincount(s.ravel(), g.ravel())


def _low(g: np.ndarray, n: int, explode: bool, cap: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``L[f, s, t]``-free view: mass by (passes s, tens t) for s, t < cap,
    split by failed count f: returns ``(f_values, s, t, mass)`` arrays."""
    f, t = np.indices((g.shape[0], g.shape[1]))  # g is 2-D: G[f, t]
    s = n - f + (t if explode else 0)
    keep = (s < cap) & (g > 0)
    return f[keep], s[keep], t[keep], g[keep]


def _conv_matrix(kernel: np.ndarray) -> np.ndarray:
    """The (cap*cap x cap*cap) matrix of a 2-D convolution with ``kernel``
    truncated to (cap x cap), on states flattened as ``s * cap + t``:
    ``state @ M`` adds the kernel's (passes, tens) to every state and drops
    whatever reaches the cap (a task that reaches its threshold stays there)."""
    cap = kernel.shape[0]
    s, t = np.indices((cap, cap))
    ks, kt = np.nonzero(kernel)
    ds, dt = ks[:, None], kt[:, None]
    src = (s * cap + t).ravel()[None, :]
    s2, t2 = s.ravel()[None, :] + ds, t.ravel()[None, :] + dt
    keep = (s2 < cap) & (t2 < cap)
    m = zeros((cap * cap, cap * cap), kernel.dtype == object)
    w = np.broadcast_to(kernel[ks, kt][:, None], keep.shape)
    np.add.at(m, (np.broadcast_to(src, keep.shape)[keep], (s2 * cap + t2)[keep]), w[keep])
    return m


@lru_cache(maxsize=512)
def _fresh_matrix(m: int, rank: str, explode: bool, cap: int, exact: bool = False) -> np.ndarray:
    """The matrix (see ``_conv_matrix``) that adds the (passes, tens) of
    ``m`` fresh chains of one rank to a state below ``cap``."""
    low = zeros((cap, cap), exact)
    f, s, t, w = _low(_group(m, rank, explode, exact), m, explode, cap)
    np.add.at(low, (s, np.minimum(t, cap - 1)), w)
    return _conv_matrix(low)


@lru_cache(maxsize=128)
def _add_matrix(m: int, rank: str, explode: bool, rows: int, exact: bool = False) -> np.ndarray:
    """``pmf @ M`` is the pmf of passes (length ``rows``) plus the passes of
    ``m`` fresh chains of one rank: a (rows x wider) convolution matrix."""
    marg = _passes_pmf(_group(m, rank, explode, exact), m, explode)
    out = zeros((rows, rows + len(marg) - 1), exact)
    for r in range(rows):
        out[r, r : r + len(marg)] = marg
    return out


@lru_cache(maxsize=512)
def _ally_first(rank: str, explode: bool, cap: int, ally_kiss: bool,
                exact: bool = False) -> tuple[np.ndarray, np.ndarray | None]:
    """An ally's first roll as two matrices (see ``_conv_matrix``): the die
    kept, and the die failed and waiting for the ally's KISS (None without
    ally KISS)."""
    kern = zeros((2, cap, cap), exact)
    fa, sa, ta, wa = _low(_group(1, rank, explode, exact), 1, explode, cap)
    np.add.at(kern, (((fa > 0) & ally_kiss).astype(int), sa, ta), wa)
    return _conv_matrix(kern[0]), (_conv_matrix(kern[1]) if ally_kiss else None)


class _Task:
    """The exact computation of one task spec (see module docstring)."""

    def __init__(self, spec: dict, exact: bool = False) -> None:
        self.spec = spec
        self.exact = exact
        self.thr = target(spec)
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
        return _check_odds(spec, exact)
    if exact and spec["explode"]:
        raise ValueError("exploding 10s: the odds are not rational")
    return _Task(spec, exact).compute()


def margin(passes: int, threshold: int) -> float:
    """The margin of success: passes / threshold (6 passes on 4: 1.5).

    >>> margin(6, 4)
    1.5
    """
    return passes / threshold


def critical(passes: int, threshold: int) -> str | None:
    """``"critical failure"`` (passes <= threshold / 2), ``"critical
    success"`` (passes >= 2 x threshold) or ``None``.

    >>> critical(2, 4), critical(8, 4), critical(3, 4)
    ('critical failure', 'critical success', None)
    """
    if passes <= threshold / 2:
        return "critical failure"
    if passes >= 2 * threshold:
        return "critical success"
    return None


# --------------------------------------------------------------------------
# Rolls
# --------------------------------------------------------------------------


def _explode_from(dice: list[Die], start: int, gen, explode: bool) -> None:
    """Append explosion dice for every 10 from ``dice[start:]`` on, drawing
    faces from ``gen`` in rolling order."""
    i = start
    while explode and i < len(dice):
        d = dice[i]
        if d.after == 10:
            face = int(gen.integers(1, 11))
            dice.append(Die(len(dice), d.owner, d.grade, 10, face, face, exploded_from=d.index))
        i += 1


def _passes(d: Die) -> bool:
    return d.after >= PASS_FROM[cast(str, d.grade)]  # playsheet dice are graded by rank name


def roll(spec: dict, seed: int, kiss: list[int] | None = None, ego: bool | None = None) -> Roll:
    """A seeded playsheet roll. Tasks: own dice, then ``ally 1..3``, then
    explosion dice (with ``exploded_from``); KISSed dice take new faces from
    the KISS stream, and their explosions follow at the end."""
    if spec["roll"] == "check":
        return _roll_check(spec, seed, kiss, ego)
    first, second = streams(seed)
    thr = target(spec)
    owners = [("own", spec["rank"])] * spec["dice"] + [(f"ally {i + 1}", r) for i, r in enumerate(spec["allies"])]
    faces: np.ndarray | list[int] = first.integers(1, 11, size=len(owners)) if owners else []
    dice = [Die(i, o, g, 10, int(f), int(f)) for i, ((o, g), f) in enumerate(zip(owners, faces))]
    _explode_from(dice, 0, first, spec["explode"])
    before = sum(_passes(d) for d in dice)
    failed = [d for d in dice if not _passes(d)]
    if kiss is None:
        chosen = []
        if before < thr:
            own = sorted((d for d in failed if d.owner == "own"), key=lambda d: (d.after, d.index))
            chosen = [d.index for d in own[: spec["kiss"]]]
            if spec["ally_kiss"]:
                chosen += [d.index for d in failed if d.owner != "own"]
    else:
        chosen = _check_kiss(spec, dice, kiss, before, thr)
    on_table = len(dice)
    for i in sorted(chosen):
        face = int(second.integers(1, 11))
        d = dice[i]
        dice[i] = Die(d.index, d.owner, d.grade, 10, d.before, face, kissed=True, exploded_from=d.exploded_from)
    kissed_sorted = sorted(chosen)
    # explosions of KISSed 10s: from the KISS stream, in die order
    for i in kissed_sorted:
        if spec["explode"] and dice[i].after == 10:
            start = len(dice)
            face = int(second.integers(1, 11))
            dice.append(Die(start, dice[i].owner, dice[i].grade, 10, face, face, exploded_from=i))
            _explode_from(dice, start, second, True)
    passes = sum(_passes(d) for d in dice)
    tens = sum(d.after == 10 for d in dice)
    if ego is None:
        spend = spec["ego"] and passes < thr and tens > 0
    elif ego and not spec["ego"]:
        raise SpecError("ego", ego, "False or None: this spec has no Ego", "set ego=True in the spec to spend it")
    else:
        spend = bool(ego) and tens > 0
    scored = [Die(d.index, d.owner, d.grade, 10, d.before, d.after, d.kissed,
                  (2 if spend and d.after == 10 else 1) if _passes(d) else 0, d.exploded_from) for d in dice]
    outcome = sum(d.scores for d in scored)
    return Roll(
        spec=spec,
        seed=seed,
        dice=tuple(scored),
        outcome=outcome,
        passed=outcome >= thr,
        goal_reached=outcome >= thr,
        kissed=tuple(kissed_sorted),
        ego_spent=spend,
        details={
            "threshold": thr,
            "passes_before_kiss": before,
            "dice_before_kiss": on_table,
            "tens": tens,
            "critical": critical(outcome, thr),
            "margin": margin(outcome, thr),
        },
    )


def _check_kiss(spec: dict, dice: list[Die], kiss: list[int], before: int, thr: int) -> list[int]:
    if not kiss:
        return []
    if before >= thr:
        raise SpecError("kiss", kiss, "no KISS: the passes already meet the threshold",
                        "KISS only when the passes fall short")
    own = 0
    for i in kiss:
        if not 0 <= i < len(dice):
            raise SpecError("kiss", kiss, f"die indices from 0 to {len(dice) - 1}")
        d = dice[i]
        if _passes(d):
            raise SpecError("kiss", kiss, "failed dice only", f"die {i} shows {d.after}, a pass")
        if d.owner == "own":
            own += 1
        elif not spec["ally_kiss"]:
            raise SpecError("kiss", kiss, "your own dice", "you cannot KISS an ally's die; set ally_kiss")
    if own > spec["kiss"]:
        raise SpecError("kiss", kiss, f"at most {spec['kiss']} of your own dice (the KISS budget)")
    return list(kiss)


def _roll_check(spec: dict, seed: int, kiss, ego) -> Roll:
    if kiss:
        raise SpecError("kiss", kiss, "no KISS on checks", "you can't spend kismet on a check")
    if ego:
        raise SpecError("ego", ego, "no Ego on checks", "you can't spend kismet on a check")
    first, _ = streams(seed)
    natural = int(first.integers(1, 21))
    cat = check_category(spec, natural)
    passed = cat in ("auto-pass", "pass")
    return Roll(
        spec=spec,
        seed=seed,
        dice=(Die(0, "d20", spec["rank"], 20, natural, natural),),
        outcome="pass" if passed else "fail",
        passed=passed,
        goal_reached=passed,
        details={"natural": natural, "total": natural + spec["score"] + sum(spec["bonus"]),
                 "target": target(spec), "category": cat},
    )


# --------------------------------------------------------------------------
# Many rolls, vectorised (a cross-check of the exact odds)
# --------------------------------------------------------------------------


def _chains(gen, shape: tuple[int, ...], explode: bool) -> tuple[np.ndarray, np.ndarray]:
    """Roll chains: the face each chain ends on, and its number of 10s."""
    face = gen.integers(1, 11, size=shape, dtype=np.int8)
    tens = np.zeros(shape, dtype=np.int32)
    if not explode:
        return face, (face == 10).astype(np.int32)
    active = face == 10
    while active.any():
        tens += active
        new = gen.integers(1, 11, size=int(active.sum()), dtype=np.int8)
        face[active] = new
        active = face == 10
    return face, tens


def roll_many(spec: dict, n: int, seed: int) -> np.ndarray:
    """``n`` rolls by the policy, in blocks: an int array of final passes
    (tasks) or a bool array (checks)."""
    if spec["roll"] == "check":
        return in_blocks(n, seed, lambda rows, first, _: _checks(spec, rows, first), dtype=bool)
    return in_blocks(n, seed, lambda rows, first, _: _tasks(spec, rows, first))


def _checks(spec: dict, n: int, first: np.random.Generator) -> np.ndarray:
    natural = first.integers(1, 21, size=n)
    total = natural + spec["score"] + sum(spec["bonus"])
    return (natural != 1) & ((natural >= AUTO_FROM[spec["rank"]]) | (total >= target(spec)))


def _tasks(spec: dict, n: int, first: np.random.Generator) -> np.ndarray:
    thr, explode = target(spec), spec["explode"]
    ranks = [spec["rank"]] * spec["dice"] + list(spec["allies"])
    need = np.array([PASS_FROM[r] for r in ranks], dtype=np.int8)
    is_own = np.arange(len(ranks)) < spec["dice"]
    face, tens = _chains(first, (n, len(ranks)), explode)
    ok = face >= need
    extra = tens if explode else 0
    passes = (ok + extra).sum(axis=1)
    t_all = tens.sum(axis=1)
    short = passes < thr
    # own KISS: the budget re-rolls own failed dice (chains end on at most one failed die)
    own_failed = (~ok & is_own).sum(axis=1)
    k = min(spec["kiss"], spec["dice"]) if spec["dice"] else 0
    if k:
        m = np.where(short, np.minimum(own_failed, k), 0)
        f2, t2 = _chains(first, (n, k), explode)
        use = np.arange(k)[None, :] < m[:, None]
        ok2 = f2 >= PASS_FROM[spec["rank"]]
        passes = passes + ((ok2 + (t2 if explode else 0)) * use).sum(axis=1)
        t_all = t_all + (t2 * use).sum(axis=1)
    if spec["ally_kiss"] and spec["allies"]:
        a = len(spec["allies"])
        f3, t3 = _chains(first, (n, a), explode)
        use = short[:, None] & ~ok[:, spec["dice"]:]
        ok3 = f3 >= need[spec["dice"]:]
        passes = passes + ((ok3 + (t3 if explode else 0)) * use).sum(axis=1)
        t_all = t_all + (t3 * use).sum(axis=1)
    if spec["ego"]:
        passes = np.where(passes < thr, passes + t_all, passes)
    return passes.astype(np.int64)


def table(rank: str = "bronze", max_dice: int = 8):
    """The seed's "% chance of at least" table for one rank, regenerated
    from the engine's own odds: plain pools of 1..``max_dice`` D10s (no
    KISS, no Ego, no explosions), P(at least k passes) in percent, mean, sd.

    >>> [round(x, 2) for x in table("bronze", 2)[1].at_least]
    [64.0, 16.0]
    """
    from ...api import odds as _odds
    from ..playtest import TableRow

    rows = []
    for n in range(1, max_dice + 1):
        o = _odds({"edition": "playsheet", "roll": "task", "rank": rank, "dice": n, "difficulty": 1}, exact=True)
        assert o.mean is not None and o.sd is not None  # a pool's outcome is numeric
        rows.append(TableRow(n, tuple(float(100 * o.at_least(k)) for k in range(1, n + 1)), float(o.mean), o.sd))
    return tuple(rows)


# --------------------------------------------------------------------------
# Difficulty ladder and "explain this number" (docs/rules_playsheet.md#difficulty-ladder)
# --------------------------------------------------------------------------


def factor_list(total: int) -> list[int]:
    """The fewest factors (+2 first, then +1) that add up to ``total``.

    >>> factor_list(0), factor_list(3), factor_list(8)
    ([], [2, 1], [2, 2, 2, 2])
    """
    return [2] * (total // 2) + [1] * (total % 2)


def ladder_settings(spec: dict) -> list[dict]:
    """The playsheet ladder, each rung one harder than the last. A check:
    difficulty 1..3 with factors adding 0..4, then difficulty 4 with
    factors adding 0..8 (targets 5..28). A task: difficulty 1..4, then
    difficulty 4 with factors adding 1..8 (thresholds 1..12). Factors are
    written as the fewest +2s and +1s."""
    if spec["roll"] == "check":
        return [{"difficulty": d, "factors": factor_list(f)} for d in (1, 2, 3, 4)
                for f in range(9 if d == 4 else 5)]
    return ([{"difficulty": d, "factors": []} for d in (1, 2, 3, 4)]
            + [{"difficulty": 4, "factors": factor_list(f)} for f in range(1, 9)])


def vary_values(spec: dict, field: str) -> list | None:
    """Factor (and check bonus) lists for ``solve``: adding 0..8, the
    fewest +2s and +1s each."""
    if field == "factors" or field == "bonus" and spec["roll"] == "check":
        return [factor_list(f) for f in range(9)]
    return None


def explain_steps(spec: dict, o: Odds) -> list:
    """A check: target, the naturals that reach it, auto-pass, auto-fail.
    A task: the dice, the threshold, the first roll, what KISS and Ego add."""
    from ...api import odds
    from ...explain import Step, first_roll_steps, pct

    if spec["roll"] == "check":
        t, plus = target(spec), spec["score"] + sum(spec["bonus"])
        cats = [check_category(spec, n) for n in range(1, 21)]
        steps = [Step(f"Target {t}: 5 x difficulty {spec['difficulty']} + factors {list(spec['factors'])}."),
                 Step(f"Roll a d20 and add the score {spec['score']} and bonus {list(spec['bonus'])}: a natural of "
                      f"{t - plus} or more reaches it."),
                 Step(f"{cats.count('pass')} of the 20 naturals reach the target", o.breakdown["pass"], "+")]
        if cats.count("auto-pass"):
            steps.append(Step(f"{spec['rank'].capitalize()} auto-passes on a natural {AUTO_FROM[spec['rank']]}-20 "
                              f"below the target: {cats.count('auto-pass')} of 20", o.breakdown["auto-pass"], "+"))
        steps.append(Step("a natural 1 always fails", o.breakdown["auto-fail"]))
        steps.append(Step("P(pass)", o.p_pass, "="))
        return steps
    rank, thr = spec["rank"], target(spec)
    steps = [Step(f"{spec['dice']} {rank.capitalize()} D10s: each passes on {PASS_FROM[rank]}-10 "
                  f"({pct(pass_chance(rank))}).")]
    for i, a in enumerate(spec["allies"]):
        steps.append(Step(f"Ally {i + 1} adds one {a.capitalize()} D10: passes on {PASS_FROM[a]}-10."))
    if spec["explode"]:
        steps.append(Step("Every 10 explodes: one more die of the same owner and rank, without limit."))
    steps.append(Step(f"Threshold {thr}: difficulty {spec['difficulty']} + factors {list(spec['factors'])}."))
    p0 = odds({**spec, "kiss": 0, "ally_kiss": False, "ego": False}).p_pass
    groups: dict[str, int] = {rank: spec["dice"]}
    for a in spec["allies"]:
        groups[a] = groups.get(a, 0) + 1
    steps += first_roll_steps([(k, PASS_FROM[x] - 1, 10) for x, k in groups.items()], thr, p0, "pass")
    p1 = odds({**spec, "ego": False}).p_pass
    if spec["kiss"] or spec["ally_kiss"]:
        steps.append(Step("KISS: short, your failed dice (up to the budget)" + (" and the allies' own" if
                                                                               spec["ally_kiss"] else "")
                          + " are re-rolled once", p1 - p0, "+"))
    if spec["ego"]:
        steps.append(Step("Ego: still short, every 10 showing counts as two passes", o.p_pass - p1, "+"))
    steps.append(Step("P(pass)", o.p_pass, "="))
    steps.append(Step("critical success (passes >= 2 x threshold)", o.breakdown["critical success"]))
    steps.append(Step("critical failure (passes <= threshold / 2)", o.breakdown["critical failure"]))
    return steps


def explain_roll(r: Roll) -> list[str]:
    from ...explain import generic_walk

    d = r.details
    if r.spec["roll"] == "check":
        return [f"The d20 shows {d['natural']}: total {d['total']} against target {d['target']}: {d['category']}.",
                "Passed." if r.passed else "Failed."]
    out = generic_walk(r)
    out[-1] = f"{r.outcome} pass(es) against threshold {d['threshold']}: " + ("passed" if r.passed else "failed") + (
        f", {d['critical']}." if d["critical"] else ".")
    return out
