"""The user test of drafts as data (a designer from the docs alone), at the
table: the doubling step under any field's name (finding 6), marks shown
(finding 5) and the words (finding 7)."""

from __future__ import annotations

import pytest

import venus_widgets as vw
from venus_widgets.engine import edition
from venus_widgets.engine.drafts import load_edition
from venus_widgets.engine.spec import normalize

GRIT = '''
id = "grit"
[fields.dice]
range = [1, 6]
default = 3
[fields.need]
range = [1, 5]
default = 2
group = "difficulty"
[fields.grit]
default = false
group = "kiss"
[fields.rerolls]
range = [0, 3]
default = 1
group = "kiss"
[dice.d6]
sides = 6
success = "5+"
marks = { six = [6] }
[groups.own]
count = "dice"
[outcome]
threshold = "need"
[reroll]
budget = "rerolls"
[double]
name = "Grit"
adds = "six"
if = "grit"
label = "Grit: 6s count twice"
'''


@pytest.fixture
def grit():
    ed = load_edition(GRIT)
    yield ed
    edition.unregister("grit")


def _seed_where_grit_helps(spec):
    for seed in range(1, 500):
        r = vw.roll(spec, seed=seed, kiss=[], ego=False)
        sixes = sum(1 for d in r.dice if d.after == 6)
        if r.outcome < spec["need"] <= r.outcome + sixes:
            return seed
    raise AssertionError("no seed")


def test_the_doubling_step_under_a_field_not_named_ego_is_a_button(grit):
    """[double] if = "grit": the roller offers the step after the dice stand
    (it was applied silently, with no button), and spending it passes."""
    spec = {"edition": "grit", "dice": 3, "need": 3, "grit": True, "rerolls": 0}
    seed = _seed_where_grit_helps(spec)
    w = vw.TaskRoller(edition="grit", dice=3, need=3, grit=True, rerolls=0)
    w.roll_dice(seed=seed)
    assert w.table["phase"] != "done" and w.table.get("ego_after"), w.table
    before = vw.roll(spec, seed=seed, kiss=[], ego=False).outcome
    w._handle_custom_msg({"do": "spend_ego"}, [])
    assert not w.error, w.error
    assert "Grit" in w.status or "Grit" in str(w.table), w.status


def test_roll_with_ego_true_on_a_doubling_step_under_another_name(grit):
    """vw.roll(spec, ego=True) said "this grit task has no Ego"."""
    spec = {"edition": "grit", "dice": 3, "need": 3, "grit": True, "rerolls": 0}
    seed = _seed_where_grit_helps(spec)
    r = vw.roll(spec, seed=seed, ego=True)
    assert r.ego_spent and r.outcome >= 3
    assert vw.roll(spec, seed=seed, ego=False).outcome < 3
    with pytest.raises(vw.SpecError) as err:
        vw.roll({**spec, "grit": False}, seed=seed, ego=True)
    assert err.value.field == "ego" and "grit" in str(err.value) and "Ego" not in str(err.value), str(err.value)


def test_roll_with_ego_true_on_a_draft_without_doubling_step():
    load_edition(GRIT.split("[double]")[0].replace('id = "grit"', 'id = "nogrit"'))
    try:
        with pytest.raises(vw.SpecError) as err:
            vw.roll({"edition": "nogrit"}, seed=1, ego=True)
        assert err.value.field == "ego"
    finally:
        edition.unregister("nogrit")
