"""A call of many odds priced knowing which specs share their counts (issue
32, the cost model): a draft's counts are kept for the specs that differ only
in what the counting does not read (:mod:`venus_widgets.engine.drafts.counts_kept`),
so a ladder over the successes needed, or over a field the dice do not read,
counts the dice once; :func:`venus_widgets.engine.contract.work.price` charges
the counting once a call and each other rung its outcome, and only where the
store surely keeps them (no re-roll step, at most ``KEPT`` keys in the call,
counts of at most ``MOST_KEPT`` cells).

Work is counted, never timed: each convolution the kernel makes is priced by
its lengths (a multiply-add a pair, plus a numpy call's fixed work), as in
tests/test_work_tight.py.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import venus_widgets as vw
from venus_widgets.engine import caching
from venus_widgets.engine.contract import cost as budget, edition as registry, guard, work
from venus_widgets.engine.contract.spec import normalize
from venus_widgets.engine.drafts import cost, counts_kept, dice, kernel, outcome, powers, reroll, step_cost, whole, whole_cost
from venus_widgets.engine.drafts.edition import counted
from work_count import CountedNumpy

DRAFT = '''id = "kept"
[fields.dice]
range = [0, 1000]
default = {dice}
[fields.need]
range = [1, 30]
default = 1
group = "difficulty"
[fields.x]
range = [0, 30]
default = 0
[dice.d]
{die}
[groups.own]
count = "dice"
[outcome]
threshold = "need"
{outcome}
[ladder]
field = "{field}"
from = {lo}
to = 30
{more}
'''
DEEP = 'sides = 20\nsuccess = "15+"\nexplode = "18+"\ndepth = 50\nmarks = { a = [1], b = [2], c = [20] }'
D10 = 'sides = 10\nsuccess = "6+"\nexplode = [10]\ndepth = 8\nmarks = { bane = [1] }'
PUSH = '[reroll]\nname = "Push"\nbudget = "all_dice"\nfaces = "3-14"'


@pytest.fixture(autouse=True)
def _unregistered():
    caching.forget_results()
    yield
    if "kept" in registry.ids():
        registry.unregister("kept")
    caching.forget_results()


def load(die: str = DEEP, dice: int = 6, field: str = "x", outcome_: str = "", more: str = "") -> dict:
    vw.load_edition(DRAFT.format(die=die, dice=dice, field=field, lo=0 if field == "x" else 1, outcome=outcome_,
                                 more=more))
    return {"edition": "kept", "dice": dice}


def conv_work(call) -> tuple[object, float]:
    """``(result, work)``: the multiply-adds of every convolution ``call()``
    makes, the kernel's (in whole numbers past 2**63 ways priced as
    tests/test_work_tight.py does) and the die tables'."""
    done = [0.0]
    conv = kernel._conv

    def counting(a: np.ndarray, b: np.ndarray, mode: str, cut: list[float] | None, sparse: bool = False) -> np.ndarray:
        out = conv(a, b, mode, cut, sparse)
        few = whole.few_cells(a, b, mode) if sparse and cut is None and a.size and b.size else None
        if few is not None:  # made pair by pair of the entries not 0
            done[0] += powers.sparse_work(few[0].size * few[1].size, a.size, b.size, few[2])
        elif mode == "exact" and out.size:  # Python ints: priced by the bits of the largest entry made
            entry = (max(int(x).bit_length() for x in a), max(int(x).bit_length() for x in b))
            done[0] += whole_cost.whole_conv(a.size, b.size, max(int(x).bit_length() for x in out),
                                             (np.flatnonzero(a), np.flatnonzero(b)), entry) + cost.PER_CALL
        else:
            done[0] += a.size * b.size + cost.PER_CALL
        return out

    kernel._conv = reroll._conv = whole.conv = counting
    dice.np = CountedNumpy(done, lambda a, b: np.size(a) * np.size(b) + cost.PER_CALL)  # type: ignore[assignment]
    try:
        return call(), done[0]
    finally:
        kernel._conv = reroll._conv = whole.conv = conv
        dice.np = np


def units(seconds: float) -> float:
    """Seconds of the model in its multiply-adds (:data:`.cost.LIMIT` a budget)."""
    return seconds / cost.WORK_SECONDS


def ladder_jobs(spec: dict) -> list[work.Job]:
    s = normalize(spec)
    return [work.Job(s, registry.get(s["edition"]).ladder_settings(s))]


def full(jobs: list[work.Job]) -> float:
    """The call priced spec by spec from each spec's own estimate, as if no counts were shared (past
    ``SAMPLED`` settings, evenly spaced ones stand for all, a setting between two sampled ones as their
    mean), less the fixed work a draft's specs share (:attr:`.cost.Cost.shared_seconds`, the same for
    each spec of one draft and rules), which every spec that shares it saves but the first: a sampled
    spec counted (not refused by the cost guard), and the settings between two such. Counted here from
    the estimates, not by the pricing under test."""
    total, shared, sharing = 0.0, set(), 0
    for job in jobs:
        n = len(job.settings)
        at = list(range(n)) if n <= work.SAMPLED else sorted({round(i * (n - 1) / (work.SAMPLED - 1))
                                                              for i in range(work.SAMPLED)})
        seconds, counted = [], []
        for i in at:
            s = normalize({**job.spec, **job.settings[i]}, priced=False)
            c = guard.estimate(s)
            fits = guard.within(c)  # else refused by the cost guard without any work: its refusal's price
            # (with the check's estimate as counted while made: :attr:`.cost.Cost.estimate`)
            seconds.append(c.seconds + c.estimate_seconds + work.PER_ODDS if fits else
                           work.PER_ODDS + max(work.REFUSED, c.check_seconds + c.estimate_seconds))
            saves = fits and job.kind == "odds" and c.shared_seconds > 0
            if saves:
                shared.add((s["edition"], repr(s.get("rules")),
                            min(c.shared_seconds, c.finish_seconds + c.estimate_kept_seconds + work.PER_ODDS)))
            counted.append(saves)
        total += sum(seconds) * n / len(seconds)
        sharing += sum(counted) + sum(b - a - 1 for (a, x), (b, y) in zip(zip(at, counted), zip(at[1:], counted[1:]))
                                      if x and y)
    assert len(shared) <= 1, shared  # one draft, one rules, one shared work: what these tests price
    return total - max(sharing - 1, 0) * (next(iter(shared))[2] if shared else 0.0)


@pytest.mark.parametrize("die, dice, field", [(DEEP, 6, "x"), (DEEP, 6, "need"), (D10, 50, "x")])
def test_a_ladder_whose_rungs_share_their_counts_is_priced_by_the_counting_once(die, dice, field):
    """31 rungs of a d20 exploding to depth 50 over a field nothing reads
    (bench_cost: estimated 2.9 s, 0.07 s real; the fuzz's FC screen of 50
    d10, refused at 2.9 s, about 0.1 s real): each rung was priced with the
    whole counting, so the ladder was refused; the store counts the dice
    once. Now the ladder is accepted, its estimate is at least the work done
    and within ten times of it."""
    spec = load(die, dice, field)
    jobs = ladder_jobs(spec)
    priced = work.price(jobs)
    assert full(jobs) > work.MAX_CALL_SECONDS  # priced rung by rung, the ladder would be refused
    assert priced.seconds <= work.MAX_CALL_SECONDS and priced.specs == len(jobs[0].settings) >= 30
    rungs, done = conv_work(lambda: vw.ladder(spec))  # the ladder checks its price first: not refused
    assert len(rungs) == priced.specs
    _, once = conv_work(lambda: (caching.forget_results(), vw.odds(spec)))
    assert done == once  # the dice counted once for the 31 rungs
    assert done <= units(priced.seconds) <= 10 * done, (done, units(priced.seconds))


def test_a_rung_that_shares_its_counts_is_still_charged_its_outcome():
    """Never nothing: a rung whose counts are at hand reads them by its
    outcome, and the call's fixed work."""
    spec = load()
    c = guard.estimate(normalize(spec))
    assert c.kept and 0 < c.finish_seconds < c.seconds / 10
    priced = work.price(ladder_jobs(spec))
    assert c.finish_seconds > c.shared_seconds > 0  # its outcome, less the fixed work a draft's specs share
    assert priced.seconds >= c.seconds + 30 * (c.finish_seconds - c.shared_seconds + work.PER_ODDS)


def test_a_call_touching_more_counts_than_are_kept_is_priced_in_full():
    """Past ``KEPT`` keys in one call the store may drop counts before a
    rung asks for them again: every spec is priced with its counting."""
    spec = load()
    members = lambda n: [work.Job(normalize({**spec, "dice": d}), [{"need": k} for k in (1, 2, 3)])  # noqa: E731
                         for d in range(1, n + 1)]
    keys = len(guard.estimate(normalize(spec)).kept)  # the counts and those without each mark shown
    fit = counts_kept.KEPT // keys
    assert work.price(members(fit)).seconds < full(members(fit)) / 2
    assert work.price(members(fit + 1)).seconds == pytest.approx(full(members(fit + 1)))


def test_a_sampled_ladder_over_the_counted_dice_is_priced_in_full():
    """A ladder over the count of dice: every rung has counts of its own,
    and the rungs a sample leaves out may each touch keys of their own."""
    spec = load(field="need")
    s = normalize({**spec, "dice": 3})
    jobs = [work.Job(s, [{"dice": d} for d in range(1, 201)])]
    assert work.price(jobs).seconds == pytest.approx(full(jobs))


def test_a_re_roll_step_and_a_code_edition_are_priced_rung_by_rung():
    """The step's choice reads the goal and the outcome: its counts are not kept."""
    spec = load(more=PUSH, dice=4)
    assert guard.estimate(normalize(spec)).kept == ()
    jobs = ladder_jobs(spec)
    assert work.price(jobs).seconds == pytest.approx(full(jobs))
    task = normalize({"roll": "task", "dice": 3})
    assert guard.estimate(task).kept == ()
    jobs = [work.Job(task, [{"dice": n} for n in range(1, 31)])]
    assert work.price(jobs).seconds == pytest.approx(full(jobs))


@pytest.mark.parametrize("die, dice, outcome_", [
    (DEEP, 6, ""), (D10, 50, ""), (D10, 3, 'value = "total"'), (D10, 4, 'value = "highest(2)"'),
    ('sides = 6\nsuccess = "5+"\nmarks = { bane = [1], boon = [6] }', 20, 'value = "successes * 10 + count(bane)"'),
    # each coin a success or a bane, never both: 101 kinds of roll, but the counts pack both quantities,
    # 101 x 101 cells (fuzz_drafts seed 47: priced by the kinds of roll, 34,000 cells for a million)
    ('sides = 2\nsuccess = [2]\nmarks = { bane = [1] }', 100, 'value = "successes * 2 - bane"'),
])
def test_the_counts_kept_hold_at_most_the_cells_the_model_prices(die, dice, outcome_):
    """A spec priced as kept is kept: the counts hold no more cells than the
    model's bound (the whole range of each quantity; the walk's own cells),
    and the store keeps every count its odds made."""
    spec = normalize(load(die, dice, outcome_=outcome_))
    ed = registry.get("kept")
    p = ed.plan(spec)
    names, shown = kernel.tracked(p), outcome.shown_marks(p)
    bound = step_cost.odds_steps(p, names, shown).cells
    assert counted(p, False).final.size <= bound
    for m in shown:
        assert counted(p, False, without=m).final.size <= bound
    keys, keeps = counts_kept.priced(p, False, shown, bound)
    assert keeps == (bound <= counts_kept.MOST_KEPT) and keeps
    assert counts_kept.priced(p, False, shown, counts_kept.MOST_KEPT + 1) == (keys, False)  # too large to keep
    caching.forget_results()
    vw.odds(spec)
    mode = kernel.mode_of(p, False)
    assert counts_kept._KEPT._store.get(counts_kept.key_of(p, mode, "")) is not None


def test_counts_in_python_ints_are_kept_only_while_small():
    """Counts in Python ints take about ten times the memory of float64 per
    cell: sixteen kept counts of a million such cells would hold over a GB
    that no price counts. What the store may hold, all counts full, stays
    under the 200 MB a call may take; counts in Python ints are kept, and
    priced as kept, only up to ``MOST_KEPT_EXACT`` cells."""
    spec = normalize(load('sides = 10\nsuccess = "6+"\nmarks = { bane = [1] }', 3))
    p = registry.get("kept").plan(spec)
    shown = outcome.shown_marks(p)
    cap = counts_kept.MOST_KEPT_EXACT
    # both arrays of every kept count: 80 bytes a cell in Python ints, 8 in float64
    assert cap * 80 * counts_kept.KEPT * 2 <= budget.MAX_ROLL_BYTES
    assert counts_kept.MOST_KEPT * 8 * counts_kept.KEPT * 2 <= budget.MAX_ROLL_BYTES
    keys, keeps = counts_kept.priced(p, True, shown, cap)
    assert keeps
    assert counts_kept.priced(p, True, shown, cap + 1) == (keys, False)
    assert counts_kept.priced(p, False, shown, cap + 1)[1]  # float64 counts: kept up to MOST_KEPT
    caching.forget_results()
    real = counted(p, True)
    big = dataclasses.replace(real, final=np.zeros(cap + 1, dtype=object))
    assert counts_kept.kept(p, "exact", "", lambda: big) is big
    assert counts_kept._KEPT._store.get(counts_kept.key_of(p, "exact", "")) is None
