"""Take the README's screenshots of each roller (light theme) in Chromium.

    .venv/bin/python scripts/screenshots.py        # writes docs/screenshots/*.png

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


def main() -> int:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="vw-shots-") as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1100, "height": 2600}, device_scale_factor=1,
                                color_scheme="light", reduced_motion="reduce")
        for name, (code, roll) in ROLLERS.items():
            nb = Path(tmp) / f"{name}.ipynb"
            nb.write_text(json.dumps(_notebook(code)))
            with jupyter_server("voila", [nb], notebook=nb.name) as server:
                page.goto(f"{server.url}/?token={server.token}", timeout=120_000)
                root = page.locator("[data-testid^='vw-']").first
                root.wait_for(timeout=90_000)
                page.locator("[data-testid='p-pass']").first.wait_for(timeout=30_000)
                if roll:
                    page.locator("[data-testid='roll-button']").first.click()
                    page.locator("[data-testid='die-0']").first.wait_for(timeout=30_000)
                page.wait_for_timeout(300)
                root.screenshot(path=str(OUT / f"{name}.png"))
            print("wrote", (OUT / f"{name}.png").relative_to(ROOT))
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
