"""Errors of a draft in plain words (the user test of drafts as data): no
Python words, the line and the key, a suggestion for a name mistyped, a
TOML hint for a top-level key written below a section, whole sentences."""

from __future__ import annotations

import re

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.contract.spec import normalize
from venus_widgets.engine.drafts import load_edition

from test_drafts_table_words import STRESS

PYTHON = re.compile(r"\bTrue\b|\bFalse\b|\bNone\b")  # Python's words


def _error(text: str) -> str:
    with pytest.raises(vw.SpecError) as err:
        load_edition(text)
    return str(err.value)


def test_true_for_a_number_is_said_in_the_drafts_words():
    said = _error(STRESS.replace("default = 4", "default = true", 1))
    assert "line 5" in said and "fields.dice.default" in said, said
    assert "true is not a whole number" in said and not PYTHON.search(said), said


def test_a_count_that_gives_yes_or_no():
    said = _error(STRESS.replace('count = "dice"', 'count = "dice > 3"'))
    assert "groups.own.count" in said and "true" in said and not PYTHON.search(said.split(":", 2)[-1]), said


def test_an_unknown_ladder_field_is_named_with_a_suggestion():
    said = _error(STRESS + '[ladder]\nfield = "needs"\nfrom = 1\nto = 4\n')
    assert "ladder.field" in said and "did you mean need?" in said and "dice, stress, need" in said, said


def test_a_top_level_key_below_a_section_gets_a_toml_hint():
    said = _error(STRESS + 'roller = "task"\n')
    assert "reroll.roller" in said and "above the first [section]" in said, said


def test_a_default_that_breaks_a_count_is_refused_when_the_draft_loads():
    """count = "stress - 3" with stress 2 by default: the draft loaded and every roll failed, with no line."""
    said = _error(STRESS.replace('count = "stress"', 'count = "stress - 3"'))
    assert "line " in said and "groups.stressed.count" in said and "default" in said, said


def test_a_refused_knob_is_one_whole_sentence():
    """"expected faces that go with the re-roll step's (face 1 ...": the sentence broke off."""
    load_edition(STRESS)
    try:
        with pytest.raises(vw.SpecError) as err:
            normalize({"edition": "stress", "rules": {"dice.base.success": [5, 6]}})
        said = str(err.value)
        assert said.startswith("rules.dice.base.success=[5, 6] is not allowed: expected ") and "step's (" not in said
        assert "face 5 of your dice counts a success" in said, said
    finally:
        edition.unregister("stress")


def test_exact_odds_of_dice_exploding_without_end_name_the_depth():
    load_edition(STRESS.replace("success = [6]\n", 'success = [6]\nexplode = [6]\ndepth = "unbounded"\n', 1))
    try:
        with pytest.raises(vw.SpecError) as err:
            vw.odds({"edition": "stress", "dice": 5}, exact=True)
        assert err.value.field == "rules.dice.base.depth", str(err.value)
        assert "exact=False" in str(err.value)
    finally:
        edition.unregister("stress")


IMP = '''id = "imp"

[fields.dice]
range = [1, 10]
default = 1
group = "ability"

[fields.need]
range = [1, 5]
default = 3
group = "difficulty"

[[checks]]
rule = "need <= dice"
field = "need"
words = "no more sixes needed than dice"

[dice.d6]
sides = 6
success = [6]

[groups.own]
count = "dice"

[outcome]
threshold = "need"
'''


def test_a_default_that_breaks_a_check_is_refused_when_the_draft_loads():
    """need 3 > dice 1 with "need <= dice": the draft loaded, then odds, rollers, lab and screen all failed."""
    with pytest.raises(vw.SpecError) as err:
        load_edition(IMP, "imp.toml")
    said = str(err.value)
    assert said.startswith("imp.toml, line 10, fields.need.default:"), said
    assert "no more sixes needed than dice" in said and "need <= dice" in said, said
    assert "dice = 1" in said and "need = 3" in said, said
    assert "imp" not in edition.ids()
    load_edition(IMP.replace("default = 1\n", "default = 3\n", 1))  # defaults that keep the rule load
    try:
        assert vw.odds({"edition": "imp"}).p_pass > 0
    finally:
        edition.unregister("imp")


def test_a_top_level_key_given_twice_below_a_section_gets_the_toml_hint():
    """name = ... written after [reroll] (which has a name): "the TOML does
    not read (Cannot overwrite a value): a key is given twice", no key, no hint."""
    said = _error(STRESS + 'name = "Stress pool"\n')
    assert "line 38" in said and "reroll.name" in said, said
    assert "line 35" in said and "above the first [section]" in said, said


def test_checks_pasted_inside_a_field_get_the_toml_hint():
    """[[checks]] pasted in the middle of [fields.stress]: the field's keys below it went to the check."""
    said = _error(STRESS.replace('default = 2\n', 'default = 2\n[[checks]]\nrule = "stress <= dice"\n'
                                                  'field = "stress"\n', 1))
    assert "checks[0].label" in said and "belongs to the [section] above it" in said, said
    assert "the [[checks]] at line 11 cuts [fields.stress] (line 8)" in said, said


def test_every_face_exploding_without_end_is_refused_at_its_line():
    """explode = "1-6" with depth "unbounded" said 'rules.dice.d6.explode=[1..6] ...': no line, and a key
    the draft does not have (rules.)."""
    said = _error(STRESS.replace("success = [6]\n", 'success = [6]\nexplode = "1-6"\ndepth = "unbounded"\n', 1))
    assert said.startswith("draft, line 20, dice.base.explode:"), said
    assert '"1-6"' in said and "unbounded" in said and "rules." not in said, said


def test_exact_odds_of_dice_exploding_without_end_say_the_drafts_line_and_value():
    """exact=True said 'rules.dice.d6.depth=None': the designer wrote "unbounded"."""
    load_edition(STRESS.replace("success = [6]\n", 'success = [6]\nexplode = [6]\ndepth = "unbounded"\n', 1),
                 "stress.toml")
    try:
        with pytest.raises(vw.SpecError) as err:
            vw.odds({"edition": "stress", "dice": 5}, exact=True)
        said = str(err.value)
        assert said.startswith('stress.toml, line 21, dice.base.depth: depth = "unbounded"'), said
        assert "None" not in said and "exact=False" in said, said
    finally:
        edition.unregister("stress")
