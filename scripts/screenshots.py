"""Take the docs' screenshots of each view in JupyterLab and Chromium, where
people use them: JupyterLab's default layout (the file browser open) at a
1,000 px window, the same window in the dark theme, and a 400 px window
(the file browser shut, as on a phone).

    .venv/bin/python scripts/screenshots.py             # writes docs/screenshots/<view>-<theme>-<width>.png
    .venv/bin/python scripts/screenshots.py task-roller # only the views named

and, as a saved notebook first opens on Binder (untrusted, before Run All),
the first still of chapters 00, 09, 10 and 11 (``first-view-*``), light and
dark.

All views sit in one notebook, run in a fresh JupyterLab (its own data
dir); the rollers are rolled with a fixed seed where the table shows, and
each widget's root element is captured (the rule lab: its whole output).
Prints each view's size, so a layout that grew shows. Needs
/usr/bin/chromium (make test installs it).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
sys.path.insert(0, str(ROOT))

# the browser tests' harness: JupyterLab servers and Chromium started the same way
from tests.browser.conftest import (  # noqa: E402
    CHROMIUM, CHROMIUM_ARGS, jupyter_server, open_notebook, run_all, write_notebook)

PARTY = ('{"Ana": {"roll": "task", "dice": 3, "kiss": 1}, "Bo": {"roll": "task", "caliber": "silver", "dice": 5}, '
         '"Cy": {"roll": "task", "caliber": "gold", "dice": 2, "kiss": 2}}')

#: name -> (code of its cell, what to do before the pictures: "roll", "kiss" (roll and stop at the KISS step),
#: "why" (open "Why this chance?"), "refuse" (type a name already taken and a typo in Allies) or "")
VIEWS = {
    "task-roller": ("vw.TaskRoller(caliber='silver', dice=4, allies=['gold'], factors=2, kiss=1, seed=7)", "roll"),
    "task-roller-kiss": ("vw.TaskRoller(caliber='silver', dice=4, factors=2, lots=1, seed=6)", "kiss"),
    "check-roller": ("vw.CheckRoller(caliber='gold', score=6, difficulty='tough', factors=1, bonus_factors=2, seed=6)",
                     "roll"),
    "agora-task-roller": ("vw.TaskRoller(edition='agora', rank=4, health=2, job=2, helpers=[5, 5], "
                          "consequences=2, kiss=1, seed=3)", "roll"),
    "playsheet-task-roller": ("vw.TaskRoller(edition='playsheet', rank='silver', dice=5, difficulty=2, "
                              "explode=True, kiss=1, seed=11)", "roll"),
    "playsheet-task-roller-kiss": ("vw.TaskRoller(edition='playsheet', rank='silver', dice=4, allies=['gold'], "
                                   "difficulty=4, kiss=2, ego=True, seed=2)", "kiss"),
    "heresy-pool-roller": ("vw.PoolRoller(edition='heresy', pool=8, black=3, seed=5)", "roll"),
    "vers-pool-roller": ("vw.PoolRoller(edition='vers', ranks=4, penalty=2, seed=5)", "roll"),
    "task-roller-why": ("vw.TaskRoller(dice=3, factors=1, kiss=1, seed=7)", "why"),
    "fc-screen": (f"vw.FCScreen({PARTY}, target=0.6)", ""),
    "fc-screen-refused": (f"vw.FCScreen({PARTY}, target=0.6)", "refuse"),
    "rule-lab": ("vw.RuleLab(a={'success_from': {'bronze': 4}}, b={'threshold_base': 2}, "
                 "names=('Bronze 4-6', 'threshold from 2'), dice=3)", ""),
    "draft-rule-lab": ("vw.RuleLab(edition=vw.load_edition('heresy.toml'), b=vw.load_edition('heresy-push.toml'), "
                       "names=('as read', 'with a push'), pool=6, black=3)", ""),
}

THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
#: the first view: committed chapters opened as Binder opens them (untrusted, before Run All), each
#: chapter's first saved widget (a roller; the FC's screen; the rule lab)
FIRST_VIEW = {"first-view-roller": ("00-a-roll-from-start-to-finish.ipynb", 0),
              "first-view-fc-screen": ("09-facilitators.ipynb", 0), "first-view-rule-lab": ("10-the-rule-lab.ipynb", 0),
              "first-view-draft-rule-lab": ("11-write-your-own-draft.ipynb", 2)}  # (chapter, which still)
#: (window width, file browser open): the default layout at 1,000 px; a phone at 400 px
WINDOWS = ((1000, True), (400, False))


def set_sidebar(page, open_: bool) -> None:
    shut = page.evaluate("() => document.querySelector('#jp-left-stack').classList.contains('lm-mod-hidden')")
    if shut == open_:
        page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")


def set_theme(page, theme: str) -> None:
    page.evaluate("t => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})", theme)
    page.wait_for_function("t => document.body.dataset.jpThemeName === t", arg=theme, timeout=30_000)
    # JupyterLab's splash screen fades out over the page after the theme's name is set: a shot taken
    # before it is gone is washed out toward the splash's colour
    page.wait_for_function("() => !document.getElementById('jupyterlab-splash')", timeout=30_000)


def prepare(cell, how: str) -> None:
    """Roll the view in ``cell`` (to the end, or to its KISS step), open its
    "Why this chance?", or type what the FC screen refuses."""
    if not how:
        return
    if how == "why":
        cell.get_by_test_id("explain-toggle").click()
        cell.get_by_test_id("explain-steps").wait_for(timeout=30_000)
        return
    if how == "refuse":
        for field, typed in (("name-1", "Ana"), ("m0-allies", "gold, silvr")):
            cell.get_by_test_id(field).fill(typed)
            cell.get_by_test_id(field).press("Tab")
            cell.get_by_test_id(f"note-{field}").wait_for(timeout=30_000)
        return
    cell.get_by_test_id("roll-button").click()
    cell.locator("[data-testid='die-0']").first.wait_for(timeout=30_000)
    if how == "roll" and cell.get_by_test_id("kiss-commit").count():
        cell.get_by_test_id("kiss-commit").click()
        cell.get_by_test_id("roll-again").wait_for(timeout=30_000)


def first_view(p, names: list[str]) -> None:
    """The saved stills of committed chapters, opened untrusted in a fresh JupyterLab (as on Binder)."""
    chosen = {n: ch for n, ch in FIRST_VIEW.items() if not names or n in names}
    if not chosen:
        return
    with jupyter_server("lab", [ROOT / "notebooks" / ch for ch, _ in chosen.values()]) as server:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1000, "height": 900}, device_scale_factor=1)
        page.set_default_timeout(60_000)
        for name, (chapter, nth) in chosen.items():
            for (width, sidebar), theme in ((w, t) for t in THEMES for w in WINDOWS):
                page.set_viewport_size({"width": width, "height": 4200})
                page.goto(f"{server.url}/lab/tree/{chapter}?token={server.token}&reset")
                page.locator(".jp-NotebookPanel .vw-static").first.wait_for(timeout=90_000)
                set_theme(page, THEMES[theme])  # the still's picture follows the theme (palette.dark_style)
                set_sidebar(page, sidebar)
                page.wait_for_timeout(600)
                still = page.locator(".jp-NotebookPanel .jp-OutputArea-output:has(.vw-static)").nth(nth).locator(
                    ".vw-static").first
                still.scroll_into_view_if_needed()
                page.wait_for_function("s => [...s.querySelectorAll('img')].every(i => i.complete)",
                                       arg=still.element_handle())
                path = OUT / f"{name}-{theme}-{width}.png"
                out = still.locator("xpath=ancestor::div[contains(concat(' ', @class, ' '), ' jp-OutputArea-output ')][1]")
                out.screenshot(path=str(path))  # the whole saved output (the rule lab's: its roller and its panel)
                box = out.bounding_box() or {}
                print(f"wrote {path.relative_to(ROOT)} ({box.get('width', 0):.0f} x {box.get('height', 0):.0f} px)")
        browser.close()


def main(names: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    chosen = {n: v for n, v in VIEWS.items() if not names or n in names}
    if names and not chosen:
        with sync_playwright() as p:
            first_view(p, names)
        return 0
    with tempfile.TemporaryDirectory(prefix="vw-shots-") as tmp:
        nb = write_notebook(Path(tmp) / "views.ipynb",
                            ["import venus_widgets as vw"] + [code for code, _ in chosen.values()])
        with jupyter_server("lab", [nb]) as server, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1000, "height": 900}, device_scale_factor=1,
                                    reduced_motion="reduce")
            page.set_default_timeout(60_000)
            open_notebook(page, server, nb.name)
            if not run_all(page, timeout=300_000):
                raise SystemExit("the views' notebook failed to run")
            cells = page.locator(".jp-CodeCell")
            for i, (name, (_, how)) in enumerate(chosen.items(), start=1):
                cells.nth(i).locator(".vw-root").first.wait_for(timeout=90_000)
                prepare(cells.nth(i), how)
            page.wait_for_timeout(500)
            for theme, lab_theme in THEMES.items():
                set_theme(page, lab_theme)
                for width, sidebar in WINDOWS:
                    # tall enough that no view is cut by the notebook's own scrolling
                    page.set_viewport_size({"width": width, "height": 4200})
                    set_sidebar(page, sidebar)
                    page.wait_for_timeout(600)
                    for i, name in enumerate(chosen, start=1):
                        out_area = cells.nth(i).locator(".jp-OutputArea-output").last
                        target = out_area if name.endswith("rule-lab") else cells.nth(i).locator(".vw-root").first
                        target.scroll_into_view_if_needed()
                        path = OUT / f"{name}-{theme}-{width}.png"
                        target.screenshot(path=str(path))
                        box = target.bounding_box() or {}
                        print(f"wrote {path.relative_to(ROOT)} ({box.get('width', 0):.0f} x {box.get('height', 0):.0f} px)")
            browser.close()
            first_view(p, names)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
