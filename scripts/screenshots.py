"""Take the README's screenshots of each roller (light theme) in Chromium.

    .venv/bin/python scripts/screenshots.py        # writes docs/screenshots/*.png

Each roller is displayed alone in a notebook served by Voila (no code
visible), rolled with a fixed seed where it shows the table, and the
widget's root element is captured. Needs /usr/bin/chromium (make test
installs it).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
BIN = Path(sys.executable).parent
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]

#: name -> (code of the one cell, roll it?)
ROLLERS = {
    "task-roller": ("vw.TaskRoller(caliber='silver', dice=4, allies=['gold'], factors=2, kiss=1, seed=7)", True),
    "check-roller": ("vw.CheckRoller(caliber='gold', score=6, difficulty='tough', factors=1, bonus_factors=2)", False),
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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> int:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    base = Path(tempfile.mkdtemp(prefix="vw-shots-"))
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(base / "cfg"), JUPYTER_DATA_DIR=str(base / "data"),
               JUPYTER_RUNTIME_DIR=str(base / "rt"), IPYTHONDIR=str(base / "ipy"))
    for name, (code, _) in ROLLERS.items():
        (base / f"{name}.ipynb").write_text(json.dumps(_notebook(code)))
    port = _free_port()
    server = subprocess.Popen([str(BIN / "voila"), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                               "--theme=light", str(base)], cwd=base, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1)
                break
            except OSError:
                time.sleep(0.5)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            page = browser.new_page(viewport={"width": 1100, "height": 2600}, device_scale_factor=1,
                                    color_scheme="light", reduced_motion="reduce")
            for name, (_, roll) in ROLLERS.items():
                page.goto(f"http://127.0.0.1:{port}/voila/render/{name}.ipynb")
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
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
