"""Independent peers for the playsheet task: a literal die-by-die brute
force with Fractions, and the whole procedure in icepool.

The brute force follows docs/rules_playsheet.md#task and
docs/rules.md#one-policy-for-kiss-and-ego step by step over face classes (fail, pass below 10, 10), with
explosion chains enumerated to a depth limit; the mass beyond that limit is
returned so tests can compare within it. It shares no code with
``venus_widgets.engine.editions.playsheet``.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product

import icepool

from venus_widgets.engine.contract.spec import normalize

PASS_FROM = {"bronze": 7, "silver": 6, "gold": 5, "platinum": 4}


def _classes(rank):
    fail = Fraction(PASS_FROM[rank] - 1, 10)
    return {"fail": fail, "pass": Fraction(9, 10) - fail, "ten": Fraction(1, 10)}


def _chains(rank, explode, depth):
    """Outcomes of one die: (tuple of classes showing, probability); a chain
    cut at ``depth`` explosions is dropped (its mass returned separately)."""
    out, lost = [], Fraction(0)

    def walk(prefix, p, d):
        nonlocal lost
        for cls, q in _classes(rank).items():
            if cls == "ten" and explode:
                if d == depth:
                    lost += p * q
                else:
                    walk(prefix + ("ten",), p * q, d + 1)
            else:
                out.append((prefix + (cls,), p * q))

    walk((), Fraction(1), 0)
    return out, lost


def brute_task(spec, depth: int = 2):
    """``(distribution, lost_mass)``: final passes -> Fraction."""
    s = normalize(spec)
    thr = s["difficulty"] + sum(s["factors"])
    units = [("own", s["rank"])] * s["dice"] + [("ally", r) for r in s["allies"]]
    chains = [_chains(r, s["explode"], depth) for _, r in units]
    lost = Fraction(1)
    for _, r in units:
        lost *= 1 - _chains(r, s["explode"], depth)[1]
    lost = 1 - lost
    dist = defaultdict(Fraction)
    for combo in product(*(c[0] for c in chains)):
        p = Fraction(1)
        for _, q in combo:
            p *= q
        table = [(units[i][0], units[i][1], cls) for i, (classes, _) in enumerate(combo) for cls in classes]
        passes = sum(cls != "fail" for _, _, cls in table)
        if passes >= thr:
            dist[passes] += p
            continue
        # the KISS round: own failed dice up to the budget; allies' own failed dice with ally_kiss
        own_failed = sum(1 for who, _, cls in table if who == "own" and cls == "fail")
        rerolls = [s["rank"]] * min(s["kiss"], own_failed)
        if s["ally_kiss"]:
            rerolls += [rank for who, rank, cls in table if who == "ally" and cls == "fail"]
        kept = [cls for who, rank, cls in table]
        base_pass = sum(c != "fail" for c in kept)
        base_tens = sum(c == "ten" for c in kept)
        for fresh in product(*(_chains(r, s["explode"], depth)[0] for r in rerolls)):
            q = p
            for _, w in fresh:
                q *= w
            new = [c for classes, _ in fresh for c in classes]
            total = base_pass + sum(c != "fail" for c in new)
            tens = base_tens + sum(c == "ten" for c in new)
            if total < thr and s["ego"]:
                total += tens
            dist[total] += q
    return dict(dist), lost


def _die(rank, explode: bool, depth: int = 24) -> icepool.Die:
    """Passes of one D10 (a chain of 10s when exploding) in icepool."""
    if not explode:
        return icepool.d10.map(lambda f: int(f >= PASS_FROM[rank]))
    # icepool sums the faces of an exploding die: 10 per explosion, then the last face
    return icepool.d10.explode(depth=depth).map(lambda t: t // 10 + int(t % 10 >= PASS_FROM[rank]))


def _chain_state(rank, explode: bool, depth: int) -> icepool.Die:
    """One die (a chain of 10s when exploding) as Vector(passes, tens, failed)."""
    pf = PASS_FROM[rank]
    if not explode:
        return icepool.d10.map(lambda f: icepool.Vector((int(f >= pf), int(f == 10), int(f < pf))))

    def decode(total):
        tens, last = divmod(total, 10)
        return icepool.Vector((tens + int(last >= pf), tens, int(0 < last < pf)))

    return icepool.d10.explode(depth=depth).map(decode)


def icepool_distribution(spec, depth: int = 12):
    """The whole playsheet task procedure in icepool: passes -> probability.

    The first roll is a sum of Vector(passes, tens, own failed dice, one
    failed flag per ally); one ``map`` then applies the KISS round (fresh
    chains for min(failed, kiss) own dice and, with ally KISS, the failed
    allies' dice) and Ego (each 10 counts twice when still short). Explosions
    are cut at ``depth`` extra dice per chain (0.1**13 < 1e-12 by default).
    """
    s = normalize(spec)
    if s["roll"] != "task":
        raise NotImplementedError("the icepool peer covers tasks")
    thr = s["difficulty"] + sum(s["factors"])
    allies, k, ego, explode = list(s["allies"]), s["kiss"], s["ego"], s["explode"]
    width = 3 + len(allies)

    def widen(die, slot=None):
        def f(v):
            out = [v[0], v[1], v[2] if slot is None else 0] + [0] * len(allies)
            if slot is not None:
                out[3 + slot] = v[2]
            return icepool.Vector(out)

        return die.map(f)

    first = icepool.Die([icepool.Vector([0] * width)])
    own = _chain_state(s["rank"], explode, depth)
    for _ in range(s["dice"]):
        first = first + widen(own)
    for i, r in enumerate(allies):
        first = first + widen(_chain_state(r, explode, depth), slot=i)

    def fresh(m, ranks):
        total = icepool.Die([icepool.Vector((0, 0, 0))])
        for r in [s["rank"]] * m + ranks:
            total = total + _chain_state(r, explode, depth)
        return total

    def settle(state):
        passes, tens, failed = state[0], state[1], state[2]
        if passes >= thr:
            return passes
        rerolled = [r for i, r in enumerate(allies) if s["ally_kiss"] and state[3 + i]]
        m = min(failed, k)
        if not m and not rerolled:
            return passes + tens if ego else passes
        extra = fresh(m, rerolled)

        def after(d):
            p, t = passes + d[0], tens + d[1]
            return p + t if (ego and p < thr) else p

        return extra.map(after)

    total = first.map(settle)
    return {int(o): float(total.probability(o)) for o in total.outcomes()}
