"""The reading edition (``make book``): the rulebook as a static, linked HTML
site, built offline by Sphinx + MyST-NB from the committed chapters and the
docs pages (scripts/build_book.py). Built once per module into a temporary
folder; tests/browser/test_book.py opens it in Chromium."""

from __future__ import annotations

import html.parser
import importlib.util
import json
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
pytestmark = pytest.mark.slow


def _builder():
    spec = importlib.util.spec_from_file_location("build_book", ROOT / "scripts" / "build_book.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    out = tmp_path_factory.mktemp("book") / "site"
    warnings = _builder().build(out)
    return out, warnings


class Page(html.parser.HTMLParser):
    """The links, images, scripts, stylesheets and ids of one HTML page."""

    def __init__(self):
        super().__init__()
        self.links: list[str] = []
        self.loads: list[str] = []  # what the browser fetches: scripts, stylesheets, images, frames
        self.images: list[dict] = []
        self.ids: set[str] = set()
        self.classes: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        self.classes += (a.get("class") or "").split()
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        if tag in ("script", "img", "iframe", "source", "video", "audio") and a.get("src"):
            self.loads.append(a["src"])
        if tag == "link" and a.get("href") and set((a.get("rel") or "").split()) & {"stylesheet", "preload", "icon",
                                                                                     "modulepreload"}:
            self.loads.append(a["href"])
        if tag == "img":
            self.images.append(a)


def parse(path: Path) -> Page:
    p = Page()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def test_the_book_builds_clean_with_every_chapter_and_aid(book):
    out, warnings = book
    assert warnings == [], "\n".join(warnings)
    for stem in CHAPTERS:
        assert (out / "notebooks" / f"{stem}.html").is_file(), stem
    for page in ("glossary", "index", "cheatsheet_playtest", "cheatsheet_agora", "cheatsheet_vers", "rules_playtest"):
        assert (out / "docs" / f"{page}.html").is_file(), page
    home = parse(out / "index.html")
    order = _builder().reading_order()
    assert sorted(order) == CHAPTERS, "docs/book/index.md lists every chapter once"
    assert [h for h in home.links if h.startswith("notebooks/")][:len(CHAPTERS)] == [
        f"notebooks/{stem}.html" for stem in order], "the chapters in reading order on the first page"
    text = (out / "index.html").read_text(encoding="utf-8")
    assert "For Facilitators" in text
    fc = text.split(">For Facilitators<", 1)[1]
    assert fc.index("09-facilitators") < fc.index("12-running-a-session") < fc.index("13-odds-tables")


def test_chapter_navigation_runs_through_the_book_in_order(book):
    """Each chapter links on to the next in reading order (docs/book/index.md), and back."""
    out, _ = book
    order = _builder().reading_order()
    for before, after in zip(order, order[1:]):
        links = parse(out / "notebooks" / f"{before}.html").links
        assert f"{after}.html" in links, f"no link on from {before} to {after}"
        assert f"{before}.html" in parse(out / "notebooks" / f"{after}.html").links


def _local_files(out: Path):
    return [p for p in out.rglob("*.html") if "_static" not in p.parts]


def test_every_link_inside_the_book_resolves(book):
    """Every relative link opens a file of the site, at an id that exists.
    Only the JupyterLite site, published beside the book (docs/lite.md), is
    linked outside it."""
    out, _ = book
    broken, checked = [], 0
    cache: dict[Path, Page] = {}
    for page in _local_files(out):
        for href in parse(page).links:
            url = urlsplit(href)
            if url.scheme or href.startswith("mailto:"):
                continue
            if url.path.startswith("../lite/"):
                assert page.parent.name == "notebooks" and re.fullmatch(
                    r"\.\./lite/lab/index\.html", url.path) and url.query.startswith("path="), href
                continue
            target = (page.parent / unquote(url.path)).resolve() if url.path else page
            checked += 1
            if not target.is_file():
                broken.append(f"{page.relative_to(out)}: {href}")
            elif url.fragment and target.suffix == ".html":
                ids = cache.setdefault(target, parse(target)).ids
                if unquote(url.fragment) not in ids:
                    broken.append(f"{page.relative_to(out)}: {href} (no such anchor)")
    assert checked > 500
    assert not broken, "\n".join(broken[:40])


def test_no_code_cell_is_visible_and_every_picture_says_what_it_shows(book):
    """The reader meets no code: MyST-NB removes the input of cells tagged
    remove-input, so a chapter page has outputs (the widgets' stills) but no
    cell input; the one line that makes a widget is in its In code box.
    Every picture has alt text."""
    out, _ = book
    figures = 0
    for stem in CHAPTERS:
        text = (out / "notebooks" / f"{stem}.html").read_text(encoding="utf-8")
        page = parse(out / "notebooks" / f"{stem}.html")
        assert "cell_input" not in page.classes and "highlight-ipython3" not in text, stem
        assert "cell_output" in page.classes, f"{stem}: the widgets' stills are missing"
        assert "In code" in text
        for img in page.images:
            assert (img.get("alt") or "").strip(), f"{stem}: a picture without alt text"
            figures += img.get("src", "").startswith("../_images/figure-")
    attached = sum(len(cell.get("attachments", {})) for stem in CHAPTERS
                   for cell in json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"])
    assert figures == attached >= 15, "every chapter figure is a picture of its page"


def test_nothing_is_loaded_from_another_host(book):
    """A page of the book asks no other host for anything: scripts,
    stylesheets, fonts and pictures are the site's own (a link the reader may
    follow, to Binder, is not a request)."""
    out, _ = book
    outside = []
    for page in _local_files(out):
        outside += [f"{page.relative_to(out)}: {u}" for u in parse(page).loads if urlsplit(u).scheme in ("http", "https")
                    or u.startswith("//")]
    for css in out.rglob("*.css"):
        outside += [f"{css.relative_to(out)}: {u}" for u in re.findall(r"url\(\s*['\"]?((?:https?:)?//[^)'\"]+)",
                                                                        css.read_text(errors="replace"))]
        outside += [f"{css.relative_to(out)}: @import {u}" for u in re.findall(r"@import\s+(?:url\()?['\"]?(https?://[^'\")]+)",
                                                                               css.read_text(errors="replace"))]
    assert not outside, "\n".join(outside[:20])


def test_chapter_pages_say_where_to_play_live(book):
    out, _ = book
    mod = _builder()
    for stem in CHAPTERS:
        text = (out / "notebooks" / f"{stem}.html").read_text(encoding="utf-8")
        assert "Play this chapter live" in text
        assert f'href="../lite/lab/index.html?path={stem}.ipynb"' in text
        assert f"{mod.REPO}/HEAD?urlpath=lab/tree/notebooks/{stem}.ipynb" in text
