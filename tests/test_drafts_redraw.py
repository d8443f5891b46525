"""A die that rolls again, without end, on faces that count nothing
(:mod:`venus_widgets.engine.drafts.redraw`): a chain only delays the stop,
so the odds are a fraction, the die one of its other faces, each as likely.
Checked against icepool (its ``reroll``, without end), against the same
die with a depth (the odds converge to it), and the work model tight both
ways on it (issue 32). A chain that counts as it goes (a face read by
``total``, or a face that scores) still rolls on, its tail cut."""

from __future__ import annotations

from fractions import Fraction

import icepool
import numpy as np
import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition as registry
from venus_widgets.engine.contract import guard
from venus_widgets.engine.contract.spec import normalize

from test_work_tight import work_done

DRAFT = '''id = "redraw"
[fields.dice]
range = [0, 400]
default = 3
[fields.need]
range = [1, 30]
default = 1
group = "difficulty"
[dice.d]
sides = 6
success = "5+"
explode = [{boom}]
depth = "{depth}"
marks = {{ bane = [{bane}] }}
[groups.own]
count = "dice"
[outcome]
threshold = "need"
value = "{value}"
'''


@pytest.fixture(autouse=True)
def _unregistered():
    yield
    if "redraw" in registry.ids():
        registry.unregister("redraw")


def load(boom: str = "1, 2", depth: str = "unbounded", value: str = "successes", bane: str = "3") -> None:
    vw.load_edition(DRAFT.format(boom=boom, depth=depth, value=value, bane=bane))


def peer(dice: int, again: list[int]) -> dict[int, Fraction]:
    """Successes of ``dice`` d6 (5 or 6 a success), each of ``again`` rolled again without end: icepool."""
    die = icepool.d6.reroll(again, depth="inf").map(lambda f: int(f >= 5))
    pool = dice @ die if dice else icepool.Die([0])
    return {int(k): Fraction(q, pool.denominator()) for k, q in pool.items()}


@pytest.mark.parametrize("boom, dice", [("1, 2", 5), ("1", 0), ("1", 1), ("1, 2, 3, 4", 9), ("3", 40)])
def test_the_odds_are_icepools_fractions(boom, dice):
    load(boom, bane="6")
    o = vw.odds({"edition": "redraw", "dice": dice, "need": 2}, exact=True)
    want = peer(dice, [int(f) for f in boom.split(",")])
    assert o.distribution == {k: v for k, v in want.items() if v}
    assert o.p_pass == sum(v for k, v in want.items() if k >= 2)
    f = vw.odds({"edition": "redraw", "dice": dice, "need": 2})
    assert f.truncated == 0 and not f.notes
    assert f.distribution == {k: float(v) for k, v in want.items() if v}  # correctly rounded


def test_a_mark_on_another_face_is_counted_among_the_faces_that_stop():
    """Successes less the dice showing the mark (face 3; 1 and 2 rolled again): icepool's."""
    load("1, 2", bane="3", value="successes - bane")
    o = vw.odds({"edition": "redraw", "dice": 4}, exact=True)
    die = icepool.d6.reroll([1, 2], depth="inf").map(lambda f: int(f >= 5) - int(f == 3))
    pool = 4 @ die
    assert o.distribution == {int(k): Fraction(q, pool.denominator()) for k, q in pool.items()}


def test_a_depth_converges_to_it():
    """The same die with a depth of 40: within (2/6)**41 per die of the odds without end."""
    load("1, 2")
    a = vw.odds({"edition": "redraw", "dice": 3, "need": 2}, exact=True)
    load("1, 2", depth="40")
    b = vw.odds({"edition": "redraw", "dice": 3, "need": 2}, exact=True)
    assert a.distribution.keys() == b.distribution.keys()
    assert all(abs(a.distribution[k] - b.distribution[k]) < 3 * Fraction(2, 6) ** 41 for k in a.distribution)
    assert a.p_pass != b.p_pass


@pytest.mark.parametrize("kw", [{"value": "total"}, {"boom": "5"}, {"bane": "1"}, {"value": "highest()"}],
                         ids=["read by total", "a face that scores", "a face that shows a mark", "read in order"])
def test_a_chain_that_counts_still_rolls_on(kw):
    """A face rolled again that counts something (its number in a total, a
    success, a mark): the chain adds as it goes; the odds are cut, not a fraction."""
    load(**kw)
    spec = {"edition": "redraw", "dice": 3}
    assert vw.odds(spec).truncated > 0
    with pytest.raises(vw.SpecError):
        vw.odds(spec, exact=True)


def test_the_rolls_still_roll_each_chain():
    """At the table each 1 or 2 is rolled again: the dice a roll shows
    include the re-rolled ones, and each die stops on 3 to 6."""
    load("1, 2")
    seen = 0
    for seed in range(20):
        r = vw.roll({"edition": "redraw", "dice": 6}, seed)
        seen += sum(d.exploded_from is not None for d in r.dice)
        assert r.outcome == sum(d.after >= 5 for d in r.dice)
    assert seen > 0
    got = vw.roll_many({"edition": "redraw", "dice": 6}, 20_000, 3)
    o = vw.odds({"edition": "redraw", "dice": 6})
    assert abs(float(np.mean(got)) - o.mean) < 5 * o.sd / np.sqrt(20_000)


@pytest.mark.parametrize("dice", [30, 400])
def test_the_work_model_is_tight_on_it(dice):
    load("1, 2")
    spec = {"edition": "redraw", "dice": dice}
    check = guard.check
    guard.check = lambda *a, **k: None
    try:
        est = registry.get("redraw").work(normalize(spec))
        done = work_done(spec)
    finally:
        guard.check = check
    assert done <= est <= 10 * done, (done, est)
