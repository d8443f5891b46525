"""Pictures that read where they are read: the rulebook's figures
(venus_widgets/book_figures.py) drawn at the width a still is drawn at, every
text at least 14 px, panels stacked, a dark picture for dark pages; the same
colours for the same things in the figures, the stills and the live rollers
(venus_widgets/palette.py, js/style.js). The browser measures them as shown:
tests/browser/test_figures.py."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from venus_widgets import palette

ROOT = Path(__file__).resolve().parent.parent
STYLE = (ROOT / "js" / "style.js").read_text(encoding="utf-8")


def test_the_live_rollers_draw_in_the_palettes_colours():
    """js/style.js and venus_widgets/palette.py name the same colour for each
    thing: pass, fail, goal, an ally, a warning, and each caliber's dice."""
    for var, colour in {"pass": palette.PASS, "fail": palette.FAIL, "goal": palette.GOAL, "ally": palette.ALLY,
                        "warn": palette.WARN}.items():
        assert re.search(rf"--vw-{var}: {colour};", STYLE, flags=re.I), var
    grades = dict(re.findall(r"\.vw-die\.grade-(\d) \{ border-top: \S+ \S+ (#[0-9a-fA-F]{6}); \}", STYLE))
    assert [grades[str(i)].lower() for i in range(4)] == list(palette.CALIBER_COLOURS.values())


def test_the_figures_and_the_stills_draw_in_the_palettes_colours():
    import base64

    import venus_widgets as vw
    from venus_widgets import tutorial

    assert tutorial.COLOURS is palette.CALIBER_COLOURS
    html = vw.TaskRoller(caliber="bronze", dice=3, factors=1).snapshot_html()
    svg = base64.b64decode(re.search(r"base64,([^\"]+)", html).group(1)).decode()
    assert f"fill='{palette.PASS}'" in svg and f"stroke='{palette.FAIL}'" in svg


def test_a_dark_page_keeps_the_hues_and_turns_paper_and_ink_over():
    for colour in [palette.PASS, palette.FAIL, palette.GOAL, palette.ALLY, palette.WARN,
                   *palette.CALIBER_COLOURS.values()]:
        assert palette.dark_colour(colour) == colour, colour  # the same colour for the same thing
        assert palette.contrast(colour, palette.DARK_PAPER) >= 3, colour
    assert palette.dark_colour(palette.PAPER) == palette.DARK_PAPER
    for grey in range(0, 256, 15):
        ink = f"#{grey:02x}{grey:02x}{grey:02x}"
        if palette.contrast(ink, palette.PAPER) >= 4.5:  # text that reads on white reads on the dark page
            assert palette.contrast(palette.dark_colour(ink, text=True), palette.DARK_PAPER) >= 4.5, ink


@pytest.fixture
def plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from venus_widgets import book_figures

    with matplotlib.rc_context():
        book_figures.setup()
        yield plt
    plt.close("all")


def _size(png: bytes) -> tuple[int, int]:
    from PIL import Image

    return Image.open(io.BytesIO(png)).size


def test_four_panels_side_by_side_are_stacked_at_the_stills_width_with_text_of_14_px(plt):
    """The figure of chapter 02 as it was drawn: four panels in a row, 9
    inches wide, 8 pt labels; shown at 541 px its text was 7 px."""
    from venus_widgets import book_figures

    fig, axes = plt.subplots(1, 4, figsize=(9.0, 2.8), sharey=True)
    for i, ax in enumerate(axes):
        ax.bar(range(4), [0.3, 0.4, 0.2, 0.1], label="chance")
        ax.set_title(f"panel {i}", fontsize=7)
        ax.set_xlabel("successes", fontsize=7)
    axes[0].legend(fontsize=6)
    fig.suptitle("a title much too long to stand on one line of a picture three hundred pixels wide")
    book_figures.fit(fig)
    lefts = {round(ax.get_position().x0, 2) for ax in fig.axes}
    tops = sorted(ax.get_position().y1 for ax in fig.axes)
    assert len(lefts) == 1 and len(set(round(t, 2) for t in tops)) == 4, "one column of four panels"
    assert all(t.get_fontsize() * 96 / 72 >= 14 for t in fig.findobj(lambda a: hasattr(a, "get_fontsize")))
    assert "\n" in fig._suptitle.get_text(), "the long title is wrapped"
    assert fig.legends and not any(ax.get_legend() for ax in fig.axes), "the legend goes under the panels"
    light, dark, smallest = book_figures.pictures(fig)
    assert smallest >= 14 and book_figures.text_chunk(light) == book_figures.text_chunk(dark) == smallest
    assert _size(light) == _size(dark) and _size(light)[0] <= book_figures.WIDTH


def test_a_label_reaching_past_the_edge_and_overlapping_numbers_still_fit(plt):
    from venus_widgets import book_figures

    fig, ax = plt.subplots(figsize=(7, 3))
    ax.plot(range(5, 30), [1 / x for x in range(5, 30)])
    ax.set_xticks(range(5, 30))  # 25 numbers: they cannot all stand side by side in 300 px
    ax.set_yticks([0, 0.1, 0.2], ["none at all", "a tenth of the time", "a fifth of the time, or so"])
    light, _, smallest = book_figures.pictures(fig)
    assert _size(light)[0] <= book_figures.WIDTH and smallest >= 14
    assert len(ax.get_xticks()) < 25


def test_the_dark_picture_has_dark_paper_and_light_ink(plt):
    from PIL import Image

    from venus_widgets import book_figures

    fig, ax = plt.subplots()
    ax.bar([0, 1], [0.5, 0.7], color=palette.PASS)
    ax.set_title("Some title")
    light, dark, _ = book_figures.pictures(fig)
    lit, dim = (Image.open(io.BytesIO(p)).convert("RGBA") for p in (light, dark))
    assert lit.getpixel((1, 1))[:3] == (255, 255, 255)
    assert dim.getpixel((1, 1))[3] == 0, "the dark picture lets the dark page show through"
    w, h = dim.size
    ink = [dim.getpixel((x, y)) for x in range(w) for y in range(h // 6)]  # the title's row
    assert max(sum(p[:3]) / 3 for p in ink if p[3] > 200) > 180, "light text"
    assert palette.PASS.lower() in {"#%02x%02x%02x" % p[:3] for p in dim.get_flattened_data() if p[3] == 255}


@pytest.mark.parametrize("make", [
    lambda vw: vw.CheckRoller(caliber="silver", score=4, difficulty="tough"),  # automatic pass, pass, pass with a bonus d6, fail ...
    lambda vw: vw.PoolRoller(edition="vers", ranks=4, penalty=2),  # 13 bars, -6 to 6+
    lambda vw: vw.TaskRoller(edition="playsheet", rank="silver", dice=7, difficulty=2, explode=True),
])
def test_every_bar_of_a_still_is_labelled_and_no_two_labels_overlap(make):
    """A check roller's still left its two main bars (pass, fail) without a
    name: a label wider than its bar takes a row of its own (a check's
    results, named as the rules say them, each have a row of their own)."""
    import base64

    import venus_widgets as vw
    from venus_widgets.engine.tools import chart
    from venus_widgets.widgets.stills import text_width

    w = make(vw)
    svg = base64.b64decode(re.search(r"base64,([^\"]+)", w.snapshot_html()).group(1)).decode()
    labels = [(float(x), float(y), text) for x, y, text in  # a check's results: one row each, its name on the left
              re.findall(r"<text x='([\d.]+)' y='([\d.]+)' font-size='14' text-anchor='(?:middle|start)'[^>]*>([^<✗%]+)</text>",
                         svg)]
    bars = [b.label for b in chart.bars(vw.odds(w.spec))]
    assert sorted(text for *_, text in labels if text in bars) == sorted(bars)
    named = sorted((y, x, text) for x, y, text in labels if text in bars)
    for (y1, x1, a), (y2, x2, b) in zip(named, named[1:]):
        if y1 == y2:  # the same row
            assert x2 - x1 >= (text_width(a) + text_width(b)) / 2, (a, b)


def drawn_texts(fig) -> list:
    """The texts a laid-out figure draws: its own, each panel's title, axis labels, the numbers on its
    axes inside the view (an axis turned off draws none), the texts on it and its legends'."""
    out = list(fig.texts)
    for leg in fig.legends:
        out += [*leg.get_texts(), leg.get_title()]
    for ax in fig.axes:
        out += [*ax.texts, ax.title, ax._left_title, ax._right_title]
        if ax.get_legend():
            out += ax.get_legend().get_texts()
        if ax.axison:
            out += [ax.xaxis.label, ax.yaxis.label]
            for axis in (ax.xaxis, ax.yaxis):
                lo, hi = sorted(axis.get_view_interval())
                out += [t.label1 for t in axis.get_major_ticks() if lo - 1e-9 <= t.get_loc() <= hi + 1e-9]
    return [t for t in out if t.get_visible() and t.get_text().strip()]


def overlapping_texts(fig) -> list[tuple[str, str]]:
    """Each pair of texts of a laid-out figure whose boxes overlap by more than a pixel (a turned text's
    box is not its ink: only level texts are compared)."""
    import itertools

    from venus_widgets import book_figures

    renderer = book_figures._renderer(fig)
    boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in drawn_texts(fig) if t.get_rotation() in (0, 90)]
    return [(a, b) for (a, p), (b, q) in itertools.combinations(boxes, 2)
            if p.x0 < q.x1 - 1 and q.x0 < p.x1 - 1 and p.y0 < q.y1 - 1 and q.y0 < p.y1 - 1]


def test_the_overlap_check_finds_two_notes_on_top_of_each_other(plt):
    from venus_widgets import book_figures

    fig, ax = plt.subplots()
    ax.text(0.5, 0.5, "KISSed")
    ax.text(0.52, 0.5, "Ego: 2")
    ax.text(0.1, 0.1, "apart")
    book_figures.fit(fig)
    assert overlapping_texts(fig) == [("KISSed", "Ego: 2")]
    plt.close(fig)


@pytest.mark.parametrize("stem", sorted(p.stem for p in (ROOT / "scripts" / "chapters").glob("0[0-6]-*.py")))
def test_no_two_texts_of_a_first_evening_figure_overlap_and_chances_read_in_percent(stem, monkeypatch):
    """Chapter 6's "Clara steers" drew its dice's notes into each other ("Ego: 2KISSed", "BronzeSilver")
    and the owners' names between the rows: each figure of chapters 00-06, laid out as the book shows
    it, draws no text over another. And a chance reads as the prose says it, in percent (the axes ran
    0.00 to 1.00 and "probability" 0.0 to 0.6 while the text said 40%)."""
    import importlib.util

    from venus_widgets import book_figures

    spec = importlib.util.spec_from_file_location("make_notebooks", ROOT / "scripts" / "make_notebooks.py")
    builder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(builder)
    found, real = [], book_figures.fit

    def fit(fig):
        real(fig)
        title = next((ax.get_title() for ax in fig.axes if ax.get_title()), "")
        found.extend((" ".join(title.split()), a, b) for a, b in overlapping_texts(fig))
        for ax in fig.axes:
            label = ax.get_ylabel().lower()
            ticks = [t.get_text() for t in ax.yaxis.get_ticklabels() if t.get_text()]
            if "probability" in label or ("chance" in label and not all(t.endswith("%") for t in ticks)):
                found.append((" ".join(title.split()), label, "not in percent: " + " ".join(ticks)))

    monkeypatch.setattr(book_figures, "fit", fit)
    builder.build(ROOT / "scripts" / "chapters" / f"{stem}.py", images=True)
    assert not found, found


def _pictures(html: str) -> list[str]:
    import base64

    return [base64.b64decode(b).decode() for b in re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", html)]


def _painted(svg: str, dark: bool) -> tuple[str, list[tuple[str, str, bool]]]:
    """A picture's paper and each text's colour (and whether it sits on a cell), as drawn on a light page or,
    with its own ``@media (prefers-color-scheme: dark)`` style applied, on a dark one."""
    import xml.etree.ElementTree as ET

    style = re.search(r"<style>@media \(prefers-color-scheme: dark\) \{(.*)\}</style>", svg)
    rules = dict(((tag, attr, colour), new) for tag, attr, colour, new in re.findall(
        r"(\w+)\[(fill|stroke)='(#[0-9a-fA-F]{6})'\]:not\(\.on-cell\) \{ (?:fill|stroke): (#[0-9a-fA-F]{6}) \}",
        style.group(1) if style and dark else ""))
    root = ET.fromstring(svg)

    def paint(el, attr: str, inherited: str = "") -> str:
        tag, colour = el.tag.split("}")[-1], el.get(attr) or inherited
        if palette.ON_CELL in (el.get("class") or "").split():
            return colour
        return rules.get((tag, attr, colour), colour)

    ink = paint(root, "fill")
    paper = paint(next(e for e in root.iter() if e.tag.endswith("rect")), "fill")
    texts = [(paint(t, "fill", ink), "".join(t.itertext()), palette.ON_CELL in (t.get("class") or ""))
             for t in root.iter() if t.tag.endswith("}text")]
    return paper, texts


def _every_still():
    import venus_widgets as vw

    party = {"Ana": {"roll": "task", "dice": 3, "kiss": 1}, "Bo": {"roll": "task", "caliber": "silver", "dice": 5}}
    return {"task roller": vw.TaskRoller(caliber="silver", dice=4, factors=2, kiss=1),
            "check roller": vw.CheckRoller(caliber="silver", score=4, difficulty="tough"),
            "pool roller": vw.PoolRoller(edition="vers", ranks=4, penalty=2),
            "FC screen": vw.FCScreen(party, target=0.6),
            "rule lab": vw.RuleLab(a={"success_from": {"bronze": 4}}, b={"threshold_base": 2}, dice=3)}


def test_a_stills_picture_turns_dark_on_a_dark_page_its_text_at_4_5_to_1_in_both():
    """A saved widget's still stayed a white box in JupyterLab's dark theme:
    each picture carries its own dark style (JupyterLab Dark sets the page's
    color-scheme, which a picture in an <img> sees): dark paper, light ink,
    the hues kept, every text at 4.5:1 on its paper in both schemes."""
    for what, widget in _every_still().items():
        still = (widget.roller.snapshot_html() + widget.panel.snapshot_html() if what == "rule lab"
                 else widget.snapshot_html())
        pictures = _pictures(still)
        assert pictures, what
        for svg in pictures:
            for dark in (False, True):
                paper, texts = _painted(svg, dark)
                assert paper == (palette.DARK_PAPER if dark else palette.PAPER), (what, dark, paper)
                faint = [(text, colour, round(palette.contrast(colour, paper), 2)) for colour, text, cell in texts
                         if not cell and palette.contrast(colour, paper) < 4.5]
                assert not faint, (what, "dark" if dark else "light", faint)
