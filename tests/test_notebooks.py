"""The tutorial notebooks as committed: built from their sources, executed,
small, free of saved widget state, seeded.

Their outputs are checked against a fresh run by strict nbval
(``pytest --nbval notebooks/ --nbval-sanitize-with notebooks/nbval_sanitize.cfg``);
these tests check what nbval does not.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("0*.ipynb"))
CHAPTERS = ["01-checks", "02-tasks", "03-kiss-and-ego", "04-help", "05-learning-and-advancement",
            "06-editions-compared", "07-facilitators"]
MAX_BYTES = 1_000_000


def _builder():
    spec = importlib.util.spec_from_file_location("make_notebooks", ROOT / "scripts" / "make_notebooks.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _code(nb):
    return [c for c in nb.cells if c.cell_type == "code"]


def test_every_chapter_of_issue_4_is_there():
    """Issue 4: chapters 01 Checks ... 07 For Facilitators, numbered."""
    assert [p.stem for p in NOTEBOOKS] == CHAPTERS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_cells_match_their_source(path):
    """A notebook whose cells differ from scripts/chapters/<name>.py is stale: rebuild it."""
    mb = _builder()
    want = [(c.cell_type, c.source) for c in mb.build(ROOT / "scripts" / "chapters" / f"{path.stem}.py").cells]
    have = [(c.cell_type, c.source) for c in nbformat.read(path, as_version=4).cells]
    assert have == want, f"{path.name} is stale: run scripts/make_notebooks.py {path.stem[:2]}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_committed_notebook_is_small_executed_and_clean(path):
    """Each notebook under 1 MB, every code cell run in order, no errors,
    no saved widget state (it would copy the widgets' JavaScript into the file)."""
    assert path.stat().st_size < MAX_BYTES
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    assert "widgets" not in nb.metadata
    counts = [c.execution_count for c in _code(nb)]
    assert counts == list(range(1, len(counts) + 1)), "not executed top to bottom in one fresh kernel"
    for cell in _code(nb):
        assert "widgets" not in cell.metadata and "execution" not in cell.metadata
        assert not [o for o in cell.outputs if o.output_type == "error"], cell.source[:60]
        assert not [o for o in cell.outputs if o.get("name") == "stderr"], cell.source[:60]


ROLL_CALL = re.compile(r"\bvw\.(roll|roll_many)\((?P<args>[^()]*(\([^()]*\)[^()]*)*)\)")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_roll_is_seeded(path):
    """Saved outputs must be the real outputs of a reproducible run: every
    roll in a notebook passes a seed."""
    nb = nbformat.read(path, as_version=4)
    for cell in _code(nb):
        for m in ROLL_CALL.finditer(cell.source):
            assert "seed=" in m.group("args"), f"unseeded roll in {path.name}: {m.group(0)}"
    assert "np.random" not in "".join(c.source for c in _code(nb))


def test_builder_parses_percent_format():
    mb = _builder()
    cells = mb.parse("# head\n# %% [markdown]\n# # T\n#\n# x\n# %%\na = 1\n\n# %%\n\n")
    assert cells == [("markdown", "# T\n\nx"), ("code", "a = 1")]
