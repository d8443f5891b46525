"""The first view reads without running: a committed
chapter opened as Binder opens it (a fresh JupyterLab with its own data
dir: the notebook is untrusted) and as nbconvert's HTML shows every saved
roller, FCScreen and RuleLab as a picture with alt text and its text form,
never the labels of an inline SVG run together ("0: 13 % (fail)13%01: ...").
Trusting the notebook shows the same still."""

from __future__ import annotations

import re
import subprocess

import pytest
from playwright.sync_api import expect

from .conftest import BIN, ROOT, SPLASH_GONE_JS, jupyter_server, lab_theme

pytestmark = pytest.mark.browser

NOTEBOOKS = ROOT / "notebooks"
#: chapter -> what its stills must say (a roller; the FC's screen; the rule lab)
CHAPTERS = {
    "00-a-roll-from-start-to-finish.ipynb": ["Chance to pass"],
    "09-facilitators.ipynb": ["The Facilitator's screen", "The party is the characters"],
    "10-the-rule-lab.ipynb": ["The rule lab", "Chance to pass", "Successes needed with no factor"],
}
#: what an inline SVG taken apart by the sanitizer reads like: a percent run into the next label
GARBLED = re.compile(r"\d ?%\d|\(fail\)\d|\(pass\)\d")

STILLS_JS = """root => [...root.querySelectorAll('.vw-static')].map(s => ({
  text: s.textContent,
  prose: (() => { const c = s.cloneNode(true); c.querySelectorAll('table').forEach(t => t.remove()); return c.textContent; })(),
  images: [...s.querySelectorAll('img')].map(i => ({alt: i.alt, loaded: i.complete && i.naturalWidth > 0,
                                                     src: i.getAttribute('src').slice(0, 26)})),
  tables: s.querySelectorAll('table').length,
}))"""


def check_stills(stills: list[dict], words: list[str], where: str) -> None:
    assert stills, f"{where}: no still at all"
    text = " ".join(s["text"] for s in stills)
    for w in words:
        assert w in text, f"{where}: the stills do not say {w!r}"
    for s in stills:
        assert not GARBLED.search(s["prose"]), f"{where}: garbled text {GARBLED.search(s['prose']).group(0)!r}"
        assert s["images"], f"{where}: a still without its picture: {s['text'][:80]}"
        for img in s["images"]:
            assert img["loaded"], f"{where}: a picture that did not load ({img['src']})"
            assert len(img["alt"]) > 40 and re.search(r"\d", img["alt"]), f"{where}: alt text {img['alt']!r}"
        assert s["tables"], f"{where}: a still without its text form (a table)"


@pytest.fixture(scope="module")
def binder_lab():
    """A fresh JupyterLab over copies of the committed chapters: nothing trusts them."""
    with jupyter_server("lab", [NOTEBOOKS / name for name in CHAPTERS]) as server:
        yield server


def open_untrusted(page, server, name: str) -> None:
    page.goto(f"{server.url}/lab/tree/{name}?token={server.token}&reset")
    page.wait_for_selector(".jp-NotebookPanel .jp-OutputArea-output", timeout=90_000)
    page.locator(".jp-NotebookPanel .vw-static").first.wait_for(timeout=60_000)


@pytest.mark.parametrize("name", list(CHAPTERS))
def test_a_committed_chapter_opened_untrusted_shows_readable_stills(page, binder_lab, name):
    open_untrusted(page, binder_lab, name)
    trusted = page.evaluate("""() => { const nb = window.jupyterapp.shell.currentWidget.content;
        return [...nb.model.cells].some(c => c.type === 'code' && c.trusted); }""")
    assert trusted is False, "the chapter must open untrusted, as on Binder"
    notebook = page.locator(".jp-NotebookPanel").first
    check_stills(notebook.evaluate(STILLS_JS), CHAPTERS[name], f"{name} untrusted")
    # the view outputs are not saved (make_notebooks strips them): no "model not found" either
    assert "model not found" not in notebook.text_content()


def test_trusting_the_chapter_shows_the_same_stills(page, binder_lab):
    name = "09-facilitators.ipynb"
    open_untrusted(page, binder_lab, name)
    notebook = page.locator(".jp-NotebookPanel").first
    before = notebook.evaluate(STILLS_JS)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:trust'); }")
    page.locator(".jp-Dialog button.jp-mod-accept").click()
    page.wait_for_function("""() => { const nb = window.jupyterapp.shell.currentWidget.content;
        return [...nb.model.cells].filter(c => c.type === 'code').every(c => c.trusted); }""")
    expect(notebook.locator(".vw-static").first).to_be_visible()
    after = notebook.evaluate(STILLS_JS)
    # the same stills (JupyterLab draws the cells it shows: compare those it drew both times)
    assert before and after and after[0]["text"] == before[0]["text"]
    assert {s["text"] for s in before} <= {s["text"] for s in after} or {s["text"] for s in after} <= {s["text"] for s in before}
    check_stills(after, CHAPTERS[name], f"{name} trusted")


def test_nbconvert_html_of_the_chapters_shows_the_stills(page, tmp_path):
    for name in CHAPTERS:
        out = tmp_path / name.replace(".ipynb", ".html")
        subprocess.run([str(BIN / "jupyter"), "nbconvert", "--to", "html", "--output", str(out), str(NOTEBOOKS / name)],
                       check=True, capture_output=True, timeout=300)
        page.goto(out.as_uri())
        page.locator(".vw-static").first.wait_for()
        page.wait_for_function("() => [...document.querySelectorAll('.vw-static img')].every(i => i.complete)")
        check_stills(page.locator("body").evaluate(STILLS_JS), CHAPTERS[name], f"{name} in nbconvert's HTML")


#: every text of each still at its drawn size: HTML text by its computed size, a picture's text (an SVG in an
#: <img>) by its font-size scaled as the picture is (rendered width / natural width)
STILL_SIZES_JS = r"""root => { const out = [];
  for (const s of root.querySelectorAll('.vw-static')) {
    const walk = document.createTreeWalker(s, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement; if (!el || !n.textContent.trim()) continue;
      if (el.closest('details:not([open]) > :not(summary)')) continue;
      const box = el.getBoundingClientRect(); if (box.width <= 1 || box.height <= 1) continue;
      out.push({px: parseFloat(getComputedStyle(el).fontSize), what: n.textContent.trim().slice(0, 40)});
    }
    for (const img of s.querySelectorAll('img')) {
      const bytes = Uint8Array.from(atob(img.getAttribute('src').split(',')[1]), c => c.charCodeAt(0));
      const svg = new TextDecoder().decode(bytes);
      const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
      const scale = img.getBoundingClientRect().width / img.naturalWidth;
      for (const t of doc.querySelectorAll('text')) {
        const size = parseFloat(t.getAttribute('font-size') || doc.documentElement.getAttribute('font-size'));
        out.push({px: size * scale, what: `${t.textContent.slice(0, 30)} (picture ${img.naturalWidth} px drawn at `
                                          + `${img.getBoundingClientRect().width.toFixed(0)} px)`});
      }
    }
  } return out; }"""


#: numbers of a still's text drawn on one line and their % sign on the next
PARTED_JS = r"""root => { const out = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement; if (!el || el.closest('details:not([open]) > :not(summary)')) continue;
    for (const m of n.textContent.matchAll(/[0-9][0-9.,]*\s%/g)) {
      const r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
      const lines = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
      if (lines.size > 1) out.push(m[0] + ' in ' + n.textContent.slice(0, 60));
    }
  } return out; }"""


@pytest.mark.parametrize("name", list(CHAPTERS))
def test_at_400_px_no_text_of_a_still_is_under_11_px(page, binder_lab, name):
    """Issue 21, item 2 for the first view: at 400 px a still's picture is
    drawn narrower than its natural width, and its text with it (a 400 px
    picture drawn at 284 px made 11 px labels 8 px); none may fall under
    11 px, and no number parts from its % sign ("50" at a line's end).
    (The live widgets at 400 px: tests/browser/test_table_fit.py.)"""
    page.set_viewport_size({"width": 400, "height": 800})
    open_untrusted(page, binder_lab, name)
    if page.evaluate("() => !document.querySelector('#jp-left-stack').classList.contains('lm-mod-hidden')"):
        page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")  # as on a phone
    page.wait_for_function("() => document.querySelector('#jp-left-stack').classList.contains('lm-mod-hidden')")
    notebook = page.locator(".jp-NotebookPanel").first
    small, seen, parted = [], 0, []
    for still in notebook.locator(".vw-static").all():
        still.scroll_into_view_if_needed()
        page.wait_for_function("s => [...s.querySelectorAll('img')].every(i => i.complete && i.naturalWidth)",
                               arg=still.element_handle())
        sizes = still.evaluate(STILL_SIZES_JS.replace("root.querySelectorAll('.vw-static')", "[root]"))
        seen += len(sizes)
        small += [f"{x['px']:.1f} px: {x['what']}" for x in sizes if x["px"] < 10.95]
        parted += still.evaluate(PARTED_JS)
    assert seen, f"{name}: no still text seen"
    assert not small, f"{name} at 400 px: {len(small)} texts under 11 px, e.g. {small[:6]}"
    assert not parted, f"{name} at 400 px: a number parted from its % sign: {parted[:4]}"


def _picture_colours(page, img) -> dict:
    """A still's picture as drawn: its paper (just inside its border) and the colour furthest from it (its ink),
    their WCAG contrast, from a screenshot of the picture."""
    import io

    from PIL import Image

    from venus_widgets.palette import contrast

    img.scroll_into_view_if_needed()
    assert page.evaluate(SPLASH_GONE_JS), "JupyterLab's splash screen (a theme switch's) is still over the picture"
    shot = Image.open(io.BytesIO(img.screenshot())).convert("RGB")
    hexed = lambda c: "#%02x%02x%02x" % c  # noqa: E731
    paper = hexed(shot.getpixel((4, 4)))
    ink = max((hexed(c) for _, c in shot.getcolors(1 << 20)), key=lambda c: contrast(c, paper))
    return {"paper": paper, "ink": ink, "contrast": contrast(paper, ink), "page": page.evaluate(
        "() => getComputedStyle(document.body).colorScheme")}


@pytest.mark.parametrize("name", ["00-a-roll-from-start-to-finish.ipynb", "09-facilitators.ipynb"])
def test_a_stills_picture_follows_jupyterlabs_theme_light_and_dark(page, binder_lab, name):
    """A saved still stayed a white box in JupyterLab Dark. Opened untrusted,
    its picture is drawn on white paper in JupyterLab Light (even where the
    browser prefers dark: the page says light) and on dark paper in
    JupyterLab Dark (the page says dark, which the picture sees), its ink at
    4.5:1 or more on its paper in both."""
    from venus_widgets.palette import DARK_PAPER, PAPER

    page.emulate_media(color_scheme="dark")  # the browser prefers dark: JupyterLab Light must still draw it light
    open_untrusted(page, binder_lab, name)
    img = page.locator(".jp-NotebookPanel .vw-static img").first
    seen = {}
    for theme, paper in (("JupyterLab Light", PAPER), ("JupyterLab Dark", DARK_PAPER), ("JupyterLab Light", PAPER)):
        lab_theme(page, theme)  # the splash of the switch gone: in CI it washed the ink out to #898989
        page.wait_for_function("i => i.complete && i.naturalWidth", arg=img.element_handle())
        got = seen[theme] = _picture_colours(page, img)
        assert got["paper"] == paper, f"{name} in {theme}: the picture's paper is {got['paper']}, not {paper}: {got}"
        assert got["contrast"] >= 4.5, f"{name} in {theme}: {got}"
    print(f"{name}: {seen}")


def test_at_400_px_no_table_of_the_rule_lab_chapter_is_cut(page, binder_lab):
    """Chapter 10 at 400 px (the file browser shut, as on a phone): its table of knobs lost its "may
    be" column, its comparisons their last column of points ("no change"), its sweep two columns of
    numbers, past the notebook's right edge. Every table of its prose fits the cell it is in."""
    page.set_viewport_size({"width": 400, "height": 800})
    open_untrusted(page, binder_lab, "10-the-rule-lab.ipynb")
    if page.evaluate("() => !document.querySelector('#jp-left-stack').classList.contains('lm-mod-hidden')"):
        page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
    page.wait_for_function("() => document.querySelector('#jp-left-stack').classList.contains('lm-mod-hidden')")
    tables = page.locator(".jp-NotebookPanel .jp-RenderedMarkdown table")
    # every table rendered first (on a busy machine the count once ran ahead of the rendering: 5 of 6)
    page.wait_for_function("() => document.querySelectorAll('.jp-NotebookPanel .jp-RenderedMarkdown table').length >= 6")
    assert tables.count() >= 6
    cut = []
    for t in tables.all():
        t.scroll_into_view_if_needed()
        cut += t.evaluate("""t => { const edge = t.closest('.jp-Cell').getBoundingClientRect().right;
          const r = t.getBoundingClientRect();
          return r.right > edge + 1 ? [`${t.rows[0].textContent.trim().slice(0, 50)}: ${Math.round(r.right - edge)} px`] : []; }""")
    assert not cut, cut
