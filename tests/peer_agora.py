"""The agora procedure written in icepool, as an independent peer.

``icepool_distribution(spec)`` gives the final successes' distribution
(outcome -> probability) and ``icepool_joint(spec)`` the joint law of
(final successes, 1s showing after KISS), both from the rules text
(docs/rules_agora.md#agora-d6-rank-pools, docs/rules.md#one-policy-for-kiss-and-ego), sharing no code with
``venus_widgets.engine.editions.agora`` but the helper merge and the spec defaults.
Used by tests/test_agora.py and benchmarks/bench_odds.py.
"""

from __future__ import annotations

import icepool

from venus_widgets.engine.editions.agora.merge import merge
from venus_widgets.engine.contract.spec import normalize


def _rules(spec):
    s = normalize(spec)
    if s["roll"] == "check":
        n = s["health"]
        need = 1
    else:
        n = max(0, s["health"] + s["job"] + s["assets"] - s["factors"])
        need = s["consequences"]
    if s["difficulty"] == "challenging":
        need *= 2
    return s, n, merge(s["helpers"]), need


def icepool_joint(spec) -> icepool.Die:
    """A Die over (final successes, 1s after KISS)."""
    s, n, help_rank, need = _rules(spec)
    rank = s["rank"]
    if n == 0 and help_rank is None:
        return icepool.Die([(0, 0)])
    auto = int(help_rank == 1)
    rolled_help = help_rank is not None and help_rank > 1
    pool = icepool.Pool([icepool.d6] * n).expand() if n else icepool.Die([()])
    help_die = icepool.d6 if rolled_help else icepool.Die([0])

    def final(main, help_face):
        dice = [(rank, f) for f in main] + ([(help_rank, help_face)] if rolled_help else [])
        succ = sum(f >= r for r, f in dice) + auto
        if succ >= need:
            return (succ, sum(f == 1 for _, f in dice))
        help_index = len(dice) - 1 if rolled_help else None
        failed = [i for i, (r, f) in enumerate(dice) if f < r]
        free = [i for i in failed if i == help_index and s["helper_kiss"]]
        queue = sorted((dice[i][0], dice[i][1], i) for i in failed if i not in free)
        chosen = free + [i for _, _, i in queue[: s["kiss"]]]
        kept = [d for i, d in enumerate(dice) if i not in chosen]
        ranks_new = [dice[i][0] for i in chosen]

        def count(*new_faces):
            all_dice = kept + list(zip(ranks_new, new_faces))
            total = sum(f >= r for r, f in all_dice) + auto
            if s["ego"] and total < need:
                total += sum(f == 6 for _, f in all_dice)
            return (total, sum(f == 1 for _, f in all_dice))

        if not chosen:
            return count()
        # the KISSed dice may differ in rank: roll them as separate dice
        return icepool.map(count, *([icepool.d6] * len(chosen)))

    return icepool.map(final, pool, help_die)


def icepool_distribution(spec) -> dict[int, float]:
    """Final successes -> probability, by icepool."""
    out: dict[int, float] = {}
    die = icepool_joint(spec)
    den = die.denominator()
    for (succ, _ones), q in die.items():
        out[succ] = out.get(succ, 0.0) + q / den
    return out


def chi_square_pvalue(sample, distribution) -> float:
    """p-value of a sample of outcomes against an exact distribution
    (bins merged in outcome order until each expects >= 5), shared by the
    agora, heresy and VERS sampling tests. An outcome the distribution
    gives no chance fails outright."""
    import numpy as np
    from scipy import stats

    sample = np.asarray(sample)
    outcomes = sorted(distribution)
    values, counts = np.unique(sample, return_counts=True)
    seen = dict(zip(values.tolist(), counts.tolist()))
    impossible = set(seen) - {k for k, p in distribution.items() if p > 0}
    assert not impossible, f"sampled outcomes with no chance: {sorted(impossible)}"
    n = sample.size
    obs, exp, o_acc, e_acc = [], [], 0, 0.0
    for k in outcomes:
        o_acc += seen.get(k, 0)
        e_acc += n * distribution[k]
        if e_acc >= 5:
            obs.append(o_acc)
            exp.append(e_acc)
            o_acc, e_acc = 0, 0.0
    if obs:
        obs[-1] += o_acc
        exp[-1] += e_acc
    if len(obs) < 2:
        return 1.0
    exp = np.array(exp) * (n / sum(exp))
    return float(stats.chisquare(obs, exp).pvalue)
