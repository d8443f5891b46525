"""The engine's entry points say what to change.

Each example of the issue, with the error it now gives (the class is
walked by tests/test_hostile_api.py)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import venus_widgets as vw


@pytest.mark.parametrize("call, field", [
    (lambda: vw.schema("nope"), "edition"),
    (lambda: vw.describe("nope"), "edition"),
    (lambda: vw.defaults("nope"), "edition"),
    (lambda: vw.schema("heresy", "check"), "roll"),
    (lambda: vw.rules(["x"]), "edition"),
    (lambda: vw.sweep({"roll": "task"}, over={"dice": [1, 2]}, variants={"a": 3}), "variants.a"),
    (lambda: vw.sweep({"roll": "task"}, over={"dice": [1, 2]}, variants=[{"threshold_base": 2}]), "variants"),
    (lambda: vw.fit({"roll": "task"}, [[1]]), "outcomes[0]"),
    (lambda: vw.fit({"roll": "task"}, [True, False, True]), "outcomes[0]"),
    (lambda: vw.fit({"roll": "task"}, [1, np.True_]), "outcomes[1]"),
    (lambda: vw.fit({"roll": "check"}, [1]), "outcomes[0]"),
    (lambda: vw.percent(np.True_), "p"),
    (lambda: vw.percent(True), "p"),
    (lambda: vw.merge([4, 4], drop=None), "drop"),
    (lambda: vw.odds({"roll": "task"}).at_least(None), "k"),
    (lambda: vw.compare({"roll": "task"}, {"B": {"threshold_base": 2}}).difference("nope"), "name"),
])
def test_the_issues_examples_raise_a_spec_error_naming_the_field(call, field):
    with pytest.raises(vw.SpecError) as info:
        call()
    assert info.value.field == field
    assert str(info.value).startswith(f"{field}=")


def test_an_unknown_knob_or_variant_is_a_spec_error_and_a_key_error():
    with pytest.raises(vw.SpecError) as info:
        vw.rules("playtest")["nope"]
    assert isinstance(info.value, KeyError)  # a lookup by name, as a mapping's
    assert "threshold_base" in str(info.value) and not str(info.value).startswith('"')


def test_knobs_know_their_names():
    k = vw.rules("playtest")
    assert "success_from" in k and "threshold_base" in k
    assert "dice" not in k and 3 not in k
    assert k["success_from"] in k
    assert all(name in vw.rules(e) for e in vw.EDITIONS for name in vw.rules(e).names)


@pytest.mark.parametrize("call, field", [
    (lambda: vw.sweep({"roll": "task"}, over={"dice": itertools.count()}), "over.dice"),
    (lambda: vw.sweep({"roll": "task"}, over={"dice": range(10**9)}), "over.dice"),
    (lambda: vw.enter({"roll": "task", "kiss": 1}, [1, 2, 3], kiss=range(10**9)), "kiss"),
    (lambda: vw.enter({"roll": "task", "kiss": 1}, [1, 2, 3], kiss=itertools.count()), "kiss"),
    (lambda: vw.enter({"roll": "task"}, itertools.count()), "faces"),
    (lambda: vw.fit({"roll": "task"}, range(10**9)), "outcomes"),
    (lambda: vw.fit({"roll": "task"}, itertools.repeat(1)), "outcomes"),
    (lambda: vw.party_ladder(itertools.repeat({"roll": "task"})), "party"),
    (lambda: vw.merge(itertools.count()), "helpers"),
])
def test_huge_iterables_are_refused_before_they_are_read(call, field):
    """Each would take minutes or all the memory if read whole; refused at once."""
    with pytest.raises(vw.SpecError) as info:
        call()
    assert info.value.field == field


def test_fit_reads_numpy_outcomes_as_whole_numbers():
    spec = {"roll": "task", "dice": 3}
    assert vw.fit(spec, np.array([1, 2, 0])).observed == vw.fit(spec, [1, 2, 0]).observed
