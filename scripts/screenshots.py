"""Take the README's screenshots of each roller in Chromium: light and dark
themes, 1,000 and 400 px wide.

    .venv/bin/python scripts/screenshots.py             # writes docs/screenshots/<roller>-<theme>-<width>.png
    .venv/bin/python scripts/screenshots.py task-roller # only the rollers named

Each roller is displayed alone in a notebook served by Voila (no code
visible), rolled with a fixed seed where it shows the table, and the
widget's root element is captured. Needs /usr/bin/chromium (make test
installs it).
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
sys.path.insert(0, str(ROOT))

# the browser tests' harness: Voila servers and Chromium started the same way
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, jupyter_server  # noqa: E402

#: name -> (code of the one cell, roll it?)
ROLLERS = {
    "task-roller": ("vw.TaskRoller(caliber='silver', dice=4, allies=['gold'], factors=2, kiss=1, seed=7)", True),
    "check-roller": ("vw.CheckRoller(caliber='gold', score=6, difficulty='tough', factors=1, bonus_factors=2, seed=6)", True),
    "agora-task-roller": ("vw.TaskRoller(edition='agora', rank=4, health=2, job=2, helpers=[5, 5], "
                          "consequences=2, kiss=1, seed=3)", True),
    "playsheet-task-roller": ("vw.TaskRoller(edition='playsheet', rank='silver', dice=5, difficulty=2, "
                              "explode=True, kiss=1, seed=11)", True),
    "heresy-pool-roller": ("vw.PoolRoller(edition='heresy', pool=8, black=3, seed=5)", True),
    "vers-pool-roller": ("vw.PoolRoller(edition='vers', ranks=4, penalty=2, seed=5)", True),
}


def _notebook(code: str) -> dict:
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": "c1", "metadata": {},
                       "outputs": [], "source": "import venus_widgets as vw\n" + code}],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


THEMES = ("light", "dark")
WIDTHS = (1000, 400)


def main(names: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    chosen = {n: v for n, v in ROLLERS.items() if not names or n in names}
    with tempfile.TemporaryDirectory(prefix="vw-shots-") as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for theme in THEMES:
            page = browser.new_page(viewport={"width": WIDTHS[0], "height": 2600}, device_scale_factor=1,
                                    color_scheme=theme, reduced_motion="reduce")
            for name, (code, roll) in chosen.items():
                nb = Path(tmp) / f"{name}.ipynb"
                nb.write_text(json.dumps(_notebook(code)))
                with jupyter_server("voila", [nb], notebook=nb.name, args=(f"--theme={theme}",)) as server:
                    page.set_viewport_size({"width": WIDTHS[0], "height": 2600})
                    page.goto(f"{server.url}/?token={server.token}", timeout=120_000)
                    root = page.locator("[data-testid^='vw-']").first
                    root.wait_for(timeout=90_000)
                    page.locator("[data-testid='p-pass']").first.wait_for(timeout=30_000)
                    if roll:
                        page.locator("[data-testid='roll-button']").first.click()
                        page.locator("[data-testid='die-0']").first.wait_for(timeout=30_000)
                    for width in WIDTHS:
                        page.set_viewport_size({"width": width, "height": 2600})
                        page.wait_for_timeout(400)
                        out = OUT / f"{name}-{theme}-{width}.png"
                        root.screenshot(path=str(out))
                        box = root.bounding_box() or {}
                        print(f"wrote {out.relative_to(ROOT)} ({box.get('width', 0):.0f} x {box.get('height', 0):.0f} px)")
            page.close()
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
