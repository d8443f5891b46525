"""The tutorial notebooks as committed: built from their sources, executed,
small, free of saved widget state, seeded.

Their outputs are checked against a fresh run by strict nbval
(``pytest --nbval notebooks/ --nbval-sanitize-with notebooks/nbval_sanitize.cfg``);
these tests check what nbval does not.
"""

from __future__ import annotations

import copy
import html
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("0*.ipynb"))
CHAPTERS = ["00-a-roll-from-start-to-finish", "01-checks", "02-tasks", "03-kiss-and-ego", "04-help", "05-learning-and-advancement",
            "06-editions-compared", "07-facilitators", "08-the-rule-lab", "09-write-your-own-draft"]
MAX_BYTES = 1_000_000


def _builder():
    spec = importlib.util.spec_from_file_location("make_notebooks", ROOT / "scripts" / "make_notebooks.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _code(nb):
    return [c for c in nb.cells if c.cell_type == "code"]


def test_every_chapter_of_issue_4_is_there():
    """Issue 4: chapters 01 Checks ... 07 For Facilitators, numbered; issue 13: chapter 00 first;
    issue 9: chapter 08, the rule lab; issue 24: chapter 09, write your own draft."""
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


FIGURE_TEXT = re.compile(r"^<figure: (?P<alt>[^\n]+), data [0-9a-f]{16}>$")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_plot_carries_a_fingerprint_of_its_data(path):
    """nbval does not compare PNG images. Each chapter shows its plots with
    ``show(fig, alt=...)``, whose text form is its alt sentence and a fingerprint
    of the plotted numbers and labels, which strict nbval does compare: a stale
    plot fails like a stale number. Here: no plot escapes that (no bare
    ``plt.show()``), and each image carries its alt text in its HTML form."""
    nb = nbformat.read(path, as_version=4)
    images = 0
    for cell in _code(nb):
        assert "plt.show()" not in cell.source, "use show(fig, alt=...) so that the plot's data is checked"
        for out in cell.outputs:
            if "image/png" in out.get("data", {}):
                images += 1
                m = FIGURE_TEXT.match(out.data["text/plain"])
                assert m, out.data["text/plain"]
                assert f'alt="{html.escape(m.group("alt"))}"' in out.data["text/html"], "figure without its alt text"
    # chapters 08 and 09 chart with the engine's HTML (an SVG with its aria-label, a table of the numbers)
    assert images > 0 or (path.stem in ("08-the-rule-lab", "09-write-your-own-draft") and _html_charts(nb) > 0)


def _html_charts(nb) -> int:
    return sum("<svg role='img'" in out.get("data", {}).get("text/html", "") and "aria-label=" in out.data["text/html"]
               for cell in _code(nb) for out in cell.outputs)


def _show_helper_cell() -> str:
    """The first code cell of chapter 01 (imports, table(), show())."""
    mb = _builder()
    return _code(mb.build(ROOT / "scripts" / "chapters" / "01-checks.py"))[0].source


@pytest.mark.slow
def test_strict_nbval_fails_on_stale_outputs(tmp_path):
    """The staleness check is real: a notebook whose saved outputs (a printed
    number, a Markdown table, a plot) no longer match what its cells produce
    fails strict nbval with the project's sanitizer; the same notebook with
    fresh outputs passes."""
    from nbclient import NotebookClient

    mb = _builder()
    nb = nbformat.v4.new_notebook(metadata={"kernelspec": mb.KERNELSPEC})
    nb.cells = [
        nbformat.v4.new_code_cell(_show_helper_cell()),
        nbformat.v4.new_code_cell('print(f"{vw.odds({\'roll\': \'task\', \'dice\': 3}).p_pass:.4f}")'),
        nbformat.v4.new_code_cell('table(["dice", "P"], [[n, f"{vw.odds({\'roll\': \'task\', \'dice\': n}).p_pass:.3f}"]'
                                  " for n in (1, 2)])"),
        nbformat.v4.new_code_cell("fig, ax = plt.subplots()\nax.plot([1, 2, 3], [0.1, 0.5, 0.9])\nshow(fig, alt='A line.')"),
    ]
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()

    stale = nbformat.from_dict(copy.deepcopy(nb))
    stale.cells[1].source = stale.cells[1].source.replace("'dice': 3", "'dice': 4")
    stale.cells[2].source = stale.cells[2].source.replace("(1, 2)", "(1, 3)")
    stale.cells[3].source = stale.cells[3].source.replace("0.9]", "0.8]")
    for name, notebook in (("fresh.ipynb", nb), ("stale.ipynb", stale)):
        nbformat.write(mb.clean(notebook), tmp_path / name)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rf", "-c", os.devnull,
         "--rootdir", str(tmp_path), "--nbval", "--nbval-sanitize-with",
         str(ROOT / "notebooks" / "nbval_sanitize.cfg"), "fresh.ipynb", "stale.ipynb"],
        capture_output=True, text=True, cwd=tmp_path, timeout=300)
    out = run.stdout + run.stderr
    failed = sorted(set(re.findall(r"^FAILED (\S+::Cell \d+)", out, flags=re.M)))
    assert failed == ["stale.ipynb::Cell 1", "stale.ipynb::Cell 2", "stale.ipynb::Cell 3"], out[-3000:]
    assert "3 failed, 5 passed" in out, out[-3000:]


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
ROLLER_REPR = re.compile(r"^(CheckRoller|TaskRoller|PoolRoller)\(edition='[a-z][a-z0-9_-]*'[^\n]*\)$")  # a draft's id may hold - and _


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_chapter_has_a_live_roller(path):
    """Issue 4: each chapter lets the reader play the rule in a live roller.
    Saved, a roller is its short, stable repr (what strict nbval compares);
    the view output, which would point at the stripped widget state, is not
    kept, so an unrun notebook shows text instead of "model not found"."""
    nb = nbformat.read(path, as_version=4)
    outputs = [out for cell in _code(nb) for out in cell.outputs if out.output_type == "execute_result"]
    rollers = [out for out in outputs if ROLLER_REPR.match(out.data.get("text/plain", ""))]
    assert rollers, f"{path.name} has no live roller"
    for out in outputs:
        assert WIDGET_VIEW not in out.data
        assert "object at 0x" not in out.data.get("text/plain", "")


def test_rebuilding_is_byte_for_byte_reproducible(tmp_path):
    """Executing a chapter twice gives the same file (seeded rolls, fixed cell
    ids, no model ids, no timing), so a rebuild shows only real changes."""
    mb = _builder()
    src = ROOT / "scripts" / "chapters" / "03-kiss-and-ego.py"
    texts = []
    for _ in range(2):
        nb = mb.build(src)
        mb.execute(nb)
        texts.append(nbformat.writes(mb.clean(nb)))
    assert texts[0] == texts[1]


def test_a_print_split_by_a_flush_is_saved_as_one_output(tmp_path):
    """A line the kernel sent in two pieces (flushed mid-line, as a busy
    machine's output timer can do) is saved exactly as the same line sent in
    one piece: the built notebook depends only on what the cells print. The
    raw outputs are checked to be split first, so the test provokes the case
    it guards against. Other outputs keep their place between the prints.
    (Only stdout: the chapters print nothing to stderr, and how the two streams
    interleave is the kernel's timing, which no rebuild can undo.)"""
    from nbclient import NotebookClient

    mb = _builder()
    split = ('print("no KISS:   ", end="", flush=True)\nprint(" <Roll>")\n'
             'display("shown")\nprint("after", end="", flush=True)\nprint("")')
    whole = 'print("no KISS:    <Roll>")\ndisplay("shown")\nprint("after")'
    built = []
    for source in (split, whole):
        nb = nbformat.v4.new_notebook(metadata={"kernelspec": mb.KERNELSPEC})
        nb.cells = [nbformat.v4.new_code_cell(source)]
        NotebookClient(nb, timeout=120, kernel_name="python3", record_timing=False,
                       resources={"metadata": {"path": str(tmp_path)}}).execute()
        built.append(nb)
    raw = [o.get("name", o.output_type) for o in built[0].cells[0].outputs]
    assert raw == ["stdout", "stdout", "display_data", "stdout", "stdout"], raw  # the pieces arrived apart
    outputs = [mb.clean(nb).cells[0].outputs for nb in built]
    assert [o.get("name", o.output_type) for o in outputs[0]] == ["stdout", "display_data", "stdout"]
    assert outputs[0] == outputs[1]
    assert outputs[0][0].text == "no KISS:    <Roll>\n"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_saved_roller_shows_a_still_picture_of_its_odds(path):
    """Issue 11: on GitHub or nbviewer (no kernel) a roller is not one line of text:
    its saved output carries the static snapshot (chance to pass, chart, table)."""
    nb = nbformat.read(path, as_version=4)
    rollers = 0
    for cell in _code(nb):
        for out in cell.outputs:
            text = out.get("data", {}).get("text/plain", "")
            if re.match(r"(CheckRoller|TaskRoller|PoolRoller)\(", text):
                rollers += 1
                snap = out.data.get("text/html", "")
                assert "Chance to pass" in snap and "<svg" in snap and "<table>" in snap, text
    if path.stem.startswith(("01", "02", "03")):
        assert rollers, "the chapter shows rollers"
