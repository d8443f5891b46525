"""The reading edition (``make book``): the rulebook as a static, linked HTML
site, built offline by Sphinx + MyST-NB from the committed chapters and the
docs pages (scripts/build_book.py). Built once per module into a temporary
folder; tests/browser/test_book.py opens it in Chromium."""

from __future__ import annotations

import html
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


def stand_in_lite(folder: Path, chapters=CHAPTERS) -> Path:
    """A stand-in for a built JupyterLite site (``make lite`` needs the network): its front page and
    the chapters it serves, all the book's links into it can lead to."""
    (folder / "lab").mkdir(parents=True)
    (folder / "lab" / "index.html").write_text("<!doctype html><title>JupyterLite</title>", encoding="utf-8")
    (folder / "files").mkdir()
    for stem in chapters:
        (folder / "files" / f"{stem}.ipynb").write_text("{}", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    """The book as ``make book`` builds it after ``make lite``: the Lite site inside it."""
    tmp = tmp_path_factory.mktemp("book")
    out = tmp / "site"
    warnings = _builder().build(out, lite=stand_in_lite(tmp / "lite"))
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
    """Every relative link and picture of every page opens a file of the
    site, at an id that exists; a link into the Lite site (built inside the
    book) names a chapter it has. The build makes the same check (a dead
    link is one of its warnings)."""
    out, _ = book
    checked, broken = _builder().dead_links(out)
    assert checked > 2000
    assert not broken, "\n".join(f"{page}: {href}" for page, href in broken[:40])
    assert (out / "lite" / "lab" / "index.html").is_file(), "the Lite site is published inside the book"


def test_the_link_check_finds_a_dead_link_an_anchor_and_a_chapter_the_lite_site_lacks(tmp_path):
    site = tmp_path / "site"
    stand_in_lite(site / "lite", ["00-x"])
    (site / "notebooks").mkdir()
    (site / "notebooks" / "a.html").write_text(
        '<p id="here"><a href="b.html">gone</a> <a href="#here">ok</a> <a href="#nowhere">no anchor</a> '
        '<a href="../lite/lab/index.html?path=00-x.ipynb">ok</a> <a href="../lite/lab/index.html?path=01-y.ipynb">'
        'missing</a> <img src="../_images/none.svg" alt="x"> <a href="https://mybinder.org/">outside</a></p>',
        encoding="utf-8")
    checked, broken = _builder().dead_links(site)
    assert checked == 6
    assert [href for _, href in broken] == ["b.html", "#nowhere (no such anchor)",
                                            "../lite/lab/index.html?path=01-y.ipynb (the Lite site has no such file)",
                                            "../_images/none.svg"]


def test_no_code_cell_is_visible_and_every_picture_says_what_it_shows(book):
    """The reader meets no code: MyST-NB removes the input of cells tagged
    remove-input, so a chapter page has outputs (the widgets' stills) but no
    cell input, and the one line that makes a widget (the notebook gives it to
    programmers in a closed aside) is on no page: an RPG book shows no code.
    Every picture has alt text."""
    out, _ = book
    figures = 0
    for stem in CHAPTERS:
        text = (out / "notebooks" / f"{stem}.html").read_text(encoding="utf-8")
        page = parse(out / "notebooks" / f"{stem}.html")
        assert "cell_input" not in page.classes and "highlight-ipython3" not in text, stem
        assert "cell_output" in page.classes, f"{stem}: the widgets' stills are missing"
        lines = ["".join(c["source"]).split("\n")[1] for c in json.loads((ROOT / "notebooks" / f"{stem}.ipynb")
                                                                       .read_text(encoding="utf-8"))["cells"]
                 if c["cell_type"] == "code"]
        assert lines and not [line for line in lines if html.escape(line) in text or line in text], stem
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


def test_chapter_pages_and_every_still_say_where_to_play_live(book):
    """Each chapter page opens with links to play it live, and each still
    says what it is and offers the same links where a notebook says "Run
    the cell": Binder always, the Lite site built inside the book."""
    out, _ = book
    mod = _builder()
    stills = 0
    for stem in CHAPTERS:
        text = (out / "notebooks" / f"{stem}.html").read_text(encoding="utf-8")
        assert "Play this chapter live" in text
        binder = f"{mod.REPO}/HEAD?urlpath=lab/tree/notebooks/{stem}.ipynb"
        lite = f'href="../lite/lab/index.html?path={stem}.ipynb"'
        for still in re.findall(r"<div class=.vw-static.>.*?</p>", text, flags=re.S):
            stills += 1
            assert re.search(r"<strong>(Check roller|Task roller|Pool roller|The Facilitator’s screen|The rule lab)"
                             r"</strong>[^<]*: a still picture", still), still[:200]
            assert "Play this live" in still and binder in still and lite in still, still[:300]
        assert text.count(binder) >= 1 and lite in text
    assert stills >= 20


def test_without_a_lite_site_the_book_links_binder_only():
    """``make book`` before ``make lite``: no link to a Lite site that is not there."""
    mod = _builder()
    nb = {"cells": [{"cell_type": "code", "metadata": {}, "source": "", "outputs": [{"output_type": "execute_result",
          "data": {"text/html": "<p><span class='notebook-only'>Run the cell (Run All).</span></p>"}}]}]}
    shown = mod.book_notebook(nb, "01-checks.ipynb", mod.REPO, lite=False, figures=Path("."))
    page = shown["cells"][0]["source"] + shown["cells"][1]["outputs"][0]["data"]["text/html"]
    assert "mybinder.org" in page and "lite/" not in page and "Run" not in page.replace("Play", "")


def test_no_page_tells_the_reader_to_run_anything(book):
    """The chapters' notebook-only prose ("Run All to bring the rollers
    alive") and the stills' "Run the cell" are notebook words: a book page
    has none of them (the notebooks keep them)."""
    out, _ = book
    mod = _builder()
    assert mod.run_instructions(out) == []
    banners = 0
    for stem in CHAPTERS:
        cells = json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
        banners += any(mod.NOTEBOOK_ONLY in c["metadata"].get("tags", []) and "Run All" in "".join(c["source"])
                       for c in cells)
    assert banners == len(CHAPTERS), "every chapter keeps its Run All banner in the notebook"


@pytest.mark.parametrize("words", ["Run All to bring the rollers alive", "Run the cell (Run All) to roll",
                                   "then press **Roll**", "Until you run the cell, it shows", "click Roll",
                                   "The Venus Engine rulebook, runnable"])
def test_the_run_check_catches_notebook_words(tmp_path, words):
    (tmp_path / "p.html").write_text(f"<main><p>A still. {words}.</p></main>", encoding="utf-8")
    assert _builder().run_instructions(tmp_path), words


def test_the_index_of_terms_links_each_term_to_the_section_that_teaches_it(book):
    """Each place of the index of terms opens its chapter at the section it
    names (the section's heading), not at the chapter's top, except for the
    chapter's opening itself."""
    out, _ = book
    index = (out / "docs" / "index.html").read_text(encoding="utf-8")
    places = re.findall(r'<a class="reference internal" href="\.\./notebooks/([\w-]+\.html)(#[\w-]*)?">'
                        r'<span class="[^"]*">(\d+) · ([^<]+)</span>', index)
    assert len(places) > 100
    tops = 0
    for page, anchor, _, section in places:
        assert anchor, f"{page}: {section} links the chapter, not its section"
        text = (out / "notebooks" / page).read_text(encoding="utf-8")
        m = re.search(rf'<section id="{re.escape(anchor[1:])}">\s*(?:<span id="[^"]*"></span>\s*)*<h(\d)>(.*?)'
                      r'<a class="headerlink"', text, flags=re.S)
        assert m, f"{page}{anchor}: no such section"
        heading = " ".join(re.sub(r"<[^>]+>", "", m.group(2)).split())
        tops += m.group(1) == "1"
        assert heading.endswith(html.unescape(section).strip()) or m.group(1) == "1", (page, anchor, heading, section)
    assert tops < len(places) / 4, "most places are sections, not chapter tops"


def test_a_lite_site_older_than_the_chapters_is_linked_only_for_the_chapters_it_has(tmp_path):
    """A Lite site built before a chapter was added lacks it: that chapter's page links Binder only,
    the others link both (no link into the Lite site leads nowhere)."""
    mod = _builder()
    has = CHAPTERS[:3]
    lite = mod.lite_chapters(stand_in_lite(tmp_path / "lite", has))
    assert lite == {f"{stem}.ipynb" for stem in has}
    mod.stage(tmp_path / "src", mod.REPO, lite)
    for stem in CHAPTERS:
        text = (tmp_path / "src" / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8")
        assert "mybinder.org" in text
        assert (f"lite/lab/index.html?path={stem}.ipynb" in text) == (stem in has), stem
        assert "lite/lab/index.html?path=" not in text or stem in has, stem


def test_the_link_check_reads_a_site_named_by_a_relative_path(tmp_path, monkeypatch):
    """``dead_links(Path("build/book"))`` follows the same links as with the full path (it took
    every link to the page itself for one leading out of the site: 974 dead links in a clean book)."""
    (tmp_path / "site" / "docs").mkdir(parents=True)
    (tmp_path / "site" / "docs" / "a.html").write_text('<h1 id="top"><a href="#top">a</a> <a href="b.html">b</a></h1>',
                                                       encoding="utf-8")
    (tmp_path / "site" / "docs" / "b.html").write_text('<a href="a.html#top">a</a>', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert _builder().dead_links(Path("site")) == (3, [])


def test_every_heading_of_the_book_starts_with_a_word(book):
    """A heading starts with a letter or a digit: a wrapped line of prose that began with "#" (docs/drafts.md:
    a code span's comment) became a heading, "“Each roll of ‘1’ or ‘6’ counts as a success”`), or else ...",
    listed on the first page among the reference pages' titles."""
    out, _ = book
    bad = []
    for page in _local_files(out):
        text = page.read_text(encoding="utf-8")
        for level, inner in re.findall(r"<h([1-6])[^>]*>(.*?)</h\1>", text, flags=re.S):
            words = " ".join(html.unescape(re.sub(r"<[^>]+>", "", inner)).split()).strip("¶# ")
            if words and not words[0].isalnum():
                bad.append(f"{page.relative_to(out)}: h{level} {words[:70]!r}")
    assert not bad, "\n".join(bad)
    home = (out / "index.html").read_text(encoding="utf-8")
    assert "Each roll of" not in home


def test_a_chapters_next_in_words_is_where_the_next_button_goes(book):
    """The "Next:" a chapter's last lines name is the page the site's next button opens (the end of
    chapter 13 said "Next: Chapter 10: The rule lab" while the button went to the Facilitator's screen)."""
    out, _ = book
    for stem in CHAPTERS:
        text = (out / "notebooks" / f"{stem}.html").read_text(encoding="utf-8")
        said = re.search(r"<strong>Next:</strong>\s*<a[^>]*href=\"([^\"#]+)", text)
        button = re.search(r'<a class="right-next"\s+href="([^"#]+)"', text)
        if said:
            assert button and said.group(1) == button.group(1), (stem, said.group(1), button and button.group(1))
