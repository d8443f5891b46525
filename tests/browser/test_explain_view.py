"""'Why this chance?' in a roller, in JupyterLab and Chromium."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import venus_widgets as vw
from venus_widgets.engine.tools.explain import pct

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
        expect(w.get_by_test_id("explain")).to_contain_text(f"Why P(pass) is {pct(e.p_pass)}")
        set_range(w.get_by_test_id("field-dice"), 5)
        e5 = vw.explain({**spec, "dice": 5}, 1)
        expect(w.get_by_test_id("explain")).to_contain_text(f"Why P(pass) is {pct(e5.p_pass)}")
