"""The reading edition in Chromium: each chapter page of the book (built by
scripts/build_book.py) opens with nothing asked of another host and no
script error, shows its figures and the widgets' stills, and no code."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from .conftest import OfflineGuard, static_server

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    spec = importlib.util.spec_from_file_location("build_book", ROOT / "scripts" / "build_book.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = tmp_path_factory.mktemp("book") / "site"
    assert mod.build(out) == []
    with static_server(out) as url:
        yield url


@pytest.mark.parametrize("stem", CHAPTERS)
def test_a_chapter_page_reads_offline_without_code(page, site, stem):
    guard = OfflineGuard(page)
    page.goto(f"{site}/notebooks/{stem}.html")
    page.wait_for_load_state("load")
    assert guard.outside == []
    assert page.watch.errors == []
    assert page.locator("h1").first.inner_text().startswith("Chapter")
    assert page.locator(".cell_input").count() == 0
    shown = page.locator(".cell_output").count()
    assert shown >= 1, "the widgets' stills"
    for img in page.locator("img").all():
        assert img.evaluate("i => i.complete && i.naturalWidth > 0"), img.get_attribute("src")


@pytest.mark.parametrize("doc", ["cheatsheet_playtest", "cheatsheet_playsheet", "cheatsheet_agora", "fc_screen",
                                 "pregenerated_sheets"])
def test_a_venus_engine_sheets_tables_fit_a_phone_without_sideways_scrolling(browser_context, site, doc):
    """At 400 px the cheat sheet's check table ("95% / 95% / 95% / 100%" in each cell) and the FC's
    screen scrolled sideways: set tighter on a narrow screen, each table fits the page's width."""
    page = browser_context.new_page()
    try:
        page.set_viewport_size({"width": 400, "height": 900})
        page.goto(f"{site}/docs/{doc}.html")
        page.wait_for_load_state("load")
        wide = page.evaluate("""() => [...document.querySelectorAll('.bd-content table')]
            .map(t => [t.scrollWidth, t.parentElement.clientWidth, t.rows[0].innerText.replace(/\\s+/g, ' ').slice(0, 40)])
            .filter(([w, room]) => w > room + 1)""")
        assert page.evaluate("() => document.querySelectorAll('.bd-content table').length") >= 1
        assert not wide, wide
    finally:
        page.close()
