"""Build the tutorial rulebook notebooks from their reviewable sources.

Each chapter is written as a plain Python file in ``scripts/chapters/`` in
the "percent" format, with three kinds of cell:

``# %% [markdown]``
    prose, its lines commented with ``# ``. ``{{ expression }}`` (or
    ``{{ expression:format }}``, as in an f-string) is replaced at build time
    by its value, computed in the namespace of the build cells above it: every
    number the prose gives is computed by the engine when the chapter is
    built, never typed.
``# %% [markdown notebook-only]``
    prose only a notebook can act on ("Run All to bring the rollers alive"):
    tagged ``notebook-only`` and ``remove-cell``, the book site leaves it out
    (scripts/build_book.py), as it does a phrase in
    ``<span class="notebook-only">...</span>``.
``# %% [build]``
    Python run at build time only: it computes what the prose says, and
    ``show(fig, alt=...)`` or ``emit(markdown)`` put a figure or a passage
    of Markdown at this place in the chapter. None of it is in the notebook.
``# %%``
    a notebook code cell: only the one line that makes a widget (a roller,
    the FC's screen, the rule lab), after ``import venus_widgets as vw``.
    Its input is hidden in every viewer that honours the ``remove-input``
    tag or ``jupyter.source_hidden``. As in an RPG book, a player reads no
    code: the line is given to programmers after the widget, in one closed
    aside ("For programmers: this roller in your own notebook",
    :func:`programmers_aside`), in the notebook only (tagged notebook-only:
    the book site leaves it out).

So the reader meets prose, tables, pictures and live rollers, and no code:
a figure is a Markdown cell with the picture attached (its name carries a
fingerprint of the plotted numbers and labels), which every notebook viewer
(JupyterLab, Notebook 7, Voila, nbconvert, nbviewer, GitHub) shows without a
kernel. The notebook is executed (the same kernel run as ``jupyter nbconvert
--execute --inplace``) so that each widget cell carries its saved still, and
what must not be committed is stripped: saved widget state, the widget views'
outputs that pointed at it, and per-cell timing. Rebuilding unchanged sources
gives byte-identical notebooks.

    python scripts/make_notebooks.py              # build and execute all chapters
    python scripts/make_notebooks.py 03 05        # only chapters whose name starts so
    python scripts/make_notebooks.py --no-execute # cells only, no outputs
    python scripts/make_notebooks.py --check      # fail if a notebook differs from what its source builds now

``--check`` (and ``tests/test_notebooks.py``) rebuilds the cells with the
engine as it is now: a number, table or figure in a committed notebook that
the engine no longer gives makes it stale.
"""

from __future__ import annotations

import argparse
import base64
import re
import sys
import time
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "scripts" / "chapters"
NOTEBOOKS = ROOT / "notebooks"

KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
LANGUAGE_INFO = {"name": "python", "pygments_lexer": "ipython3"}
IMPORT = "import venus_widgets as vw"
#: The one line of a widget cell: ``vw.<Widget>(...)``.
WIDGET_LINE = re.compile(r"^vw\.(CheckRoller|TaskRoller|PoolRoller|FCScreen|RuleLab)\(.*\)$")
HIDDEN = {"jupyter": {"source_hidden": True}, "tags": ["remove-input"]}
#: The tag of prose only a notebook shows ("Run All ..."), which the book site leaves out (scripts/build_book.py,
#: as MyST-NB does ``remove-cell``), as it does a phrase of other prose in ``<span class="notebook-only">``.
NOTEBOOK_ONLY = "notebook-only"
#: A source's cell markers (what follows ``# %%``): the kind of cell each starts, and whether it is notebook-only.
MARKERS = {"[markdown]": ("markdown", False), f"[markdown {NOTEBOOK_ONLY}]": ("markdown", True),
           "[build]": ("build", False), "": ("code", False)}


def parse(text: str) -> list[tuple[str, str]]:
    """Split a percent-format source into ``(kind, source)`` cells, kind one
    of ``markdown`` (notebook-only prose too: see :func:`parse_cells`),
    ``build`` and ``code``.

    >>> parse("# %% [markdown]\\n# # Title\\n#\\n# Text\\n# %% [build]\\nx = 1\\n# %%\\nvw.TaskRoller()\\n")
    [('markdown', '# Title\\n\\nText'), ('build', 'x = 1'), ('code', 'vw.TaskRoller()')]
    """
    return [(kind, src) for kind, src, _ in parse_cells(text)]


def parse_cells(text: str) -> list[tuple[str, str, bool]]:
    """Like :func:`parse`, with whether each cell is notebook-only prose.

    >>> parse_cells("# %% [markdown notebook-only]\\n# > Run All\\n# %% [markdown]\\n# Text\\n")
    [('markdown', '> Run All', True), ('markdown', 'Text', False)]
    """
    cells: list[tuple[str, bool, list[str]]] = []
    for line in text.splitlines():
        if line.startswith("# %%"):
            marker = line[4:].strip()
            if marker not in MARKERS:
                raise ValueError(f"unknown cell marker {line!r}: use one of "
                                 + ", ".join(repr(f"# %% {m}".rstrip()) for m in MARKERS))
            cells.append((*MARKERS[marker], []))
            continue
        if not cells:
            continue  # the file's own docstring/preamble is not a cell
        kind, _, lines = cells[-1]
        if kind == "markdown":
            if line.startswith("# "):
                line = line[2:]
            elif line.rstrip() == "#":
                line = ""
        lines.append(line)
    return [(kind, src, only) for kind, only, lines in cells if (src := "\n".join(lines).strip("\n"))]


class TemplateError(Exception):
    """A ``{{ ... }}`` of a chapter's prose that does not evaluate."""


def _fields(text: str):
    """``(start, end, inner)`` of each ``{{ ... }}``: the first closing ``}}``
    at which the inside compiles as an f-string field (so a dict literal's
    ``}}`` inside the expression does not end it)."""
    pos = 0
    while (start := text.find("{{", pos)) >= 0:
        end = start + 2
        while True:
            end = text.find("}}", end)
            if end < 0:
                raise TemplateError(f"unclosed {{{{ in: {text[start:start + 80]!r}")
            inner = text[start + 2:end]
            try:
                compile(f"f'''{{ {inner}}}'''", "<prose>", "eval")
            except SyntaxError:
                end += 1
                continue
            break
        yield start, end + 2, inner
        pos = end + 2


def render(text: str, ns: dict[str, Any]) -> str:
    """``text`` with each ``{{ expression[:format] }}`` replaced by its value in ``ns``.

    >>> render("{{ n }} dice pass {{ p:.0% }} of the time; {{ {'a': {'b': 1}}['a'] }}", {"n": 3, "p": 0.26})
    "3 dice pass 26% of the time; {'b': 1}"
    """
    out, pos = [], 0
    for start, end, inner in _fields(text):
        out.append(text[pos:start])
        expr = " ".join(inner.split())
        try:
            out.append(eval(f"f'''{{ {expr}}}'''", ns))  # noqa: S307 - the chapter's own source
        except Exception as err:
            raise TemplateError(f"{{{{{expr}}}}}: {type(err).__name__}: {err}") from err
        pos = end
    out.append(text[pos:])
    return "".join(out)


def programmers_aside(line: str) -> str:
    """The aside after a widget that gives a programmer the line making it:
    closed (``<details>``: one line, "For programmers: ...", until opened),
    in the notebook only (the book site, like an RPG book, shows no code).

    >>> print(programmers_aside("vw.TaskRoller(dice=3)"))
    <details><summary>For programmers: this roller in your own notebook</summary>
    <BLANKLINE>
    ```python
    import venus_widgets as vw
    vw.TaskRoller(dice=3)
    ```
    <BLANKLINE>
    </details>
    """
    return (f"<details><summary>For programmers: this {_widget_words(line)} in your own notebook</summary>\n\n"
            f"```python\n{IMPORT}\n{line}\n```\n\n</details>")


#: A chapter's "In code" box in its prose: a quotation starting ``> **In code**`` (a parenthesis after it says who
#: may skip it), to its last ``>`` line.
IN_CODE = re.compile(r"^> \*\*In code\*\*(?: \([^)\n]*\))?:? ?(.*(?:\n>.*)*)", re.M)


def code_asides(markdown: str) -> str:
    """A chapter's prose with each "In code" box made the closed aside a
    programmer opens ("For programmers: in code"): a player reads one line.

    >>> print(code_asides("Buy it.\\n\\n> **In code** (skip this): the field is\\n> `consequences`."))
    Buy it.
    <BLANKLINE>
    <details><summary>For programmers: in code</summary>
    <BLANKLINE>
    The field is
    `consequences`.
    <BLANKLINE>
    </details>
    """
    def aside(m: re.Match) -> str:
        body = "\n".join(line[2:] if line.startswith("> ") else line.lstrip(">") for line in m.group(1).split("\n"))
        return f"<details><summary>For programmers: in code</summary>\n\n{body[:1].upper()}{body[1:]}\n\n</details>"
    return IN_CODE.sub(aside, markdown)


def _widget_words(line: str) -> str:
    name = WIDGET_LINE.match(line).group(1)  # type: ignore[union-attr]
    return {"FCScreen": "screen", "RuleLab": "lab"}.get(name, "roller")


class Chapter:
    """The build-time side of one chapter: its namespace and the cells it emits."""

    def __init__(self, stem: str, images: bool):
        self.stem = stem
        self.images = images
        self.cells: list[nbformat.NotebookNode] = []
        import matplotlib

        matplotlib.use("Agg")
        matplotlib.rcdefaults()  # the same figures whether a chapter is built alone or after others
        from venus_widgets import tutorial

        tutorial.setup_plots()

        self.ns: dict[str, Any] = {"__name__": f"chapter_{stem[:2]}"}
        exec(f"{IMPORT}\nfrom venus_widgets.tutorial import *", self.ns)  # noqa: S102
        self.ns["table"] = tutorial.markdown_table
        self.ns["emit"] = self.emit
        self.ns["show"] = self.show
        self.ns["tutorial"] = tutorial

    def emit(self, markdown: str, notebook_only: bool = False) -> None:
        """Put a passage of Markdown (rendered like the prose) at this place in the chapter;
        ``notebook_only``: prose the book site leaves out (see :data:`NOTEBOOK_ONLY`)."""
        cell = nbformat.v4.new_markdown_cell(code_asides(render(markdown.strip("\n"), self.ns)))
        if notebook_only:
            cell.metadata["tags"] = [NOTEBOOK_ONLY, "remove-cell"]
        self.cells.append(cell)

    def show(self, fig, alt: str) -> None:
        """Put a figure here: a Markdown cell with its pictures, laid out for reading, light and dark
        (:func:`venus_widgets.book_figures.figure_markdown`), ``alt`` their alt text and caption; their names
        are a fingerprint of the plotted numbers and labels (what ``--check`` compares)."""
        import matplotlib.pyplot as plt

        from venus_widgets import book_figures
        from venus_widgets.tutorial import fingerprint

        alt = " ".join(alt.split())
        if not alt:
            plt.close(fig)
            raise ValueError("show(fig, alt=...) needs one sentence saying what the figure shows")
        if "]" in alt or "[" in alt:
            raise ValueError(f"a figure's alt sentence cannot hold square brackets: {alt!r}")
        name = f"figure-{fingerprint(fig)}"
        light = dark = b""
        if self.images:
            light, dark, _ = book_figures.pictures(fig)
        plt.close(fig)
        cell = nbformat.v4.new_markdown_cell(book_figures.figure_markdown(name, alt))
        cell.attachments = {f"{name}.png": {"image/png": base64.b64encode(light).decode("ascii")},
                            f"{name}-dark.png": {"image/png": base64.b64encode(dark).decode("ascii")}}
        self.cells.append(cell)

    def run(self, code: str) -> None:
        exec(compile(code, f"scripts/chapters/{self.stem}.py", "exec"), self.ns)  # noqa: S102


def build(source: Path, images: bool = True) -> nbformat.NotebookNode:
    """The notebook (without outputs) for one chapter source: its build cells
    run, its prose rendered with their numbers, its figures attached (without
    their PNG bytes when ``images`` is false: only the names are compared).
    Editions a chapter registers (drafts it loads) are gone afterwards: a
    build leaves the process as it found it."""
    from venus_widgets.engine.contract import edition

    with edition.as_it_was():
        return _build(source, images)


def _build(source: Path, images: bool) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata = {"kernelspec": KERNELSPEC, "language_info": LANGUAGE_INFO}
    chapter = Chapter(source.stem, images)
    for kind, src, notebook_only in parse_cells(source.read_text(encoding="utf-8")):
        try:
            if kind == "markdown":
                chapter.emit(src, notebook_only=notebook_only)
            elif kind == "build":
                chapter.run(src)
            else:
                lines = [ln for ln in src.splitlines() if ln.strip() and ln.strip() != IMPORT]
                if len(lines) != 1 or not WIDGET_LINE.match(lines[0]):
                    raise ValueError("a notebook code cell holds one line that makes a widget "
                                     f"(vw.TaskRoller(...), ...); compute everything else in a build cell:\n{src}")
                cell = nbformat.v4.new_code_cell(f"{IMPORT}\n{lines[0]}")
                cell.metadata.update({k: (dict(v) if isinstance(v, dict) else list(v)) for k, v in HIDDEN.items()})
                chapter.cells.append(cell)
                aside = nbformat.v4.new_markdown_cell(programmers_aside(lines[0]))
                aside.metadata["tags"] = [NOTEBOOK_ONLY, "remove-cell"]
                chapter.cells.append(aside)
        except TemplateError as err:
            raise SystemExit(f"scripts/chapters/{source.name}: {err}") from None
    stem = source.stem[:2]
    for i, cell in enumerate(chapter.cells):
        cell.id = f"ch{stem}-{i:02d}"
        nb.cells.append(cell)
    return nb


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def clean(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop saved widget state, timing and volatile kernel details, and merge
    split prints.

    A widget's saved output keeps its still (its HTML snapshot and text
    form): without the stripped widget state its view output would point at
    a model that no longer exists (JupyterLab shows "model not found"), and
    its random model id would change on every rebuild. Running the cell
    brings the live widget back; strict nbval ignores the view output anyway.

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
    found = sorted(SOURCES.glob("[0-9][0-9]-*.py"))
    if prefixes:
        found = [s for s in found if any(s.stem.startswith(p) for p in prefixes)]
    return found


def signature(nb: nbformat.NotebookNode) -> list[tuple]:
    """What a rebuild must reproduce: each cell's kind, source, tags and
    attachment names (a figure's name is the fingerprint of its data)."""
    return [(c.cell_type, c.source, tuple(c.metadata.get("tags", ())), tuple(sorted(c.get("attachments", {}))))
            for c in nb.cells]


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def stale(src: Path) -> str | None:
    """Why the committed notebook of ``src`` differs from what it builds now (None: current)."""
    nbpath = target(src)
    if not nbpath.exists():
        return f"missing: {_shown(nbpath)} (run scripts/make_notebooks.py {src.stem[:2]})"
    want = signature(build(src, images=False))
    have = signature(nbformat.read(nbpath, as_version=4))
    if have == want:
        return None
    for i, (a, b) in enumerate(zip(have, want)):
        if a != b:
            return (f"stale: {_shown(nbpath)} cell {i} differs from what {_shown(src)} builds now "
                    f"(run scripts/make_notebooks.py {src.stem[:2]}):\n  committed: {a[1][:300]!r}\n  now:       {b[1][:300]!r}")
    return f"stale: {_shown(nbpath)} has {len(have)} cells, its source builds {len(want)}"


def check(paths: list[Path]) -> int:
    """Exit status 1 when a committed notebook differs from what its source builds now."""
    bad = [why for src in paths if (why := stale(src))]
    for why in bad:
        print(why)
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("chapters", nargs="*", help="chapter name prefixes, e.g. 01 05 (default: all)")
    ap.add_argument("--no-execute", action="store_true", help="write cells without running them")
    ap.add_argument("--check", action="store_true", help="only compare notebooks with what their sources build")
    args = ap.parse_args(argv)
    paths = sources(args.chapters)
    if args.check:
        return check(paths)
    from nbclient.exceptions import CellExecutionError

    failed = 0
    for src in paths:
        start = time.perf_counter()
        nb = build(src)
        built = time.perf_counter() - start
        try:
            took = 0.0 if args.no_execute else execute(nb)
        except CellExecutionError as err:
            print(f"{src.relative_to(ROOT)}: a cell failed, notebook not written\n{str(err)[-1500:]}")
            failed += 1
            continue
        out = target(src)
        nbformat.write(clean(nb), out)
        size = out.stat().st_size
        print(f"{out.relative_to(ROOT)}: {len(nb.cells)} cells, built in {built:.1f} s, "
              f"executed in {took:.1f} s, {size / 1024:.0f} KiB")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
