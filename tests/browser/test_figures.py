"""The rulebook's figures as shown, measured in Chromium: in JupyterLab (a
1,000 px window with the file browser open, and a 400 px one with it shut,
as on a phone), light and dark, and on the book site, light and dark; no
text of a figure under 11 px as drawn there, and on a dark page the dark
picture in place of the light one (venus_widgets/book_figures.py; the
figures' own layout: tests/test_figures.py).

A figure's PNG says its smallest text, in px of the picture, in a text
chunk; the browser reads it from the picture it shows and scales it as the
picture is shown (rendered width / natural width)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from .conftest import ROOT, jupyter_server, lab_theme, run_all, settle, static_server

pytestmark = pytest.mark.browser

#: chapters with many figures: stacked panels, legends, category names, heat maps
CHAPTERS = ["02-tasks", "08-editions-compared", "09-facilitators"]
#: (window width, file browser open): JupyterLab's default layout at 1,000 px; a phone at 400 px
WINDOWS = ((1000, True), (400, False))
SMALLEST = 10.95  # 11 px, as measured
#: where the book's figures are
BOOK_FIGURES = ".bd-content"


#: each figure picture shown (light or dark) and the size its smallest text is drawn at
SHOWN_JS = r"""async imgs => { const key = new TextEncoder().encode('Smallest text (px)\0'); const out = [];
  for (const img of imgs) {
    const box = img.getBoundingClientRect();
    if (getComputedStyle(img).display === 'none' || box.width === 0) continue;
    const bytes = new Uint8Array(await (await fetch(img.currentSrc || img.src)).arrayBuffer());
    let at = -1;
    for (let i = 0; i + key.length <= bytes.length && at < 0; i++) {
      let k = 0; while (k < key.length && bytes[i + k] === key[k]) k++;
      if (k === key.length) at = i + key.length;
    }
    let value = ''; while (at >= 0 && /[0-9.]/.test(String.fromCharCode(bytes[at]))) value += String.fromCharCode(bytes[at++]);
    out.push({alt: img.alt.slice(0, 50), dark: img.classList.contains('only-dark'), drawn: parseFloat(value),
              px: parseFloat(value) * box.width / img.naturalWidth, shown: Math.round(box.width), natural: img.naturalWidth});
  } return out; }"""


def figure_cells(stem: str) -> list[int]:
    cells = json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
    return [i for i, c in enumerate(cells) if c.get("attachments")]


def measure_lab(page, stem: str) -> list[dict]:
    """The figure pictures JupyterLab shows, each figure's cell scrolled to first (JupyterLab draws only
    the cells near the view)."""
    found = []
    for i in figure_cells(stem):
        page.evaluate("async i => { await window.jupyterapp.shell.currentWidget.content.scrollToItem(i, 'center'); }", i)
        cell = f"window.jupyterapp.shell.currentWidget.content.widgets[{i}].node"
        page.wait_for_function(f"() => {{ const imgs = [...{cell}.querySelectorAll('.jp-MarkdownOutput img')];"
                               " return imgs.length === 2 && imgs.every(i => i.complete && i.naturalWidth); }",
                               timeout=30_000)
        found += page.evaluate(f"() => ({SHOWN_JS})([...{cell}.querySelectorAll('.jp-MarkdownOutput img')])")
    return found


def measure(page, holders: str, pictures: str = "img") -> list[dict]:
    """The figure pictures shown in each element matched, each scrolled into view first (JupyterLab
    lays out only the cells near the view)."""
    found = []
    for holder in page.locator(holders).all():
        holder.scroll_into_view_if_needed()
        page.wait_for_function("h => [...h.querySelectorAll('img')].every(i => i.complete)", arg=holder.element_handle())
        found += holder.evaluate(f"h => ({SHOWN_JS})([...h.querySelectorAll({pictures!r})])")
    return found


def check(shown: list[dict], stem: str, dark: bool, where: str) -> float:
    """The right picture of each figure shown, its text at least 11 px; returns the smallest."""
    assert len(shown) == len(figure_cells(stem)), f"{where}: {len(shown)} pictures of {len(figure_cells(stem))}: {shown}"
    wrong = [s["alt"] for s in shown if s["dark"] != dark]
    assert not wrong, f"{where}: the {'light' if dark else 'dark'} picture shown for {wrong}"
    small = [f"{s['px']:.1f} px ({s['alt']}: drawn {s['drawn']} px at {s['natural']} px, shown {s['shown']} px)"
             for s in shown if not s["px"] >= SMALLEST]
    assert not small, f"{where}: figure text under 11 px: {small}"
    smallest = min((s["px"] for s in shown), default=float("inf"))
    print(f"{where}: smallest figure text {smallest:.1f} px ({len(shown)} figures)")
    return smallest


# -- JupyterLab -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def lab():
    """A fresh JupyterLab over copies of the committed chapters (untrusted, as Binder opens them)."""
    with jupyter_server("lab", [ROOT / "notebooks" / f"{stem}.ipynb" for stem in CHAPTERS]) as server:
        yield server


def _set_sidebar(page, open_: bool) -> None:
    shut = page.evaluate("() => document.querySelector('#jp-left-stack').classList.contains('lm-mod-hidden')")
    if shut == open_:
        page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
    page.wait_for_function("o => document.querySelector('#jp-left-stack').classList.contains('lm-mod-hidden') !== o",
                           arg=open_)


@pytest.mark.parametrize("stem", CHAPTERS)
def test_jupyterlab_light_first_view(page, lab, stem):
    """As Binder opens a chapter (untrusted, nothing run): the light pictures, text at least 11 px."""
    page.set_viewport_size({"width": 1000, "height": 900})
    page.goto(f"{lab.url}/lab/tree/{stem}.ipynb?token={lab.token}&reset")
    page.wait_for_selector(".jp-NotebookPanel .jp-MarkdownOutput img", timeout=90_000)
    for width, sidebar in WINDOWS:
        page.set_viewport_size({"width": width, "height": 900})
        _set_sidebar(page, sidebar)
        settle(page)  # the sidebar and the new width laid out
        check(measure_lab(page, stem), stem, False, f"{stem} light at {width} px")


@pytest.mark.parametrize("stem", ["02-tasks", "09-facilitators"])
def test_jupyterlab_dark_shows_the_dark_pictures(page, lab, stem):
    """Run, then JupyterLab Dark: each figure's dark picture in place of its
    light one (the widgets' style swaps them), text at least 11 px; back to
    light, the light ones again."""
    page.set_viewport_size({"width": 1000, "height": 900})
    page.goto(f"{lab.url}/lab/tree/{stem}.ipynb?token={lab.token}&reset")
    page.wait_for_selector(".jp-NotebookPanel .jp-MarkdownOutput img", timeout=90_000)
    page.wait_for_function("() => window.jupyterapp.shell.currentWidget?.sessionContext?.kernelDisplayStatus === 'idle'",
                           timeout=90_000)
    assert run_all(page, timeout=240_000)
    page.locator(".jp-NotebookPanel .vw-root").first.wait_for(timeout=90_000)
    lab_theme(page, "JupyterLab Dark")
    for width, sidebar in WINDOWS:
        page.set_viewport_size({"width": width, "height": 900})
        _set_sidebar(page, sidebar)
        settle(page)  # the sidebar and the new width laid out
        check(measure_lab(page, stem), stem, True, f"{stem} dark at {width} px")
    lab_theme(page, "JupyterLab Light")
    check(measure_lab(page, stem), stem, False, f"{stem} light again")


# -- the book site --------------------------------------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    spec = importlib.util.spec_from_file_location("build_book", ROOT / "scripts" / "build_book.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = tmp_path_factory.mktemp("book") / "site"
    assert mod.build(out) == []
    with static_server(out) as url:
        yield url


#: each still's picture shown, and its smallest text as shown (an SVG in an <img>, scaled as the <img> is)
STILL_TEXT_JS = r"""root => [...root.querySelectorAll('.vw-static img')].filter(i => getComputedStyle(i).display !== 'none')
  .map(img => { const svg = new TextDecoder().decode(Uint8Array.from(atob(img.getAttribute('src').split(',')[1]), c => c.charCodeAt(0)));
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    const sizes = [...doc.querySelectorAll('text')].map(t => parseFloat(t.getAttribute('font-size')));
    const paper = doc.querySelector('rect').getAttribute('fill');
    return {dark: img.classList.contains('only-dark'), paper,
            px: Math.min(...sizes) * img.getBoundingClientRect().width / img.naturalWidth}; })"""


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("stem", sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")))
def test_the_book_shows_each_figure_and_still_for_its_mode_at_11_px_or_more(browser_context, site, stem, theme):
    page = browser_context.new_page()
    try:
        page.add_init_script(f"localStorage.setItem('theme', '{theme}'); localStorage.setItem('mode', '{theme}');")
        for width, _ in WINDOWS:
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(f"{site}/notebooks/{stem}.html")
            page.wait_for_load_state("load")
            assert page.evaluate("() => document.documentElement.dataset.theme") == theme
            where = f"the book's {stem}, {theme}, at {width} px"
            check(measure(page, BOOK_FIGURES, "img[src*='figure-']"), stem, theme == "dark", where)
            stills = page.locator(".bd-content").evaluate(STILL_TEXT_JS)
            assert stills and all(s["dark"] == (theme == "dark") for s in stills), f"{where}: {stills}"
            assert all((s["paper"] == "#ffffff") == (theme == "light") for s in stills), f"{where}: {stills}"
            assert min(s["px"] for s in stills) >= SMALLEST, f"{where}: still text {stills}"
            print(f"{where}: smallest still text {min(s['px'] for s in stills):.1f} px ({len(stills)} stills)")
    finally:
        page.close()
