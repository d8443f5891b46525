"""Count the prose of the rulebook's chapters as a reader meets it: words and percentages.

What is counted is what a reader reads on a chapter page: the Markdown
cells of the built notebook (``notebooks/``), with every number the build
rendered into them. Counted, because a reader reads them:

* every paragraph, list, heading, quotation and "In code" box;
* tables (a percentage in a table is read like one in a sentence);
* a figure's visible caption ("*Figure: ...*");
* collapsible passages (answers, "For the curious" asides) as if opened.

Left out, because the book site never shows them (scripts/build_book.py):
the notebook-only prose (a cell tagged ``notebook-only``, a phrase in
``<span class="notebook-only">``: "Run All", "press Roll"), and the links
to play a chapter live that the site puts in their place.

Left out, because a reader does not read them as text: a picture's
Markdown (``![alt](attachment:...)``: the same sentence is counted once, as
its caption), a link's target (its words are counted), HTML tags (their
text is counted) and the code cells with their saved outputs (a roller's
still is a picture of the roller, not prose).

A **word** is a run of letters or digits, joined by an apostrophe, a point,
a comma or a hyphen ("don't", "5-6", "1,000" and "33.3" are one word each;
"P(pass)" is two). A **percentage** is a number followed by a per cent sign
("45%", "33.3 %", the "1%" of "<1%") or by the words "percent" or
"percentage points" (a difference of two chances is still a chance read).

    python scripts/count_prose.py            # chapters 00-06, one line each and the total
    python scripts/count_prose.py 01 08      # the chapters whose names start so

``tests/test_prose_budget.py`` holds chapters 00-06 to the first evening's
budget (issue 31): at most 8,000 words and 90 percentages together.

>>> counts("Ada passes **45%** of the time ([chapter 1](01-checks.ipynb)).")
(8, 1)
>>> counts("![Bars of 26% and 70%](attachment:f.png)\\n\\n*Figure: Bars of 26% and 70%*")
(6, 2)
>>> counts("| dice | chance |\\n|---|---|\\n| 3 | 33.3 % |")
(4, 1)
"""

from __future__ import annotations

import argparse
import functools
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
#: The first evening's chapters (issue 31): how to play.
FIRST_EVENING = ["00", "01", "02", "03", "04", "05", "06"]

PICTURE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
LINK_TARGET = re.compile(r"\]\([^)]*\)")
TAG = re.compile(r"</?[A-Za-z][^<>]*>")
WORD = re.compile(r"[A-Za-z0-9]+(?:['’.,-][A-Za-z0-9]+)*")
PERCENTAGE = re.compile(r"\d+(?:[.,]\d+)?(?:\s?%|\s+(?:percent|per cent|percentage points?)\b)", flags=re.I)


def readable(markdown: str) -> str:
    """The text a reader reads in a Markdown cell: pictures, link targets and HTML tags taken out."""
    return TAG.sub(" ", LINK_TARGET.sub("]", PICTURE.sub(" ", markdown)))


def counts(markdown: str) -> tuple[int, int]:
    """``(words, percentages)`` of a passage of Markdown, as defined above."""
    text = readable(markdown)
    return len(WORD.findall(text)), len(PERCENTAGE.findall(text))


@functools.cache
def _book():
    """scripts/build_book.py, which says what of a chapter the book site shows."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_book", Path(__file__).resolve().parent / "build_book.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def chapter_markdown(path: Path) -> str:
    """The Markdown cells of a built chapter, in order, as the book site shows them."""
    import nbformat

    book = _book()
    nb = nbformat.read(path, as_version=4)
    return "\n\n".join(book.book_markdown(c.source) for c in nb.cells
                        if c.cell_type == "markdown" and book.NOTEBOOK_ONLY not in c.metadata.get("tags", []))


def chapters(prefixes: list[str]) -> list[Path]:
    found = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
    return [p for p in found if any(p.stem.startswith(x) for x in prefixes)]


def table(prefixes: list[str]) -> dict[str, tuple[int, int]]:
    """``{chapter stem: (words, percentages)}`` for the chapters named by prefix."""
    return {p.stem: counts(chapter_markdown(p)) for p in chapters(prefixes)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("chapters", nargs="*", help="chapter name prefixes (default: 00 to 06)")
    args = ap.parse_args(argv)
    rows = table(args.chapters or FIRST_EVENING)
    width = max(len(s) for s in rows) if rows else 10
    print(f"{'chapter':<{width}}  {'words':>6}  {'percentages':>11}")
    for stem, (words, pcts) in rows.items():
        print(f"{stem:<{width}}  {words:>6,}  {pcts:>11}")
    print(f"{'total':<{width}}  {sum(w for w, _ in rows.values()):>6,}  {sum(p for _, p in rows.values()):>11}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
