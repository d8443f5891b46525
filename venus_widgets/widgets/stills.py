"""The still a saved widget shows where no kernel runs: plain HTML around
a picture.

A saved notebook keeps this beside the live view (``text/html`` in the
widget's mimebundle), so a first view (Binder opens notebooks untrusted,
GitHub, nbviewer, nbconvert's HTML) reads without running anything. An
untrusted JupyterLab sanitizes ``text/html``: inline SVG is taken apart
into its labels run together, while an ``<img>`` whose source is a
``data:image/svg+xml`` URI is kept (checked in JupyterLab, trusted and
untrusted, by tests/browser/test_first_view.py). So the picture is an SVG
in an ``<img>`` with alt text saying what it shows, and everything in it is
also in the text and tables around it. Only the standard library draws it
(run-time dependencies stay numpy, ipywidgets and anywidget). Every text
goes through the export module (:func:`~venus_widgets.engine.export.html_text`),
in the HTML and inside the picture alike.

The roller's chart bars are :func:`venus_widgets.engine.tools.chart.bars`, the
same bars the live chart draws. Deterministic: the same widget state gives
the same bytes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any, Callable

from ..engine.tools import chart
from ..engine.export import html_text
from ..engine.export import svg_image
from ..engine.maths.odds import Odds
from ..palette import FAIL, ON_CELL, PAPER, PASS
from .plain_words import chances, counted, percent, rules_named, spread_words, units

#: The widest a picture is drawn (px): at a 400 px window JupyterLab gives an output about 264 px, and a
#: picture wider than its output is drawn narrower, its text with it. At most 320 px wide with no text
#: under 14 px, its text stays at least 11 px there (14 x 264 / 320 = 11.5); a grid or a chart of more
#: columns is drawn as several pictures one under the other (tests/browser/test_first_view.py).
WIDEST = 320
#: text sizes (px) in a picture
FONT, SMALL, BIG = 15, 14, 30


_SIGN = re.compile(r"(?<=\d) %")


def kept(html: str) -> str:
    """A still's HTML with a no-break space between each number and its %
    sign, so that no line parts them ("50" at a line's end, "%" on the next),
    as the live view keeps them (``js/dom.js``).

    >>> kept("<p>Target 50 %, party 63 %</p>") == "<p>Target 50\u00a0%, party 63\u00a0%</p>"
    True
    """
    return _SIGN.sub("\u00a0%", html)


def with_still(bundle: Any, still: Callable[[], str]) -> Any:
    """A widget's output (its ``_repr_mimebundle_``) with its still beside the
    live view: the ``text/html`` of ``still()``, for where no kernel runs
    (GitHub, nbviewer, exported HTML, a saved chapter opened untrusted)."""
    if bundle is None:
        return None
    data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
    data["text/html"] = still()
    return data, meta


class WithStill:
    """A widget whose output carries its still (:func:`with_still` of :meth:`snapshot_html`)."""

    def snapshot_html(self) -> str:
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return with_still(super()._repr_mimebundle_(**kwargs), self.snapshot_html)  # type: ignore[misc]


def svg_frame(width: float, height: float) -> str:
    """The opening of a picture: its size and white paper (``</svg>`` closes it)."""
    w, h = int(width), int(height)
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{w}' height='{h}' viewBox='0 0 {w} {h}' "
            f"font-family='DejaVu Sans, Arial, sans-serif' font-size='13' fill='#1a1a1a'>"
            f"<rect width='{w}' height='{h}' fill='#ffffff' stroke='#888888'/>")


def svg_text(x: float, y: float, text: Any, size: int = FONT, anchor: str = "start", weight: str = "normal",
          fill: str = "#1a1a1a", cls: str = "") -> str:
    """A text of a picture (``cls``: its class, :data:`.palette.ON_CELL` on a coloured cell)."""
    klass = f" class='{html_text(cls)}'" if cls else ""
    return (f"<text x='{x:.1f}' y='{y:.1f}' font-size='{int(size)}' text-anchor='{html_text(anchor)}' "
            f"font-weight='{html_text(weight)}' fill='{html_text(fill)}'{klass}>"
            f"{html_text(text)}</text>")


def svg_rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", stroke_width: float = 0,
             cls: str = "") -> str:
    klass = f" class='{html_text(cls)}'" if cls else ""
    return (f"<rect x='{x:.1f}' y='{y:.1f}' width='{w:.1f}' height='{h:.1f}' fill='{html_text(fill)}' "
            f"stroke='{html_text(stroke)}' stroke-width='{stroke_width:.1f}'{klass}/>")


def svg_line(x: float, y1: float, y2: float, dash: str = "none", x2: float | None = None) -> str:
    return (f"<line x1='{x:.1f}' x2='{x if x2 is None else x2:.1f}' y1='{y1:.1f}' y2='{y2:.1f}' stroke='#1a1a1a' "
            f"stroke-width='2' stroke-dasharray='{html_text(dash)}'/>")


#: What each widget is, in the words of its still's first line.
TITLES = {"CheckRoller": "Check roller", "TaskRoller": "Task roller", "PoolRoller": "Pool roller",
          "FCScreen": "The Facilitator’s screen", "RuleLab": "The rule lab"}
#: The class of the phrase only a notebook can act on ("Run the cell ..."): the book site, where nothing
#: runs, puts links to play the chapter live in its place (scripts/build_book.py), as it leaves out the
#: chapters' notebook-only prose (scripts/make_notebooks.py).
NOTEBOOK_ONLY = "notebook-only"


def _head(name: str, what: str, run: str) -> str:
    """A still's first line: what it is, by which rules (the edition's name, :func:`rules_named`), that it is a
    picture, and how to bring it alive.

    >>> _head("RuleLab", "Coins (a draft), a task", "to change the rules")
    "<p class='vw-still-head'><strong>The rule lab</strong> – Coins (a draft), a task: a still picture, as saved. <span class='notebook-only'>Run the cell (Run All) to change the rules.</span></p>"
    """
    title = TITLES.get(name, name)
    return (f"<p class='vw-still-head'><strong>{html_text(title)}</strong>{html_text(f' – {what}' if what else '')}: "
            f"a still picture, as saved. <span class='{html_text(NOTEBOOK_ONLY)}'>Run the cell (Run All) "
            f"{html_text(run)}.</span></p>")


def settings_text(settings: Sequence[tuple[str, Any]]) -> str:
    """The settings of a roll in the table's words: "Caliber: bronze · Dice (job level): 3 · Ego: no Ego"."""
    def shown(v: Any) -> str:
        if isinstance(v, bool):
            return "yes" if v else "no"
        if isinstance(v, (list, tuple)):
            return ", ".join(str(x) for x in v) if v else "none"
        return str(v)
    return " · ".join(f"{label}: {shown(v)}" for label, v in settings)


def html_table(caption: str, cols: Sequence[str], rows: Sequence[tuple[str, Sequence[str]]]) -> str:
    """A grid as text: a plain HTML table (kept by every sanitizer)."""
    parts = [f"<table><caption>{html_text(caption)}</caption><thead><tr><td></td>"]
    for c in cols:
        parts.append(f"<th scope='col'>{html_text(c)}</th>")
    parts.append("</tr></thead><tbody>")
    for label, cells in rows:
        parts.append(f"<tr><th scope='row'>{html_text(label)}</th>")
        for cell in cells:
            parts.append(f"<td>{html_text(cell)}</td>")
        parts.append("</tr>")
    parts.append("</tbody></table>")
    return "".join(parts)


# --------------------------------------------------------------------------
# A roller: the chance and its chart
# --------------------------------------------------------------------------

W = WIDEST
HEAD, CHART_H = 80, 190


def _chart_svg(o: Odds, bars: list[chart.Bar], outcome_name: str, threshold_word: str,
               unit: tuple[str, str]) -> tuple[str, int, int]:
    """The roller's picture: the chance to pass large (the goal's under it),
    then the chart of each outcome (filled bars pass, outlined bars fail, ✗
    under a failing one; each bar's chance over it where there is room, and
    always in the table). Every bar is labelled: a label wider than its bar
    takes a row of its own under its neighbours' ("auto-pass", "pass",
    "bonus-pass" ... staggered on two rows)."""
    side, top, inner_h = 10, HEAD + 50, CHART_H - 86
    slot = (W - 2 * side) / max(1, len(bars))
    widest = max([text_width(b.label) for b in bars] + [0.0])
    rows = max(1, math.ceil((widest + 6) / max(slot, 1.0)))  # labels on one row stand `rows` bars apart
    bottom = top + inner_h
    marked = any(not b.passes for b in bars) and slot >= 16  # a row of ✗ under the failing bars
    axis_y = bottom + 16 * rows + (22 if marked else 6) + 14  # what the numbers under the bars count
    height = int(axis_y + 8)
    body = [svg_text(12, 20, "Chance to pass", FONT, fill="#444444"),
            svg_text(12, 52, percent(o.p_pass), BIG, weight="bold")]
    if o.numeric and o.goal != o.threshold:
        body.append(svg_text(12, 74, f"goal ({counted(o.goal, outcome_name, unit)}): {percent(o.p_goal)}", FONT))
    tallest = max([b.p for b in bars] + [1e-12])
    show_pct = slot >= 38
    for i, b in enumerate(bars):
        bh = b.p / tallest * inner_h
        x, y = side + i * slot + slot * 0.12, bottom - bh
        cx = side + i * slot + slot / 2
        if b.passes:
            body.append(svg_rect(x, y, slot * 0.76, max(bh, 0.5), PASS))
        else:
            body.append(svg_rect(x, y, slot * 0.76, max(bh, 0.5), PAPER, FAIL, 2))
        if show_pct:
            body.append(svg_text(cx, y - 4, percent(b.p).replace(" ", ""), SMALL, "middle"))
        body.append(svg_text(cx, bottom + 16 + 16 * (i % rows), b.label, SMALL, "middle"))
        if not b.passes and slot >= 16:
            body.append(svg_text(cx, bottom + 16 * rows + 18, "✗", SMALL, "middle"))
    body.append(svg_text(W / 2, axis_y, unit[1] or outcome_name, SMALL, "middle", fill="#444444"))
    if o.numeric:
        marks = ((o.threshold, threshold_word.lower(), HEAD + 14, "none"),
                 (o.goal if o.goal != o.threshold else None, "goal", HEAD + 32, "4 3"))
        for k, word, y, dash in marks:
            at = next((j for j, b in enumerate(bars) if k is not None and b.low is not None and b.low >= k), None)
            if at is None:
                continue
            lx = side + at * slot
            label = f"{word} {k}"
            anchor, tx = ("end", lx - 3) if lx > W - len(label) * 8.5 - 8 else ("start", lx + 3)
            body.append(svg_line(lx, y - 12, bottom, dash))
            body.append(svg_text(tx, y, label, SMALL, anchor))
    return f"{svg_frame(W, height)}{''.join(body)}</svg>", W, height


def _results_svg(o: Odds, bars: list[chart.Bar]) -> tuple[str, int, int]:
    """The picture of a roll whose result is a word (a d20 check): the chance
    to pass large, then one row per result, its name on the left as the rules
    say it ("automatic pass"), its bar (filled: passes; outlined: fails) and
    its chance after the bar; every row labelled at any width."""
    row, top, side = 26, 70, 12
    label_w = max([text_width(b.label) for b in bars] + [40.0]) + 10
    bar_w = W - side - label_w - 52
    tallest = max([b.p for b in bars] + [1e-12])
    body = [svg_text(12, 20, "Chance to pass", FONT, fill="#444444"),
            svg_text(12, 52, percent(o.p_pass), BIG, weight="bold")]
    for i, b in enumerate(bars):
        y = top + i * row
        w = max(b.p / tallest * bar_w, 0.5)
        x = side + label_w
        body.append(svg_text(side, y + 15, b.label, SMALL))
        body.append(svg_rect(x, y + 2, w, row - 8, PASS) if b.passes else svg_rect(x, y + 2, w, row - 8, PAPER, FAIL, 2))
        body.append(svg_text(x + w + 4, y + 15, percent(b.p).replace(" ", ""), SMALL))
    height = top + row * len(bars) + 4
    return f"{svg_frame(W, height)}{''.join(body)}</svg>", W, height


def _each(o: Odds, outcome_name: str, unit: tuple[str, str]) -> str:
    """What each bar is the chance of: "number of successes", "total" (a number that counts nothing), "result"."""
    return ("result" if not o.numeric else f"number of {unit[1]}" if unit[1] else outcome_name)


def _chart_alt(o: Odds, bars: list[chart.Bar], outcome_name: str, threshold_word: str, unit: tuple[str, str]) -> str:
    what = _each(o, outcome_name, unit)
    each = "; ".join(f"{b.label}: {percent(b.p)} ({'pass' if b.passes else 'fail'})" for b in bars)
    line = f"Chance to pass {percent(o.p_pass)}"
    if o.numeric:
        line += f" ({threshold_word.lower()} {o.threshold}" if unit[1] else f" ({outcome_name} {o.threshold} or more"
        line += f"; goal {o.goal}: {percent(o.p_goal)})" if o.goal != o.threshold else ")"
    return f"{line}. Chart of the chance of each {what}: {each}."


def _odds_table(o: Odds, bars: list[chart.Bar], outcome_name: str, unit: tuple[str, str]) -> str:
    e = html_text
    if o.numeric:
        least = {b.low: b.p for b in chart.bars(o, "at_least")}
        rows = "".join(f"<tr><th scope='row'>{e(b.label)}</th><td>{e(percent(b.p))}</td>"
                       f"<td>{e(percent(least.get(b.low, 0.0)))}</td><td>{'pass' if b.passes else 'fail'}</td></tr>"
                       for b in bars)
        head = (f"<th scope='col'>{e(unit[1] or outcome_name)}</th><th scope='col'>exactly</th>"
                "<th scope='col'>at least</th>")
    else:
        rows = "".join(f"<tr><th scope='row'>{e(b.label)}</th><td>{e(percent(b.p))}</td>"
                       f"<td>{'pass' if b.passes else 'fail'}</td></tr>" for b in bars)
        head = "<th scope='col'>result</th><th scope='col'>chance</th>"
    what = _each(o, outcome_name, unit)
    return (f"<details><summary>Table of the odds</summary><table><caption>Exact odds of each {e(what)}</caption>"
            f"<thead><tr>{head}<th scope='col'>pass?</th></tr></thead><tbody>{rows}</tbody></table></details>")


def snapshot(name: str, o: Odds | None, outcome_name: str = "successes", message: str = "",
             settings: Sequence[tuple[str, Any]] = (), threshold_word: str = "threshold",
             unit: tuple[str, str] | None = None) -> str:
    """The HTML still of a roller called ``name`` showing odds ``o`` (or,
    when its fields disagree, ``message``); ``settings`` are its controls'
    labels and values; ``unit`` the words for one and many of what the
    number counts (:func:`.plain_words.units`; ``("", "")``: a total)."""
    e = html_text
    if o is None or message:
        return f"<div class='vw-static'>{_head(name, 'no odds', 'for the live roller')}<p>No odds: {e(message)}</p></div>"
    spec: Any = o.spec
    word = threshold_word.lower()
    unit = unit if unit is not None else units({"outcome": outcome_name})
    if o.numeric:
        need = (f"{word} {counted(o.threshold, outcome_name, unit)}" if unit[1]
                else f"{outcome_name} {o.threshold} or more")  # a total: "total 7 or more", not "threshold 7 total"
        line = f"Chance to pass ({e(need)}): <strong>{e(percent(o.p_pass))}</strong>"
        if o.goal != o.threshold:
            line += f"; of the goal ({e(counted(o.goal, outcome_name, unit))}): <strong>{e(percent(o.p_goal))}</strong>"
    else:
        line = f"Chance to pass ({e(word)} {e(o.threshold)}): <strong>{e(percent(o.p_pass))}</strong>"
    notes = "".join(f"<li>{e(n)}</li>" for n in o.notes)
    bars = chart.bars(o)  # one set of bars for the picture, its alt text and the table
    svg, w, h = _chart_svg(o, bars, outcome_name, threshold_word, unit) if o.numeric else _results_svg(o, bars)
    shown = f"<p>Settings: {e(settings_text(settings))}</p>" if settings else ""
    spread = f"<p>{e(spread_words(o.mean, o.distribution, outcome_name, unit))}</p>" if o.numeric else ""
    listed = f"<ul>{notes}</ul>" if notes else ""
    spread += "".join(f"<p>{e(line)}</p>" for line in _degrees_and_events(o) if line)
    return kept(f"<div class='vw-static'>{_head(name, rules_named(str(spec['edition'])), 'to roll and change the settings')}"
            f"{shown}<p>{line}</p><p>{svg_image(svg, _chart_alt(o, bars, outcome_name, threshold_word, unit), w, h)}</p>"
            f"{spread}{_odds_table(o, bars, outcome_name, unit)}{listed}</div>")


def _degrees_and_events(o: Odds) -> tuple[str, str]:
    """The chance of each degree (of a number with degrees, worst first) and of each named event, as lines
    (the live view's "Chance of each event")."""
    from ..engine.contract.spec import schema

    named = set(getattr(schema(o.spec["edition"], o.spec["roll"]), "degrees", ())) if o.numeric else set()
    return (chances("degree", [(k, p) for k, p in o.breakdown.items() if k in named]),
            chances("event", o.events.items()))


# --------------------------------------------------------------------------
# A grid of numbers (the FC's ladder, the rule lab's heatmap)
# --------------------------------------------------------------------------


def grid_svg(caption: str, cols: Sequence[str], rows: Sequence[tuple[str, Sequence[tuple[str, str, str, bool]]]],
             row_head: int = 150, col_w: int = 78) -> tuple[str, int, int]:
    """A table drawn as a picture: ``rows`` of (label, cells), each cell
    (text, background, text colour, bold). Every number is written in its
    cell, so the colour only repeats it."""
    line = 24
    width = int(row_head) + int(col_w) * len(cols) + 12
    per_line = max(16, int((width - 16) / 9))  # characters of the bold caption a line holds
    words, lines = caption.split(), [""]
    for word in words:
        if lines[-1] and len(lines[-1]) + 1 + len(word) > per_line:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}".strip()
    y0 = 12 + 19 * len(lines)
    height = y0 + line * (len(rows) + 1) + 8
    body = [svg_text(8, 18 + 19 * k, text, FONT, weight="bold") for k, text in enumerate(lines)]
    for j, c in enumerate(cols):
        body.append(svg_text(row_head + col_w * j + col_w / 2, y0 + 16, c, SMALL, "middle", "bold"))
    for i, (label, cells) in enumerate(rows):
        y = y0 + line * (i + 1)
        body.append(svg_text(8, y + 16, label, SMALL))
        for j, (text, bg, fg, bold) in enumerate(cells):
            x = row_head + col_w * j
            if bg:
                body.append(svg_rect(x + 1, y + 1, col_w - 2, line - 2, bg, cls=ON_CELL))
            if bold:
                body.append(svg_rect(x + 1.5, y + 1.5, col_w - 3, line - 3, "none", "#1a1a1a", 2, cls=ON_CELL if bg else ""))
            body.append(svg_text(x + col_w / 2, y + 16, text, SMALL, "middle", "bold" if bold else "normal",
                                 fg or "#1a1a1a", cls=ON_CELL if bg else ""))
    return f"{svg_frame(width, height)}{''.join(body)}</svg>", width, height


#: widths (em) of DejaVu Sans Bold's characters, the widest the pictures draw; letters not named: 0.65
#: lower case, 0.78 upper case; anything else 1
_EM = {**dict.fromkeys("0123456789", 0.70), " ": 0.35, "%": 1.0, ".": 0.38, ",": 0.38, "-": 0.42, "+": 0.84,
       "−": 0.84, "±": 0.84, "◆": 0.77, "▶": 0.77, "(": 0.46, ")": 0.46, "i": 0.35, "l": 0.35, "j": 0.35,
       "t": 0.48, "f": 0.44, "r": 0.50, "I": 0.38}


def text_width(text: str, size: float = SMALL, bold: bool = True) -> float:
    """About how wide ``text`` is drawn at ``size`` px (a little over); not ``bold``, in the book weight
    (0.92 of the bold, but "+", "−" and "±", as wide in both).

    >>> round(text_width("◆ 41 %")), round(text_width("−54.9", bold=False))
    (54, 44)
    """
    return size * sum(_EM.get(c, 0.65 if c.islower() else 0.78 if c.isupper() else 1.0)
                      * (1 if bold or c in "+−±" else 0.92) for c in text)


def grid_images(caption: str, cols: Sequence[str], rows: Sequence[tuple[str, Sequence[tuple[str, str, str, bool]]]],
                alt: str, columns: str = "") -> str:
    """A grid as pictures at most :data:`WIDEST` px wide: the row labels and
    the columns as wide as their longest text, as many columns as fit in
    each picture, the pictures one under the other, each with its row
    labels (one picture when all fit). ``alt`` is the first picture's alt
    text (it says every cell); the others' say which ``columns`` they repeat."""
    row_head = 12 + int(max([text_width(label, bold=False) for label, _ in rows] + [30]))
    col_w = 8 + int(max([text_width(c) for c in cols] + [text_width(c[0], bold=c[3]) for _, cs in rows for c in cs]))
    per = max(1, (WIDEST - 12 - row_head) // col_w)
    parts = []
    pictures = max(1, -(-len(cols) // per))  # the columns shared evenly: no picture a sliver of the rest
    sizes = [len(cols) // pictures + (k < len(cols) % pictures) for k in range(pictures)]
    chunks = [list(range(sum(sizes[:k]), sum(sizes[:k + 1]))) for k in range(pictures)]
    for n, idx in enumerate(chunks):
        part, across = "" if len(chunks) == 1 else f" ({n + 1} of {len(chunks)})", f"{columns} " if columns else ""
        # the first picture says the caption; each other only its columns (a line or two), as the live lab does
        held = across + (f"{cols[idx[0]]} to {cols[idx[-1]]}" if len(idx) > 1 else cols[idx[0]] if idx else "")
        svg, w, h = grid_svg((caption if n == 0 else held) + part, [cols[j] for j in idx],
                             [(label, [cells[j] for j in idx]) for label, cells in rows], row_head, col_w)
        said = alt if n == 0 else (f"{caption}{part}: the columns {across}{', '.join(cols[j] for j in idx)}; every "
                                   "cell is said in the first picture's description and in the table.")
        parts.append(f"<p>{svg_image(svg, said, w, h)}</p>")
    return "".join(parts)
