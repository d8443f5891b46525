"""By hand in JupyterLab and Chromium: tick "I roll real
dice", type the faces, KISS a die and type its new face; the result is
vw.enter's, the log marks the roll, focus stays in the flow."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

import venus_widgets as vw

from .conftest import kernel_eval, lab_notebook, roller_widget

pytestmark = pytest.mark.browser

CELLS = ["import venus_widgets as vw\nhand = vw.TaskRoller(dice=3, kiss=1, consequences=1)\nhand"]


def test_type_the_faces_kiss_and_see_the_engine_s_result(browser_context, tmp_path):
    with lab_notebook(browser_context, tmp_path, CELLS) as page:
        w = roller_widget(page, 0, "task")
        w.get_by_test_id("by-hand").check()
        expect(w.get_by_test_id("roll-button")).to_have_text("Enter faces")
        w.get_by_test_id("roll-button").click()
        box = w.get_by_test_id("faces-input")
        expect(w.get_by_test_id("enter-prompt")).to_contain_text("die 3 (you, Bronze, d6)")
        expect(box).to_be_focused()
        # the instructions are shown once (the status region says them to screen readers only)
        expect(w.get_by_test_id("status")).to_have_class(re.compile(r"\bvw-visually-hidden\b"))
        expect(w.get_by_test_id("status")).to_contain_text("die 3 (you, Bronze, d6)")
        box.fill("6 2")
        box.press("Enter")
        expect(w.get_by_test_id("error")).to_contain_text("Faces rolled: 6 and 2 is not allowed. Allowed: 1 more face")
        box.fill("6 7 1")
        box.press("Enter")
        expect(w.get_by_test_id("error")).to_have_text("Die 2 (you, Bronze, d6): 7 is not allowed. Allowed: a face from 1 to 6.")
        box.fill("6 2 1")
        w.get_by_test_id("faces-enter").click()
        expect(w.get_by_test_id("die-2")).to_have_attribute("data-face", "1")
        expect(w.get_by_test_id("table-seed")).to_have_text("Faces entered by hand")
        w.get_by_test_id("die-2").click()
        w.get_by_test_id("kiss-commit").click()
        box = w.get_by_test_id("faces-input")
        expect(w.get_by_test_id("enter-prompt")).to_contain_text("die 3")
        expect(box).to_be_focused()
        box.fill("5")
        box.press("Enter")
        expected = vw.enter({"roll": "task", "dice": 3, "kiss": 1, "consequences": 1}, [6, 2, 1], kiss=[2],
                            kiss_faces=[5], ego=False)
        expect(w.get_by_test_id("result")).to_have_attribute("data-outcome", str(expected.outcome))
        entry = json.loads(kernel_eval(page, "import json; print(json.dumps(hand.log.entries[-1]['roll']))"))
        assert entry == expected.to_dict()
        expect(w.get_by_test_id("recent")).to_contain_text("faces entered by hand: 6 2 1, then 5")  # the faces typed
