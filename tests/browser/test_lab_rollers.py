"""The rollers end to end in JupyterLab and Chromium: controls change the
spec, the odds shown are the engine's, a seeded roll at the table gives the
engine's dice, KISS and spending work, and typed text stays text.

One server and one page for the module; each test drives its own widget.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

import venus_widgets as vw
from venus_widgets.widgets.plain_words import percent

from .conftest import expect_p, kernel_eval, lab_notebook, set_range, settle
from .conftest import roller_widget as widget

pytestmark = pytest.mark.browser

XSS = "<img src=x onerror=alert(1)>"
CELLS = [
    "import venus_widgets as vw\ntask_odds = vw.TaskRoller()\ntask_odds",
    "task_roll = vw.TaskRoller()\ntask_roll",
    "check = vw.CheckRoller()\ncheck",
    "agora = vw.TaskRoller(edition='agora', consequence_texts=['the guard hears'])\nagora",
    "keys = vw.TaskRoller(kiss=1, seed=3)\nkeys",
]


@pytest.fixture(scope="module")
def lab_page(browser_context, tmp_path_factory):
    with lab_notebook(browser_context, tmp_path_factory.mktemp("rollers"), CELLS, dialogs=True) as page:
        yield page


def kernel_spec(page, name: str) -> dict:
    return json.loads(kernel_eval(page, f"import json; print(json.dumps({name}.spec))"))


def unfold(w, key: str):
    """Open a folded part of the controls as a user does: a click on its summary."""
    fold = w.locator(f"details[data-fold='{key}']")
    if not fold.evaluate("d => d.open"):
        w.get_by_test_id(f"fold-{key}").click()
    expect(fold).to_have_attribute("open", "")


def expect_odds(w, spec: dict):
    """The P(pass) and P(goal) shown carry the engine's exact floats for ``spec``."""
    o = vw.odds(spec)
    expect_p(w.get_by_test_id("p-pass"), o.p_pass)
    goal = w.get_by_test_id("p-goal")
    if goal.count():
        expect_p(goal, o.p_goal)
    return o


def test_task_controls_drive_the_engine_odds(lab_page):
    page = lab_page
    w = widget(page, 0, "task")
    spec = dict(vw.TaskRoller().spec)
    seen = {expect_odds(w, spec).p_pass}

    set_range(w.get_by_test_id("field-factors"), 2)  # a relative difficulty factor slider
    spec["factors"] = 2
    expect(w.get_by_test_id("value-factors")).to_have_text("2")
    seen.add(expect_odds(w, spec).p_pass)

    unfold(w, "sources-kiss")  # the KISS sources are folded: rare settings
    set_range(w.get_by_test_id("source-lots"), 1)  # a KISS source: the budget follows
    spec["kiss"] = 1
    expect(w.get_by_test_id("kiss-total")).to_contain_text("1")
    seen.add(expect_odds(w, spec).p_pass)

    unfold(w, "consequences")
    w.get_by_test_id("want-s1").check()  # a secondary consequence: the goal moves
    spec["consequences"] = 1
    o = expect_odds(w, spec)
    assert o.p_goal < o.p_pass

    w.get_by_test_id("source-stunt").check()
    spec["kiss"] = 2
    o = expect_odds(w, spec)
    seen.add(o.p_pass)

    assert kernel_spec(page, "task_odds") == vw.normalize(spec)
    assert len(seen) == 4, "each change should have moved P(pass)"
    # the percentage text agrees with the exact value, by the one rule of the view and Python
    shown = w.get_by_test_id("p-pass").text_content()
    assert shown.replace("\u202f", " ") == percent(o.p_pass), shown


def test_check_factor_slider_matches_engine(lab_page):
    page = lab_page
    w = widget(page, 2, "check")
    spec = dict(vw.CheckRoller().spec)
    for factors, bonus in [(3, 0), (3, 2), (0, 1)]:
        set_range(w.get_by_test_id("field-factors"), factors)
        set_range(w.get_by_test_id("field-bonus_factors"), bonus)
        spec.update(factors=factors, bonus_factors=bonus)
        expect_odds(w, spec)
    assert kernel_spec(page, "check") == vw.normalize(spec)


def _seed_for(spec):
    """A seed whose first roll misses the goal and shows a failed die that, KISSed, buys the goal
    with nothing to spare."""
    for seed in range(1, 5000):
        first = vw.roll(spec, seed, kiss=[], ego=False)
        failed = [d["index"] for d in first.to_dict()["dice"] if d["scores"] == 0]
        if not failed or first.outcome >= first.to_dict()["details"]["goal"]:
            continue  # a roll that already meets the goal has no KISS step
        after = vw.roll(spec, seed, kiss=[failed[0]], ego=False)
        if after.outcome == after.to_dict()["details"]["goal"] and after.passed:
            return seed, failed[0], first, after
    raise AssertionError("no suitable seed")


def faces(w):
    return [int(x) for x in w.locator("[data-testid^=die-]").evaluate_all("els => els.map(e => e.dataset.face)")]


def test_seeded_roll_kiss_and_spend(lab_page):
    page = lab_page
    w = widget(page, 1, "task")
    unfold(w, "sources-kiss")
    set_range(w.get_by_test_id("source-lots"), 1)
    unfold(w, "consequences")
    w.get_by_test_id("want-s1").check()
    spec = {**vw.TaskRoller().spec, "kiss": 1, "consequences": 1}
    expect_odds(w, spec)
    seed, die, first, after = _seed_for(spec)

    w.get_by_test_id("seed-input").fill(str(seed))
    w.get_by_test_id("seed-input").press("Tab")
    w.get_by_test_id("roll-button").click()
    expect(w.get_by_test_id(f"die-{die}")).to_have_attribute("aria-pressed", "false")
    assert faces(w) == [d["after"] for d in first.to_dict()["dice"]]

    w.get_by_test_id(f"die-{die}").click()  # select the failed die for KISS
    expect(w.get_by_test_id(f"die-{die}")).to_have_attribute("aria-pressed", "true")
    assert 0.0 <= float(w.get_by_test_id("selection-p-pass").get_attribute("data-p")) <= 1.0
    w.get_by_test_id("kiss-commit").click()
    expect(w.get_by_test_id("spend")).to_be_visible()
    assert faces(w) == [d["after"] for d in after.to_dict()["dice"]]

    # spending: the primary and the wanted secondary are paid for, nothing more is affordable
    expect(w.get_by_test_id("spend-primary")).to_be_checked()
    expect(w.get_by_test_id("spend-s1")).to_be_checked()
    expect(w.get_by_test_id("spend-s2")).to_be_disabled()
    w.get_by_test_id("spend-s1").uncheck()
    expect(w.get_by_test_id("spend-s2")).to_be_enabled()
    w.get_by_test_id("spend-s2").check()
    expect(w.get_by_test_id("spend-s2")).to_be_checked()
    expect(w.get_by_test_id("spend-s1")).to_be_disabled()
    result = w.get_by_test_id("result")
    expect(result).to_have_attribute("data-passed", "true")
    expect(result).to_contain_text("Passed")
    expect(w.get_by_test_id("status")).not_to_be_empty()
    log = json.loads(kernel_eval(page, "print(task_roll.log.to_json())"))
    entries = log["entries"] if isinstance(log, dict) else log
    last = entries[-1]
    assert last["kiss"] == [die] and "s2" in last["spent"] and "s1" not in last["spent"]
    assert int(last["roll"]["seed"]) == seed


def test_typed_consequence_is_text_not_html(lab_page):
    page = lab_page
    w = widget(page, 3, "task")
    box = w.get_by_test_id("text-0")
    box.fill(XSS)
    box.press("Tab")
    texts = json.loads(kernel_eval(page, "import json; print(json.dumps(agora.consequence_texts))"))
    assert texts == [XSS]
    expect(w.get_by_test_id("text-0")).to_have_value(XSS)
    assert w.locator("img").count() == 0
    w.get_by_test_id("seed-input").fill("7")
    w.get_by_test_id("seed-input").press("Tab")
    w.get_by_test_id("roll-button").click()
    if w.get_by_test_id("kiss-commit").count():
        w.get_by_test_id("kiss-commit").click()
    expect(w.get_by_test_id("result")).not_to_be_empty()
    expect(w.get_by_test_id("spend")).to_contain_text(XSS)  # the consequence typed, shown as text where it is bought
    settle(page)
    assert w.locator("img").count() == 0  # no <img> at all, so no onerror handler can ever run
    assert page.dialogs == [], f"a script ran: {page.dialogs}"
    assert page.evaluate("() => document.querySelectorAll('img[src=x]').length") == 0


def test_keyboard_only_with_visible_focus(lab_page):
    """Full keyboard use and visible focus. Arrow keys move a
    slider, Space ticks a consequence, Enter rolls, Space selects a die."""
    page = lab_page
    w = widget(page, 4, "task")
    spec = {**vw.TaskRoller().spec, "kiss": 1}
    expect_odds(w, spec)

    slider = w.get_by_test_id("field-factors")
    slider.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    spec["factors"] = 2
    expect(w.get_by_test_id("value-factors")).to_have_text("2")
    expect_odds(w, spec)

    w.get_by_test_id("fold-consequences").focus()  # the fold opens from the keyboard too
    page.keyboard.press("Enter")
    w.get_by_test_id("want-s1").focus()
    page.keyboard.press("Space")
    spec["consequences"] = 1
    expect_odds(w, spec)
    assert kernel_spec(page, "keys") == vw.normalize(spec)

    # Shift+Tab back from the roll's options (real dice, the seed) onto the Roll button: keyboard focus is drawn
    w.get_by_test_id("by-hand").focus()
    page.keyboard.press("Shift+Tab")
    focused = page.evaluate("() => document.activeElement.dataset.testid")
    assert focused == "roll-button"
    ring = page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
        return [s.outlineStyle, s.outlineWidth, s.boxShadow]; }""")
    assert (ring[0] != "none" and ring[1] != "0px") or ring[2] != "none", ring
    page.keyboard.press("Enter")
    first = vw.roll(spec, 3, kiss=[], ego=False)
    w.get_by_test_id("die-0").wait_for()
    assert faces(w) == [d["after"] for d in first.to_dict()["dice"]]
    failed = [d["index"] for d in first.to_dict()["dice"] if d["scores"] == 0]
    if first.outcome < first.to_dict()["details"]["goal"] and failed:
        die = w.get_by_test_id(f"die-{failed[0]}")
        die.focus()
        page.keyboard.press("Space")
        expect(die).to_have_attribute("aria-pressed", "true")
