"""The rulebook's figures, drawn to be read where they are read.

A chapter draws a figure with matplotlib the way its numbers ask (one plot,
four panels side by side, a legend, a colour bar); :func:`pictures` then
lays it out for where it is read and draws it twice, by construction, so no
chapter has to get it right by hand:

* :data:`WIDTH` px wide, the width a roller's still is drawn at: JupyterLab
  shows it at that size beside its file browser (a 1,000 px window gives an
  output about 550 px), and a 400 px window at about 257 px, which keeps
  text drawn at :data:`TEXT` px at 11 px or more;
* every text at least :data:`TEXT` px: titles, labels, tick labels, legends,
  the numbers on bars; a title or label too long for the width is wrapped,
  tick labels that would overlap are thinned;
* panels side by side are stacked one under the other, each with its own
  axis labels; legends and colour bars go under the panels;
* a light picture (white paper, the hues of :mod:`venus_widgets.palette`)
  and a dark one for dark pages (the same hues, paper and ink turned over:
  :func:`~venus_widgets.palette.dark_colour`), both PNG (the pictures a
  notebook can attach: JupyterLab shows no SVG attachment), each saying its
  smallest text's size in a text chunk (:data:`TEXT_KEY`), so a browser can
  tell how big that text is shown.

Needs matplotlib (the notebooks' dependency); ``import venus_widgets``
never imports this module.
"""

from __future__ import annotations

import io
import re
import textwrap
import warnings
from typing import Any

from .engine.export import html_text
from .palette import PAPER, dark_colour

#: The width (px) a figure is drawn at, as a roller's still is (``widgets/stills.py``).
WIDTH = 320
#: The smallest text (px) a figure draws: shown at 257 px (a 400 px window) it is 11 px.
TEXT = 14
#: A CSS px in points: 96 px to the inch, 72 pt.
PT = 0.75
_DPI = 96
#: The height (px) of one panel's plot (of one of three or more stacked), and room for its title and axis labels.
PANEL, STACKED, DECOR = 150, 110, 70
#: The PNG text chunk that says a picture's smallest text, in px of the picture.
TEXT_KEY = "Smallest text (px)"


def setup() -> None:
    """matplotlib's defaults for the chapters' figures: sizes in the picture's own px."""
    import matplotlib.pyplot as plt

    size = TEXT * PT
    plt.rcParams.update({
        "figure.figsize": (WIDTH / _DPI, (PANEL + DECOR) / _DPI), "figure.dpi": _DPI, "savefig.dpi": _DPI,
        "font.size": size, "axes.titlesize": size + 0.75, "axes.labelsize": size, "xtick.labelsize": size,
        "ytick.labelsize": size, "legend.fontsize": size, "figure.titlesize": size + 0.75,
        "legend.title_fontsize": size, "figure.facecolor": PAPER, "axes.facecolor": PAPER,
        "savefig.facecolor": PAPER,
    })


def pictures(fig: Any) -> tuple[bytes, bytes, float]:
    """The figure laid out for reading (:func:`fit`), as a light and a dark
    PNG, and its smallest text in px. Closes ``fig``."""
    import matplotlib.pyplot as plt

    try:
        with warnings.catch_warnings():  # a layout tried before the labels are wrapped may not fit: fit() sees to it
            warnings.filterwarnings("ignore", message="constrained_layout not applied")
            fit(fig)
            smallest = smallest_text(fig)
            light = _png(fig, smallest)
            restyle(fig)
            dark = _png(fig, smallest)
    finally:
        plt.close(fig)
    return light, dark, smallest


class FigureTooWide(ValueError):
    """A figure whose picture would be wider than :data:`WIDTH` (a text that no wrap can bring in)."""


def _png(fig: Any, smallest: float) -> bytes:
    """The picture as a PNG of at most 64 colours (a quarter of the bytes, the same to the eye), its
    smallest text in its :data:`TEXT_KEY` chunk."""
    from PIL import Image, PngImagePlugin

    drawn = io.BytesIO()
    fig.savefig(drawn, format="png", dpi=_DPI, bbox_inches="tight", pad_inches=PAD / _DPI,
                facecolor=fig.get_facecolor(), metadata={"Software": None})
    image = Image.open(drawn).quantize(colors=64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    if image.width > WIDTH:
        title = fig._suptitle.get_text() if fig._suptitle else next((ax.get_title() for ax in fig.axes), "")
        raise FigureTooWide(f"the figure {title!r} is drawn {image.width} px wide, more than {WIDTH}: a text "
                            "reaches past its edge (shorten a label, or break it with a newline)")
    mode = image.palette.mode if image.palette else "RGB"  # RGBA when the paper is transparent
    image.putpalette(_snapped(image.getpalette(mode) or [], len(mode)), mode)
    info = PngImagePlugin.PngInfo()
    info.add_text(TEXT_KEY, f"{smallest:.1f}")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True, pnginfo=info)
    return out.getvalue()


def _exact() -> list[tuple[int, ...]]:
    from . import palette

    named = [palette.PAPER, palette.INK, palette.DARK_PAPER, palette.PASS, palette.FAIL, palette.GOAL, palette.ALLY,
             palette.WARN, *palette.CALIBER_COLOURS.values()]
    named += [palette.dark_colour(c, text=True) for c in (palette.INK, "#444444", "#000000")]
    return [tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) for c in named]


def _snapped(entries: list[int], step: int) -> list[int]:
    """A quantized picture's palette with each colour within a step or two of a colour of
    :mod:`~venus_widgets.palette` set back to it exactly (white stays white, pass stays pass)."""
    exact, out = _exact(), list(entries)
    for k in range(0, len(out) - 2, step):
        near = next((e for e in exact if max(abs(a - b) for a, b in zip(e, out[k:k + 3])) <= 3), None)
        if near:
            out[k:k + 3] = near
    return out


def smallest_text(fig: Any) -> float:
    """The smallest text ``fig`` draws, in px of its picture."""
    renderer = _renderer(fig)
    sizes = [t.get_fontsize() for t in fig.findobj(lambda a: hasattr(a, "get_fontsize") and hasattr(a, "get_text"))
             if t.get_visible() and t.get_text().strip() and t.get_window_extent(renderer).width > 0]
    return min(sizes) * _DPI / 72 if sizes else float("inf")


def text_chunk(png: bytes) -> float:
    """The smallest text a figure's PNG says it draws (:data:`TEXT_KEY`), in px of the picture.

    >>> text_chunk(_chunked(b"14.0"))
    14.0
    """
    at = png.find(TEXT_KEY.encode("latin-1") + b"\0")
    if at < 0:
        raise ValueError(f"a figure without its {TEXT_KEY!r} chunk")
    length = int.from_bytes(png[at - 8:at - 4], "big")
    return float(png[at + len(TEXT_KEY) + 1:at + length].decode("latin-1"))


def _chunked(value: bytes) -> bytes:
    """A PNG's bytes around one text chunk (for the doctest)."""
    data = TEXT_KEY.encode("latin-1") + b"\0" + value
    return b"\x89PNG\r\n\x1a\n" + len(data).to_bytes(4, "big") + b"tEXt" + data + b"\0\0\0\0"


def figure_markdown(name: str, alt: str) -> str:
    """A figure's Markdown cell, its pictures attached as ``<name>.png`` and
    ``<name>-dark.png``: the light one as every notebook viewer shows a
    picture, the dark one beside it, not shown (``display:none`` survives
    JupyterLab's sanitizer; ``hidden`` does not) until a dark page's style
    swaps the two (``js/style.js`` in JupyterLab, the book's theme).

    >>> print(figure_markdown("figure-0a", 'Odds "rise"'))
    ![Odds "rise"](attachment:figure-0a.png)<img src="attachment:figure-0a-dark.png" alt="Odds &quot;rise&quot;" class="only-dark" style="display:none">
    <BLANKLINE>
    *Figure: Odds "rise"*
    """
    return (f"![{alt}](attachment:{name}.png)<img src=\"attachment:{name}-dark.png\" alt=\"{html_text(alt)}\" "
            f"class=\"only-dark\" style=\"display:none\">\n\n*Figure: {alt}*")


#: A figure's Markdown cell (:func:`figure_markdown`), read back.
FIGURE = re.compile(r"^!\[(?P<alt>[^\]]+)\]\(attachment:(?P<name>figure-[0-9a-f]{16})\.png\)"
                    r"<img src=\"attachment:(?P=name)-dark\.png\" alt=\"[^\"]*\" class=\"only-dark\" "
                    r"style=\"display:none\">\n\n\*Figure: (?P<caption>.+)\*$")


# -- the layout -----------------------------------------------------------------------


def fit(fig: Any) -> None:
    """Lay ``fig`` out :data:`WIDTH` px wide, its panels stacked, every text
    at least :data:`TEXT` px and inside the picture."""
    from matplotlib.gridspec import GridSpec

    size = TEXT * PT
    main = [ax for ax in fig.axes if not hasattr(ax, "_colorbar")]
    colour_bars = [(ax._colorbar.mappable, ax._colorbar.ax.get_ylabel() or ax._colorbar.ax.get_xlabel(),
                    ax._colorbar.formatter) for ax in fig.axes if hasattr(ax, "_colorbar")]  # its ticks' words too
    for ax in fig.axes:
        if hasattr(ax, "_colorbar"):
            ax._colorbar.remove()
    legends = _take_legends(fig, main)
    fig.set_layout_engine(None)
    fig.set_dpi(_DPI)
    if len(main) > 1:
        grid = GridSpec(len(main), 1, figure=fig)
        first_y = next((ax.get_ylabel() for ax in main if ax.get_ylabel()), "")
        for i, ax in enumerate(main):
            ax.set_subplotspec(grid[i, 0])
            ax.tick_params(labelleft=True, labelbottom=True)
            if not ax.get_ylabel() and first_y and ax.get_shared_y_axes().joined(ax, main[0]):
                ax.set_ylabel(first_y)
    for text in fig.findobj(lambda a: hasattr(a, "get_fontsize") and hasattr(a, "set_fontsize")):
        text.set_fontsize(max(text.get_fontsize(), size))
    for ax in main:
        ax.tick_params(labelsize=size)
    heights = [_panel_height(ax, PANEL if len(main) < 3 else STACKED) for ax in main]
    extra = 30 * len(colour_bars) + sum(22 * _legend_rows([label for _, label in entries]) + (22 if title else 4)
                                         for entries, title in legends)
    fig.set_size_inches(WIDTH / _DPI, (sum(heights) + extra + (30 if fig._suptitle else 0)) / _DPI)
    fig.set_layout_engine("constrained", h_pad=4 / _DPI, w_pad=4 / _DPI)
    for mappable, label, words in colour_bars:
        fig.colorbar(mappable, ax=main, location="bottom", label=label, shrink=0.9, aspect=30, format=words)
    for entries, title in legends:
        handles, labels = zip(*entries)
        ncol = _columns(labels)
        if ncol == 1:  # a label longer than the picture is wide: on two lines
            labels = tuple(textwrap.fill(str(label), int((WIDTH - 3.2 * TEXT) / (0.6 * TEXT))) for label in labels)
        fig.legend(handles, labels, title=title or None, loc="outside lower center", frameon=False,
                   ncol=ncol, fontsize=size, handlelength=1.6, columnspacing=1.0)
    _wrap_texts(fig, main)
    _room_for_labels(fig, main)
    _thin_ticks(fig, main)
    _keep_inside(fig)


#: The margin (px) around a picture's drawing.
PAD = 4


def _keep_inside(fig: Any) -> None:
    """A text that reaches past the figure's edge (a long tick label at the end of an axis) would
    make the picture wider than :data:`WIDTH`: the figure narrows until the picture fits."""
    for _ in range(5):
        over = fig.get_tightbbox(_renderer(fig)).width * _DPI + 2 * PAD - WIDTH
        if over <= 0.25:
            return
        w, h = fig.get_size_inches()
        fig.set_size_inches(w - (over + 0.5) / _DPI, h)


def _room_for_labels(fig: Any, main: list) -> None:
    """A plot whose names down its side (wrapped on several lines) are taller than it: the figure grows."""
    renderer = _renderer(fig)
    grow = 0.0
    for ax in main:
        names = [t.get_window_extent(renderer).height for t in ax.yaxis.get_ticklabels() if t.get_text()]
        grow += max(0.0, 1.25 * sum(names) - ax.get_window_extent(renderer).height)
    if grow:
        w, h = fig.get_size_inches()
        fig.set_size_inches(w, h + grow / _DPI)


def _take_legends(fig: Any, main: list) -> list[tuple[list, str]]:
    """Each legend's (handle, label) entries and title, the legends removed; the same entries once."""
    found: list[tuple[list, str]] = []
    for leg in [ax.get_legend() for ax in main] + list(fig.legends):
        if leg is None:
            continue
        entries = list(zip(leg.legend_handles, [t.get_text() for t in leg.get_texts()]))
        title = leg.get_title().get_text()
        leg.remove()
        if [label for _, label in entries] not in [[label for _, label in e] for e, _ in found]:
            found.append((entries, title))
    return found


def _panel_height(ax: Any, plot: float) -> float:
    """px for one panel: its plot (as tall as its data's aspect asks, when it is fixed) and its labels."""
    decor = DECOR + (18 if ax.get_title() else 0)
    aspect = ax.get_aspect()
    if aspect == "auto" or ax.images:
        return plot + decor
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    ratio = abs(y1 - y0) / max(abs(x1 - x0), 1e-9) * float(aspect)
    return (WIDTH - 20) * ratio + decor - (40 if not ax.axison else 0)


def _legend_rows(labels: list) -> int:
    """Lines a legend under the panels takes (its long labels wrapped when it has one column)."""
    ncol = _columns(labels)
    if ncol > 1:
        return -(-len(labels) // ncol)
    return sum(len(textwrap.wrap(str(label), int((WIDTH - 3.2 * TEXT) / (0.6 * TEXT)))) for label in labels)


def _columns(labels: Any) -> int:
    """How many legend entries fit side by side in the picture's width."""
    longest = max(len(str(label)) for label in labels)
    per = 0.6 * TEXT * longest + 2.6 * TEXT  # a handle, the gap and the label
    return max(1, min(len(labels), int((WIDTH - 10) // per)))


def _renderer(fig: Any) -> Any:
    fig.canvas.draw()
    return fig.canvas.get_renderer()


def _wrap(text: Any, width: float, renderer: Any) -> None:
    s = text.get_text()
    w = text.get_window_extent(renderer).width
    if s and w > width and " " in s:
        text.set_text(textwrap.fill(" ".join(s.split()), max(8, int(len(s) * width / w) - 1)))


def _wrap_texts(fig: Any, main: list) -> None:
    """Titles and labels wider than the room they have: on more lines; the same for long category
    labels (a bar chart's names), which may take two fifths of the width."""
    renderer = _renderer(fig)
    if fig._suptitle is not None:
        _wrap(fig._suptitle, WIDTH - 12, renderer)
    for ax in main:
        box = ax.get_window_extent(renderer)
        _wrap(ax.title, max(box.width, WIDTH * 0.6), renderer)
        _wrap(ax.xaxis.label, WIDTH - 12, renderer)
        _wrap(ax.yaxis.label, box.height, renderer)
        for axis in (ax.xaxis, ax.yaxis):
            ticks = axis.get_ticklabels()  # (asking again would write them anew from the formatter)
            room = WIDTH * 0.4
            if any(" " in t.get_text() and t.get_window_extent(renderer).width > room for t in ticks):
                for t in ticks:
                    _wrap(t, room, renderer)
                axis.set_ticks(axis.get_majorticklocs(), [t.get_text() for t in ticks])
        for t in ax.texts:
            _wrap(t, WIDTH * 0.9, renderer)


def _thin_ticks(fig: Any, main: list) -> None:
    """Numbers on an axis that would overlap: every second one (then every third ...) kept.
    A drawing of the figure serves every axis until one is thinned (a drawing per axis was
    most of a chapter's build: chapter 8's eight figures drew 83 times); the axes are taken
    in turn, each at most four times, as a drawing per axis took them."""
    todo = [[axis, 4] for ax in main for axis in (ax.xaxis, ax.yaxis)]
    while todo:
        renderer = _renderer(fig)
        while todo:
            axis, left = todo[0]
            shown = [t for t in axis.get_ticklabels() if t.get_visible() and t.get_text()]
            boxes = [t.get_window_extent(renderer) for t in shown]
            locs = list(axis.get_majorticklocs())
            labels = [t.get_text() for t in shown]
            if (not left or not any(a.overlaps(b) for a, b in zip(boxes, boxes[1:]))
                    or not all(re.fullmatch(r"[−\-\d.,%+]+", t) for t in labels)  # names: each bar keeps its name
                    or len(labels) != len(locs)):
                todo.pop(0)
                continue
            axis.set_ticks(locs[::2], labels[::2])
            todo[0][1] -= 1
            break  # (drawn again before the next look)


# -- the dark picture ---------------------------------------------------------------------


def restyle(fig: Any) -> None:
    """``fig``, already laid out, redrawn for a dark page: transparent paper,
    every colour through :func:`~venus_widgets.palette.dark_colour` (the
    text on a colour map's cells keeps its colour, chosen for that cell)."""
    from matplotlib.collections import Collection
    from matplotlib.colors import to_hex, to_rgba
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    from matplotlib.text import Text

    def dark(colour: Any, text: bool = False) -> Any:
        r, g, b, a = to_rgba(colour)
        if a == 0:
            return colour
        return (*to_rgba(dark_colour(to_hex((r, g, b)), text))[:3], a)

    on_cells = {id(t) for ax in fig.axes if ax.images for t in ax.texts}
    fig.patch.set_facecolor("none")
    for art in fig.findobj():
        if art is fig.patch:
            continue
        if isinstance(art, Text):
            if id(art) not in on_cells:
                art.set_color(dark(art.get_color(), text=True))
            box = art.get_bbox_patch()
            if box is not None:
                box.set_facecolor(dark(box.get_facecolor()))
            arrow = getattr(art, "arrow_patch", None)  # an annotation's arrow is drawn by it, not its child
            if arrow is not None:
                arrow.set_edgecolor(dark(arrow.get_edgecolor()))
                arrow.set_facecolor(dark(arrow.get_facecolor()))
        elif isinstance(art, Line2D):
            art.set_color(dark(art.get_color()))
            art.set_markerfacecolor(dark(art.get_markerfacecolor()))
            art.set_markeredgecolor(dark(art.get_markeredgecolor()))
        elif isinstance(art, Patch):
            art.set_facecolor(dark(art.get_facecolor()))
            art.set_edgecolor(dark(art.get_edgecolor()))
            art.set_hatchcolor(dark(art.get_hatchcolor()))
        elif isinstance(art, Collection) and art.get_array() is None:
            art.set_facecolor([dark(c) for c in art.get_facecolor()])
            art.set_edgecolor([dark(c) for c in art.get_edgecolor()])
