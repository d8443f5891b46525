"""Knob labels and sentences of a draft's formula numbers in right words
(issue 33: The One Ring draft read "number 11 number", "face 1 counts 1 ...
is 0 in the draft as written" for the 0 of ``if(weary, 0, 1)``, "Failure
starts at 0 .")."""

from __future__ import annotations

import pytest

from venus_widgets.engine.contract import edition
from venus_widgets.engine.drafts import load_edition

#: The One Ring's success die, cut down: faces 1-3 count nothing when weary.
TOR = '''
id = "knob-words-tor"
name = "Skill roll"
roll = "skill"

[fields.skill]
range = [0, 6]
default = 2
label = "Skill"

[fields.weary]
default = false
label = "Weary"

[dice.success]
sides = 6
successes = { 1 = "if(weary, 0, 1)", 2 = 2, 3 = 3, 4 = 4, 5 = 5, 6 = 6 }

[groups.success_dice]
die = "success"
count = "skill"
called = "Success die"

[outcome]
value = "min(1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + successes, 30)"
name = "degree"
unit = ["", ""]
threshold = 1

[outcome.degrees]
"failure" = 0
"success" = 1
'''


@pytest.fixture(scope="module")
def knobs():
    ed = load_edition(TOR)
    yield {k.name: k for k in ed.KNOBS}
    edition.unregister("knob-words-tor")


def test_the_eleventh_number_of_a_formula_is_said_as_such(knobs):
    k = knobs["outcome.value.11"]
    assert "number 11 number" not in k.label + k.says, (k.label, k.says)
    assert k.label.endswith("11th number") and "(the 11th number written in it)" in k.says, (k.label, k.says)


def test_a_face_counted_by_a_formula_names_the_formula_s_numbers(knobs):
    first, second = knobs["dice.success.successes.1.1"], knobs["dice.success.successes.1.2"]
    for k, n, place in ((first, 0, "first"), (second, 1, "second")):
        assert "in the draft as written" not in k.says and "counts 1" not in k.label, (k.label, k.says)
        assert f"uses the number {n} (the {place} number written in it)" in k.says, k.says
        assert "face 1" in k.label and k.label.endswith(f"{place} number"), k.label


def test_a_degree_without_a_unit_has_no_stray_space(knobs):
    assert knobs["outcome.degrees.failure"].says == "Failure starts at 0."
