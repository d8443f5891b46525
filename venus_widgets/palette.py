"""The colours of every picture: the rollers' live charts (``js/style.js``),
their stills (``widgets/stills.py``) and the rulebook's figures
(``book_figures.py``) draw the same thing in the same colour.

The outcomes and the calibers are colour-blind-safe hues (Okabe-Ito and
four metals) that read on white and on a dark page alike, so they stay the
same in the dark theme; never colour alone: a fail bar is outlined and
marked ✗, a caliber's line has its own marker. What changes in the dark
theme is the paper and the ink: :func:`dark_colour` turns a light picture's
white paper dark, its black ink light, and keeps every hue that already
reads on the dark page.

>>> dark_colour("#ffffff"), dark_colour("#1a1a1a"), dark_colour(PASS)
('#121212', '#d7d7d7', '#0072B2')
"""

from __future__ import annotations

import colorsys
import re

#: Filled bars: the outcomes that pass. (The live roller's ``--vw-pass``.)
PASS = "#0072B2"
#: Outlined bars: the outcomes that fail. (``--vw-fail``.)
FAIL = "#E69F00"
#: The goal's mark, beyond the threshold. (``--vw-goal``.)
GOAL = "#009E73"
#: An ally's die. (``--vw-ally``.)
ALLY = "#CC79A7"
#: A warning: a die picked to KISS, a field in error. (``--vw-warn``.)
WARN = "#D55E00"
#: One colour per caliber (playtest) or rank (playsheet), weakest first: the dice of the live rollers
#: (``.vw-die.grade-N``) and the lines and bars of the figures. (Never alone: a marker or pattern each.)
CALIBER_COLOURS = {"bronze": "#b0702a", "silver": "#8c96a0", "gold": "#d4a017", "platinum": "#4a7fa8"}
#: The paper and ink of a light picture, and the dark page a dark one sits on (JupyterLab Dark's
#: ``--jp-layout-color0`` #111111, the book's dark mode #121212).
PAPER, INK, DARK_PAPER = "#ffffff", "#1a1a1a", "#121212"


def _luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG relative luminance."""
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours.

    >>> round(contrast("#ffffff", "#000000"), 1), round(contrast(PASS, DARK_PAPER), 1)
    (21.0, 3.6)
    """
    la, lb = sorted((_luminance(_rgb(a)), _luminance(_rgb(b))), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _rgb(colour: str) -> tuple[float, float, float]:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    return (int(c[0:2], 16) / 255, int(c[2:4], 16) / 255, int(c[4:6], 16) / 255)


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{round(min(max(c, 0.0), 1.0) * 255):02x}" for c in rgb)


def dark_colour(colour: str, text: bool = False) -> str:
    """``colour`` (``#rrggbb``) of a light picture, in the same picture drawn
    for a dark page: a colour that reads on the dark paper (contrast 3, 4.5
    for ``text``) and is no pale paper tint keeps its hue and lightness (the
    outcomes, the calibers); the others have their lightness turned over,
    white paper to the dark page, black ink to light grey, a pale fill to a
    deep one of the same hue.

    >>> dark_colour("#444444", text=True), dark_colour("#dddddd"), dark_colour("#cfe3f3")
    ('#b3b3b3', '#2f2f2f', '#112f46')
    """
    need = 4.5 if text else 3.0
    h, light, s = colorsys.rgb_to_hls(*_rgb(colour))
    if light <= 0.8 and contrast(colour, DARK_PAPER) >= need:
        return colour
    return _hex(colorsys.hls_to_rgb(h, 0.93 - 0.86 * light, s))


#: a tag of a picture and its paint: ``<rect ... fill='#ffffff' ...>``
_TAG = re.compile(r"<(\w+)\b([^>]*)>")
_PAINT = re.compile(r"\b(fill|stroke)=(['\"])(#[0-9a-fA-F]{6})\2")
#: the class of a picture's parts drawn on a coloured cell (a heat map's, the FC's ladder's): they keep
#: their light colours on a dark page, the cell with them, as their contrast was chosen together
ON_CELL = "on-cell"


def _grey(colour: str) -> bool:
    r, g, b = _rgb(colour)
    return r == g == b


def dark_style(svg: str) -> str:
    """The style that turns ``svg``, a light picture, dark on a dark page
    (``""``: nothing to turn): ``@media (prefers-color-scheme: dark)``
    gives each of its greys (the paper, the ink, the lines) its
    :func:`dark_colour` (text at 4.5:1 on the dark paper); the hues (the
    outcomes, the calibers) and a cell's colours (class :data:`ON_CELL`)
    stay. A picture in an ``<img>`` sees the scheme of the page around it:
    JupyterLab's dark theme sets ``color-scheme: dark`` on its page, the
    book's dark mode too, and a page that says nothing follows the
    browser's. The dark paper is opaque, so the picture reads on any page
    in either scheme. Made only of tag names and ``#rrggbb`` colours as
    matched in ``svg`` (:func:`venus_widgets.engine.export.svg_image` puts
    it in the picture).

    >>> dark_style("<svg fill='#1a1a1a'><rect fill='#ffffff'/><rect fill='#0072B2'/></svg>")
    "@media (prefers-color-scheme: dark) { svg[fill='#1a1a1a']:not(.on-cell) { fill: #d7d7d7 } rect[fill='#ffffff']:not(.on-cell) { fill: #121212 } }"
    """
    rules: dict[str, str] = {}
    for tag in _TAG.finditer(svg):
        name = tag.group(1)
        for attr, _, colour in _PAINT.findall(tag.group(2)):
            turned = dark_colour(colour, text=name in ("svg", "text", "tspan"))  # the <svg>'s fill is its text's
            if _grey(colour) and turned.lower() != colour.lower():
                rules[f"{name}[{attr}='{colour}']:not(.{ON_CELL})"] = f"{attr}: {turned}"
    if not rules:
        return ""
    return "@media (prefers-color-scheme: dark) { " + " ".join(f"{sel} {{ {paint} }}" for sel, paint in rules.items()) + " }"
