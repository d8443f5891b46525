"""Build the tutorial rulebook notebooks from their reviewable sources.

Each chapter is written as a plain Python file in ``scripts/chapters/`` in
the "percent" format: ``# %%`` starts a code cell, ``# %% [markdown]`` a
Markdown cell whose lines are commented with ``# ``. This script turns each
source into ``notebooks/<name>.ipynb`` with deterministic cell ids, executes
it (the same kernel run as ``jupyter nbconvert --execute --inplace``), and
strips what must not be committed: saved widget state (``metadata.widgets``
copies each widget's whole JavaScript module), the widget views' outputs that
pointed at that state (a roller's saved output is its short text form), and
per-cell timing. Rebuilding unchanged sources gives byte-identical notebooks.

    python scripts/make_notebooks.py              # build and execute all chapters
    python scripts/make_notebooks.py 03 05        # only chapters whose name starts so
    python scripts/make_notebooks.py --no-execute # cells only, no outputs
    python scripts/make_notebooks.py --check      # fail if a notebook's cells differ from its source

The saved outputs are therefore the real outputs of a seeded run.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "scripts" / "chapters"
NOTEBOOKS = ROOT / "notebooks"

KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
LANGUAGE_INFO = {"name": "python", "pygments_lexer": "ipython3"}


def parse(text: str) -> list[tuple[str, str]]:
    """Split a percent-format source into ``(kind, source)`` cells.

    >>> parse("# %% [markdown]\\n# # Title\\n#\\n# Text\\n# %%\\nx = 1\\n")
    [('markdown', '# Title\\n\\nText'), ('code', 'x = 1')]
    """
    cells: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith("# %%"):
            cells.append(("markdown" if "[markdown]" in line else "code", []))
            continue
        if not cells:
            continue  # the file's own docstring/preamble is not a cell
        kind, lines = cells[-1]
        if kind == "markdown":
            if line.startswith("# "):
                line = line[2:]
            elif line.rstrip() == "#":
                line = ""
        lines.append(line)
    out = []
    for kind, lines in cells:
        src = "\n".join(lines).strip("\n")
        if src:
            out.append((kind, src))
    return out


def hides_code(src: str) -> bool:
    """Whether a code cell starts with its source hidden: a chapter's setup
    (imports and plot style, ``setup_plots()``), a cell that draws a
    figure (``show(fig, alt=...)``) or only checks the engine (a million seeded rolls, an
    ``assert``). The reader meets the figure or the printed result, not the code;
    JupyterLab, Notebook 7 and Voila honour ``jupyter.source_hidden``, and a click
    on the collapsed input shows the code.

    >>> hides_code("fig, ax = plt.subplots()\\nshow(fig, alt='A line')"), hides_code("vw.TaskRoller()")
    (True, False)
    """
    return "setup_plots()" in src or "show(fig" in src or "roll_many(" in src or any(
        line.lstrip().startswith("assert ") for line in src.splitlines())


def build(source: Path) -> nbformat.NotebookNode:
    """The notebook (without outputs) for one chapter source."""
    nb = nbformat.v4.new_notebook()
    nb.metadata = {"kernelspec": KERNELSPEC, "language_info": LANGUAGE_INFO}
    stem = source.stem[:2]
    for i, (kind, src) in enumerate(parse(source.read_text(encoding="utf-8"))):
        cell = nbformat.v4.new_markdown_cell(src) if kind == "markdown" else nbformat.v4.new_code_cell(src)
        cell.id = f"ch{stem}-{i:02d}"
        if kind == "code" and hides_code(src):
            cell.metadata["jupyter"] = {"source_hidden": True}
        nb.cells.append(cell)
    return nb


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def clean(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop saved widget state, timing and volatile kernel details, and merge
    split prints.

    A roller's saved output keeps only its text form (``TaskRoller(...)``):
    without the stripped widget state its view output would point at a model
    that no longer exists (JupyterLab shows "model not found"), and its random
    model id would change on every rebuild. Running the cell brings the live
    roller back; strict nbval ignores the view output anyway.

    The kernel sends what a cell prints in pieces as its output buffer is
    flushed, on a timer as well as on demand, so on a busy machine one printed
    line can arrive as two stream outputs. Consecutive stream outputs of the
    same name are merged (nbconvert's ``CoalesceStreamsPreprocessor``, which
    keeps their order among the other outputs), so a notebook's bytes depend
    only on what its cells print, never on when the pieces arrived."""
    from nbconvert.preprocessors import CoalesceStreamsPreprocessor

    CoalesceStreamsPreprocessor().preprocess(nb, {})
    nb.metadata.pop("widgets", None)
    nb.metadata["language_info"] = dict(LANGUAGE_INFO)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        cell.metadata.pop("widgets", None)
        for out in cell.get("outputs", []):
            if WIDGET_VIEW in out.get("data", {}):
                del out["data"][WIDGET_VIEW]
    return nb


def execute(nb: nbformat.NotebookNode) -> float:
    """Run every cell in a fresh kernel in ``notebooks/``; returns seconds."""
    from nbclient import NotebookClient

    start = time.perf_counter()
    NotebookClient(
        nb, timeout=300, kernel_name="python3", record_timing=False,
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    ).execute()
    return time.perf_counter() - start


def target(source: Path) -> Path:
    return NOTEBOOKS / f"{source.stem}.ipynb"


def sources(prefixes: list[str]) -> list[Path]:
    found = sorted(SOURCES.glob("0*.py"))
    if prefixes:
        found = [s for s in found if any(s.stem.startswith(p) for p in prefixes)]
    return found


def check(paths: list[Path]) -> int:
    """Exit status 1 when a committed notebook's cells differ from its source."""
    bad = 0
    for src in paths:
        want = [(c.cell_type, c.source) for c in build(src).cells]
        nbpath = target(src)
        if not nbpath.exists():
            print(f"missing: {nbpath.relative_to(ROOT)} (run scripts/make_notebooks.py)")
            bad += 1
            continue
        have = [(c.cell_type, c.source) for c in nbformat.read(nbpath, as_version=4).cells]
        if have != want:
            print(f"stale: {nbpath.relative_to(ROOT)} differs from {src.relative_to(ROOT)}")
            bad += 1
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("chapters", nargs="*", help="chapter name prefixes, e.g. 01 05 (default: all)")
    ap.add_argument("--no-execute", action="store_true", help="write cells without running them")
    ap.add_argument("--check", action="store_true", help="only compare notebooks with their sources")
    args = ap.parse_args(argv)
    paths = sources(args.chapters)
    if args.check:
        return check(paths)
    from nbclient.exceptions import CellExecutionError

    failed = 0
    for src in paths:
        nb = build(src)
        try:
            took = 0.0 if args.no_execute else execute(nb)
        except CellExecutionError as err:
            print(f"{src.relative_to(ROOT)}: a cell failed, notebook not written\n{str(err)[-1500:]}")
            failed += 1
            continue
        out = target(src)
        nbformat.write(clean(nb), out)
        size = out.stat().st_size
        print(f"{out.relative_to(ROOT)}: {len(nb.cells)} cells, executed in {took:.1f} s, {size / 1024:.0f} KiB")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
