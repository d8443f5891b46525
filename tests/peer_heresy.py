"""The Heresy Engine written in icepool, as an independent peer.

A pool die is a d6 whose 1 and 6 score a success, and whose 6 is rolled
again (icepool's ``explode``, to a fixed depth: the mass left beyond it,
6**-depth per die, stays on the deepest outcome). Used by
tests/test_heresy.py and benchmarks/bench_odds.py.
"""

from __future__ import annotations

import icepool

from venus_widgets.engine.contract.spec import normalize

#: Explosion depth: 6**-24 per die is far below the engine's 1e-12 cut.
DEPTH = 24


def icepool_distribution(spec, depth: int = DEPTH) -> dict[int, float]:
    """Net successes -> probability, by icepool."""
    s = normalize(spec)
    m = s["pool"] - 3 * s["trade"]
    # faces: 2..5 -> 0, 1 -> 1, 6 -> 101 (explodes); a chain of k sixes then
    # a last face sums to 101 k + last, that is k + (last's success) successes
    face = icepool.Die([1, 0, 0, 0, 0, 101])
    pool_die = face.explode([101], depth=depth).map(lambda x: x // 101 + x % 101)
    black_die = icepool.Die([-1, 0, 0, 0, 0, -1])
    net = (m @ pool_die if m else icepool.Die([0])) + (s["black"] @ black_die if s["black"] else 0) + s["trade"]
    den = net.denominator()
    return {int(k): q / den for k, q in net.items()}
