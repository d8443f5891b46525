"""The rollers in marimo: anywidget runs there too.

A marimo app (tests/browser/notebooks/marimo_roller.py) served headless by
``marimo run`` on a free port; Chromium moves a slider and rolls, and the
chance shown must be the engine's exact figure for the new spec.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

import venus_widgets as vw

from .conftest import BIN, HERE, Server, free_port, jupyter_env, set_range, wait_http
from .test_lab_rollers import expect_odds

pytestmark = pytest.mark.browser
APP = HERE / "notebooks" / "marimo_roller.py"


@pytest.fixture(scope="module")
def marimo_app():
    base = Path(tempfile.mkdtemp(prefix="vw-marimo-"))
    shutil.copy2(APP, base / APP.name)
    port = free_port()
    env = jupyter_env(base / "home")
    env["HOME"] = str(base / "home")  # marimo keeps its config and state under ~
    env["MARIMO_SKIP_UPDATE_CHECK"] = "1"
    server = Server([str(BIN / "marimo"), "run", APP.name, "--headless", "--host", "127.0.0.1",
                     f"--port={port}", "--no-token", "--no-sandbox", "--no-check"],
                    env=env, cwd=base, log=base / "marimo.log")
    try:
        wait_http(f"http://127.0.0.1:{port}/", timeout=90, proc=server.proc, log=server.log)
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.stop()
        shutil.rmtree(base, ignore_errors=True)


def test_marimo_task_roller_odds_follow_the_slider_and_it_rolls(page, marimo_app):
    page.goto(marimo_app)
    w = page.get_by_test_id("vw-task").first
    expect(w).to_be_visible(timeout=90_000)
    spec = vw.normalize({"edition": "playtest", "roll": "task", "dice": 4, "caliber": "silver"})
    expect_odds(w, spec)
    set_range(w.get_by_test_id("field-factors"), 2)
    spec["factors"] = 2
    expect_odds(w, spec)
    w.get_by_test_id("seed-input").fill("7")
    w.get_by_test_id("seed-input").press("Tab")
    w.get_by_test_id("roll-button").click()
    expect(w.get_by_test_id("kiss-commit").or_(w.get_by_test_id("result")).first).to_be_visible()
    assert page.watch.errors == [], page.watch.errors
