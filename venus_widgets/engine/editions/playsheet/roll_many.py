"""Many playsheet rolls by the policy, vectorised in blocks: a cross-check
of the exact odds (tests/test_playsheet.py)."""

from __future__ import annotations

import numpy as np

from ...table.rolls import in_blocks
from .check import roll_many_checks
from .dice import roll_chains
from .outcome import threshold
from .policy import own_kiss_count
from .rules import rules_of


def roll_many(spec: dict, n: int, seed: int) -> np.ndarray:
    """``n`` rolls by the policy, in blocks: an int array of final passes
    (tasks) or a bool array (checks)."""
    if spec["roll"] == "check":
        return in_blocks(n, seed, lambda rows, first, _: roll_many_checks(spec, rows, first), dtype=bool)
    return in_blocks(n, seed, lambda rows, first, _: _tasks(spec, rows, first))

def _tasks(spec: dict, n: int, first: np.random.Generator) -> np.ndarray:
    thr, explode = threshold(spec), spec["explode"]
    rules = rules_of(spec)
    high = rules.explode_from if explode else rules.ego_double_from  # the faces that explode / Ego doubles
    ranks = [spec["rank"]] * spec["dice"] + list(spec["allies"])
    need = np.array([rules.pass_from[r] for r in ranks], dtype=np.int8)
    is_own = np.arange(len(ranks)) < spec["dice"]
    face, tens = roll_chains(first, (n, len(ranks)), explode, high)
    ok = face >= need
    if not explode:
        tens = tens * ok  # Ego doubles passes only
    extra = tens if explode else 0
    passes = (ok + extra).sum(axis=1)
    t_all = tens.sum(axis=1)
    short = passes < thr
    # own KISS: the budget re-rolls own failed dice (chains end on at most one failed die)
    own_failed = (~ok & is_own).sum(axis=1)
    k = min(spec["kiss"], spec["dice"]) if spec["dice"] else 0
    if k:
        m = own_kiss_count(k, own_failed, short)
        f2, t2 = roll_chains(first, (n, k), explode, high)
        use = np.arange(k)[None, :] < m[:, None]
        ok2 = f2 >= rules.pass_from[spec["rank"]]
        if not explode:
            t2 = t2 * ok2
        passes = passes + ((ok2 + (t2 if explode else 0)) * use).sum(axis=1)
        t_all = t_all + (t2 * use).sum(axis=1)
    if spec["ally_kiss"] and spec["allies"]:
        a = len(spec["allies"])
        f3, t3 = roll_chains(first, (n, a), explode, high)
        use = short[:, None] & ~ok[:, spec["dice"]:]
        ok3 = f3 >= need[spec["dice"]:]
        if not explode:
            t3 = t3 * ok3
        passes = passes + ((ok3 + (t3 if explode else 0)) * use).sum(axis=1)
        t_all = t_all + (t3 * use).sum(axis=1)
    if spec["ego"]:
        passes = np.where(passes < thr, passes + t_all, passes)
    return passes.astype(np.int64)
