"""What a draft says in its own words (docs/drafts.md): the knobs it names
(``[knobs]``), formulas and counted places in its sentence and notes,
what one die counts, a field's what-if hints, a group's words and shape,
its own "explain this number" steps (``[[explain]]``) and example roll
(``[[explain_roll]]``); each mistake refused at its line, in words."""

from __future__ import annotations

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.contract.explain import check_arithmetic
from venus_widgets.engine.contract.table_answers import Choices
from venus_widgets.engine.drafts import DraftError, load_edition

BASE = '''
id = "says"
[fields.dice]
range = [0, 8]
default = 3
label = "Dice"
group = "ability"
more = "one die more"
[fields.foes]
range = [0, 4]
default = 1
label = "Foes"
group = "difficulty"
fewer = "one foe fewer"
more = "one foe more"
[rules]
need = { value = 2, range = [1, 5], seed = "two successes pass" }
[dice.d6]
sides = 6
success = [5, 6]
[groups.own]
count = "dice"
[groups.foes]
count = "foes"
cancels = true
explode = false
called = "foe's die"
shape = "diamond"
[outcome]
name = "net successes"
unit = ["net success", "net successes"]
threshold = "need"
[words]
sentence = "{verdict}: {value} {unit} ({successes: hit, hits} of {all_dice in words: die, dice})"
counts = ["hit", "hits"]
[[words.notes]]
if = "foes > 1"
text = "{foes} foes cancel on {dice in words: die, dice}"
[knobs]
need = { label = "Successes needed", range = [1, 4] }
hit_faces = { knob = "dice.d6.success", label = "Faces that hit", empty = false, all = false }
[[explain]]
text = "You roll {dice in words: die, dice}: {dice own}."
[[explain]]
text = "Without foes, {need} or more come up {chance} of the time."
chance = "pass"
with = { foes = 0 }
sign = "+"
[[explain]]
if = "foes > 0"
text = "The foes take away {chance}: {dice foes}."
chance = "pass"
with = { foes = 0 }
less = "pass"
sign = "-"
[[explain]]
text = "So the roll passes on {ways} of {rolls} rolls: {chance}."
chance = "pass"
sign = "="
[[explain_roll]]
text = "Your dice show {faces own}: {first(own): hit, hits} (on {scoring own})."
[[explain_roll]]
if = "foes > 0"
text = "The foes show {faces foes}: they cancel {successes(foes): hit, hits}."
[[explain_roll]]
text = "Net {value}."
'''


@pytest.fixture
def says():
    with edition.as_it_was():
        yield load_edition(BASE)


def _error(text: str) -> str:
    with edition.as_it_was(), pytest.raises(DraftError) as info:
        load_edition(text)
    return str(info.value)


def test_the_knobs_it_names_are_its_knobs(says):
    assert [(k.name, k.label, k.allowed) for k in says.KNOBS] == [
        ("need", "Successes needed", "a whole number from 1 to 4"),
        ("hit_faces", "Faces that hit", "a list of faces from 1 to 6, at least one, not all of them")]
    six = vw.odds({"edition": "says", "dice": 1, "foes": 0, "rules": {"hit_faces": [6]}}, exact=True)
    assert six.at_least(1) == pytest.approx(1 / 6)
    for bad, field in (({"hit_faces": []}, "rules.hit_faces"), ({"need": 5}, "rules.need"),
                       ({"dice.d6.sides": 8}, "rules.dice.d6.sides")):
        with pytest.raises(vw.SpecError) as info:
            vw.normalize({"edition": "says", "rules": bad})
        assert info.value.field == field


def test_the_words_read_formulas_and_count(says):
    spec = vw.normalize({"edition": "says", "dice": 3, "foes": 2})
    r = vw.roll(spec, seed=4)
    table = edition.get("says").at_table
    said = table.sentence(spec, r, Choices())
    hits = sum(d.scores for d in r.dice)  # the successes the dice show, cancelled ones taken away
    assert said.startswith(("Passed: ", "Failed: ")) and f"({hits} hit" in said and "of five dice)" in said
    assert vw.odds(spec).notes == ("2 foes cancel on three dice",)
    assert vw.odds({"edition": "says", "foes": 1}).notes == ()
    own = [m.words for m, d in zip(table.contributions(spec, r), r.dice) if d.owner == "own"]
    assert own and set(own) <= {"hit", "no hit"}  # what one die counts: a hit, not a net success
    assert [w for w, _ in table.what_if(spec)] == ["one die more", "one foe fewer", "one foe more"]
    top = vw.normalize({"edition": "says", "dice": 8, "foes": 0})
    assert [w for w, _ in table.what_if(top)] == ["one foe more"]  # within each field's range
    foe = next(d for d in r.dice if d.owner == "foes")
    words = table.die_words(spec, foe)
    assert (words.owner, words.shape) == ("foe's die", "diamond")


def test_its_own_explanation_adds_up(says):
    for spec in ({"edition": "says", "dice": 3, "foes": 2}, {"edition": "says", "dice": 0, "foes": 0}):
        e = vw.explain(spec, seed=2)
        for total, figure in check_arithmetic(e.steps):
            assert abs(total - figure) < 1e-12
        assert e.steps[-1].figure == vw.odds(spec).p_pass
        assert e.steps[0].words.startswith("You roll ")
        assert e.walk[-1].startswith("Net ")
    e = vw.explain({"edition": "says", "dice": 2, "foes": 1}, seed=2)
    assert "a 1 in 3 chance" in e.steps[0].words and "on a foe's die" in e.steps[2].words
    assert "of 216 rolls" in e.steps[-1].words


@pytest.mark.parametrize("old, new, words", [
    ('hit_faces = { knob = "dice.d6.success"', 'hit_faces = { knob = "dice.d6.succes"',
     "'dice.d6.succes' is not a number of this draft"),
    ('need = { label = "Successes needed", range = [1, 4] }', 'need = { label = "Successes needed", range = [3, 4] }',
     "write [lowest, highest] around its value, 2"),
    ('shape = "diamond"', 'shape = "star"', "a die is drawn as one of square, circle, diamond, square-dark"),
    ('{successes: hit, hits}', '{successes: hit, hits, hitz}', "the words for one and for many"),
    ('{foes} foes cancel', '{foez} foes cancel', "reads foez, which the words cannot read"),
    ('chance = "pass"\nsign = "="', 'chance = "triumph"\nsign = "="', "a step's chance is one of pass, goal"),
    ('with = { foes = 0 }\nsign = "+"', 'with = { fiends = 0 }\nsign = "+"', "'fiends' is not a number field"),
    ('{first(own): hit, hits}', '{first(own, foes): hit, hits}', "first() reads one group of dice"),
    ('sign = "+"', 'sign = "*"', "a step's sign is +, -, ="),
])
def test_each_mistake_is_said_at_its_line(old, new, words):
    assert old in BASE
    said = _error(BASE.replace(old, new, 1))
    assert words in said and ", line " in said, said
