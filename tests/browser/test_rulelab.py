"""The RuleLab in JupyterLab and Chromium: change a knob in the
browser, see the odds of base, A and B and the verdict follow, exactly the
engine's; a bad value is shown with what the knob takes; names stay text."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import venus_widgets as vw
from venus_widgets.engine.contract import edition

from .conftest import expect_p, lab_notebook, roller_widget, set_range

pytestmark = pytest.mark.browser

CELLS = ["import venus_widgets as vw\nlab = vw.RuleLab(dice=3)\nlab"]


def test_change_a_knob_and_see_both_odds_and_the_verdict(browser_context, tmp_path):
    with lab_notebook(browser_context, tmp_path, CELLS) as page:
        w = roller_widget(page, 0, "rulelab")
        base = {"edition": "playtest", "roll": "task", "dice": 3}
        expect_p(w.get_by_test_id("lab-p-base"), vw.odds(base).p_pass)
        expect_p(w.get_by_test_id("lab-p-B"), vw.odds(base).p_pass)  # no knob changed yet
        expect(w.get_by_test_id("verdict-B")).to_contain_text("no change")
        # the lab names the rules it plays by as a player reads them, not by their id ("Rule lab: playtest")
        expect(w.get_by_test_id("lab-title")).to_have_text(f"Rule lab: {edition.get('playtest').NAME}")

        # variant B: the threshold starts at 2 (a number box)
        box = w.get_by_test_id("knob-B-threshold_base").locator("input")
        box.fill("2")
        box.press("Tab")
        b = {**base, "rules": {"threshold_base": 2}}
        expect_p(w.get_by_test_id("lab-p-B"), vw.odds(b).p_pass)
        verdict = vw.compare(base, {"A": {}, "B": {"threshold_base": 2}}).verdicts["B"]
        expect(w.get_by_test_id("verdict-B")).to_contain_text(verdict)
        expect(w.get_by_test_id("knob-B-threshold_base")).to_have_attribute("data-changed", "true")

        # variant A: Bronze succeeds on 4-6 (a per-caliber control)
        a_box = w.get_by_test_id("knob-A-success_from").locator("input").first
        a_box.fill("4")
        a_box.press("Tab")
        expect_p(w.get_by_test_id("lab-p-A"), 7 / 8)
        # the heatmap shows B - A with the numbers in its cells
        expect(w.get_by_test_id("heatmap")).to_contain_text("B minus A")

        # the base roll's own controls move all three
        set_range(page.locator("[data-testid='field-dice']").first, 5)
        expect_p(w.get_by_test_id("lab-p-A"), vw.odds({**base, "dice": 5, "rules": {"success_from": {"bronze": 4}}}).p_pass)

        # a value the knob does not take: the error says what it takes, nothing changes
        box = w.get_by_test_id("knob-B-threshold_base").locator("input")
        box.fill("9")
        box.press("Tab")
        expect(w.get_by_test_id("knob-error-B.threshold_base")).to_contain_text("from 0 to 6")

        # a variant's name is text, never markup
        name = w.get_by_test_id("name-B")
        name.fill("<img src=x onerror=alert(1)>")
        name.press("Tab")
        expect(w.get_by_test_id("verdict-B")).to_contain_text("<img src=x onerror=alert(1)>")
        assert w.locator("img").count() == 0
