"""Errors a designer acts on (issue 33, a held-out designer's drafts): a
roll too heavy to count says so and which field to lower, to what; a
formula that reads what it may not says what may be read there; a missing
field of a group is named, with no Python words."""

from __future__ import annotations

import re

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.contract.spec import normalize
from venus_widgets.engine.drafts import load_edition

PYTHON = re.compile(r"\bTrue\b|\bFalse\b|\bNone\b")

#: A Cortex Prime pool, cut down: five kinds of die by grade, the two highest that are not 1s.
CORTEX = '''
id = "designer-cortex"
name = "Cortex pool"
roll = "test"

[fields.d4]
range = [0, 4]
default = 0
label = "d4s"

[fields.d6]
range = [0, 4]
default = 1
label = "d6s"

[fields.d8]
range = [0, 4]
default = 2
label = "d8s"

[fields.d10]
range = [0, 4]
default = 0
label = "d10s"

[fields.d12]
range = [0, 4]
default = 0
label = "d12s"

[dice.step]
sides = "grade"
marks = { hitch = [1] }

[groups.four]
count = "d4"
grade = 4
called = "d4"

[groups.six]
count = "d6"
grade = 6
called = "d6"

[groups.eight]
count = "d8"
grade = 8
called = "d8"

[groups.ten]
count = "d10"
grade = 10
called = "d10"

[groups.twelve]
count = "d12"
grade = 12
called = "d12"

[outcome]
value = "if(all_dice - hitch >= 2, highest(2), if(all_dice - hitch == 1, highest(1), 0))"
name = "total"
unit = ["", ""]
threshold = 8

[events]
botch = "hitch == all_dice"
'''


@pytest.fixture(autouse=True)
def _clean():
    yield
    edition.unregister("designer-cortex")


def _error(text: str) -> str:
    with pytest.raises(vw.SpecError) as err:
        load_edition(text)
    return str(err.value)


def test_a_roll_too_heavy_says_so_and_what_to_lower_it_to():
    """"d10=2 is not allowed: expected a whole number from 0 to 0" was false
    wording: say that the roll is too heavy, and to lower the field to 0."""
    load_edition(CORTEX)
    with pytest.raises(vw.SpecError) as err:
        normalize({"edition": "designer-cortex", "d4": 1, "d6": 1, "d8": 2, "d10": 3, "d12": 3})  # (d6: 0 fits)
    said = str(err.value)
    assert "from 0 to 0" not in said, said
    assert f"too heavy to count" in said and f"lower it to {err.value.nearest}" in said, said


def test_a_group_without_the_grade_its_die_reads_is_named():
    """"'grade' gives None for this roll": Python's word, and neither the
    group nor the field to add; now the group and its missing grade."""
    said = _error(CORTEX.replace('count = "d12"\ngrade = 12', 'count = "d12"'))
    assert not PYTHON.search(said), said
    assert "groups.twelve" in said and "grade" in said and "give" in said, said


def test_a_keep_count_that_reads_the_dice_says_what_it_may_read():
    """"'highest(all_dice - hitch)' reads hitch, which is not known here":
    say that the number of dice to keep cannot read the dice, and what it may read."""
    said = _error(CORTEX.replace(
        'value = "if(all_dice - hitch >= 2, highest(2), if(all_dice - hitch == 1, highest(1), 0))"',
        'value = "highest(all_dice - hitch)"'))
    assert "not known here" not in said, said
    assert "outcome.value" in said and "how many dice to keep" in said and "cannot read the dice" in said, said
    assert "it can read" in said and "d4" in said and "all_dice" in said, said
