"""Smoke tests outside JupyterLab: the rollers in Notebook 7, and the table
app (app/roller.ipynb) served by Voila with no code visible."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import venus_widgets as vw

from .conftest import ROOT, cell_errors, jupyter_server, open_notebook, run_all, set_range, write_notebook
from .test_lab_rollers import expect_odds

pytestmark = pytest.mark.browser


def test_notebook7_check_roller(page, tmp_path):
    nb = write_notebook(tmp_path / "nb7.ipynb", ["import venus_widgets as vw\ncheck = vw.CheckRoller()\ncheck"])
    with jupyter_server("notebook", [nb]) as server:
        open_notebook(page, server, "nb7.ipynb", app="notebook")
        assert run_all(page), cell_errors(page)
        w = page.get_by_test_id("vw-check")
        expect(w).to_be_visible()
        spec = dict(vw.CheckRoller().spec)
        expect_odds(w, spec)
        set_range(w.get_by_test_id("field-factors"), 4)
        spec["factors"] = 4
        expect_odds(w, spec)
        w.get_by_test_id("seed-input").fill("99")
        w.get_by_test_id("seed-input").press("Tab")
        w.get_by_test_id("roll-button").click()
        expect(w.get_by_test_id("result")).to_have_attribute(
            "data-passed", str(vw.roll(spec, 99).passed).lower())
        # Notebook 7.6 itself raises this one on load (with a plain print(1) notebook too)
        known = "Cannot read properties of undefined (reading 'schema')"
        assert [e for e in page.watch.errors if e != known] == [], page.watch.errors


def test_voila_app_shows_rollers_without_code(page):
    app = ROOT / "app" / "roller.ipynb"
    source = app.read_text()
    with jupyter_server("voila", [app], notebook="roller.ipynb") as server:
        page.goto(f"{server.url}/?token={server.token}", timeout=120_000)
        w = page.get_by_test_id("vw-task").first
        expect(w).to_be_visible(timeout=120_000)
        # no code: no editors, no input areas, no source text
        assert page.locator(".CodeMirror, .cm-editor, .jp-InputArea-editor").count() == 0
        assert "import venus_widgets" not in page.content()
        assert "venus_widgets" in source  # (the notebook does hold code)
        spec = dict(vw.TaskRoller().spec)
        expect_odds(w, spec)
        set_range(w.get_by_test_id("field-factors"), 3)
        spec["factors"] = 3
        expect_odds(w, spec)
        w.get_by_test_id("roll-button").click()
        expect(w.get_by_test_id("kiss-commit").or_(w.get_by_test_id("result"))).to_be_visible()
        assert page.watch.dialogs == []
        assert page.watch.errors == [], page.watch.errors


def test_the_app_names_each_roller_distinctly_at_400_px(page):
    """Seven tab titles cut at 400 px read "Task | Chec | Task | Chec"; the app now picks
    its roller from a menu whose every name is whole and distinct."""
    app = ROOT / "app" / "roller.ipynb"
    with jupyter_server("voila", [app], notebook="roller.ipynb") as server:
        page.set_viewport_size({"width": 400, "height": 900})
        page.goto(f"{server.url}/?token={server.token}", timeout=120_000)
        expect(page.get_by_test_id("vw-task").first).to_be_visible(timeout=120_000)
        menu = page.get_by_role("combobox", name="Roller")
        names = [n.replace("\xa0", " ") for n in menu.locator("option").all_text_contents()]
        assert len(names) == 7 and len(set(names)) == 7, names
        assert all(len(n.split(": ")) == 2 for n in names), names  # edition and roll, in words
        # the menu shows its choice whole: nothing cut
        assert menu.evaluate("el => el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().right <= 400")
        menu.select_option("Agora: check")
        shown = page.get_by_test_id("vw-check").first
        expect(shown).to_be_visible()
        expect(shown.locator(".vw-title")).to_have_text("The Agora rules (d6 rank pools), a check")  # not "agora check"
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 400
