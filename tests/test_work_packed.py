"""The end of a re-roll step counted in whole numbers past 2**63 packs
each state's array into one Python int (:mod:`venus_widgets.engine.drafts.reroll_end`)
and adds the re-rolled dice by Horner's scheme on those ints. The model
priced that end as one convolution of arrays of Python ints per state and
per group, each entry written into and read out of its packed integers:
a pushed Year Zero pool of 6 base, 6 skill and 6 gear dice (three groups
of one chance) was estimated at 2.9 s and refused for 0.06-0.1 s of work
(bench: the draft of docs/drafts.md at 12/12/0, 0.28 s for 0.017 s).

Work is counted, never timed: the convolutions as tests/test_work_tight.py
counts them, and each product of packed ints the end really makes priced
by the model's own price of one (its real lengths and numbers, and its
digits not 0: Python's product multiplies no half that is 0; the 342
products of 6/6/6 priced dense were 3.2e9, 0.32 s real for the whole end).
"""

from __future__ import annotations

import numpy as np
import pytest

import venus_widgets as vw
from test_drafts_promises import YZE
from test_work_tight import work_done
from work_count import unguarded
from venus_widgets.engine.contract import edition as registry
from venus_widgets.engine.contract import guard
from venus_widgets.engine.contract.spec import normalize
from venus_widgets.engine.drafts import reroll, reroll_end, whole_cost


@pytest.fixture
def pushed():
    vw.load_edition(YZE)
    yield registry.get("pr")
    registry.unregister("pr")


def _done(spec: dict) -> float:
    """The convolutions' work and the packed end's products, each priced by the model's price of one."""
    products, digit = [0.0], [1]
    added, packed_end = reroll_end._added_ints, reroll_end.packed_end

    def places(x: int) -> tuple[int, np.ndarray, float]:  # an int's digits (of ``digit`` words): their number,
        w = digit[0]  # those not 0, and the bits of the largest
        raw = np.frombuffer(x.to_bytes(-(-x.bit_length() // (64 * w)) * 8 * w, "little"), dtype="<u8")
        rows = raw.reshape(-1, w)
        nz = np.flatnonzero(rows.any(axis=1))
        top = max(int.from_bytes(rows[i].tobytes(), "little").bit_length() for i in nz) if nz.size else 0
        return rows.shape[0], nz, float(top)

    def words(*args, **kwargs):  # (the words of a digit, as :func:`.reroll_end.packed_end` makes them)
        digit[0] = (args[-1] + args[1].bit_length() + 2) // 64 + 1
        return packed_end(*args, **kwargs)

    def counted(states, fresh):
        if not fresh:
            return added(states, fresh)
        F, drop = fresh[-1]
        m = max(R[-1] for R in states)
        by: dict = {}
        for R, x in states.items():
            by.setdefault(R[:-1], {})[R[-1]] = x
        inner = {}
        for prefix, rs in by.items():
            H = 0
            for r in range(m, -1, -1):
                if H:
                    # (by their digits and those not 0: Python's product multiplies no half that is 0; the
                    # fresh die's few places followed through CPython's steps, :func:`.whole_cost.karatsuba`)
                    (a, ra, ea), (b, rb, eb) = places(H), places(F)
                    products[0] += whole_cost.whole_conv(a, b, 64 * digit[0] - 1, (ra, rb), (ea, eb), packed=True)
                H = ((H * F) >> drop) + rs.get(r, 0)
            inner[prefix] = H
        return counted(inner, fresh[:-1])

    reroll_end._added_ints, reroll.packed_end = counted, words
    try:
        done = unguarded(lambda: work_done(spec))
    finally:
        reroll_end._added_ints, reroll.packed_end = added, packed_end
    return done + products[0]


@pytest.mark.parametrize("base, skill, gear", [(6, 6, 6), (12, 12, 0), (8, 8, 0)])
def test_the_packed_end_of_a_pushed_pool_is_priced_by_its_products(pushed, base, skill, gear):
    spec = {"edition": "pr", "base": base, "skill": skill, "gear": gear}
    est = pushed.work(unguarded(lambda: normalize(spec)))
    done = _done(spec)
    assert done <= est <= 10 * done, (done, est)


@pytest.mark.parametrize("base, skill, gear", [(6, 6, 6), (12, 12, 0)])
def test_the_shipped_year_zero_draft_pushed_every_roll_is_priced_within_three_times_its_work(base, skill, gear):
    """The shipped Year Zero draft pushed every roll (bench_cost's case):
    at 6/6/6 estimated 4.5 s for 0.5-0.65 s real (est/real up to 10),
    3.57e9 against 8.8e8 counted: its blocks' convolutions are in float64
    (the first roll below 2**53 ways), where numpy's dot products make a
    multiply-add far cheaper than in int64; its end was priced two products
    a state (one but the last: S - 1 in all, the sums of the groups after
    as long as the counts) and each by its digits not 0 alone where the
    fresh dice's few places are known (followed through CPython's steps);
    and the digits of the packed ints as wide as the products' entries
    where they are as wide as the denominator (12/12/0: three words, not two)."""
    from pathlib import Path

    text = (Path(vw.__file__).parent / "drafts" / "yze.toml").read_text(encoding="utf-8")
    vw.load_edition(text.replace('id = "yze"', 'id = "yzb"').replace("range = [0, 8]", "range = [0, 12]")
                    .replace("range = [0, 6]", "range = [0, 12]"))
    try:
        spec = {"edition": "yzb", "base": base, "skill": skill, "gear": gear, "pushed": "always"}
        est = registry.get("yzb").work(unguarded(lambda: normalize(spec)))
        done = _done(spec)
        assert done <= est <= 3 * done, (done, est, est / done)
    finally:
        registry.unregister("yzb")


def test_a_pushed_pool_of_three_groups_of_one_chance_is_counted_not_refused(pushed):
    o = vw.odds({"edition": "pr", "base": 6, "skill": 6, "gear": 6})
    assert 0 < o.p_pass < 1


@pytest.mark.parametrize("base, skill, gear", [(8, 8, 2), (6, 6, 6)])
def test_the_memory_of_the_packed_end_holds_every_state_at_once(base, skill, gear, monkeypatch):
    """The packed end holds every state's array at once (its rows, the
    words of its digits, the packed ints): the shipped Year Zero draft pushed
    every roll at 6/6/6 held 86 MB (tracemalloc) against 2.5 MB estimated
    (343 states of 6,517 cells, two words a digit); 8/8/2, 15 MB against 0.6."""
    import gc
    import tracemalloc
    from pathlib import Path

    from venus_widgets.engine import caching

    monkeypatch.setattr(guard, "check", lambda *a, **k: None)  # (6/6/6 is refused by its time)
    text = (Path(vw.__file__).parent / "drafts" / "yze.toml").read_text(encoding="utf-8")
    vw.load_edition(text.replace('id = "yze"', 'id = "yzp"'))
    try:
        s = normalize({"edition": "yzp", "base": base, "skill": skill, "gear": gear, "pushed": "always"})
        priced = registry.get("yzp").cost(s).memory
        caching.forget_results()
        gc.collect()
        tracemalloc.start()
        try:
            vw.odds(s)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak <= priced <= 10 * peak, (peak, priced)
    finally:
        registry.unregister("yzp")
