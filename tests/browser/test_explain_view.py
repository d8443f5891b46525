"""'Why this chance?' and 'What if…' in a roller, in JupyterLab and Chromium:
each made by Python only while the view shows it, and following the sliders."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import venus_widgets as vw
from venus_widgets.engine.contract.explain import pct
from venus_widgets.engine.contract.spec import Spec
from venus_widgets.widgets import odds_panel

from .conftest import lab_notebook, roller_widget, set_range

pytestmark = pytest.mark.browser

CELLS = ["import venus_widgets as vw\nw = vw.TaskRoller(dice=3, kiss=1, consequences=1)\nw"]


def test_open_why_and_see_the_engine_s_steps_follow_the_sliders(browser_context, tmp_path):
    with lab_notebook(browser_context, tmp_path, CELLS) as page:
        w = roller_widget(page, 0, "task")
        w.get_by_test_id("explain-toggle").click()
        spec = {"roll": "task", "dice": 3, "kiss": 1, "consequences": 1}
        e = vw.explain(spec, 1)
        steps = w.get_by_test_id("explain-steps").locator("li")
        expect(steps).to_have_count(len(e.steps))
        expect(steps.first).to_have_text(e.steps[0].line())
        expect(w.get_by_test_id("explain")).to_contain_text(f"Why this task passes {pct(e.p_pass)} of the time")
        set_range(w.get_by_test_id("field-dice"), 5)
        e5 = vw.explain({**spec, "dice": 5}, 1)
        expect(w.get_by_test_id("explain")).to_contain_text(f"Why this task passes {pct(e5.p_pass)} of the time")
        # sentences a player reads, as drawn: no formula, no "(s)" plural, no verdict arrow
        said = w.get_by_test_id("explain").inner_text()
        assert "With five dice, at least one success comes up" in said
        assert not re.search(r"\^|\bP\(|\bC\(|\((?:s|es)\)|->", said), said


def _hints(spec: dict) -> list[dict]:
    return odds_panel.what_ifs(Spec(spec))["hints"]


def _expect_hints(w, hints: list[dict]) -> None:
    items = w.get_by_test_id("hints").locator("li")
    expect(items).to_have_count(len(hints))
    for i, h in enumerate(hints):
        expect(items.nth(i)).to_contain_text(h["label"])
        # JSON carries the float's shortest digits, which JS's String and Python's repr both write
        expect(items.nth(i)).to_have_attribute("data-delta", repr(h["delta"]))


def test_open_what_if_and_see_each_change_follow_the_sliders(browser_context, tmp_path):
    with lab_notebook(browser_context, tmp_path, CELLS) as page:
        w = roller_widget(page, 0, "task")
        expect(w.get_by_test_id("what-if-toggle")).to_be_visible()
        expect(w.get_by_test_id("hints")).to_have_count(0)  # not made until asked
        w.get_by_test_id("what-if-toggle").click()
        spec = {"roll": "task", "dice": 3, "kiss": 1, "consequences": 1}
        _expect_hints(w, _hints(spec))
        set_range(w.get_by_test_id("field-dice"), 5)
        _expect_hints(w, _hints({**spec, "dice": 5}))
        w.get_by_test_id("what-if-toggle").click()  # shut: no longer made
        expect(w.get_by_test_id("hints")).to_have_count(0)
