"""Accessibility of the rollers in JupyterLab and Chromium.

* axe-core (the copy bundled by ``axe-core-python``) scans every kind of
  widget (a TaskRoller and a CheckRoller of each edition that has them, a
  PoolRoller of each edition with pools, the FCScreen, the RollLog, a task
  at its KISS step and one at its spending step) in the light theme, the dark
  theme, high contrast (JupyterLab's Dark High Contrast theme with
  ``prefers-contrast: more``) and forced colors (``forced-colors: active``,
  as Windows' contrast themes set it). A roller showing an error is among
  them (the error region is hidden while empty), and a RuleLab. Only the widgets
  are scanned: JupyterLab's own chrome is not ours. No violation of impact
  "serious" or "critical" may remain.
* The odds live region says the new chance once per change, after a slider
  settles, and not again when the panel is redrawn with the same figures.
* Each step of the roll at the table moves focus to the next step's first
  control, never to the page: the whole roll is played here by keyboard.

One server and one page for the module.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

import venus_widgets as vw
from venus_widgets.engine.contract.edition import get as edition
from venus_widgets.widgets.plain_words import percent

from .conftest import kernel_eval, lab_notebook, lab_theme, set_range, settle
from .conftest import roller_widget as widget

pytestmark = pytest.mark.browser

AXE_JS = Path(__import__("axe_core_python").__file__).with_name("axe.min.js")
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21aa"]
BLOCKING = ("serious", "critical")

#: theme name, media emulated (Playwright's emulate_media)
THEMES = {
    "light": ("JupyterLab Light", {"forced_colors": "none", "contrast": "no-preference"}),
    "dark": ("JupyterLab Dark", {"forced_colors": "none", "contrast": "no-preference"}),
    "high-contrast": ("JupyterLab Dark High Contrast", {"forced_colors": "none", "contrast": "more"}),
    "forced-colors": ("JupyterLab Light", {"forced_colors": "active", "contrast": "more"}),
}

ROLLER_CLASSES = {"task": "TaskRoller", "check": "CheckRoller", "pool": "PoolRoller"}
ROLLERS = [(cls, ed) for ed in vw.EDITIONS for roller, cls in ROLLER_CLASSES.items()
           if roller in edition(ed).at_table.ROLLERS]

PARTY = {
    "Ana": {"roll": "task", "dice": 3, "kiss": 1},
    "Bo": {"roll": "task", "caliber": "silver", "dice": 5},
}
STEPS_SPEC = {**vw.TaskRoller(kiss=1, ego="double6").spec}


def steps_seed(spec: dict) -> tuple[int, list[int]]:
    """A seed whose first faces miss the goal (the KISS step is shown), whose
    engine suggestion KISSes a die, and after which Ego changes something
    (the Ego step is offered): every step of the table."""
    for seed in range(1, 5000):
        first = vw.roll(spec, seed, kiss=[], ego=False)
        if first.details["successes_before_kiss"] >= first.details["goal"]:
            continue
        best = list(vw.advise(spec, [d.before for d in first.dice]).optimal)
        if best and vw.roll(spec, seed, kiss=best, ego=True).ego_spent:
            return seed, best
    raise AssertionError("no seed reaches every step")


SEED, BEST = steps_seed(STEPS_SPEC)

# cell 0: a task whose table the scan walks to its KISS step; cell 1: to its spending step;
# cell 2: the odds live region; cell 3: focus step by step; then one roller of each kind
CELLS = [
    f"import venus_widgets as vw\nat_kiss = vw.TaskRoller(kiss=1, ego='double6', seed={SEED})\nat_kiss",
    f"at_spend = vw.TaskRoller(kiss=1, ego='double6', seed={SEED})\nat_spend",
    "live = vw.TaskRoller(consequences=1)\nlive",
    f"steps = vw.TaskRoller(kiss=1, ego='double6', seed={SEED})\nsteps",
    *[f"vw.{cls}(edition={ed!r})" for cls, ed in ROLLERS],
    # a roller showing its error (helpers that cannot merge) and the way out
    "vw.TaskRoller(edition='agora', helpers=[2, 4])",
    f"vw.FCScreen({PARTY!r}, target=0.5)",
    "vw.RuleLab()",
    "log = vw.RollLog()\nfor s in (1, 2):\n    vw.TaskRoller(log=log).roll_dice(seed=s)\nlog",
]
KISS_CELL, SPEND_CELL, LIVE_CELL, STEPS_CELL = 0, 1, 2, 3


@pytest.fixture(scope="module")
def lab_page(browser_context, tmp_path_factory):
    with lab_notebook(browser_context, tmp_path_factory.mktemp("a11y"), CELLS) as page:
        yield page


# --------------------------------------------------------------------------
# axe


def set_theme(page, name: str, media: dict) -> None:
    lab_theme(page, name)
    page.emulate_media(**media)
    settle(page)  # the theme's stylesheet applied and laid out


def axe_violations(page) -> dict:
    """axe's violations inside the widgets only (each ``.vw-root``; a
    RuleLab shows two: its roller and the lab), with the cell of each; every
    <details> opened so that the tables inside are scanned too. Each widget
    is scrolled into a tall viewport first: axe cannot tell the background
    of text JupyterLab's toolbar covers or that lies off screen."""
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(AXE_JS))
    return page.evaluate(
        """async (tags) => {
            const roots = [...document.querySelectorAll('.jp-OutputArea-output .vw-root')];
            const cells = [...document.querySelectorAll('.jp-CodeCell')];
            for (const d of document.querySelectorAll('.vw-root details')) d.open = true;
            const out = [];
            for (const root of roots) {
                root.scrollIntoView({block: 'start'});
                await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
                const res = await axe.run(root, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
                for (const v of res.violations) out.push({
                    widget: root.dataset.testid + ' (' + (root.querySelector('.vw-sub') || {}).textContent
                        + ', cell ' + cells.findIndex(c => c.contains(root)) + ')',
                    id: v.id, impact: v.impact, help: v.help, url: v.helpUrl,
                    nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary}))});
            }
            return {cells: roots.map(r => cells.findIndex(c => c.contains(r))), out};
        }""",
        AXE_TAGS,
    )


def report(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"[{v['impact']}] {v['id']} in {v['widget']}: {v['help']} ({v['url']})")
        for n in v["nodes"][:6]:
            # the selector from the widget's root on (JupyterLab's part of the path says nothing)
            parts = n["target"].split(" > ")
            start = next((i for i, p in enumerate(parts) if "vw-root" in p), 0)
            why = "; ".join(x.strip() for x in (n["summary"] or "").splitlines()[:3])
            lines.append(f"    at {' > '.join(parts[start:])}: {why}")
    return "\n".join(lines)


def bring_to_steps(page) -> None:
    """Cell 0 at its KISS step, cell 1 at its spending step (once per module)."""
    kiss = widget(page, KISS_CELL, "task")
    if not kiss.get_by_test_id("kiss-commit").count():
        kiss.get_by_test_id("roll-button").click()
        expect(kiss.get_by_test_id("kiss-commit")).to_be_visible()
    spend = widget(page, SPEND_CELL, "task")
    if not spend.get_by_test_id("spend").count():
        spend.get_by_test_id("roll-button").click()
        spend.get_by_test_id("kiss-commit").click()
        expect(spend.get_by_test_id("spend")).to_be_visible()


@pytest.mark.parametrize("theme", list(THEMES))
def test_axe_finds_nothing_serious(lab_page, theme):
    page = lab_page
    name, media = THEMES[theme]
    bring_to_steps(page)
    for i in range(len(CELLS) - 2):
        page.locator(".jp-CodeCell").nth(i).locator(".vw-root").wait_for()
    page.get_by_test_id("vw-fc").wait_for()
    page.get_by_test_id("vw-log").get_by_test_id("log-entries").wait_for()
    size = page.viewport_size
    try:
        set_theme(page, name, media)
        page.set_viewport_size({"width": size["width"], "height": 2400})
        res = axe_violations(page)
    finally:
        page.set_viewport_size(size)
        set_theme(page, "JupyterLab Light", THEMES["light"][1])
    assert sorted(set(res["cells"])) == list(range(len(CELLS))), f"widgets scanned in cells {res['cells']}"
    bad = [v for v in res["out"] if v["impact"] in BLOCKING]
    assert not bad, f"axe ({theme} theme) found {len(bad)} serious or critical violation(s):\n{report(bad)}"


# --------------------------------------------------------------------------
# the odds live region


def sentence(spec: dict) -> str:
    o = vw.odds(spec)
    return f"Chance to pass {percent(o.p_pass)}, to reach the goal {percent(o.p_goal)}"


def said(page) -> list[str]:
    return page.evaluate("() => [...window.__vwSaid]")


#: A clock for the announcer that only this test moves (``js/roller.js`` reads
#: ``globalThis.__vwTimers``): a timer fires when the test says the delay is
#: over, never because a busy machine answered slowly between two slider stops.
MANUAL_TIMERS = """() => {
    const pending = new Map();
    let next = 1;
    window.__vwTimers = {
        setTimeout(fn, ms) { pending.set(next, fn); return next++; },
        clearTimeout(id) { pending.delete(id); },
        pending() { return pending.size; },
        elapse() { const fns = [...pending.values()]; pending.clear(); fns.forEach(f => f()); },
    };
}"""


def delay_passes(page) -> list[str]:
    """The announcer's delay ends now: pending announcements are made."""
    page.evaluate("() => window.__vwTimers.elapse()")
    return said(page)


def shown(w, spec) -> None:
    """Wait until the visible chance is the one of ``spec`` (the kernel answered)."""
    expect(w.get_by_test_id("p-pass")).to_have_text(percent(vw.odds(spec).p_pass))


def test_odds_live_region_says_each_change_once(lab_page):
    page = lab_page
    w = widget(page, LIVE_CELL, "task")
    region = w.get_by_test_id("odds-live")
    expect(region).to_have_attribute("role", "status")
    expect(region).to_have_attribute("aria-live", "polite")
    expect(region).to_have_attribute("aria-atomic", "true")
    box = region.bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1, f"the region is meant to be heard, not seen: {box}"
    # the figures shown when the roller appears are not announced
    assert region.text_content() == ""
    # every text the region is given, as a screen reader would be told it
    region.evaluate("""el => {
        window.__vwSaid = [];
        new MutationObserver(() => window.__vwSaid.push(el.textContent))
            .observe(el, {childList: true, characterData: true, subtree: true});
    }""")
    page.evaluate(MANUAL_TIMERS)
    spec = dict(vw.TaskRoller(consequences=1).spec)

    set_range(w.get_by_test_id("field-factors"), 2)
    spec["factors"] = 2
    expected = sentence(spec)
    shown(w, spec)
    assert said(page) == [], "nothing is said before the delay"
    assert delay_passes(page) == [expected], "one change, one announcement"
    expect(region).to_have_text(expected)
    # the visible figures are the same ones
    assert w.get_by_test_id("p-pass").text_content() in expected and w.get_by_test_id("p-goal").text_content() in expected

    # dragging over several stops: each stop's figures replace the one waiting, so it is heard once, at the last stop
    for v in (3, 4, 1, 0):
        set_range(w.get_by_test_id("field-factors"), v)
    spec["factors"] = 0
    shown(w, spec)
    expect(w.get_by_test_id("value-factors")).to_have_text("0")
    assert said(page) == [expected], "announced while the slider was still moving"
    assert page.evaluate("() => window.__vwTimers.pending()") <= 1
    assert delay_passes(page) == [expected, sentence(spec)]

    # the panel redrawn with the same figures (a note added from Python): nothing new to hear
    kernel_eval(page, "live.odds_view = {**live.odds_view, 'notes': ['redrawn']}")
    expect(w.locator(".vw-notes")).to_contain_text("redrawn")
    assert delay_passes(page) == [expected, sentence(spec)]
    # a change undone before the delay ends: nothing to hear either
    set_range(w.get_by_test_id("field-factors"), 3)
    shown(w, dict(spec, factors=3))
    set_range(w.get_by_test_id("field-factors"), 0)
    shown(w, spec)
    expect(w.get_by_test_id("value-factors")).to_have_text("0")
    assert delay_passes(page) == [expected, sentence(spec)]
    # a roll is the status region's to announce, not this one's
    w.get_by_test_id("roll-button").click()
    expect(w.get_by_test_id("status")).not_to_be_empty()
    assert delay_passes(page) == [expected, sentence(spec)]
    assert w.get_by_test_id("status").text_content() not in said(page)
    page.evaluate("() => { delete window.__vwTimers; }")


# --------------------------------------------------------------------------
# focus after each step of the table


def focused(page) -> dict:
    return page.evaluate("""() => {
        const a = document.activeElement;
        return {key: a && a.dataset ? (a.dataset.testid || a.dataset.key || null) : null, tag: a ? a.tagName : null,
                body: a === document.body, text: a ? a.textContent : ''};
    }""")


def expect_focus(page, w, testid: str, timeout: float = 10.0) -> None:
    """``document.activeElement`` becomes the control ``testid`` inside ``w``."""
    target = w.get_by_test_id(testid)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if target.count() and target.evaluate("el => el === document.activeElement"):
            return
        time.sleep(0.05)
    raise AssertionError(f"focus is on {focused(page)}, expected {testid} inside the widget")


def test_focus_moves_to_each_next_step(lab_page):
    page = lab_page
    w = widget(page, STEPS_CELL, "task")
    spec = STEPS_SPEC
    first = vw.roll(spec, SEED, kiss=[], ego=False)

    # Roll (by keyboard): the first die to KISS
    w.get_by_test_id("roll-button").focus()
    page.keyboard.press("Enter")
    expect_focus(page, w, "die-0")
    assert [int(x) for x in w.locator("[data-testid^=die-]").evaluate_all("els => els.map(e => e.dataset.face)")] == \
        [d.after for d in first.dice]
    # selecting a die keeps focus on it (more may be selected)
    page.keyboard.press("Space")
    expect(w.get_by_test_id("die-0")).to_have_attribute("aria-pressed", "true")
    expect_focus(page, w, "die-0")
    page.keyboard.press("Space")
    expect(w.get_by_test_id("die-0")).to_have_attribute("aria-pressed", "false")

    # Choose the engine's suggestion: on to the button that KISSes it
    choose = w.locator("li[data-optimal=true] button")
    choose.focus()
    page.keyboard.press("Enter")
    expect_focus(page, w, "kiss-commit")
    expect(w.get_by_test_id("kiss-commit")).to_have_text("KISS the selected dice")
    for i in BEST:
        expect(w.get_by_test_id(f"die-{i}")).to_have_attribute("aria-pressed", "true")

    # KISS: the dice stand, the Ego step is next
    page.keyboard.press("Enter")
    expect_focus(page, w, "ego-spend")
    # Spend Ego: on to the first consequence that can be bought or unbought
    page.keyboard.press("Enter")
    expect(w.get_by_test_id("ego-spend")).to_have_count(0)
    expect_focus(page, w, "spend-primary")
    # spending is a choice of several boxes: focus stays on the box ticked
    page.keyboard.press("Space")
    expect(w.get_by_test_id("spend-primary")).not_to_be_checked()
    expect_focus(page, w, "spend-primary")
    page.keyboard.press("Space")
    expect(w.get_by_test_id("spend-primary")).to_be_checked()
    expect_focus(page, w, "spend-primary")
    expect(w.get_by_test_id("result")).to_contain_text("Passed")

    # the end of the table: Roll again, and from it the next roll's first die
    again = w.get_by_test_id("roll-again")
    again.focus()
    page.keyboard.press("Enter")
    expect(w.get_by_test_id("kiss-commit")).to_be_visible()
    expect_focus(page, w, "die-0")

    # Keep the dice: the Ego step if Ego changes something, else the first
    # consequence the successes can buy (Python says which), else Roll again
    w.get_by_test_id("kiss-commit").focus()
    page.keyboard.press("Enter")
    expect(w.get_by_test_id("spend")).to_be_visible()
    kept = vw.roll(spec, SEED, kiss=[], ego=False)
    items = json.loads(kernel_eval(page, "import json; print(json.dumps(steps.table['spend']['items']))"))
    buyable = [f"spend-{c['id']}" for c in items if c["affordable"]]
    want = "ego-spend" if vw.roll(spec, SEED, kiss=[], ego=True).ego_spent else (buyable or ["roll-again"])[0]
    assert not kept.passed or buyable, "a roll that passes can pay for its primary"
    expect_focus(page, w, want)


def test_a_roll_without_steps_focuses_roll_again(lab_page):
    page = lab_page
    w = page.locator(".jp-CodeCell").nth(4 + ROLLERS.index(("CheckRoller", "playtest"))).get_by_test_id("vw-check")
    w.get_by_test_id("roll-button").focus()
    page.keyboard.press("Enter")
    expect(w.get_by_test_id("result")).not_to_be_empty()
    expect_focus(page, w, "roll-again")
    page.keyboard.press("Enter")  # and again, from there
    expect_focus(page, w, "roll-again")
