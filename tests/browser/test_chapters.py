"""Every chapter of the rulebook in a real JupyterLab: Run All works, and
every roller cell renders a live roller showing the engine's odds, with no
page errors. (Strict nbval checks the outputs' text; this checks what a
reader sees.)"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from .conftest import cell_errors, jupyter_server, open_notebook, run_all

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


@pytest.fixture(scope="module")
def lab():
    with jupyter_server("lab", [ROOT / "notebooks"]) as server:
        yield server


def _roller_cells(path: Path) -> int:
    """Cells whose saved result is a roller (its short text form)."""
    nb = nbformat.read(path, as_version=4)
    return sum(1 for c in nb.cells if c.cell_type == "code" for o in c.outputs
               if o.output_type == "execute_result"
               and o.data.get("text/plain", "").startswith(("CheckRoller(", "TaskRoller(", "PoolRoller(")))


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_runs_and_its_rollers_come_alive(page, lab, path):
    open_notebook(page, lab, f"notebooks/{path.name}")
    assert run_all(page, timeout=180_000), cell_errors(page)
    assert cell_errors(page) == []
    shown = page.locator("[data-testid='vw-check'], [data-testid='vw-task'], [data-testid='vw-pool']")
    expected = _roller_cells(path)
    assert expected >= 1, "each chapter has a live roller"
    page.wait_for_function(f"() => document.querySelectorAll("
                           f"\"[data-testid='p-pass'][data-p]\").length >= {expected}", timeout=60_000)
    assert shown.count() >= expected
    for p in page.locator("[data-testid='p-pass']").evaluate_all("els => els.map(e => e.dataset.p)"):
        assert 0.0 <= float(p) <= 1.0
    assert [e for e in page.watch.errors if "reading 'schema'" not in e] == []
