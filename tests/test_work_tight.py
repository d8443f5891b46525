"""The work model tight both ways (issue 32 item 1, benchmarks/bench_cost.py):
a spec's estimate bounds the work its odds do and is within ten times of
it, each step priced by what it really handles; loading a draft is priced;
a spec too heavy for its odds can still be rolled.

Work is counted, never timed (tests/test_no_timing.py): each convolution
the kernel really makes is priced by the model's own price of one call
(:func:`venus_widgets.engine.drafts.whole_cost.whole_conv` for whole numbers
past 2**63, by the real lengths and the real numbers' bits; a multiply-add
a pair below; and the places of the entries that are not 0, whose runs
Python's product skips), so what is checked is that the model foresees the
calls, their lengths and their numbers. How the price of one call compares with
the clock is the benchmark's business.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition as registry
from venus_widgets.engine.contract.spec import normalize
from venus_widgets.engine.drafts import EXAMPLES, cost, kernel, powers, reroll, reroll_successes, whole, whole_cost
from work_count import CountedNumpy, unguarded

BASE = '''id = "tight"
[fields.dice]
range = [0, 1000]
default = 3
[fields.need]
range = [1, 30]
default = 1
group = "difficulty"
[dice.d]
{die}
[groups.own]
count = "dice"
[outcome]
threshold = "need"
{outcome}
{more}
'''
DEEP = 'sides = 20\nsuccess = "15+"\nexplode = "18+"\ndepth = 50\nmarks = { a = [1], b = [2], c = [20] }'
D6 = 'sides = 6\nsuccess = "5+"\nmarks = { bane = [1] }'
PUSH20 = '[reroll]\nname = "Push"\nbudget = "all_dice"\nfaces = "3-14"'
PUSH = '[reroll]\nname = "Push"\nbudget = "all_dice"\nfaces = "2-4"'


@pytest.fixture(autouse=True)
def _unregistered():
    yield
    if "tight" in registry.ids():
        registry.unregister("tight")


def load(die: str, outcome: str = "", more: str = "") -> None:
    vw.load_edition(BASE.format(die=die, outcome=outcome, more=more))


def work_done(spec: dict, exact: bool = False) -> float:
    """The work ``odds(spec)`` does (the odds' guard off), each convolution priced as the model
    prices one (by its real lengths, and in whole numbers by the bits of
    the largest entry it makes and of each array's; in float64 as numpy's
    dot products make them, :func:`.powers.dense`); a re-roll step
    counted by successes (drafts/reroll_successes.py, no convolution) by
    the entries it makes, its first rolls short of the goal as they are."""
    done = [0.0]
    conv = kernel._conv

    def counted(a: np.ndarray, b: np.ndarray, mode: str, cut: list[float] | None, sparse: bool = False) -> np.ndarray:
        out = conv(a, b, mode, cut, sparse)
        few = whole.few_cells(a, b, mode) if sparse and cut is None and a.size and b.size else None
        if few is not None:  # made pair by pair of the entries not 0
            done[0] += powers.sparse_work(few[0].size * few[1].size, a.size, b.size, few[2])
        elif mode == "exact" and out.size:
            bits = max(int(x).bit_length() for x in out)
            entry = (max(int(x).bit_length() for x in a), max(int(x).bit_length() for x in b))
            done[0] += whole_cost.whole_conv(a.size, b.size, bits, (np.flatnonzero(a), np.flatnonzero(b)), entry) \
                + cost.PER_CALL
        else:  # (a multiply-add a pair; in float64 as numpy makes them: powers.dense)
            done[0] += powers.dense(a.size, b.size, floats=out.dtype == np.float64)
        return out

    by_successes = reroll_successes.counted

    def counted_by_successes(groups, B, short, L, p, size, mode):  # (no convolution: each entry it makes)
        rolls = np.indices([g.count + 1 for g in groups]).reshape(len(groups), -1).sum(axis=0)
        rolled = int(short[rolls].sum()) if short is not None else rolls.size
        bits = math.log2(float(np.sum(by_successes(groups, B, short, L, p, size, mode)[1]))) if mode == "exact" else 0
        done[0] += reroll_successes.work(groups, B, size, bits, rolled)
        return by_successes(groups, B, short, L, p, size, mode)

    kernel._conv = reroll._conv = whole.conv = counted  # whole.power calls whole.conv
    reroll_successes.counted = counted_by_successes
    try:
        unguarded(lambda: vw.odds(spec, exact=exact))
    finally:
        kernel._conv = reroll._conv = whole.conv = conv
        reroll_successes.counted = by_successes
    return done[0]


@pytest.mark.parametrize("die, more, dice", [
    # a d20 exploding to depth 50, pushed: 2**1760 ways, 5.9 times the estimate. The re-roll step merged
    # from speed-playtest (3a57a65) makes other convolutions: priced one by one they pass the estimate
    # twice, though its time stays under it (bench_cost 0.46): the model of its step is to follow
    (DEEP, PUSH20, 4),
    (DEEP, PUSH20, 7),
    (DEEP, "", 6),  # no step: the dice to a power by squaring
    (D6, "", 400),  # many dice past 2**63 ways: 1,000 d6 took 1.25 times the estimate
    (D6, PUSH, 30),
])
def test_whole_number_counting_is_priced_by_the_size_of_its_numbers(die, more, dice):
    """Past 2**63 ways the kernel counts in Python ints, convolved by
    Kronecker substitution (one big product): its work grows with the bits
    of the numbers, not by one multiply-add a pair. The estimate was a
    pair's work times 1 + bits / 200 (a d20 exploding to depth 50 with a
    push: 4 to 6 times under); now each convolution is priced by its
    lengths and its numbers, and the model foresees them within ten times."""
    load(die, more=more)
    spec = {"edition": "tight", "dice": dice}
    est = registry.get("tight").work(_plain(spec))
    done = unguarded(lambda: work_done(spec))
    assert done <= est <= 10 * done, (done, est)


@pytest.mark.parametrize("dice, allies, kiss, ego", [
    (5, ["gold"], 2, "double6"), (12, ["gold", "silver"], 8, "double6"), (12, ["gold"], 8, "reroll"),
    (20, ["platinum", "bronze"], 6, "none"), (9, [], 4, "double6")])
def test_the_playtest_drafts_kiss_round_counted_by_successes_is_priced_as_it_is_counted(dice, allies, kiss, ego):
    """The playtest draft's re-roll step counts by successes (no state of
    re-rolls made, no convolution): the estimate prices that count, not the
    states', and stays within ten times of the work done, floats and exact."""
    vw.load_edition(EXAMPLES / "playtest.toml")
    try:
        spec = {"edition": "playtest-draft", "roll": "task", "caliber": "silver", "dice": dice, "allies": allies,
                "factors": 2, "kiss": kiss, "ego": ego, "consequences": 1}
        est = registry.get("playtest-draft").work(_plain(spec))
        for exact in (False, True):
            done = unguarded(lambda: work_done(spec, exact))
            assert done <= est <= 10 * done, (exact, done, est)
    finally:
        registry.unregister("playtest-draft")


def _plain(spec: dict) -> dict:
    """The spec normalized with the odds guard off."""
    return unguarded(lambda: normalize(spec))



def test_a_roll_too_heavy_to_count_can_still_be_rolled():
    """The odds' cost guard ran in normalize, so every entry point refused a
    spec whose odds are too heavy, a single roll too (the fuzz of 25 drafts:
    two rolls refused that take milliseconds). A roll, a table's entered
    roll and many rolls check the fields and the edition's rules, and their
    own cost; the odds of the same spec are still refused naming the field,
    and so is any call that counts them from the roll's spec."""
    from work_count import calls

    load(DEEP, more=PUSH20)
    spec = {"edition": "tight", "dice": 40}
    with pytest.raises(vw.SpecError) as err:
        vw.odds(spec)
    assert err.value.field == "dice"
    r, n = calls(vw.roll, spec, seed=1)
    assert not isinstance(r, Exception), r
    assert n < 20_000 and r.outcome >= 0
    with pytest.raises(vw.SpecError) as err:  # many rolls: by their own guard (a block's memory), not the odds'
        vw.roll_many({**spec, "dice": 1000}, 100, seed=1)  # (an estimated 260 MB a block; 183 MB measured)
    assert err.value.field == "n" and "vw.roll makes one roll" in str(err.value)
    assert len(vw.roll_many({**spec, "dice": 4}, 100, seed=1)) == 100
    faces = [1] * 40
    assert vw.enter(spec, faces).outcome == 0
    with pytest.raises(vw.SpecError) as err:
        vw.odds(r.spec)  # the roll's spec is priced before its odds are counted
    assert err.value.field == "dice"


MARKS_READ = ('sides = 20\nsuccess = "15+"\nexplode = "17+"\ndepth = 50\n'
              'marks = { a = [1], b = [2], c = [20], d = [19], e = [18], f = [17] }')


def test_loading_a_draft_prices_the_die_tables_it_counts():
    """A draft counts its dice's tables as it loads (the rules as written)
    and reads its roll at the defaults and at the ends of its difficulty
    field: none of it was priced, and a d20 exploding on 17+ to depth 50
    whose formula reads two of the marks it explodes on never finished
    loading (its tables alone took 13 s of estimate, 1.7 s real, per
    reading). Now each table is priced before it is counted and those past
    a tenth of a spec's budget are counted when a spec rolls them, in that
    spec's estimate; the odds read at load are priced by the guard."""
    from venus_widgets.engine.drafts import dice, edition, step_cost

    built = [0.0]
    ways, conv = dice.die_ways, kernel._conv

    def counted_ways(t, V, mode, *a, **k):
        built[0] += step_cost.table_work(t, V, mode)
        return ways(t, V, mode, *a, **k)

    dice.die_ways = counted_ways
    try:
        load(MARKS_READ, 'value = "successes + c + d"')
    finally:
        dice.die_ways = ways
    assert built[0] <= 1.1 * cost.LIMIT  # the tables kept (a tenth of a budget), and a spec read at load
    with pytest.raises(vw.SpecError) as err:  # 3 dice (the default): the table alone is past the budget
        vw.odds({"edition": "tight", "dice": 3})
    assert err.value.field == "dice"
    assert vw.roll({"edition": "tight", "dice": 3}, seed=1).outcome >= 0
    with pytest.raises(vw.SpecError) as err:  # one die: the refusal says which part is too heavy
        vw.odds({"edition": "tight", "dice": 1})
    assert "the table of one die of the group own: explosions up to 50 deep" in str(err.value)


CHAIN = 'sides = 10\nsuccess = "8+"\nexplode = [10]\ndepth = "unbounded"'


def test_the_memory_of_many_rolls_counts_every_level_of_a_chain():
    """``roll_many`` rolls a block of 16,384 rolls at once, each level of an
    exploding die's chain a whole array of the block's dice, stacked and
    read: a block holds every level. The estimate held the first level only
    (1,000 exploding d10: 0.9 GB priced, 5.6 GB held). Measured with
    tracemalloc: the estimate bounds the peak and is within ten times of it."""
    import tracemalloc

    from venus_widgets.engine.contract import guard

    load(CHAIN)
    spec = {"edition": "tight", "dice": 6}
    priced = guard.block_bytes(normalize(spec))
    tracemalloc.start()
    try:
        vw.roll_many(spec, 1000, seed=1)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak <= priced <= 10 * peak, (peak, priced)


RUNGS_OF_DICE = '''id = "tight"
[fields.dice]
range = [1, 1000]
default = 1
group = "difficulty"
[dice.d0]
sides = 100
success = "1-13"
marks = { bane = [1] }
[dice.d1]
sides = 6
success = { but = [1] }
[groups.g0]
die = "d0"
count = "dice"
[groups.g1]
die = "d1"
count = "dice"
[outcome]
threshold = 1
value = "-1"
[reroll]
budget = "all_dice"
when = "short"
'''


def test_a_ladder_of_rungs_too_heavy_to_count_is_priced_and_refused_in_bounded_work():
    """The fuzz's draft whose ladder runs over its count of dice (1 to 1,000,
    a d100 and a d6 per step, every die re-rollable): the FC screen priced
    its ladder from a sample of 24 rungs, each rung the guard refused priced
    as nothing, then counted the rungs, and each refused rung ran the
    guard's search for the nearest value that fits (a model whose loops
    grew with the re-rolls: 0.2 s an estimate): over 120 s. Now a refused
    rung is priced by its estimate, the model's loops are bounded, and the
    ladder is refused in words naming the party, in bounded work."""
    from work_count import calls

    vw.load_edition(RUNGS_OF_DICE)
    err, n = calls(lambda: vw.FCScreen({"A": {"edition": "tight"}}), budget=2_000_000)
    assert isinstance(err, vw.SpecError), err
    assert err.field == "party" and "a ladder of fewer rungs" in str(err)
    ed = registry.get("tight")
    _, n_100 = calls(lambda: ed.cost(_plain({"edition": "tight", "dice": 100})))
    _, n_1000 = calls(lambda: ed.cost(_plain({"edition": "tight", "dice": 1000})))
    assert n_1000 < 10_000 and n_1000 < 1.5 * n_100  # the model's own work: bounded, whatever the dice


READINGS = ('id = "tight"\n[fields.n]\nrange = [0, 3]\ndefault = 1\n[fields.m]\nrange = [0, 2]\ndefault = 1\n'
            '[dice.a]\nsides = 4\nsuccess = []\nmarks = { top = [4] }\nexplode = [4]\ndepth = 2\n'
            '[groups.own]\ndie = "a"\ncount = "n"\n[groups.ally]\ndie = "a"\ncount = "m"\n'
            '[outcome]\nvalue = "highest()"\nthreshold = 0\n'
            '[events]\n"event 0" = "count(top) * 2 > all_dice"\n"event 1" = "highest() == lowest()"\n'
            '[double]\nadds = "top"\n')


def test_three_exploding_d4_read_in_order_are_not_refused():
    """Found by the suite's hypothesis search of readings (test_drafts_readings,
    random outside CI): exact odds of three d4 exploding twice, read by
    highest() and lowest() with two events and a doubling step, take 0.01 s
    and 0.04 MB and were refused as 51 MB: their cells were bounded by the
    rolls the dice can make (133,120), now by the walk's own (a reading in
    order spans one die's values): 0.11 MB."""
    vw.load_edition(READINGS)
    assert len(vw.odds({"edition": "tight", "n": 1, "m": 2}, exact=True).distribution) == 10


ENDLESS = 'sides = 6\nsuccess = [6]\nexplode = "2+"\ndepth = "unbounded"'


@pytest.mark.parametrize("die, outcome, dice", [
    (ENDLESS, 'value = "total"', 5), (ENDLESS, 'value = "total"', 30), (ENDLESS, 'value = "total"', 100),
    (ENDLESS, "", 30), (CHAIN, 'value = "total"', 30), (CHAIN, 'value = "total"', 1000),
])
def test_dice_exploding_without_end_are_priced_by_the_tails_the_kernel_keeps(die, outcome, dice):
    """Dice without a depth are followed until less than 1e-18 of a chain is
    left (227 levels for a d6 exploding on 2+): the model priced every
    array over that whole range (30 such dice, a total: 0.9 s estimated,
    refused; 4 ms real), while the kernel cuts each array's end below 1e-20.
    The model bounds how far the kept arrays reach (a Chernoff bound from
    the die's faces) and foresees the convolutions within ten times."""
    load(die, outcome=outcome)
    spec = {"edition": "tight", "dice": dice}
    est = registry.get("tight").work(_plain(spec))
    done = unguarded(lambda: work_done(spec))
    assert done <= est <= 10 * done, (done, est)
    if dice == 30:
        assert 0 < vw.odds(spec).p_pass <= 1  # not refused


#: a d2 exploding to depth 3 (a mark doubled) and a d6 exploding without end cancelling it, one group each
#: (sweep_cost seed 7, draft 45): refused at 20 of each, estimated 1.2 s for 0.06 s real
CANCELLING = '''id = "tight"
[fields.dice]
range = [0, 30]
default = 4
[fields.need]
range = [1, 10]
default = 2
group = "difficulty"
[dice.d0]
sides = 2
success = "1-1"
successes = { 2 = -1 }
marks = { crit = [2] }
explode = [2]
depth = 3
[dice.d1]
sides = 6
success = "4+"
explode = [6]
depth = "unbounded"
[groups.g0]
die = "d0"
count = "dice"
[groups.g1]
die = "d1"
count = "dice"
cancels = true
[outcome]
threshold = 2
value = "0"
[double]
adds = "crit"
'''


@pytest.mark.parametrize("dice", [10, 20, 30])
def test_dice_without_end_are_added_up_on_their_lattice_and_in_float64(dice):
    """The kernel adds a die's array up on its lattice (the d6's successes,
    packed 101 apart, 26 entries long, not 2,526), dice without end too, in
    float64, where numpy's dot products make a multiply-add far cheaper than
    int64's: the model priced the d6's power as arrays 101 times as long and
    every multiply-add as int64's (refused at 20 dice for 0.06 s real, a
    false refusal); now within three times of the work counted."""
    vw.load_edition(CANCELLING)
    spec = {"edition": "tight", "dice": dice, "need": 10}
    est = registry.get("tight").work(_plain(spec))
    done = unguarded(lambda: work_done(spec))
    assert done <= est <= 3 * done, (done, est, est / done)
    if dice == 20:
        assert 0 <= vw.odds(spec).p_pass <= 1  # not refused


#: CANCELLING read for its total, one d6 without end: the places the dice reach spread (the total moves
#: them), so the model priced the d2's powers pair by pair of the cells reached (sparse), which the kernel
#: never does where tails are cut (dice without end): a full convolution
SPREAD_CANCELLING = CANCELLING.replace('value = "0"', 'value = "total"').replace(
    '[groups.g1]\ndie = "d1"\ncount = "dice"', '[groups.g1]\ndie = "d1"\ncount = 1')


@pytest.mark.parametrize("dice", [4, 8])
def test_dice_without_end_whose_places_spread_are_priced_as_full_convolutions(dice):
    """A review of the lattice pricing (issue 32): with dice without end in
    the roll the kernel cuts each power's tails, and a power with cut tails
    is never made pair by pair of its cells not 0; the model priced it so
    where the places spread (value = total): estimate/work 0.68-0.85, under
    the work done."""
    vw.load_edition(SPREAD_CANCELLING)
    spec = {"edition": "tight", "dice": dice, "need": 10}
    est = registry.get("tight").work(_plain(spec))
    done = unguarded(lambda: work_done(spec))
    assert done <= est <= 3 * done, (done, est, est / done)


def test_a_table_of_a_die_without_end_is_priced_as_numpy_convolves_floats():
    """A d6 without end whose successes cancel, read for its total (SPREAD_CANCELLING, no d2 rolled):
    its table is 24 convolutions of arrays 3,726 long, in float64, numpy's dot products; priced a
    multiply-add a pair, 3.5e8, about 0.43 s for 0.07 s real, most of the 0.5 s one roll may take:
    the draft nearly refused at load (issue 32). Within twice those convolutions as
    numpy makes them (:func:`.powers.dense`)."""
    from venus_widgets.engine.drafts import dice, outcome, step_cost

    vw.load_edition(SPREAD_CANCELLING)
    p = registry.get("tight").plan(_plain({"edition": "tight", "dice": 0, "need": 10}))
    (g,) = [g for g in p.groups if g.count]
    rows = step_cost._rows(p, g, kernel.tracked(p))
    assert dice.levels(g.table) > 20 and len(rows) == 3 and not outcome.shown_marks(p)
    done = [0.0]
    dice.np = CountedNumpy(done, lambda a, b: powers.dense(np.size(a), np.size(b),
                                                           floats=np.asarray(a).dtype == np.float64))
    try:
        dice.die_ways(g.table, rows, step_cost.table_mode(p))
    finally:
        dice.np = np
    priced = step_cost.table_work(g.table, rows, step_cost.table_mode(p))
    assert done[0] <= priced <= 2 * done[0], (done[0], priced, priced / done[0])
    assert 0 <= vw.odds({"edition": "tight", "dice": 0, "need": 10}).p_pass <= 1  # not refused
