"""A group's dice are owned, by default, in the words of its ``called``
(issue 33: Ironsworn's ``called = "challenge die"`` rolled dice owned by
"challenge dice", the group's key): "challenge" dice, each a "challenge die"."""

from __future__ import annotations

import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.drafts import load_edition

DRAFT = '''
id = "owner-called"
[fields.stat]
range = [1, 5]
default = 2
[dice.d10]
sides = 10
[dice.d6]
sides = 6
[groups.challenge_dice]
die = "d10"
count = 2
called = "challenge die"
[groups.action_die]
die = "d6"
count = 1
[outcome]
value = "total"
threshold = 5
'''


def test_the_owner_of_a_group_s_dice_follows_its_called_words():
    load_edition(DRAFT)
    try:
        r = vw.roll({"edition": "owner-called"}, seed=3)
    finally:
        edition.unregister("owner-called")
    owners = [d.owner for d in r.dice]
    assert owners.count("challenge") == 2 and owners.count("action die") == 1, owners
