"""Print the one-page sheets to PDF (``make cheatsheets``), on A4 and US Letter.

The pages to print are listed once, in ``PRINTABLE`` below: each is a
Markdown page of docs/ (written by scripts/make_cheatsheets.py, or by hand)
that must fit on **one** sheet of paper. Adding a page is one line there;
``make cheatsheets`` and the page-count test (tests/browser/test_print.py)
pick it up.

Each page is turned into HTML (markdown-it, the parser of the book's MyST)
with a print stylesheet, and printed by Debian's Chromium (the browser the
tests drive, through Playwright's ``page.pdf``) to
``build/print/<page>-a4.pdf`` and ``build/print/<page>-letter.pdf``. The
script prints how many pages each PDF has and fails when one has more than
one.

    python scripts/print_pages.py                  # every printable page, both papers, into build/print
    python scripts/print_pages.py fc_screen        # only pages whose name starts so
    python scripts/print_pages.py --out DIR        # somewhere else
    python scripts/print_pages.py --plain          # without the print stylesheet (how a browser prints it bare)
"""

from __future__ import annotations

import argparse
import html
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
OUT = ROOT / "build" / "print"
CHROMIUM = os.environ.get("VW_CHROMIUM", "/usr/bin/chromium")

#: The pages to print, each on one sheet: the docs/ page's name (without .md). One line per page.
PRINTABLE = [
    "cheatsheet_playtest",
    "cheatsheet_playsheet",
    "cheatsheet_agora",
    "cheatsheet_heresy",
    "cheatsheet_vers",
    "fc_screen",
    "first_session",
    "character_sheet",
    "pregenerated_sheets",
]

#: Playwright's names of the paper sizes, and ours in the file names.
PAPERS = {"a4": "A4", "letter": "Letter"}

#: Dense but legible: 8.5 pt text, 7.5 pt tables (a printed rulebook's tables are set at 7 to 8 pt).
PRINT_CSS = """
@page { margin: 9mm 10mm; }
html { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 8.5pt; line-height: 1.25;
       color: #000; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; }
h1 { font-size: 13pt; margin: 0 0 3pt; }
h2 { font-size: 10pt; margin: 6pt 0 2pt; border-bottom: 0.6pt solid #555; }
h3 { font-size: 9pt; margin: 5pt 0 2pt; }
p { margin: 2pt 0 3pt; }
ol, ul { margin: 2pt 0 3pt; padding-left: 14pt; }
li { margin: 0.5pt 0; }
table { border-collapse: collapse; margin: 2pt 0 4pt; font-size: 7.5pt; }
th, td { border: 0.5pt solid #777; padding: 0.8pt 3pt; text-align: left; vertical-align: top; }
th { background: #e6e6e6; }
a { color: inherit; text-decoration: none; }
blockquote { margin: 3pt 0; padding: 1pt 6pt; border-left: 2pt solid #777; }
code { font-size: 0.95em; }
.columns { column-count: 2; column-gap: 7mm; }
.columns > * { break-inside: avoid; }
"""


def markdown_html(text: str) -> str:
    """A Markdown page as HTML (tables on; raw HTML in the page is kept, comments included).

    >>> markdown_html("| a | b |\\n|---|---|\\n| 1 | 2 |\\n")
    '<table>\\n<thead>\\n<tr>\\n<th>a</th>\\n<th>b</th>\\n</tr>\\n</thead>\\n<tbody>\\n<tr>\\n<td>1</td>\\n<td>2</td>\\n</tr>\\n</tbody>\\n</table>\\n'
    """
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": True}).enable("table").render(text)


def page_html(name: str, plain: bool = False) -> str:
    """The whole HTML document of one printable page (``plain``: without the print stylesheet)."""
    text = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    title = next((line[2:] for line in text.splitlines() if line.startswith("# ")), name)
    style = "" if plain else f"<style>{PRINT_CSS}</style>"
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            f"{style}</head><body>{markdown_html(text)}</body></html>")


def pdf_pages(path: Path) -> int:
    """How many pages a PDF has."""
    from pypdf import PdfReader

    return len(PdfReader(str(path)).pages)


def print_on(page, names: list[str], out: Path, plain: bool = False) -> dict[tuple[str, str], Path]:
    """Print each page on each paper with a Playwright ``page`` of Chromium; returns ``{(name, paper): pdf}``."""
    out.mkdir(parents=True, exist_ok=True)
    done: dict[tuple[str, str], Path] = {}
    for name in names:
        # nothing to load: the HTML holds the page whole (no scripts, fonts or pictures from elsewhere)
        page.set_content(page_html(name, plain), wait_until="load")
        for paper, size in PAPERS.items():
            pdf = out / f"{name}-{paper}.pdf"
            page.pdf(path=str(pdf), format=size, print_background=True,
                     margin={"top": "10mm", "bottom": "10mm", "left": "10mm", "right": "10mm"} if plain else None)
            done[(name, paper)] = pdf
    return done


def print_pages(names: list[str], out: Path, plain: bool = False) -> dict[tuple[str, str], Path]:
    """Print each page on each paper in a headless Chromium of its own; returns ``{(name, paper): pdf}``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                     args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
        try:
            return print_on(browser.new_page(), names, out, plain)
        finally:
            browser.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pages", nargs="*", help="page name prefixes (default: every printable page)")
    ap.add_argument("--out", type=Path, default=OUT, help="where to write the PDFs (default: build/print)")
    ap.add_argument("--plain", action="store_true", help="print without the print stylesheet")
    args = ap.parse_args(argv)
    names = [n for n in PRINTABLE if not args.pages or any(n.startswith(p) for p in args.pages)]
    if not names:
        print(f"no printable page starts with {' or '.join(args.pages)}: the pages are {', '.join(PRINTABLE)}")
        return 2
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing: run `bash scripts/ensure-tools.sh` (apt-get install chromium)")
        return 2
    long = 0
    for (name, paper), pdf in print_pages(names, args.out, args.plain).items():
        n = pdf_pages(pdf)
        long += n > 1
        shown = pdf.relative_to(ROOT) if pdf.is_relative_to(ROOT) else pdf
        print(f"{shown}: {n} page{'' if n == 1 else 's'}" + ("" if n == 1 else "  (more than one sheet)"))
    return 1 if long else 0


if __name__ == "__main__":
    sys.exit(main())
