"""The rollers do not contradict themselves, end to end in
JupyterLab and Chromium: several rollers of different editions on one page
share no element id and every control has exactly one accessible name; the
dice are marked by what they contributed (✓, ✗, −1, auto-pass, bonus) alike
in the view and the aria labels; the legend names only what is shown; Ego
resolves the primary consequence alike in status, result line and log; the
agora merge error and the check result are said once.

One server and one page for the module; each test drives its own widget.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import venus_widgets as vw

from .conftest import jupyter_server, lab_notebook
from .conftest import roller_widget as widget

pytestmark = pytest.mark.browser

CELLS = [
    "import venus_widgets as vw\nheresy = vw.PoolRoller(pool=4, black=2, seed=0)\nheresy",
    "check = vw.CheckRoller(score=5, seed=0)\ncheck",
    "bonus = vw.CheckRoller(score=0, factors=3, bonus_factors=2, seed=2)\nbonus",
    "sheet = vw.TaskRoller(edition='playsheet')\nsheet",
    "agora = vw.TaskRoller(edition='agora', helpers=[4, 5])\nagora",
    "ego = vw.TaskRoller(ego='double6', factors=1, seed=2)\nego",
    "sheet_check = vw.CheckRoller(edition='playsheet', seed=6)\nsheet_check",
    "kiss = vw.TaskRoller(dice=3, factors=2, lots=1, seed=1)\nkiss",
]

CONTROLS = "input, select, textarea, button"


@pytest.fixture(scope="module")
def truth_page(browser_context, tmp_path_factory):
    with lab_notebook(browser_context, tmp_path_factory.mktemp("truth"), CELLS) as page:
        yield page


def roll(w):
    w.get_by_test_id("roll-button").click()
    w.get_by_test_id("die-0").wait_for()


def seen_text(w) -> str:
    """The text a sighted reader sees: text nodes of elements drawn larger than
    1 px (a visually hidden element is 1 px, clipped, and still read aloud)."""
    return w.evaluate("""root => { const out = [];
      const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const el = n.parentElement; if (!el || el.closest('style, option')) continue;
        const shut = el.closest('details:not([open])'); if (shut && !el.closest('summary')) continue;
        const r = el.getBoundingClientRect();
        if (r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden') out.push(n.textContent);
      } return out.join(' '); }""")


def marks(w):
    return w.locator("[data-testid^=die-]").evaluate_all(
        "els => els.map(e => [e.querySelector('.vw-mark').textContent, e.getAttribute('aria-label')])")


def test_ids_are_unique_and_every_control_has_one_name(truth_page):
    page = truth_page
    for i, kind in enumerate(["pool", "check", "check", "task", "task", "task", "check", "task"]):
        widget(page, i, kind)
    dupes = page.evaluate("""() => { const seen = {}; for (const e of document.querySelectorAll('[id]'))
        seen[e.id] = (seen[e.id] || 0) + 1; return Object.entries(seen).filter(([k, n]) => n > 1); }""")
    assert dupes == [], dupes
    problems = page.evaluate("""(sel) => {
      const out = [];
      for (const el of document.querySelectorAll('.vw-root ' + sel.split(', ').join(', .vw-root '))) {
        if (el.type === 'hidden') continue;
        const root = el.closest('.vw-root');
        const labels = [...(el.labels || [])];
        const sources = labels.length + (el.hasAttribute('aria-label') ? 1 : 0) + (el.hasAttribute('aria-labelledby') ? 1 : 0);
        const text = (el.tagName === 'BUTTON' ? el.textContent.trim() : '');
        const what = el.dataset.testid || el.id || el.outerHTML.slice(0, 60);
        if (el.tagName === 'BUTTON') { if (!(text || el.getAttribute('aria-label'))) out.push(['no name', what]); }
        else if (sources !== 1) out.push([sources + ' names', what, labels.map((l) => l.textContent)]);
        for (const l of labels) if (l.closest('.vw-root') !== root) out.push(['label of another roller', what]);
      }
      return out; }""", CONTROLS)
    assert problems == [], problems
    # clicking a label of a later roller toggles its own checkbox, not the first roller's
    agora = widget(page, 4, "task")
    box = agora.locator("input[type=checkbox]").first
    before = box.is_checked()
    agora.locator(f"label[for='{box.get_attribute('id')}']").click()
    expect(box).to_be_checked(checked=not before)


def test_check_dice_marked_by_what_they_did(truth_page):
    page = truth_page
    w = widget(page, 1, "check")
    roll(w)
    r = vw.roll(vw.CheckRoller(score=5).spec, 0)
    assert r.details["category"] == "pass"
    [(mark, label)] = marks(w)
    assert mark == "✓" and "no success" not in label and "pass" in label, (mark, label)
    legend = w.get_by_test_id("legend").text_content()
    assert "ally" not in legend and "KISS" not in legend and "✓ = pass" in legend, legend
    result = w.get_by_test_id("result").text_content()
    assert result.startswith("Passed") and "(pass)" not in result, result
    # the result line is shown once; the status region still announces it
    expect(w.get_by_test_id("status")).to_have_text(result)
    assert seen_text(w).count(result) == 1

    w = widget(page, 2, "check")
    roll(w)
    got = marks(w)
    assert [m for m, _ in got] == ["bonus", "✓", "–"], got  # d20 17 short by 1, best bonus d6 2, the other 1
    assert "the best bonus d6" in got[1][1] and "only the best" in got[2][1]
    expect(w.get_by_test_id("result")).to_contain_text("Passed on the bonus d6")

    w = widget(page, 6, "check")
    roll(w)
    result = w.get_by_test_id("result").text_content()
    assert result.startswith("Failed") and "(fail)" not in result, result
    [(mark, label)] = marks(w)
    assert mark == "✗" and "fail" in label


def test_heresy_black_die_cancels(truth_page):
    page = truth_page
    w = widget(page, 0, "pool")
    roll(w)
    r = vw.roll(vw.PoolRoller(pool=4, black=2).spec, 0)
    got = marks(w)
    assert len(got) == len(r.dice)
    for d, (mark, label) in zip(r.dice, got):
        want = "−1" if d.scores < 0 else "✓" if d.scores > 0 else "✗"
        assert mark == want, (d, mark)
        assert label.startswith(f"Die {d.index + 1}, ")  # counted from 1 in the view
        if d.scores < 0:
            assert "cancels a success" in label and "no success" not in label
    legend = w.get_by_test_id("legend").text_content()
    assert "−1 = cancels a success" in legend and "KISS" not in legend and "ally" not in legend


def test_ego_buys_the_primary_in_status_result_and_log(truth_page):
    page = truth_page
    w = widget(page, 5, "task")
    roll(w)
    expect(w.get_by_test_id("result")).to_contain_text("Failed")
    w.get_by_test_id("ego-spend").click()
    expect(w.get_by_test_id("status")).to_contain_text("passed")
    result = w.get_by_test_id("result")
    expect(result).to_contain_text("Passed: bought the primary")
    expect(result).to_have_attribute("data-passed", "true")
    w.get_by_test_id("fold-log").click()  # the roll log under the roller, folded
    expect(w.get_by_test_id("recent").locator("li").last).to_contain_text("Passed: bought the primary")
    expect(w.get_by_test_id("spend-primary")).to_be_checked()


def test_merge_error_and_labels_said_once(truth_page):
    page = truth_page
    w = widget(page, 4, "task")
    expect(w.get_by_test_id("accept-merge")).to_be_visible()
    text = seen_text(w)
    assert text.count("cannot merge") == 1, text
    sheet = widget(page, 3, "task")
    dice = sheet.get_by_test_id("field-dice")
    expect(dice).to_have_accessible_name("Dice (job level + ability score)")


def test_kiss_step_says_each_thing_once(truth_page):
    page = truth_page
    w = widget(page, 7, "task")
    roll(w)
    budget = w.get_by_test_id("kiss-budget").text_content()
    status = w.get_by_test_id("status")
    expect(status).to_contain_text("suggested: ")  # announced to screen readers
    text = seen_text(w)
    assert text.count("showing, goal") == 1, (budget, text)
    # percentages of the advice follow the one rule, the options count dice from 1
    for item in w.get_by_test_id("advice").locator("li").all_text_contents():
        assert "99.99" not in item and "die 0" not in item, item


DUPLICATE_IDS = """() => { const seen = {}; for (const e of document.querySelectorAll('[id]'))
    seen[e.id] = (seen[e.id] || 0) + 1; return Object.entries(seen).filter(([k, n]) => n > 1); }"""


def test_the_table_app_has_no_duplicate_ids(page):
    """The Voila table app shows several rollers and a log on one page."""
    from .conftest import ROOT
    app = ROOT / "app" / "roller.ipynb"
    with jupyter_server("voila", [app], notebook="roller.ipynb") as server:
        page.goto(f"{server.url}/?token={server.token}", timeout=120_000)
        page.get_by_test_id("vw-task").first.wait_for(timeout=120_000)
        page.wait_for_function("() => document.querySelectorAll('[data-testid=p-pass][data-p]').length >= 1",
                               timeout=60_000)
        roots = page.locator(".vw-root").count()
        assert roots >= 2, roots
        assert page.evaluate(DUPLICATE_IDS) == []
        orphans = page.evaluate("""() => [...document.querySelectorAll('.vw-root label[for]')]
            .filter((l) => !l.control || l.control.closest('.vw-root') !== l.closest('.vw-root'))
            .map((l) => l.textContent)""")
        assert orphans == [], orphans
