"""The roll log's cards in JupyterLab and Chromium: each roll shows its faces marked, the KISS choice, Ego, what was
bought and the chance before the roll; by-hand rolls the faces typed; user
text stays text; the cards fit 400 px and read in the dark theme.
Screenshots go to ``$VW_SHOTS`` when set (to look at them)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import kernel_eval, lab_notebook, lab_theme, roller_widget, settle

pytestmark = pytest.mark.browser

HOSTILE = "<img src=x onerror=window.__vwPwned=1> | =1+2"
CELLS = [
    "import venus_widgets as vw\nlog = vw.RollLog()\n"
    "t = vw.TaskRoller(dice=4, kiss=2, consequences=2, ego='reroll', log=log, seed=3)\n"
    f"a = vw.TaskRoller(edition='agora', consequences=2, consequence_texts=[{HOSTILE!r}, 'b'], log=log, seed=21)\n"
    "h = vw.TaskRoller(dice=3, kiss=1, log=log, by_hand=True)\nt",
    "log",
]


def shot(page, locator, name: str, tmp_path: Path) -> Path:
    folder = Path(os.environ.get("VW_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"log-{name}.png"
    locator.screenshot(path=str(path))
    return path


def test_log_cards_show_the_roll_as_played(browser_context, tmp_path):
    with lab_notebook(browser_context, tmp_path, CELLS) as page:
        t = roller_widget(page, 0, "task")
        t.get_by_test_id("roll-button").click()
        expect(t.get_by_test_id("kiss-commit").or_(t.get_by_test_id("result"))).to_be_visible()
        if t.get_by_test_id("kiss-commit").count():
            t.get_by_test_id("die-0").click()
            t.get_by_test_id("kiss-commit").click()
        # the roll stands before the kernel is asked anything: the log entry is read after the commit
        expect(t.get_by_test_id("result")).to_be_visible()
        kernel_eval(page, "s = next(s for s in range(500) if vw.roll(a.spec, s).outcome >= 3)\na.roll_dice(seed=s)\n"
                          "if a.table['phase'] == 'kiss': a._on_msg(a, {'do': 'commit'})\n"
                          "a._on_msg(a, {'do': 'spend', 'item': 0})\n"
                          "h.enter_faces([1, 2, 1], kiss=[2], kiss_faces=[5])")
        log = roller_widget(page, 1, "log")
        cards = log.get_by_test_id("log-entry")
        expect(cards).to_have_count(3)
        entries = json.loads(kernel_eval(page, "import json; print(json.dumps(log.get_state('entries')['entries']))"))
        for i, e in enumerate(entries):
            card = cards.nth(i)
            expect(card).to_have_attribute("data-id", str(e["id"]))
            expect(card.locator(".vw-card-result")).to_have_text(e["result"])
            expect(card.locator(".vw-chip")).to_have_count(len(e["roll"]["dice"]))
            for fact in e["card"]["facts"]:  # the chance before the roll, KISS, Ego, bought, typed faces
                expect(card.locator(f"dd[data-fact={fact['key']}]")).to_have_text(fact["text"])
            chips = card.locator(".vw-chip [aria-hidden=true]").all_text_contents()
            assert chips == [f"{d['text']} {d['mark']}".strip() for d in e["card"]["dice"]]
        assert {"chance", "kiss", "ego", "bought"} <= {f["key"] for f in entries[0]["card"]["facts"]}
        expect(cards.nth(2).locator("dd[data-fact=typed]")).to_have_text("1 2 1; the KISSed dice: 5")
        # user text is text: the agora consequence shows as typed, nothing runs
        expect(cards.nth(1).locator("dd[data-fact=bought]")).to_have_text(HOSTILE)
        assert log.locator("img").count() == 0 and not page.evaluate("() => window.__vwPwned")
        # replay from a card
        cards.nth(0).get_by_role("button", name="Replay roll 1").click()
        expect(log.get_by_test_id("status")).to_contain_text("the same dice")
        shot(page, log, "1000", tmp_path)

        # 400 px wide (a phone: JupyterLab's file browser folded away): nothing wider than the log,
        # no text under 11 px
        page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        page.set_viewport_size({"width": 400, "height": 1200})
        page.wait_for_function("el => el.getBoundingClientRect().right <= 400", arg=log.element_handle())
        settle(page)
        log.scroll_into_view_if_needed()
        sizes = log.evaluate("""root => {
            const r = root.getBoundingClientRect();
            const wide = [...root.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > r.right + 1);
            const small = [...root.querySelectorAll('.vw-card *')].filter(e => e.childNodes.length && [...e.childNodes]
                .some(n => n.nodeType === 3 && n.textContent.trim()) && e.offsetParent !== null
                && parseFloat(getComputedStyle(e).fontSize) < 11);
            window.__vwWide = wide.slice(0, 8).map(e => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().width)} ${Math.round(e.getBoundingClientRect().right)} of ${Math.round(r.right)}`);
            return {scroll: root.scrollWidth - root.clientWidth, wide: wide.length, small: small.length};
        }""")
        shot(page, log, "400", tmp_path)
        page.screenshot(path=str(Path(os.environ.get("VW_SHOTS") or tmp_path) / "log-400-page.png"))
        assert sizes == {"scroll": 0, "wide": 0, "small": 0}, (sizes, page.evaluate("() => window.__vwWide"))

        # dark theme: the cards take the theme's colours
        page.set_viewport_size({"width": 1000, "height": 1200})
        lab_theme(page, "JupyterLab Dark")
        page.wait_for_function("c => getComputedStyle(c).backgroundColor !== 'rgb(255, 255, 255)'",
                               arg=cards.nth(0).element_handle())
        settle(page)
        colours = cards.nth(0).evaluate("""c => {
            const s = getComputedStyle(c), t = getComputedStyle(c.querySelector('.vw-card-result'));
            return [s.backgroundColor, t.color];
        }""")
        assert colours[0] != "rgb(255, 255, 255)" and colours[1] != "rgb(26, 26, 26)", colours
        shot(page, log, "dark", tmp_path)
