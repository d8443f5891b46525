"""A saved still says what the live view says of a draft: the chance of
each degree and of each event (issue 33), in plain words, for readers where
no kernel runs (GitHub, nbconvert)."""

from __future__ import annotations

import html
import re

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.drafts import load_edition
from venus_widgets.widgets.plain_words import percent

#: A minimal Ironsworn action roll (d6 + stat against two d10), with degrees and events.
IRONSWORN = '''
id = "still-ironsworn"
name = "Action roll"
roll = "move"

[fields.stat]
range = [1, 5]
default = 2
label = "Stat"

[dice.action]
sides = 6

[dice.challenge]
sides = 10

[groups.action_die]
die = "action"
count = 1
called = "action die"

[groups.challenge_dice]
die = "challenge"
count = 2
called = "challenge die"

[outcome]
value = "(total(action_die) + stat > highest(1, challenge_dice)) + (total(action_die) + stat > lowest(1, challenge_dice))"
name = "challenge dice beaten"
unit = ["", ""]
threshold = 1

[outcome.degrees]
"miss" = 0
"weak hit" = 1
"strong hit" = 2

[events]
match = "highest(1, challenge_dice) == lowest(1, challenge_dice)"
"strong hit with a match" = "value == 2 and highest(1, challenge_dice) == lowest(1, challenge_dice)"
'''

#: A small pool with a re-roll step (a task roller's), degrees and an event.
TASK = '''
id = "still-task"
name = "A small pool"
roll = "test"

[fields.pool]
range = [1, 6]
default = 3
label = "Pool"

[dice.d6]
sides = 6
success = "5+"

[groups.own]
die = "d6"
count = "pool"
called = "die"

[outcome]
value = "successes"
name = "hits"
unit = ["hit", "hits"]
threshold = 1

[outcome.degrees]
"short" = 0
"hit" = 1
"great hit" = 3

[reroll]
name = "Re-roll"
budget = 1
dice = ["own"]
faces = "failed"

[events]
"two or more" = "successes >= 2"
'''


@pytest.fixture(scope="module", autouse=True)
def draft():
    load_edition(IRONSWORN)
    load_edition(TASK)
    yield
    edition.unregister("still-ironsworn")
    edition.unregister("still-task")


def _text(still: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"src='[^']*'|src=\"[^\"]*\"", "", still))))


@pytest.mark.parametrize("make, spec, names", [
    (vw.PoolRoller, {"edition": "still-ironsworn", "stat": 3}, ("miss", "weak hit", "strong hit")),
    (vw.TaskRoller, {"edition": "still-task", "pool": 4}, ("short", "hit", "great hit"))])
def test_the_still_gives_the_chance_of_each_degree_and_event(make, spec, names):
    w = make(**spec)
    o = vw.odds(spec)
    text = _text(w.snapshot_html()).replace("\u00a0", " ")
    degrees = ", ".join(f"{k} {percent(o.breakdown[k])}" for k in names)
    assert f"Chance of each degree: {degrees}." in text
    events = ", ".join(f"{k} {percent(p)}" for k, p in o.events.items())
    assert f"Chance of each event: {events}." in text
    assert "None" not in text and "_" not in text


def test_a_still_without_degrees_or_events_says_nothing_of_them():
    text = _text(vw.TaskRoller(edition="playtest", dice=3).snapshot_html())
    assert "each degree" not in text and "each event" not in text


def test_a_row_under_half_a_percent_says_below_1_percent_in_both_columns():
    """The designer's probe read a blank "exactly" cell beside ">99 %": the
    still writes "<1 %" (escaped, so a reader that strips tags after
    unescaping loses it); both columns follow the one percent rule."""
    still = vw.TaskRoller(edition="still-task", pool=6).snapshot_html()
    assert "<tr><th scope='row'>6</th><td>&lt;1\u00a0%</td><td>&lt;1\u00a0%</td>" in still
