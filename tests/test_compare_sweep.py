"""vw.compare and vw.sweep: each number is the engine's
exact odds of the spec with the variant's rules; verdicts in words; illegal
cells are NaN with the reason; the HTML has the numbers and captions."""

from __future__ import annotations

import base64
import math
import re

import numpy as np
import pytest

import venus_widgets as vw
from venus_widgets.engine.errors import SpecError

TASK = {"roll": "task", "caliber": "bronze", "dice": 3, "consequences": 1}


def test_compare_gives_each_variants_exact_odds_and_differences():
    c = vw.compare(TASK, {"Bronze 4-6": {"success_from": {"bronze": 4}}, "threshold 2": {"threshold_base": 2}})
    assert c.names == ("base", "Bronze 4-6", "threshold 2")
    assert c.odds["base"] == vw.odds(TASK)
    assert c.odds["Bronze 4-6"] == vw.odds({**TASK, "rules": {"success_from": {"bronze": 4}}})
    assert c.p_pass["threshold 2"] == vw.odds({**TASK, "factors": 1}).p_pass
    base, var = vw.odds(TASK), c.odds["Bronze 4-6"]
    for k, d in c.difference("Bronze 4-6").items():
        want = sum(p for x, p in var.distribution.items() if x >= k) - sum(
            p for x, p in base.distribution.items() if x >= k)
        assert d == pytest.approx(want * 100, abs=1e-9)
    assert c.verdicts["Bronze 4-6"].startswith("+17.1 points to pass")
    assert "threshold from 1 to 2" in c.verdicts["threshold 2"] and c.verdicts["threshold 2"].startswith("−44.5")  # 25.9 − 70.4, as shown


def test_a_variant_that_changes_nothing_says_so_exactly():
    c = vw.compare(TASK, {"Ego 5s": {"ego_double_from": 5}, "same": {"threshold_base": 1}})
    assert c.verdicts["Ego 5s"].startswith("no change")      # no Ego in this roll: nothing doubles
    assert c.verdicts["same"].startswith("no change")
    # a tiny but real difference is never called no change: 12 Platinum dice all fail with (1/6)**12,
    # with Platinum succeeding on 3-6 instead with (2/6)**12
    tiny = vw.compare({"roll": "task", "caliber": "platinum", "dice": 12}, {"P 3-6": {"success_from": {"platinum": 3}}})
    assert tiny.verdicts["P 3-6"].startswith("−0.00019 points to pass")
    # both chances are short of certain: shown by the one rule of percentages, never "100.0 %"
    assert "100.0 %" not in tiny.verdicts["P 3-6"] and "from >99.9 % to >99.9 %" in tiny.verdicts["P 3-6"]
    assert "100.0 %" not in repr(tiny) and "100.0 %" not in tiny._repr_html_()


def test_compare_merges_variant_rules_over_the_spec_rules_and_names_bad_knobs():
    spec = {**TASK, "rules": {"success_from": {"silver": 2}}}
    c = vw.compare(spec, {"b4": {"success_from": {"bronze": 4}}})
    assert c.odds["b4"].spec["rules"]["success_from"] == {"bronze": 4, "silver": 2, "gold": 3, "platinum": 2}
    with pytest.raises(SpecError, match="b4: rules.success_from"):
        vw.compare(TASK, {"b4": {"success_from": {"bronze": 9}}})
    with pytest.raises(SpecError):
        vw.compare(TASK, {"base": {}})


def test_compare_renders_without_widgets():
    c = vw.compare(TASK, {"Bronze 4-6": {"success_from": {"bronze": 4}}})
    h = c._repr_html_()
    assert "<caption>" in h and "87.5 %" in h and "+17.1 points" in h
    # the chart is a picture an untrusted notebook keeps: an <img> of an SVG with its alt text, not inline SVG
    img = re.search(r'<img src="data:image/svg\+xml;base64,([^"]+)" alt="([^"]+)"', h)
    assert img and "<svg" not in h.replace(img.group(0), "")
    svg = base64.b64decode(img.group(1)).decode()
    assert svg.startswith("<svg xmlns='http://www.w3.org/2000/svg'") and "+17.1" in svg
    assert "Bronze 4-6" in img.group(2) and "points" in img.group(2)
    assert "Bronze 4-6" in repr(c)
    assert c.to_json()["verdicts"] == c.verdicts


def test_compare_exploding_odds_states_the_tail_and_never_reports_float_noise():
    c = vw.compare({"edition": "playsheet", "roll": "task", "dice": 3, "explode": True},
                   {"9s": {"explode_from": 9, "ego_double_from": 9}})
    assert c.verdicts["9s"].startswith("±0 points to pass")
    assert any("explodes" in n for n in c.to_json()["notes"])


def test_sweep_cells_are_the_engines_odds():
    s = vw.sweep({"roll": "task", "kiss": 1}, over={"dice": range(1, 5), "rules.threshold_base": [1, 2]},
                 variants={"silver": {"success_from": {"bronze": 4}}})
    assert s.shape == (4, 2) and s.names == ("base", "silver")
    for i, d in enumerate(range(1, 5)):
        for j, t in enumerate([1, 2]):
            want = vw.odds({"roll": "task", "kiss": 1, "dice": d, "rules": {"threshold_base": t}})
            assert s.p_pass["base"][i, j] == want.p_pass and s.p_goal["base"][i, j] == want.p_goal
            v = vw.odds({"roll": "task", "kiss": 1, "dice": d,
                         "rules": {"threshold_base": t, "success_from": {"bronze": 4}}})
            assert s.p_pass["silver"][i, j] == v.p_pass
    assert len(s.to_rows()) == 2 * 8


def test_sweep_marks_illegal_cells_with_the_reason():
    s = vw.sweep({"roll": "task", "learning": True}, over={"factors": range(5)})
    assert math.isnan(s.p_pass["base"][4]) and "when learning" in s.why["base"][4]
    assert not np.isnan(s.p_pass["base"][:4]).any()
    assert s.to_rows()[4]["p_pass"] is None
    assert "not allowed" in s.heatmap()


def test_heatmap_is_an_accessible_table_with_the_numbers():
    s = vw.sweep({"roll": "task"}, over={"dice": [1, 3], "factors": [0, 1]}, variants={"B": {"threshold_base": 0}})
    h = s.heatmap("base")
    assert "<caption>" in h and "scope='row'" in h and "scope='col'" in h
    assert "70 %" in h  # 3 Bronze dice, threshold 1
    d = s.heatmap("B", minus="base")
    assert "percentage points" in d and "+" in d
    with pytest.raises(SpecError):
        s.heatmap("C")
    assert "<table" in s._repr_html_()


def test_heatmap_percentages_follow_the_one_rule():
    """Halves round up (3 Silver dice all succeed: 12.5 % shows 13 %, as
    everywhere else), and 100 % only when certain."""
    s = vw.sweep({"roll": "task", "caliber": "silver"}, over={"dice": [3], "factors": [2]})
    assert s.p_pass["base"].flat[0] == 0.125 and ">13 %<" in s.heatmap("base")
    near = vw.sweep({"roll": "task", "caliber": "platinum"}, over={"dice": [12], "factors": [0]})
    assert 0.99 < near.p_pass["base"].flat[0] < 1 and ">&gt;99 %<" in near.heatmap("base")


@pytest.mark.parametrize("over", [{}, {"a": [1], "b": [1], "c": [1]}, {"dice": []}, {"nope": [1]}])
def test_sweep_says_what_to_change(over):
    with pytest.raises(SpecError):
        vw.sweep({"roll": "task"}, over=over)


def test_sweep_refuses_a_variant_that_is_no_edition_as_compare_does():
    """vw.sweep(variants={"x": "ab"}) gave a silent grid of NaN (compare refused it)."""
    with pytest.raises(SpecError) as c:
        vw.compare({"edition": "heresy"}, {"x": "ab"})
    with pytest.raises(SpecError) as s:
        vw.sweep({"edition": "heresy"}, {"pool": [2, 3]}, variants={"x": "ab"})
    assert s.value.field.startswith("variants.x") and "'ab'" in str(s.value), str(s.value)
    assert "ab" in str(c.value)
    with pytest.raises(SpecError, match="nope"):  # a knob the edition does not have: every cell would be NaN too
        vw.sweep({"edition": "heresy"}, {"pool": [2, 3]}, variants={"x": {"nope": 1}})
