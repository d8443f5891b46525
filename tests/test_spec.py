"""The spec vocabulary: defaults, bounds and error messages (docs/rules.md#bad-input).

Every error names the field, the value given and the allowed range.
"""

from __future__ import annotations

import json

import pytest

import venus_widgets as vw
from venus_widgets import SpecError, defaults, describe, normalize
from venus_widgets.engine.contract.edition import BUILT_IN as EDITIONS
from venus_widgets.engine.editions.venus_fields import MAX_DICE
from venus_widgets.engine.contract.spec import ROLL_KINDS, SCHEMAS


def test_empty_spec_is_a_playtest_check_with_documented_defaults():
    assert normalize({}) == {
        "edition": "playtest",
        "roll": "check",
        "caliber": "bronze",
        "score": 0,
        "difficulty": "tough",
        "factors": 0,
        "bonus_factors": 0,
    }
    assert normalize(None) == normalize({})


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_roll_kind_normalizes_to_json_with_defaults(edition):
    for roll in ROLL_KINDS[edition]:
        s = normalize({"edition": edition, "roll": roll})
        assert s == defaults(edition, roll)
        assert json.loads(json.dumps(s)) == s
        assert set(describe(edition, roll)) == set(s) - {"edition", "roll"}


def test_normalize_is_idempotent_and_keeps_given_values():
    spec = {"roll": "task", "caliber": "Gold", "dice": 5, "allies": ["si", "Platinum"], "ego": "double6"}
    s = normalize(spec)
    assert s["caliber"] == "gold" and s["allies"] == ["silver", "platinum"] and s["ego"] == "double6"
    assert normalize(s) == s


@pytest.mark.parametrize(
    "spec, field, value, allowed",
    [
        # docs/rules.md#bad-input: "five difficulty factors in playtest (at most four)"
        ({"roll": "task", "factors": 5}, "factors", 5, "from 0 to 4"),
        # "a rank of 7"
        ({"edition": "agora", "rank": 7}, "rank", 7, "from 2 to 6"),
        # "a negative score"
        ({"score": -1}, "score", -1, "from 0 to 40"),
        # "three allies in playtest"
        ({"roll": "task", "allies": ["gold"] * 3}, "allies", ["gold"] * 3, "at most 2 items"),
        # "an unknown edition"
        ({"edition": "dnd"}, "edition", "dnd", "one of playtest, playsheet, agora, heresy, vers"),
        ({"roll": "saving throw"}, "roll", "saving throw", "one of check, task"),
        ({"caliber": "tin"}, "caliber", "tin", "one of bronze, silver, gold, platinum"),
        ({"roll": "task", "dice": 10**9}, "dice", 10**9, f"from 0 to {MAX_DICE}"),
        ({"roll": "task", "dice": 2.5}, "dice", 2.5, "whole number"),
        ({"roll": "task", "dice": float("nan")}, "dice", "nan", "whole number"),
        ({"roll": "task", "dice": True}, "dice", True, "whole number"),
        ({"roll": "task", "learning": "yes"}, "learning", "yes", "true or false"),
        ({"roll": "task", "allies": "gold"}, "allies", "gold", "a list"),
        ({"roll": "task", "allies": ["gold", "tin"]}, "allies[1]", "tin", "one of bronze"),
        ({"edition": "playsheet", "factors": [1, 3]}, "factors[1]", 3, "from 1 to 2"),
        ({"edition": "playsheet", "roll": "task", "allies": ["gold"] * 4}, "allies", ["gold"] * 4, "at most 3"),
        ({"edition": "agora", "health": 4}, "health", 4, "from 0 to 3"),
        ({"edition": "agora", "roll": "task", "consequences": 5}, "consequences", 5, "from 1 to 4"),
        ({"edition": "heresy", "black": 37}, "black", 37, "from 0 to 36"),
        ({"edition": "heresy", "pool": 6, "trade": 3}, "trade", 3, "from 0 to 2"),
        ({"edition": "vers", "roll": "task"}, "roll", "task", "one of check"),
        # learning on the job is already one of the four factors
        ({"roll": "task", "learning": True, "factors": 4}, "factors", 4, "from 0 to 3 when learning"),
    ],
)
def test_errors_name_field_value_and_allowed_range(spec, field, value, allowed):
    with pytest.raises(SpecError) as info:
        normalize(spec)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.field == field
    assert allowed in err.allowed
    text = str(err)
    assert text.startswith(f"{field}=")
    assert allowed in text
    if value != "nan":
        assert repr(value) in text


def test_unknown_field_is_rejected_with_a_hint_to_the_right_roll():
    with pytest.raises(SpecError) as info:
        normalize({"dice": 3})
    assert info.value.field == "dice"
    assert "roll='task'" in str(info.value)
    with pytest.raises(SpecError) as info:
        normalize({"roll": "task", "dicee": 3})
    assert "no such field for a playtest task" in str(info.value)


def test_spec_must_be_a_mapping_of_string_fields():
    with pytest.raises(SpecError) as info:
        normalize([("roll", "task")])
    assert info.value.field == "spec"
    with pytest.raises(SpecError):
        normalize({1: 2})


def test_agora_helpers_that_cannot_merge_are_rejected_with_the_best_subset():
    from venus_widgets import MergeError

    with pytest.raises(MergeError) as info:
        normalize({"edition": "agora", "helpers": [5, 5, 5]})
    assert info.value.field == "helpers"
    assert info.value.best == (5, 5) and info.value.best_rank == 4
    assert "accept 5, 5, which merge into one die of rank 4" in str(info.value)


def test_every_count_has_a_documented_upper_bound():
    """No integer field is unbounded: a billion dice is an error, not a hang."""
    for (edition, roll), fields in SCHEMAS.items():
        for name, kind in describe(edition, roll).items():
            if kind["kind"] == "int":
                assert kind["max"] < 1000, (edition, roll, name)
                with pytest.raises(SpecError):
                    normalize({"edition": edition, "roll": roll, name: 10**9})
            if kind["kind"] == "list":
                assert kind["max_len"] <= 16
            assert kind["doc"], f"{edition} {roll} {name} has no doc"


def test_a_learner_may_receive_aid():
    """docs/rules_playtest.md#task: "A roller learning on the job may still
    receive aid from up to two allies: the seed's "You cannot offer aid with
    a level 0 job" is about the ally's job, not the roller's." """
    s = normalize({"roll": "task", "learning": True, "allies": ["gold", "bronze"]})
    assert s["learning"] and s["allies"] == ["gold", "bronze"]
    o = vw.odds(s)
    assert o.threshold == 2 and o.p_pass > vw.odds({"roll": "task", "learning": True}).p_pass
    assert vw.odds({"roll": "task", "allies": ["gold"]}).p_pass > vw.odds({"roll": "task"}).p_pass


def test_the_groups_of_fields_and_their_titles_are_the_edition_s():
    """Each group of a roller's fields has the title its edition declares
    (Schema(groups=...)), and the fields come in the groups' order: the view
    draws them as given. A field in a group the schema does not declare is
    refused where the schema is written; a schema that declares none (a plain
    dict) titles each group by its name, in the order first seen."""
    from venus_widgets.engine.contract.fields import Int, Schema, groups_of

    task = describe("agora", "task")
    assert [d["group"] for d in task.values()] == sorted((d["group"] for d in task.values()),
                                                         key=["ability", "difficulty", "help", "kiss",
                                                              "consequences"].index)
    assert task["kiss"]["group_title"] == "KISS and Ego" and task["rank"]["group_title"] == "Ability and dice"
    s = Schema({"n": Int(0, 3, 1, group="b"), "m": Int(0, 3, 1, group="a")}, groups=(("a", "First"), ("b", "Then")))
    assert groups_of(s) == {"a": "First", "b": "Then"}
    assert groups_of({"n": Int(0, 3, 1, group="b"), "m": Int(0, 3, 1)}) == {"b": "B", "other": "Other"}
    with pytest.raises(ValueError, match="'n'.*'b'"):
        Schema({"n": Int(0, 3, 1, group="b")}, groups=(("a", "First"),))
