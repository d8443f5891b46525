"""Build the rulebook's reading edition: a static, linked HTML site (``make book``).

The chapters as built (notebooks/, with their saved outputs: figures,
tables, the widgets' stills), the glossary, the index of terms, the cheat
sheets and the reference pages (docs/) become one site with chapter
navigation, built offline by Sphinx with MyST-NB (docs/book/conf.py). No
chapter is executed again, and the pages load nothing from another host.

A book page cannot run anything, so it never asks the reader to: the
chapters' notebook-only prose ("Run All to bring the rollers alive", cells
tagged ``notebook-only`` and phrases in ``<span class="notebook-only">``,
see scripts/make_notebooks.py) is left out, and each still's "Run the cell"
becomes links to play its chapter live: on Binder always, and in the
browser (the JupyterLite site, ``make lite``) when that site is built: it
is then copied into the book as ``lite/``, so the book and its live
rollers publish together (docs/lite.md). Each chapter page opens with the
same links. The build checks what it made: a page that still tells the
reader to run something, and a local link or anchor that leads nowhere,
are reported like Sphinx's own warnings (``make book`` fails on them).

    python scripts/build_book.py                  # build/book: open build/book/index.html
    python scripts/build_book.py --out DIR        # somewhere else
    python scripts/build_book.py --lite DIR       # the Lite site to publish inside (default build/lite, if built)
    python scripts/build_book.py --repo OWNER/REPO  # the Binder links of a fork
"""

from __future__ import annotations

import argparse
import base64
import html
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
from venus_widgets.book_figures import FIGURE  # noqa: E402
from venus_widgets.palette import dark_colour  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
DOCS = ROOT / "docs"
BOOK = DOCS / "book"
#: The JupyterLite site's folder inside the book (docs/lite.md), and where ``make lite`` builds it.
LITE = "lite"
LITE_BUILD = ROOT / "build" / "lite"
REPO = "venus-widgets/venus-widgets"
#: What marks notebook-only text: a cell's tag, a phrase's class (scripts/make_notebooks.py, widgets/stills.py).
NOTEBOOK_ONLY = "notebook-only"
_ONLY_SPAN = re.compile(r"<span class=(['\"])" + NOTEBOOK_ONLY + r"\1>.*?</span>", re.S)
#: What a page must not tell its reader, who cannot run anything there.
RUN_WORDS = re.compile(r"\bRun All\b|\brun (?:the|this|that|each|a) cells?\b|\bpress(?:es)? \W*Roll\b|"
                       r"\bclick(?:s)? \W*Roll\b|\bShift[+-]Enter\b|\b(?:until|when|once) you run\b|"
                       r"\bexecute (?:the|this) (?:cell|notebook)\b|\brunnable\b", re.I)


def reading_order() -> list[str]:
    """The chapters (notebook stems) in the order the book reads them: the order of
    their entries in the toctrees of docs/book/index.md (its headings group them:
    playing, other drafts, for Facilitators, for playtesters and designers)."""
    text = (BOOK / "index.md").read_text(encoding="utf-8")
    return [line.strip()[len("notebooks/"):] for line in text.splitlines() if line.strip().startswith("notebooks/")]


def binder_url(name: str, repo: str) -> str:
    return f"https://mybinder.org/v2/gh/{repo}/HEAD?urlpath=lab/tree/notebooks/{name}"


def lite_url(name: str) -> str:
    """A chapter in the Lite site, from a chapter page of the book."""
    return f"../{LITE}/lab/index.html?path={name}"


def _links(name: str, repo: str, lite: bool) -> str:
    links = [f'<a href="{html.escape(binder_url(name, repo))}">on Binder</a>']
    if lite:
        links.append(f'<a href="{html.escape(lite_url(name))}">in your browser, nothing to install</a>')
    return " · ".join(links)


def live_links(name: str, repo: str, lite: bool = False) -> str:
    """The Markdown cell each chapter page starts with: where to play it live."""
    return (f'<p class="vw-live"><strong>Play this chapter live</strong> (the rollers below are still '
            f"pictures here): {_links(name, repo, lite)}.</p>")


def still_links(name: str, repo: str, lite: bool = False) -> str:
    """What a still says on the book site where a notebook says "Run the cell"."""
    return f'<span class="vw-live">Play this live: {_links(name, repo, lite)}.</span>'


def book_markdown(source: str) -> str:
    """A Markdown cell as the book shows it: notebook-only phrases left out.

    >>> book_markdown('Watch the odds<span class="notebook-only">; press **Roll**</span>.')
    'Watch the odds.'
    """
    return _ONLY_SPAN.sub("", source)


def figure_directives(source: str, figures: Path, attachments: dict) -> str:
    """A figure's cell (venus_widgets/book_figures.py: its light and dark
    pictures attached) as the book shows it: the two pictures as files, each
    shown by the theme in its own mode (``only-light``, ``only-dark``)."""
    m = FIGURE.match(source)
    if m is None:
        raise SystemExit(f"a cell with attachments that is not a figure: {source[:200]!r}")
    for file, bundle in attachments.items():
        (figures / file).write_bytes(base64.b64decode(bundle["image/png"]))
    alt, name = m.group("alt"), m.group("name")
    return "\n".join([f":::{{image}} figures/{name}.png", f":alt: {alt}", ":class: only-light", ":::",
                      f":::{{image}} figures/{name}-dark.png", f":alt: {alt}", ":class: only-dark", ":::", "",
                      f"*Figure: {m.group('caption')}*"])


_SVG_IMG = re.compile(r'<img src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"([^>]*)>')
_TAG = re.compile(r"<[^>]+>")
_HEX = re.compile(r"#[0-9a-fA-F]{6}\b")
#: a still picture's own dark style (venus_widgets.palette.dark_style)
_OWN_STYLE = re.compile(r"<style>@media \(prefers-color-scheme: dark\).*?</style>")


def dark_svg(svg: str) -> str:
    """A still's picture (widgets/stills.py) for the book's dark mode: each colour through
    venus_widgets.palette.dark_colour, as the figures' dark pictures are drawn (text as text)."""
    def tag(m: re.Match) -> str:
        text = m.group(0).startswith(("<text", "<svg"))  # the <svg>'s fill is its text's
        return _HEX.sub(lambda c: dark_colour(c.group(0), text=text), m.group(0))
    return _TAG.sub(tag, _OWN_STYLE.sub("", svg))  # dark already: not its light picture's own dark style


def dark_stills(html_out: str) -> str:
    """A saved output's pictures, each with its dark twin beside it, each shown in its own mode."""
    def twin(m: re.Match) -> str:
        dark = base64.b64encode(dark_svg(base64.b64decode(m.group(1)).decode("utf-8")).encode("utf-8")).decode()
        return (f'<img class="only-light" src="data:image/svg+xml;base64,{m.group(1)}"{m.group(2)}>'
                f'<img class="only-dark" src="data:image/svg+xml;base64,{dark}"{m.group(2)}>')
    return _SVG_IMG.sub(twin, html_out)


def book_notebook(nb: dict, name: str, repo: str, lite: bool, figures: Path) -> dict:
    """A chapter as the book shows it: notebook-only cells left out, each
    still's "Run the cell" replaced by live links and its picture given its
    dark twin, figures as files, the live links first."""
    cells = []
    for cell in nb["cells"]:
        if NOTEBOOK_ONLY in cell.get("metadata", {}).get("tags", []):
            continue
        if cell["cell_type"] == "markdown":
            source = "".join(cell["source"])
            if cell.get("attachments"):  # Sphinx wants a picture as a file
                source = figure_directives(source, figures, cell.pop("attachments"))
            cell["source"] = book_markdown(source)
        for out in cell.get("outputs", []):
            shown = out.get("data", {})
            if "text/html" in shown:
                shown["text/html"] = dark_stills(_ONLY_SPAN.sub(still_links(name, repo, lite),
                                                                "".join(shown["text/html"])))
        cells.append(cell)
    cells.insert(0, {"cell_type": "markdown", "id": "live-links", "metadata": {}, "source": live_links(name, repo, lite)})
    return {**nb, "cells": cells}


def stage(src: Path, repo: str, lite: frozenset[str] = frozenset()) -> None:
    """The book's sources in ``src``: conf.py, index.md, the chapters as the
    book shows them (those in ``lite``, the chapters the Lite site has, linked
    there too) and the docs pages."""
    if src.exists():
        shutil.rmtree(src)
    (src / "notebooks").mkdir(parents=True)
    (src / "docs").mkdir()
    shutil.copy2(BOOK / "conf.py", src / "conf.py")
    shutil.copy2(BOOK / "index.md", src / "index.md")
    shutil.copytree(BOOK / "_static", src / "_static")
    for page in sorted(DOCS.glob("*.md")):
        shutil.copy2(page, src / "docs" / page.name)
    figures = src / "notebooks" / "figures"
    figures.mkdir()
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")):
        nb = book_notebook(json.loads(path.read_text(encoding="utf-8")), path.name, repo, path.name in lite, figures)
        (src / "notebooks" / path.name).write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")


def lite_chapters(site: Path | None) -> frozenset[str]:
    """The chapters a built Lite site serves (a site older than a chapter lacks it: it is not linked)."""
    return frozenset(p.name for p in (site / "files").glob("*.ipynb")) if site else frozenset()


def lite_site(path: Path | None) -> Path | None:
    """The Lite site to publish inside the book: ``path`` when a Lite site is built there."""
    return path if path is not None and (path / "lab" / "index.html").is_file() else None


def build(out: Path, repo: str = REPO, lite: Path | None = None) -> list[str]:
    """Build the site into ``out`` (with the Lite site ``lite`` inside it as
    ``lite/``, when given); returns the problems found: Sphinx's warnings, a
    page that tells the reader to run something, a local link that leads
    nowhere (an empty list when clean)."""
    src = out.parent / f"{out.name}-src"
    stage(src, repo, lite_chapters(lite))
    if out.exists():
        shutil.rmtree(out)
    run = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", "-E", "-j", "1", str(src), str(out)],
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"the book did not build:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}")
    shutil.rmtree(out / ".doctrees", ignore_errors=True)
    if lite is not None:
        _copy_tree(lite, out / LITE)
    problems = [line for line in run.stderr.splitlines() if "WARNING" in line or "ERROR" in line]
    problems += [f"{page}: tells the reader to run something: {words!r}" for page, words in run_instructions(out)]
    problems += [f"{page}: a link that leads nowhere: {href}" for page, href in dead_links(out)[1]]
    return problems


def _copy_tree(src: Path, dst: Path) -> None:
    """Copy a folder, linking its files where the file system allows (the Lite site is tens of MB)."""
    def link_or_copy(a: str, b: str) -> None:
        try:
            os.link(a, b)
        except OSError:
            shutil.copy2(a, b)
    shutil.copytree(src, dst, copy_function=link_or_copy)


# -- what the build checks ------------------------------------------------------------


class Page(html.parser.HTMLParser):
    """A page's links (``<a href>``), what it loads (``src``), ids and visible text."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.loads: list[str] = []
        self.ids: set[str] = set()
        self.text: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"] or "")
        if tag == "a" and a.get("href"):
            self.links.append(a["href"] or "")
        if tag in ("img", "script", "source") and a.get("src") and not (a["src"] or "").startswith("data:"):
            self.loads.append(a["src"] or "")
        if tag in ("script", "style", "template"):
            self._hidden += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.text.append(data)


def pages(out: Path) -> list[Path]:
    """The book's own pages (not the theme's files, not the Lite site's)."""
    return sorted(p for p in out.rglob("*.html") if not {"_static", LITE} & set(p.relative_to(out).parts[:1]))


def _parse(path: Path, cache: dict[Path, Page]) -> Page:
    if path not in cache:
        cache[path] = Page()
        cache[path].feed(path.read_text(encoding="utf-8"))
    return cache[path]


def run_instructions(out: Path) -> list[tuple[str, str]]:
    """(page, words) of each place a page of the book tells its reader to run something."""
    found = []
    for path in pages(out):
        text = " ".join("".join(_parse(path, {}).text).split())
        for m in RUN_WORDS.finditer(text):
            found.append((str(path.relative_to(out)), text[max(0, m.start() - 60):m.end() + 30]))
    return found


def dead_links(out: Path) -> tuple[int, list[tuple[str, str]]]:
    """(how many local links were followed, the (page, link) of each that
    leads nowhere): every relative ``href`` and ``src`` of the book's pages
    must open a file of the site, at an id of that page when it names one; a
    link into the Lite site must name a chapter the site has."""
    out = out.resolve()
    cache: dict[Path, Page] = {}
    checked, broken = 0, []
    for page in pages(out):
        parsed = _parse(page, cache)
        for href in parsed.links + parsed.loads:
            url = urlsplit(href)
            if url.scheme or href.startswith("//"):
                continue
            checked += 1
            target = (page.parent / unquote(url.path)).resolve() if url.path else page
            if target.is_dir():
                target = target / "index.html"
            where = str(page.relative_to(out))
            if not target.is_file() or not target.is_relative_to(out.resolve()):
                broken.append((where, href))
            elif url.fragment and target.suffix == ".html" and unquote(url.fragment) not in _parse(target, cache).ids:
                broken.append((where, f"{href} (no such anchor)"))
            elif target == (out / LITE / "lab" / "index.html").resolve():
                wanted = parse_qs(url.query).get("path", [""])[0]
                if not wanted or not (out / LITE / "files" / wanted).is_file():
                    broken.append((where, f"{href} (the Lite site has no such file)"))
    return checked, broken


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "book", help="where to write the site")
    ap.add_argument("--repo", default=REPO, help="OWNER/REPO of the Binder links (default: %(default)s)")
    ap.add_argument("--lite", type=Path, default=LITE_BUILD,
                    help="a built JupyterLite site (make lite) to publish inside the book as lite/; "
                         "without one the book links Binder only (default: %(default)s)")
    args = ap.parse_args(argv)
    lite = lite_site(args.lite.resolve())
    key = lite / ".build-key" if lite else None
    missing = sorted({p.name for p in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")} - lite_chapters(lite)) if lite else []
    if key and key.is_file() and (missing or any(nb.stat().st_mtime > key.stat().st_mtime
                                                 for nb in NOTEBOOKS.glob("*.ipynb"))):
        print(f"note: the Lite site in {args.lite} is older than the chapters"
              + (f" (it lacks {', '.join(missing)}: linked on Binder only)" if missing else "")
              + ": `make lite book` builds both anew")
    problems = build(args.out.resolve(), args.repo, lite)
    for w in problems:
        print(w)
    print(f"{args.out}/index.html: the rulebook, {len(list(args.out.glob('notebooks/*.html')))} chapters, "
          + (f"the Lite site from {args.lite} in {LITE}/" if lite else
             f"no Lite site ({args.lite} is not built: make lite builds it), so the chapters link Binder only")
          + (f"; {len(problems)} problems" if problems else ""))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
