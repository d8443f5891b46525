"""The user test of drafts as data (a designer from the docs alone), at the
table: the doubling step under any field's name (finding 6), marks shown
(finding 5) and the words (finding 7)."""

from __future__ import annotations

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.drafts import load_edition
from venus_widgets.engine.contract.spec import normalize

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


STRESS = '''
id = "stress"
[fields.dice]
range = [1, 10]
default = 4
group = "ability"
label = "Base dice"
[fields.stress]
range = [0, 6]
default = 2
label = "Stress dice"
[fields.need]
range = [1, 4]
default = 1
group = "difficulty"
label = "Sixes needed"
[dice.base]
sides = 6
success = [6]
[dice.sd]
sides = 6
success = [6]
marks = { complication = [1] }
[groups.own]
die = "base"
count = "dice"
[groups.stressed]
die = "sd"
count = "stress"
[outcome]
name = "sixes"
unit = ["six", "sixes"]
threshold = "need"
[reroll]
name = "Push"
budget = "all_dice"
faces = "2-5"
'''


@pytest.fixture
def stress():
    ed = load_edition(STRESS)
    yield ed
    edition.unregister("stress")


def _seed_with_a_complication(spec):
    for seed in range(1, 500):
        r = vw.roll(spec, seed=seed)
        if r.details["complication"] and r.outcome < 2:
            return seed, r
    raise AssertionError("no seed")


def test_a_mark_shows_on_its_die_in_the_legend_and_in_the_result(stress):
    """A 1 on a stress die showed as "✗ no six": no word of the complication anywhere."""
    spec = normalize({"edition": "stress", "dice": 2, "stress": 3})
    seed, r = _seed_with_a_complication(spec)
    w = vw.TaskRoller(edition="stress", dice=2, stress=3)
    w.roll_dice(seed=seed)
    if w.table["phase"] == "kiss":
        w._handle_custom_msg({"do": "commit"}, [])
    assert not w.error, w.error
    t = w.table
    assert t["phase"] in ("spend", "done"), t["phase"]  # the dice stand
    shown = [d for d in t["dice"] if d["owner"] == "stressed" and d["after"] == 1]
    assert shown and all("complication" in d["mark"] and "complication" in d["contribution"] for d in shown), t["dice"]
    assert not any("complication" in d["mark"] for d in t["dice"] if d not in shown)
    assert any("complication" in x["meaning"] for x in t["legend"]), t["legend"]
    assert "complication" in w.status, w.status


def test_words_name_a_mark(stress):
    """[words] marks = { complication = ["complication", "complications"] }, and {marks} in the sentence."""
    text = STRESS.replace('id = "stress"', 'id = "stress-words"') + '''
[words]
sentence = "{verdict}: {value} {unit} ({marks})"
marks = { complication = ["trouble", "troubles"] }
'''
    load_edition(text)
    try:
        spec = normalize({"edition": "stress-words", "dice": 2, "stress": 3})
        seed, r = _seed_with_a_complication(spec)
        from venus_widgets.engine.contract.table_answers import Choices

        sentence = edition.get("stress-words").at_table.sentence(spec, r, Choices())
        n = r.details["complication"]
        assert f"{n} trouble" in sentence, sentence
        assert "at least one trouble" in vw.odds(spec).breakdown
    finally:
        edition.unregister("stress-words")


def test_words_refuse_a_mark_the_draft_does_not_have(stress):
    text = STRESS.replace('id = "stress"', 'id = "stress-bad"') + '''
[words]
marks = { complicaton = "trouble" }
'''
    with pytest.raises(vw.SpecError) as err:
        load_edition(text)
    assert "words.marks.complicaton" in str(err.value) and "complication" in str(err.value), str(err.value)


def test_the_odds_give_the_chance_of_a_mark(stress):
    """At least one 1 on a stress die: 1 - (5/6)**3 without the push (the goal
    met first), and the brute force's with it (a pushed stress die may come up 1)."""
    from fractions import Fraction

    from drafts_oracle import mark_chance

    load_edition(STRESS.split("[reroll]")[0].replace('id = "stress"', 'id = "nopush"'))
    try:
        plain = vw.odds({"edition": "nopush", "dice": 2, "stress": 3}, exact=True)
        assert plain.breakdown["at least one complication"] == 1 - Fraction(5, 6) ** 3
    finally:
        edition.unregister("nopush")
    s = normalize({"edition": "stress", "dice": 2, "stress": 3})
    o = vw.odds(s, exact=True)
    assert o.breakdown["at least one complication"] == mark_chance(stress.plan(s), "complication")
    assert o.breakdown["at least one complication"] > 1 - Fraction(5, 6) ** 3


def test_compare_says_the_drafts_unit(stress):
    """"to pass (1 sixe)": compare made the singular from the outcome's name."""
    c = vw.compare({"edition": "stress", "dice": 3, "stress": 2, "need": 1}, {"push 3-5": {"reroll.faces": [3, 4, 5]}})
    assert "(1 six)" in c.verdicts["push 3-5"], c.verdicts
    assert "sixe" not in str(c.verdicts)


def test_a_step_named_push_is_push_in_the_legend_and_the_advice_note(stress):
    """Legend "K: KISSed (re-rolled)" and "the engine gives no KISS advice" in a draft whose step is Push."""
    for seed in range(1, 200):
        w = vw.TaskRoller(edition="stress", dice=3, stress=1, need=2)
        w.roll_dice(seed=seed)
        if w.table["phase"] == "kiss":
            break
    note = w.table["advice"]["note"] if "advice" in w.table else ""
    assert "KISS" not in note and ("push" in note or not note), note
    pick = next(d["index"] for d in w.table["dice"] if d["selectable"])
    w._handle_custom_msg({"do": "select", "index": pick}, [])
    w._handle_custom_msg({"do": "commit"}, [])
    assert not w.error, w.error
    k = [x for x in w.table["legend"] if x["mark"] == "K"]
    assert k and "KISS" not in k[0]["meaning"] and "Push" in k[0]["meaning"], w.table["legend"]


def test_explain_says_the_faces_the_step_takes_and_counts_one_die(stress):
    s = {"edition": "stress", "dice": 3, "stress": 1, "need": 2}
    text = str(vw.explain(s))
    assert "showing 2, 3, 4 or 5" in text and "counts nothing" not in text, text
    load_edition(STRESS.replace('id = "stress"', 'id = "one-push"').replace('budget = "all_dice"', "budget = 1"))
    try:
        text = str(vw.explain({**s, "edition": "one-push"}))
        assert "up to 1 die " in text and "1 dice" not in text, text
        assert "1 dice" not in " ".join(vw.odds({**s, "edition": "one-push"}).notes)
    finally:
        edition.unregister("one-push")


def test_ladder_settings_say_the_fields_label(stress):
    pl = vw.party_ladder([{"edition": "stress", "dice": 3, "stress": 1}], target=0.5)
    assert pl.rows()[1][0].startswith("Sixes needed "), pl.rows()[:3]


def test_a_die_the_push_does_not_take_is_said_in_the_steps_name():
    """"expected the index (counted from 0) of a die that may be KISSed": the draft's step is a Push."""
    load_edition(STRESS)
    try:
        w = vw.TaskRoller(edition="stress", dice=4, stress=2, need=4)
        for seed in range(100):
            w.roll_dice(seed=seed)
            if w.table.get("phase") == "kiss":
                r = vw.roll(w.spec, seed=seed, kiss=[])
                bad = next((i for i, d in enumerate(r.dice) if d.before in (1, 6)), None)
                if bad is not None:
                    break
        else:
            raise AssertionError("no roll waited at the push with a 1 or a 6 showing")
        with pytest.raises(vw.SpecError) as err:
            w.session.select(bad)
        said = str(err.value)
        assert "a die that Push may take" in said and "KISS" not in said, said
    finally:
        edition.unregister("stress")


def test_the_group_of_a_draft_s_steps_is_titled_by_their_names(stress):
    """The fields of a draft's re-roll and doubling steps sit under the
    steps' own names ("Push"), not another edition's "KISS and Ego"."""
    from venus_widgets.engine.contract import spec as spec_mod

    assert spec_mod.groups_of(spec_mod.schema("stress", "task"))["kiss"] == "Push"
    seeded = spec_mod.groups_of(spec_mod.schema(load_edition(STRESS.replace('name = "Push"', 'name = "KISS"')
                                                             .replace('id = "stress"', 'id = "stress2"')).ID, "task"))
    edition.unregister("stress2")
    assert seeded["kiss"] == "KISS" and seeded["ability"] == "Ability and dice"
