"""The tutorial notebooks as committed: built from their sources, executed,
small, free of saved widget state, seeded.

Their outputs are checked against a fresh run by strict nbval
(``pytest --nbval notebooks/ --nbval-sanitize-with notebooks/nbval_sanitize.cfg``);
these tests check what nbval does not.
"""

from __future__ import annotations

import base64
import copy
import io
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
CHAPTERS = ["00-a-roll-from-start-to-finish", "01-checks", "02-tasks", "03-kiss-and-ego", "04-help", "05-learning-and-advancement",
            "06-an-example-of-play", "07-the-agora-procedure", "08-editions-compared", "09-facilitators",
            "10-the-rule-lab", "11-write-your-own-draft", "12-running-a-session", "13-odds-tables"]
MAX_BYTES = 1_000_000


def _builder():
    spec = importlib.util.spec_from_file_location("make_notebooks", ROOT / "scripts" / "make_notebooks.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _code(nb):
    return [c for c in nb.cells if c.cell_type == "code"]


def test_every_chapter_is_there():
    """Chapter 00 first; 01-05 the playtest rules; 06 an example of play; 07 the agora procedure;
    08 editions compared; 09 for Facilitators (the decisions at a roll); 10 the rule lab; 11 write your
    own draft; 12 running a session and 13 odds tables (the Facilitator's part, read after 09)."""
    assert [p.stem for p in NOTEBOOKS] == CHAPTERS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_cells_match_what_their_source_builds_now(path):
    """A notebook whose cells differ from what scripts/chapters/<name>.py builds
    with the engine as it is now is stale: a number, table or sentence of the
    prose (computed at build time), a figure (its attachment is named by the
    fingerprint of its data) or a tag that moved fails here. Rebuild it."""
    why = _builder().stale(ROOT / "scripts" / "chapters" / f"{path.stem}.py")
    assert why is None, why


def test_a_stale_number_in_the_prose_or_a_stale_figure_is_caught(tmp_path, monkeypatch):
    """The staleness check is real: a committed chapter whose computed prose
    or figure no longer matches what the engine gives is reported."""
    mb = _builder()
    src = ROOT / "scripts" / "chapters" / "02-tasks.py"
    nb = nbformat.read(ROOT / "notebooks" / "02-tasks.ipynb", as_version=4)
    monkeypatch.setattr(mb, "NOTEBOOKS", tmp_path)
    nbformat.write(nb, tmp_path / "02-tasks.ipynb")
    assert mb.stale(src) is None
    prose = next(c for c in nb.cells if c.cell_type == "markdown" and "Three Bronze dice pass only" in c.source)
    changed = prose.source.replace("pass only 26%", "pass only 27%", 1)
    assert changed != prose.source
    prose.source = changed
    nbformat.write(nb, tmp_path / "02-tasks.ipynb")
    assert "cell" in (mb.stale(src) or ""), "a changed number in the prose went unnoticed"
    nb = nbformat.read(ROOT / "notebooks" / "02-tasks.ipynb", as_version=4)
    figure = next(c for c in nb.cells if c.get("attachments"))
    name = min(figure.attachments)[:-len(".png")]  # the light one: figure-<fingerprint>.png
    figure.attachments = {n.replace(name, "figure-0000000000000000"): a for n, a in figure.attachments.items()}
    figure.source = figure.source.replace(name, "figure-0000000000000000")
    nbformat.write(nb, tmp_path / "02-tasks.ipynb")
    assert mb.stale(src), "a figure whose data changed went unnoticed"


def test_prose_templates_render_and_fail_loudly():
    mb = _builder()
    assert mb.render("{{ 1 + 1 }} and {{ {'a': {'b': 2}}['a']['b'] }} and {{ 0.5:.0% }}", {}) == "2 and 2 and 50%"
    with pytest.raises(mb.TemplateError, match="NameError"):
        mb.render("{{ nothing }}", {})


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


@pytest.mark.parametrize("path", sorted((ROOT / "scripts" / "chapters").glob("[0-9][0-9]-*.py")), ids=lambda p: p.stem)
def test_every_roll_is_seeded(path):
    """What a chapter tells must be the real result of a reproducible run:
    every roll its build cells make passes a seed."""
    text = path.read_text(encoding="utf-8")
    for m in ROLL_CALL.finditer(text):
        assert "seed=" in m.group("args"), f"unseeded roll in {path.name}: {m.group(0)}"
    assert "np.random" not in text


def test_builder_parses_percent_format():
    mb = _builder()
    cells = mb.parse("# head\n# %% [markdown]\n# # T\n#\n# x\n# %% [build]\na = 1\n\n# %%\nvw.TaskRoller()\n# %%\n\n")
    assert cells == [("markdown", "# T\n\nx"), ("build", "a = 1"), ("code", "vw.TaskRoller()")]


def test_a_code_cell_that_is_not_one_widget_line_is_refused(tmp_path):
    mb = _builder()
    src = tmp_path / "99-x.py"
    src.write_text("# %% [markdown]\n# # T\n# %%\nprint(1)\n", encoding="utf-8")
    with pytest.raises(ValueError, match="one line that makes a widget"):
        mb.build(src, images=False)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_figure_is_a_picture_with_its_alt_text_and_the_fingerprint_of_its_data(path):
    """A figure is a Markdown cell with its pictures attached, which every
    viewer shows without a kernel: the light one as a Markdown image, the
    dark one beside it for dark pages (venus_widgets/book_figures.py); their
    alt text and visible caption are the same sentence, and their name is the
    fingerprint of the plotted numbers and labels (what the staleness check
    compares; PNG bytes may differ between machines). Each is drawn at most
    320 px wide, as a still is, its smallest text at least 14 px, as its text
    chunk says."""
    from PIL import Image

    from venus_widgets.book_figures import FIGURE, TEXT, WIDTH, text_chunk

    nb = nbformat.read(path, as_version=4)
    figures = 0
    for cell in nb.cells:
        if cell.cell_type != "markdown" or "attachment:" not in cell.source:
            continue
        m = FIGURE.match(cell.source)
        assert m and m.group("alt") == m.group("caption"), cell.source[:200]
        name = m.group("name")
        assert sorted(cell.attachments) == [f"{name}-dark.png", f"{name}.png"]
        sizes = []
        for picture in cell.attachments.values():
            png = base64.b64decode(picture["image/png"])
            assert png.startswith(b"\x89PNG"), "a figure without its picture"
            sizes.append(Image.open(io.BytesIO(png)).size)
            assert text_chunk(png) >= TEXT, f"{name}: text drawn at {text_chunk(png)} px"
        assert sizes[0] == sizes[1] and sizes[0][0] <= WIDTH, (name, sizes)
        figures += 1
    assert figures > 0 or path.stem == "10-the-rule-lab"


def _show_helper_cell() -> str:
    """A cell with the tutorial's plotting helpers, as chapters once had."""
    return ("import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\nimport venus_widgets as vw\n"
            "from venus_widgets.tutorial import setup_plots, show, table\nsetup_plots()")


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
    """Each chapter lets the reader play the rule in a live roller.
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
    """On GitHub or nbviewer (no kernel) a roller is not one line of text:
    its saved output carries the static snapshot (chance to pass, chart, table)."""
    nb = nbformat.read(path, as_version=4)
    rollers = 0
    for cell in _code(nb):
        for out in cell.outputs:
            text = out.get("data", {}).get("text/plain", "")
            if re.match(r"(CheckRoller|TaskRoller|PoolRoller)\(", text):
                rollers += 1
                snap = out.data.get("text/html", "")
                # the picture in an <img> (untrusted JupyterLab keeps it; an inline <svg> it takes apart)
                assert "Chance to pass" in snap and '<img src="data:image/svg+xml;base64,' in snap and "<table>" in snap, text
                assert "<svg" not in snap and 'alt="Chance to pass' in snap, text
    if path.stem.startswith(("01", "02", "03")):
        assert rollers, "the chapter shows rollers"


WIDGET_REPR = re.compile(r"^(CheckRoller|TaskRoller|PoolRoller|FCScreen|RuleLab)\(")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_code_in_the_reading_path(path):
    """A reader meets prose, tables, pictures and widgets, in every
    viewer. Each code cell is the one line that makes a widget (after the
    import), its input hidden by the ``remove-input`` tag (nbconvert, Jupyter
    Book, MyST) and ``source_hidden`` (JupyterLab, Notebook 7); the line is
    given to programmers in the closed aside just after it (notebook-only:
    the book site, like an RPG book, shows no code). Its saved output is the
    widget's still: no repr, dict, stream or traceback. No Markdown cell holds
    an unrendered template."""
    mb = _builder()
    nb = nbformat.read(path, as_version=4)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            assert "{{" not in cell.source, cell.source[:120]
            continue
        head, line = cell.source.split("\n")
        assert head == mb.IMPORT and mb.WIDGET_LINE.match(line), cell.source
        assert "remove-input" in cell.metadata.get("tags", []) and cell.metadata["jupyter"]["source_hidden"]
        aside = nb.cells[i + 1]
        assert aside.source == mb.programmers_aside(line) and mb.NOTEBOOK_ONLY in aside.metadata.get("tags", [])
        for out in cell.outputs:
            assert out.output_type == "execute_result", out
            assert WIDGET_REPR.match(out.data["text/plain"]), out.data["text/plain"]
            assert "text/html" in out.data, "a saved widget without its still"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_saved_output_draws_inline_svg(path):
    """An untrusted JupyterLab (every notebook Binder opens) sanitizes HTML
    outputs and takes an inline <svg> apart into its labels run together;
    an <img> of an SVG data URI it keeps. Every picture a chapter saves,
    widget stills and the engine's charts (compare, sweep) alike, is such
    an <img>."""
    nb = nbformat.read(path, as_version=4)
    for cell in _code(nb):
        for out in cell.get("outputs", []):
            html_out = out.get("data", {}).get("text/html", "")
            assert "<svg" not in re.sub(r'src="data:image/svg\+xml;base64,[^"]*"', "", html_out), \
                f"{path.name}: an inline SVG, garbled when the notebook is untrusted: {html_out[:200]}"
