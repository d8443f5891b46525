"""The roller in JupyterLab's default layout (the file browser open, as it
opens: a roller gets about 560 px of a 1,000 px window) and at 400 px:

* a task roller is at most 700 px tall before a roll and 900 px after (the
  log folded), and the chance, Roll and the dice are on screen together;
* at 400 px no number is broken from its sign, no text is under 11 px
  (chart labels too), nothing reaches past the widget's edge;
* while a roll waits at its KISS step the settings are held, also when the
  view sends a change anyway, and the log records what was played;
* the headline follows the dice on the table, the settings' chance kept smaller;
* a die both focused and selected shows both;
* the rule lab says a bad knob value beside its field, marks the field and
  applies values as the arrows move.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

import venus_widgets as vw

from .conftest import expect_p, kernel_eval, lab_notebook, set_range, settle
from .test_layout import OVERLAP_JS

pytestmark = pytest.mark.browser

README_TASK = "vw.TaskRoller(caliber='silver', dice=4, allies=['gold'], factors=2, kiss=1, seed=7)"
CELLS = [
    f"import venus_widgets as vw\nreadme = {README_TASK}\nreadme",
    "plain = vw.TaskRoller(seed=11)\nplain",
    "held = vw.TaskRoller(dice=3, factors=2, lots=1, seed=1)\nheld",
    "agora = vw.TaskRoller(edition='agora', rank=4, health=2, job=2, helpers=[5, 5], consequences=2, kiss=1, seed=3)\nagora",
    "check = vw.CheckRoller(caliber='gold', score=6, difficulty='tough', factors=1, bonus_factors=2, seed=6)\ncheck",
    "pool = vw.PoolRoller(edition='heresy', pool=8, black=3, seed=5)\npool",
    "screen = vw.FCScreen({'Ana': {'roll': 'task', 'dice': 3, 'kiss': 1}, 'Bo': {'roll': 'task', 'caliber': 'silver', "
    "'dice': 5}}, target=0.6)\nscreen",
    "lab = vw.RuleLab(a={'success_from': {'bronze': 4}}, b={'threshold_base': 2}, dice=3)\nlab",
    "drafts = vw.RuleLab(edition=vw.load_edition('heresy.toml'), b=vw.load_edition('heresy-push.toml'), "
    "names=('as read', 'with a push'), pool=6, black=3)\ndrafts",
]
TASKS = (0, 1, 2, 3)  # the cells of task rollers held to the height budget
DRAFTS = 8  # the lab comparing two drafts (chapter 11's): the Heresy Engine as read and with a push
HELD = 2  # seed 1 stops at the KISS step


@pytest.fixture(scope="module")
def lab_page(browser_context, tmp_path_factory):
    """JupyterLab as it opens: its default layout keeps the file browser open."""
    with lab_notebook(browser_context, tmp_path_factory.mktemp("fit"), CELLS) as page:
        page.set_viewport_size({"width": 1000, "height": 900})
        assert page.evaluate("() => !document.querySelector('#jp-left-stack').classList.contains('lm-mod-hidden')")
        for i in range(len(CELLS)):
            page.locator(".jp-CodeCell").nth(i).locator(".vw-root").first.wait_for()
        settle(page)
        yield page


def cell(page, i: int):
    return page.locator(".jp-CodeCell").nth(i)


def root(page, i: int):
    return cell(page, i).locator(".vw-root").first


def window(page, width: int, file_browser: bool) -> None:
    page.set_viewport_size({"width": width, "height": 900 if width > 500 else 800})
    shut = page.evaluate("() => document.querySelector('#jp-left-stack').classList.contains('lm-mod-hidden')")
    if shut == file_browser:
        page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
    page.wait_for_function("open => document.querySelector('#jp-left-stack').classList.contains('lm-mod-hidden') !== open",
                           arg=file_browser)
    settle(page)
    settle(page)


def roll_to_the_end(w) -> None:
    """Roll and, at a KISS step, keep the dice: the dice stand."""
    if w.get_by_test_id("roll-again").count():
        w.get_by_test_id("roll-again").click()
    else:
        w.get_by_test_id("roll-button").click()
    expect(w.get_by_test_id("kiss-commit").or_(w.get_by_test_id("roll-again"))).to_be_visible()
    if w.get_by_test_id("kiss-commit").count():
        w.get_by_test_id("kiss-commit").click()
    expect(w.get_by_test_id("roll-again")).to_be_visible()


def height(w) -> float:
    return w.bounding_box()["height"]


def test_task_rollers_fit_the_default_layout_before_and_after_a_roll(lab_page):
    page = lab_page
    window(page, 1000, file_browser=True)
    widths = {i: root(page, i).bounding_box()["width"] for i in TASKS}
    assert all(520 <= w <= 620 for w in widths.values()), f"a roller gets about 560 px here: {widths}"
    before = {i: height(root(page, i)) for i in TASKS}
    assert max(before.values()) <= 700, f"before a roll: {before} (was 1,158 px)"
    after = {}
    for i in TASKS:
        w = root(page, i)
        roll_to_the_end(w)
        expect(w.locator("details[data-fold='log']")).not_to_have_attribute("open", "")  # the log folded
        settle(page)
        after[i] = height(w)
        # the chance, the roll's button and the dice on screen together: within one screenful
        tops = [w.get_by_test_id(t).first.bounding_box() for t in ("p-now", "roll-again", "die-0")]
        span = max(b["y"] + b["height"] for b in tops) - min(b["y"] for b in tops)
        assert span <= 450, f"cell {i}: the chance, Roll again and the dice span {span:.0f} px"
    assert max(after.values()) <= 900, f"after a roll: {after} (was 1,497 px)"
    print("heights before", before, "after", after)


def test_at_the_kiss_step_the_chance_the_dice_and_the_choice_are_together(lab_page):
    page = lab_page
    window(page, 1000, file_browser=True)
    w = root(page, HELD)
    if not w.get_by_test_id("kiss-commit").count():
        w.get_by_test_id("roll-again").or_(w.get_by_test_id("roll-button")).first.click()
    expect(w.get_by_test_id("kiss-commit")).to_be_visible()
    assert height(w) <= 900
    boxes = [w.get_by_test_id(t).bounding_box() for t in ("p-now", "kiss-commit", "die-0")]
    assert max(b["y"] + b["height"] for b in boxes) - min(b["y"] for b in boxes) <= 450


def test_the_headline_follows_the_dice_on_the_table(lab_page):
    page = lab_page
    w = root(page, 1)
    spec = json.loads(kernel_eval(page, "import json; print(json.dumps(plain.spec))"))
    roll_to_the_end(w)
    passed = w.get_by_test_id("result").get_attribute("data-passed") == "true"
    expect_p(w.get_by_test_id("p-now"), 1.0 if passed else 0.0)
    expect_p(w.get_by_test_id("p-pass"), vw.odds(spec).p_pass)  # the settings' chance, kept smaller
    expect(w.get_by_test_id("p-pass")).to_be_visible()
    # the roll's chance drawn larger than the settings' (both read at once in the page: a busy CI once read
    # the first from a headline the view had just drawn again, detached, its size NaN)
    page.wait_for_function("r => { const size = (id) => { const e = r.querySelector(`[data-testid=${id}]`); "
                           "return e ? parseFloat(getComputedStyle(e).fontSize) : NaN; }; "
                           "return size('p-now') > size('p-pass'); }", arg=w.element_handle())
    # a setting changed after the roll: the headline is the settings' chance again, the roll says it is older
    set_range(w.get_by_test_id("field-factors"), 1)
    expect(w.get_by_test_id("stale-note")).to_be_visible()
    expect(w.get_by_test_id("p-now")).to_have_count(0)
    expect_p(w.get_by_test_id("p-pass"), vw.odds({**spec, "factors": 1}).p_pass)


def test_settings_are_held_while_the_dice_wait_for_their_kiss(lab_page):
    page = lab_page
    window(page, 1000, file_browser=True)
    w = root(page, HELD)
    if not w.get_by_test_id("kiss-commit").count():
        w.get_by_test_id("roll-again").or_(w.get_by_test_id("roll-button")).first.click()
    expect(w.get_by_test_id("kiss-commit")).to_be_visible()
    entries = int(kernel_eval(page, "print(len(held.log.entries))"))
    add = w.get_by_test_id("add-allies")
    expect(add).to_be_disabled()
    expect(w.get_by_test_id("held-note")).to_be_visible()
    expect(w.get_by_test_id("field-dice")).to_be_disabled()
    # the view sends the change anyway (the controls forced open): Python holds it and says why
    w.evaluate("r => r.querySelectorAll('fieldset').forEach(f => { f.disabled = false; })")
    add.click()
    expect(w.get_by_test_id("error")).to_contain_text("The settings are held while this roll is open")
    expect(w.get_by_test_id("field-allies-0")).to_have_count(0)  # sent back: no ally in the view either
    assert kernel_eval(page, "print(held.allies)").strip() == "[]"
    expect(w.get_by_test_id("kiss-commit")).to_be_visible()
    w.get_by_test_id("kiss-commit").click()
    expect(w.get_by_test_id("roll-again")).to_be_visible()
    log = json.loads(kernel_eval(page, "import json; print(json.dumps(held.log.entries[-1]['roll']))"))
    assert int(kernel_eval(page, "print(len(held.log.entries))")) == entries + 1
    assert log["spec"]["allies"] == [] and [d["owner"] for d in log["dice"]] == ["own"] * 3  # what was played
    expect(w.get_by_test_id("add-allies")).to_be_enabled()  # the dice stand: free again


def test_a_die_focused_and_selected_shows_both(lab_page):
    page = lab_page
    w = root(page, HELD)
    w.get_by_test_id("roll-again").or_(w.get_by_test_id("roll-button")).first.click()
    expect(w.get_by_test_id("kiss-commit")).to_be_visible()
    die = w.locator("[data-testid^=die-]:not([aria-disabled=true])").first
    die.focus()
    page.keyboard.press("Space")
    expect(die).to_have_attribute("aria-pressed", "true")
    looks = die.evaluate("""d => { const s = getComputedStyle(d), a = getComputedStyle(d, '::after');
        return {outline: s.outlineStyle, width: s.outlineWidth, ring: a.borderTopStyle, ringWidth: a.borderTopWidth,
                focused: d === document.activeElement, text: d.textContent}; }""")
    assert looks["focused"] and looks["outline"] != "none" and looks["width"] != "0px", looks
    assert looks["ring"] == "dashed" and looks["ringWidth"] != "0px", looks  # the selection, beside the focus ring
    assert "to KISS" in looks["text"]  # and in words, not by its look alone


#: text nodes whose number and its sign (or "1 in N") are drawn on two lines
BROKEN_JS = r"""root => { const out = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement; if (!el || el.closest('style, option, .vw-visually-hidden, details:not([open]) > :not(summary)')) continue;
    for (const m of n.textContent.matchAll(/[0-9][0-9.,]* %/g)) {
      const r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
      const lines = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
      if (lines.size > 1) out.push(m[0] + ' in ' + n.textContent.slice(0, 60));
    }
  } return out; }"""

#: visible texts drawn under 11 px (SVG text at its drawn size)
SMALL_JS = r"""root => { const out = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement; if (!el || !n.textContent.trim()) continue;
    if (el.closest('style, option, title, desc, .vw-visually-hidden, [hidden], details:not([open]) > :not(summary)')) continue;
    const box = el.getBoundingClientRect(); if (box.width <= 1 || box.height <= 1) continue;
    let px = parseFloat(getComputedStyle(el).fontSize);
    const svg = el.closest('svg');
    if (svg && el.getScreenCTM) { const m = el.getScreenCTM(); px *= Math.hypot(m.a, m.b); }
    if (px < 10.95) out.push(`${px.toFixed(1)} px: ${n.textContent.trim().slice(0, 30)}`);
  } return out; }"""

OVERFLOW_JS = """root => { const edge = root.getBoundingClientRect().right + 1; const out = [];
  for (const el of root.querySelectorAll('*')) {
    if (el.closest('details:not([open]) > :not(summary), .vw-visually-hidden')) continue;
    const r = el.getBoundingClientRect();
    if (r.width && r.height && r.right > edge) out.push(`${el.tagName} ${el.textContent.slice(0, 30)}`);
  } return out; }"""


@pytest.mark.parametrize("width, file_browser", [(400, False), (1000, True)])
def test_no_number_leaves_its_sign_no_text_is_small_nothing_runs_over(lab_page, width, file_browser):
    page = lab_page
    window(page, width, file_browser)
    for i in range(len(CELLS)):
        out = cell(page, i).locator(".jp-OutputArea-output").last
        out.scroll_into_view_if_needed()  # JupyterLab lays out cells off screen only when they come into view
        settle(page)
        settle(page)
        for r in out.locator(".vw-root").all():
            assert r.evaluate(BROKEN_JS) == [], f"cell {i} at {width} px"
            assert r.evaluate(SMALL_JS) == [], f"cell {i} at {width} px"
            assert r.evaluate(OVERFLOW_JS) == [], f"cell {i} at {width} px"
    assert page.evaluate("() => document.querySelector('.jp-WindowedPanel-outer, .jp-Notebook').scrollWidth "
                         "<= document.querySelector('.jp-WindowedPanel-outer, .jp-Notebook').clientWidth + 1")
    # at any width the chance, the roll's button and the dice are on one screen
    for i in TASKS:
        w = root(page, i)
        w.scroll_into_view_if_needed()
        settle(page)
        if not w.get_by_test_id("die-0").count():
            continue
        step = "kiss-commit" if w.get_by_test_id("kiss-commit").count() else "roll-again"
        chance = "p-now" if w.get_by_test_id("p-now").count() else "p-pass"
        boxes = [w.get_by_test_id(t).first.bounding_box() for t in (chance, step, "die-0")]
        span = max(b["y"] + b["height"] for b in boxes) - min(b["y"] for b in boxes)
        assert span <= 560, f"cell {i} at {width} px: the chance, {step} and the dice span {span:.0f} px"


def test_the_lab_says_a_bad_knob_value_beside_it_and_applies_values_as_the_arrows_move(lab_page):
    page = lab_page
    window(page, 1000, file_browser=True)
    w = cell(page, 7).get_by_test_id("vw-rulelab")
    base = {"edition": "playtest", "roll": "task", "dice": 3}
    box = w.get_by_test_id("knob-B-threshold_base").locator("input")
    box.fill("9")
    box.press("Tab")
    err = w.get_by_test_id("knob-error-B.threshold_base")
    expect(err).to_have_text("In B, Successes needed with no factor: 9 is not applied. It takes a whole number from 0 "
                             "to 6; B keeps 2.")
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(box).to_have_value("9")  # kept, visibly not applied
    box.scroll_into_view_if_needed()
    settle(page)
    assert 0 < err.bounding_box()["y"] - box.bounding_box()["y"] < 60  # beside the field, not far above it
    expect(w.get_by_test_id("error")).to_be_empty()  # said once
    expect_p(w.get_by_test_id("lab-p-B"), vw.odds({**base, "rules": {"threshold_base": 2}}).p_pass)
    # the arrows apply each step, no Enter needed
    a = w.get_by_test_id("knob-A-threshold_base").locator("input")
    a.focus()
    page.keyboard.press("ArrowUp")
    rules = {"success_from": {"bronze": 4}, "threshold_base": 2}
    expect_p(w.get_by_test_id("lab-p-A"), vw.odds({**base, "rules": rules}).p_pass)
    expect(w.get_by_test_id("knob-A-threshold_base").locator("input")).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect_p(w.get_by_test_id("lab-p-A"), vw.odds({**base, "rules": {**rules, "threshold_base": 3}}).p_pass)
    # the knobs are the table's words, no code name; no check knob for a task
    expect(w.get_by_test_id("knobs")).to_contain_text("Successes needed with no factor")
    expect(w.get_by_test_id("knobs")).not_to_contain_text("threshold_base")
    expect(w.locator("[data-knob=check_auto_pass_from]")).to_have_count(0)
    # the differences chart has no "at least 0" bar and is as wide as the lab
    chart = w.get_by_test_id("diff-chart")
    assert "≥0" not in chart.text_content()
    assert chart.bounding_box()["width"] >= 0.9 * w.bounding_box()["width"] - 20


#: elements that scroll sideways (content wider than their box, scrolled or clipped), and how much
SIDEWAYS_JS = """root => { const out = [];
  for (const el of [root, ...root.querySelectorAll('*')]) {
    if (el.closest('details:not([open]) > :not(summary), .vw-visually-hidden')) continue;
    const ox = getComputedStyle(el).overflowX;
    if (ox !== 'visible' && el.scrollWidth > el.clientWidth + 1)
      out.push(`${el.tagName}.${el.className} ${el.getAttribute('data-testid') || ''}: ${el.scrollWidth} > ${el.clientWidth}`);
  } return out; }"""


def test_the_rule_lab_at_400_px_scrolls_only_down(lab_page):
    """Issue 21, item 7: at 400 px nothing of the rule lab scrolls sideways
    (no part wider than its box, the lab no wider than the cell's output)."""
    page = lab_page
    window(page, 400, file_browser=False)
    out = cell(page, 7).locator(".jp-OutputArea-output").last
    out.scroll_into_view_if_needed()
    settle(page)
    settle(page)
    lab = cell(page, 7).get_by_test_id("vw-rulelab")
    # the table of the odds and differences opened too, under chapter 10's names: it had a column of points
    # per variant besides a column of chances, six in all, and its last two were cut off at 400 px
    for v, name in (("A", "Bronze 4-6"), ("B", "threshold from 2")):
        lab.get_by_test_id(f"name-{v}").fill(name)
        lab.get_by_test_id(f"name-{v}").press("Tab")
        expect(lab.get_by_test_id(f"headline-{v}")).to_contain_text(f"{name}: ")
    settle(page)
    table = lab.get_by_test_id("lab-table")
    table.locator("summary").click()
    for opened in (True, False):
        assert lab.evaluate(SIDEWAYS_JS) == []
        assert out.evaluate(SIDEWAYS_JS) == []
        assert lab.bounding_box()["width"] <= out.bounding_box()["width"] + 1
        assert lab.evaluate(OVERFLOW_JS) == []
        if opened:
            box, edge = table.locator("table").bounding_box(), lab.bounding_box()
            assert box["x"] + box["width"] <= edge["x"] + edge["width"] + 1, (box, edge)
            assert table.locator("thead th").count() == 4  # chance, base, A, B (each with its points in brackets)
            table.locator("summary").click()
    for v in ("A", "B"):  # the names the other tests of this lab read
        lab.get_by_test_id(f"name-{v}").fill(v)
        lab.get_by_test_id(f"name-{v}").press("Tab")
        expect(lab.get_by_test_id(f"headline-{v}")).to_contain_text(f"{v}: ")
    # its chances side by side even at 400 px (they took two rows): the lab 1,844 -> 1,782 px tall here
    chances = [lab.get_by_test_id(f"lab-{k}").bounding_box()["y"] for k in ("base", "A", "B")]
    assert max(chances) - min(chances) < 2
    # the knob cards say each rule in a sentence now (2,007 px here): still within a screenful's few.
    # The heatmap's heads said their field's label whole ("Dice (job level) 3"), a column a table: 3,568 px
    heads = lab.get_by_test_id("heatmap").locator("thead th")
    assert heads.count() >= 3 and all(t.strip().isdigit() for t in heads.all_text_contents())
    assert lab.bounding_box()["height"] <= 2_100


@pytest.mark.parametrize("width, file_browser", [(1000, True), (400, False)])
def test_the_lab_comparing_two_drafts_labels_at_most_15_rows_and_none_overlap(lab_page, width, file_browser):
    """Issue 33: chapter 11's difference chart had about 40 labels ("≥-3" ... "≥33")
    run together, mostly bars of ±0 with no numbers. The lab comparing the two
    drafts leads with one sentence, and its chart labels at most 15 rows, each
    with its number, no two texts overlapping, at 1,000 px (the file browser
    open) and at 400 px."""
    from venus_widgets.engine.contract import edition as registry
    from venus_widgets.engine.drafts import EXAMPLES

    page = lab_page
    window(page, width, file_browser)
    w = cell(page, DRAFTS).get_by_test_id("vw-rulelab")
    w.get_by_test_id("diff-chart").scroll_into_view_if_needed()
    settle(page)
    heresy, push = (vw.load_edition((EXAMPLES / f"{n}.toml").read_text()) for n in ("heresy", "heresy-push"))
    try:
        c = vw.compare({"edition": heresy.ID, "pool": 6, "black": 3}, {"as read": {}, "with a push": push.ID})
        headline, glance = c.headline("with a push"), c.glance()
    finally:  # loaded in the tests' process for the expected numbers only (left loaded, they leaked into the next module)
        for ident in (heresy.ID, push.ID):
            registry.unregister(ident)
    expect(w.get_by_test_id("headline-B")).to_have_text(headline)
    # the variant's draft by its name, as the saved lab says it (it said "plays by the draft heresy-push")
    expect(w.get_by_test_id("draft-B")).to_contain_text("plays by the Heresy Engine with a push")
    chart = w.get_by_test_id("diff-chart")
    ticks = chart.locator("[data-testid=diff-tick]")
    assert ticks.count() == len(glance) <= 15
    assert [t.strip() for t in ticks.all_text_contents()][:2] == ["to pass", "foul failure"]
    assert chart.evaluate(OVERLAP_JS) == [], f"{width} px"
    boxes = [ticks.nth(i).bounding_box() for i in range(ticks.count())]
    assert all(a["y"] + a["height"] <= b["y"] + 0.5 for a, b in zip(boxes, boxes[1:]))  # one under another
    numbers = chart.locator("text.n")
    assert numbers.count() == ticks.count()  # one bar each (as read draws none: the same rules), each with its number
    edge = chart.bounding_box()
    for i in range(numbers.count()):
        box = numbers.nth(i).bounding_box()
        assert edge["x"] - 0.5 <= box["x"] and box["x"] + box["width"] <= edge["x"] + edge["width"] + 0.5
    assert edge["width"] <= w.bounding_box()["width"] + 1
    # the heatmap in as few tables as the width holds: no table but the last has room for one more column
    # (at 400 px it took 4 tables of 3 columns where 5 fit), each table after the first captioned in one line
    heat = w.get_by_test_id("heatmap")
    heat.scroll_into_view_if_needed()
    settle(page)
    room = heat.bounding_box()["width"]
    tables = heat.locator("table").all()
    for t in tables[:-1]:
        widest = max(c.bounding_box()["width"] for c in t.locator("thead th").all())
        assert t.bounding_box()["width"] + widest > room, f"{width} px: room for one more column in {len(tables)} tables"
    for t in tables[1:]:
        assert t.locator("caption").bounding_box()["height"] < 30, f"{width} px: {t.locator('caption').text_content()}"
    # the table of the same rows, as compact
    w.get_by_test_id("lab-table").locator("summary").click()
    assert w.get_by_test_id("lab-table").locator("tbody tr").count() == ticks.count()
    w.get_by_test_id("lab-table").locator("summary").click()
