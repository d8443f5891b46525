"""Compare and the lab never merge different chances into one label, even
when their values are equal ("critical, critical with a pass" read as one
chance: issue 33)."""

from __future__ import annotations

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.drafts import load_edition

DRAFT = '''
id = "alike-events"
name = "Two d10"
roll = "test"

[fields.bonus]
range = [0, 5]
default = 2
label = "Bonus"

[dice.d10]
sides = 10

[groups.pair]
die = "d10"
count = 2
called = "d10"

[outcome]
value = "total + bonus"
name = "total"
unit = ["", ""]
threshold = 12

[events]
"critical" = "highest(1, pair) == 10 and lowest(1, pair) == 10"
"critical with a pass" = "highest(1, pair) == 10 and lowest(1, pair) == 10 and value >= 12"
'''


@pytest.fixture(scope="module", autouse=True)
def draft():
    load_edition(DRAFT)
    yield
    edition.unregister("alike-events")


def test_two_chances_of_equal_value_keep_a_label_each():
    c = vw.compare({"edition": "alike-events"}, {"d8": {"dice.d10.sides": 8}})
    labels = [r["label"] for r in c.glance()]
    assert "critical" in labels and "critical with a pass" in labels, labels
    assert not any("critical" in x and "," in x for x in labels), labels
