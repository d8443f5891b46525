"""The Facilitator's screen end to end in JupyterLab and Chromium: moving the
target moves the marked rung and the why line to the engine's, by mouse and
by keyboard; a bad edit is shown in the view; export downloads the engine's
table; "Explain" unfolds a chance."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import venus_widgets as vw
from venus_widgets.engine.contract.explain import pct
from venus_widgets.widgets.plain_words import percent

from .conftest import kernel_eval, lab_notebook, set_range

pytestmark = pytest.mark.browser

PARTY = {
    "Ana": {"roll": "task", "dice": 3, "kiss": 1},
    "Bo": {"roll": "task", "caliber": "silver", "dice": 5},
    "Cy": {"roll": "task", "caliber": "gold", "dice": 2, "kiss": 2},
}
CELLS = [f"import venus_widgets as vw\nscreen = vw.FCScreen({PARTY!r}, target=0.5)\nscreen"]


@pytest.fixture(scope="module")
def lab_page(browser_context, tmp_path_factory):
    with lab_notebook(browser_context, tmp_path_factory.mktemp("fcscreen"), CELLS) as page:
        yield page


def expect_target(w, target: float):
    """The marks and the why line are the engine's for ``target``."""
    pl = vw.party_ladder(PARTY, target)
    expect(w.get_by_test_id("why")).to_have_text(f"Nearest to {round(target * 100)} %: {pl.why}")
    expect(w.get_by_test_id(f"rung-{pl.best}")).to_have_attribute("data-best", "true")
    expect(w.locator("tr[data-best=true]")).to_have_count(1)
    for j, name in enumerate(pl.names):
        cell = w.get_by_test_id(f"cell-{pl.best_for[name]}-{j}")
        expect(cell).to_have_attribute("data-near", "true")
        expect(cell).to_contain_text("◆")  # a mark, not colour alone
        expect(cell).to_contain_text(f"nearest for {name}")
    return pl


def test_the_target_moves_the_mark_and_the_line(lab_page):
    page = lab_page
    w = page.get_by_test_id("vw-fc")
    w.wait_for()
    expect(w.get_by_test_id("why")).to_have_attribute("aria-live", "polite")
    first = expect_target(w, 0.5)
    set_range(w.get_by_test_id("target"), 90)
    moved = expect_target(w, 0.9)
    assert (moved.best, moved.why) != (first.best, first.why)
    assert kernel_eval(page, "print(screen.target)").strip() == "0.9"
    # by keyboard: the number box, then Tab
    box = w.get_by_test_id("target-number")
    box.focus()
    box.fill("25")
    page.keyboard.press("Tab")
    expect_target(w, 0.25)
    expect(w.get_by_test_id("target")).to_have_value("25")


def test_an_edit_changes_the_chances_and_a_bad_one_is_shown(lab_page):
    w = lab_page.get_by_test_id("vw-fc")
    dice = w.get_by_test_id("m0-dice")
    dice.fill("6")
    dice.press("Tab")
    want = vw.party_ladder({**PARTY, "Ana": {**PARTY["Ana"], "dice": 6}}, 0.25)
    expect(w.get_by_test_id("cell-0-0")).to_contain_text(percent(want.chances[0][0]))
    expect(w.get_by_test_id("cell-0-0")).to_have_attribute("title", re.compile(re.escape(pct(want.chances[0][0]))))
    w.get_by_test_id("name-1").fill("Ana")
    w.get_by_test_id("name-1").press("Tab")
    expect(w.get_by_test_id("error")).to_contain_text("a new name")
    expect(w.get_by_test_id("name-1")).to_have_value("Bo")  # the view shows the party as it is
    kernel_eval(lab_page, "screen.members = [dict(m, spec=dict(m['spec'], dice=3)) if m['name'] == 'Ana' else m "
                          "for m in screen.members]")


def test_export_downloads_the_engine_table(lab_page, tmp_path):
    page = lab_page
    w = page.get_by_test_id("vw-fc")
    kernel_eval(page, "screen.target = 0.5")
    expect_target(w, 0.5)
    with page.expect_download() as dl:
        w.get_by_test_id("export-csv").click()
    path = tmp_path / "t.csv"
    dl.value.save_as(path)
    assert dl.value.suggested_filename == "venus-fc-screen.csv"
    assert path.read_text() == vw.party_ladder(PARTY, 0.5).to_csv()
    w.locator("summary").click()
    expect(w.get_by_test_id("markdown")).to_have_value(vw.party_ladder(PARTY, 0.5).to_markdown())


def test_explain_unfolds_a_chance(lab_page):
    w = lab_page.get_by_test_id("vw-fc")
    w.get_by_test_id("explain-1").click()
    pl = vw.party_ladder(PARTY, 0.5)
    e = vw.explain({**PARTY["Bo"], **pl.rungs[pl.best]})
    box = w.get_by_test_id("explanation")
    expect(box).to_contain_text(e.title)
    expect(box.locator("ol").first.locator("li")).to_have_count(len(e.steps))
    w.get_by_test_id("hide-explanation").focus()
    lab_page.keyboard.press("Enter")
    expect(w.get_by_test_id("explanation")).to_have_count(0)
    expect(w.get_by_test_id("explain-1")).to_be_focused()
