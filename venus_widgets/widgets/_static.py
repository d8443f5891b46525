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
(run-time dependencies stay numpy, ipywidgets and anywidget).

The roller's chart bars are :func:`venus_widgets.engine.chart.bars`, the
same bars the live chart draws. Deterministic: the same widget state gives
the same bytes.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from typing import Any

from ..engine import chart
from ..engine.odds import Odds
from ._rules import percent

#: text sizes (px) in a picture: nothing under 11 px
FONT, SMALL, BIG = 13, 11, 30
PASS, FAIL, INK, PAPER, EDGE = "#0072B2", "#E69F00", "#1a1a1a", "#ffffff", "#888888"
_E = html.escape


def image(svg: str, alt: str, width: int, height: int) -> str:
    """An SVG picture as an ``<img>`` (what untrusted JupyterLab keeps), with
    its alt text. The picture has its own white paper, so it reads in a
    dark theme too."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (f'<img src="data:image/svg+xml;base64,{data}" alt="{_E(" ".join(alt.split()))}" '
            f'width="{width}" height="{height}" style="max-width:100%;height:auto">')


def _svg(width: int, height: int, body: list[str]) -> str:
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' viewBox='0 0 {width} {height}' "
            f"font-family='DejaVu Sans, Arial, sans-serif' font-size='{FONT}' fill='{INK}'>"
            f"<rect width='{width}' height='{height}' fill='{PAPER}' stroke='{EDGE}'/>{''.join(body)}</svg>")


def _text(x: float, y: float, text: str, size: int = FONT, anchor: str = "start", weight: str = "normal",
          fill: str = INK) -> str:
    return (f"<text x='{x:.1f}' y='{y:.1f}' font-size='{size}' text-anchor='{anchor}' font-weight='{weight}' "
            f"fill='{fill}'>{_E(text)}</text>")


# --------------------------------------------------------------------------
# A roller: the chance and its chart
# --------------------------------------------------------------------------

W = 400
HEAD, CHART_H = 58, 186


def _chart_svg(o: Odds, bars: list[chart.Bar], outcome_name: str, threshold_word: str) -> tuple[str, int, int]:
    """The roller's picture: the chance to pass large, then the chart of each
    outcome (filled bars pass, outlined bars fail, ✗ under a failing one)."""
    height = HEAD + CHART_H
    body = [_text(12, 20, "Chance to pass", SMALL + 1, fill="#444444"),
            _text(12, 50, percent(o.p_pass), BIG, weight="bold")]
    if o.numeric and o.goal != o.threshold:
        body.append(_text(120, 50, f"goal ({o.goal} {outcome_name}): {percent(o.p_goal)}", FONT))
    top, bottom, side = HEAD + 46, height - 30, 10
    inner_w, inner_h = W - 2 * side, bottom - top
    slot = inner_w / max(1, len(bars))
    tallest = max([b.p for b in bars] + [1e-12])
    show_pct = slot >= 34
    every = max(1, -(-max((len(b.label) for b in bars), default=1) * 7 // int(max(slot, 1))))
    for i, b in enumerate(bars):
        bh = b.p / tallest * inner_h
        x, y = side + i * slot + slot * 0.12, bottom - bh
        cx = side + i * slot + slot / 2
        look = f"fill='{PASS}'" if b.passes else f"fill='{PAPER}' stroke='{FAIL}' stroke-width='2'"
        body.append(f"<rect x='{x:.1f}' y='{y:.1f}' width='{slot * 0.76:.1f}' height='{max(bh, 0.5):.1f}' {look}/>")
        if show_pct:
            body.append(_text(cx, y - 4, percent(b.p).replace(" ", ""), SMALL, "middle"))
        if i % every == 0:
            body.append(_text(cx, height - 16, b.label, SMALL, "middle"))
        if not b.passes and slot >= 14:
            body.append(_text(cx, height - 4, "✗", SMALL, "middle"))
    if o.numeric:
        marks = ((o.threshold, threshold_word.lower(), HEAD + 10, "none"),
                 (o.goal if o.goal != o.threshold else None, "goal", HEAD + 25, "4 3"))
        for k, word, y, dash in marks:
            at = next((j for j, b in enumerate(bars) if k is not None and b.low is not None and b.low >= k), None)
            if at is None:
                continue
            lx = side + at * slot
            label = f"{word} {k}"
            anchor, tx = ("end", lx - 3) if lx > W - len(label) * 7 - 8 else ("start", lx + 3)
            body.append(f"<line x1='{lx:.1f}' x2='{lx:.1f}' y1='{y - 10}' y2='{bottom}' stroke='{INK}' stroke-width='2' "
                        f"stroke-dasharray='{dash}'/>")
            body.append(_text(tx, y, label, SMALL, anchor))
    return _svg(W, height, body), W, height


def _chart_alt(o: Odds, bars: list[chart.Bar], outcome_name: str, threshold_word: str) -> str:
    what = f"number of {outcome_name}" if o.numeric else "result"
    each = "; ".join(f"{b.label}: {percent(b.p)} ({'pass' if b.passes else 'fail'})" for b in bars)
    line = f"Chance to pass {percent(o.p_pass)}"
    if o.numeric:
        line += f" ({threshold_word.lower()} {o.threshold}"
        line += f"; goal {o.goal}: {percent(o.p_goal)})" if o.goal != o.threshold else ")"
    return f"{line}. Chart of the chance of each {what}: {each}."


def _odds_table(o: Odds, bars: list[chart.Bar], outcome_name: str) -> str:
    if o.numeric:
        least = {b.low: b.p for b in chart.bars(o, "at_least")}
        rows = "".join(f"<tr><th scope='row'>{_E(b.label)}</th><td>{percent(b.p)}</td>"
                       f"<td>{percent(least.get(b.low, 0.0))}</td><td>{'pass' if b.passes else 'fail'}</td></tr>"
                       for b in bars)
        head = f"<th scope='col'>{_E(outcome_name)}</th><th scope='col'>exactly</th><th scope='col'>at least</th>"
    else:
        rows = "".join(f"<tr><th scope='row'>{_E(b.label)}</th><td>{percent(b.p)}</td>"
                       f"<td>{'pass' if b.passes else 'fail'}</td></tr>" for b in bars)
        head = "<th scope='col'>result</th><th scope='col'>chance</th>"
    return (f"<details><summary>Table of the odds</summary><table><caption>Exact odds of each "
            f"{_E(f'number of {outcome_name}' if o.numeric else 'result')}</caption>"
            f"<thead><tr>{head}<th scope='col'>pass?</th></tr></thead><tbody>{rows}</tbody></table></details>")


def _one(name: str) -> str:
    """The singular of an outcome's name: "successes" -> "success"."""
    return name[:-2] if name.endswith("sses") else name.removesuffix("s")


def _head(name: str, what: str, run: str) -> str:
    return (f"<p><strong>{_E(name)}</strong> ({_E(what)}), as saved: a still picture. "
            f"Run the cell (Run All) {_E(run)}.</p>")


def settings_text(settings: Sequence[tuple[str, Any]]) -> str:
    """The settings of a roll in the table's words: "Caliber bronze · Dice (job level) 3"."""
    def shown(v: Any) -> str:
        if isinstance(v, bool):
            return "yes" if v else "no"
        if isinstance(v, (list, tuple)):
            return ", ".join(str(x) for x in v) if v else "none"
        return str(v)
    return " · ".join(f"{label} {shown(v)}" for label, v in settings)


def snapshot(name: str, o: Odds | None, outcome_name: str = "successes", message: str = "",
             settings: Sequence[tuple[str, Any]] = (), threshold_word: str = "threshold") -> str:
    """The HTML still of a roller called ``name`` showing odds ``o`` (or,
    when its fields disagree, ``message``); ``settings`` are its controls'
    labels and values."""
    if o is None or message:
        return (f"<div class='vw-static'>{_head(name, 'no odds', 'for the live roller')}"
                f"<p>No odds: {_E(message)}</p></div>")
    spec: Any = o.spec
    if o.numeric:
        unit = outcome_name if o.threshold != 1 else _one(outcome_name)
        line = f"Chance to pass ({_E(threshold_word.lower())} {o.threshold} {_E(unit)}): <strong>{percent(o.p_pass)}</strong>"
        if o.goal != o.threshold:
            line += f"; of the goal ({o.goal} {_E(outcome_name)}): <strong>{percent(o.p_goal)}</strong>"
    else:
        line = f"Chance to pass ({_E(threshold_word.lower())} {o.threshold}): <strong>{percent(o.p_pass)}</strong>"
    notes = "".join(f"<li>{_E(n)}</li>" for n in o.notes)
    bars = chart.bars(o)  # one set of bars for the picture, its alt text and the table
    svg, w, h = _chart_svg(o, bars, outcome_name, threshold_word)
    kind = f"{spec['edition']} {spec['roll']}"
    return (f"<div class='vw-static'>{_head(name, kind, 'to roll and change the settings')}"
            + (f"<p>Settings: {_E(settings_text(settings))}</p>" if settings else "")
            + f"<p>{line}</p><p>{image(svg, _chart_alt(o, bars, outcome_name, threshold_word), w, h)}</p>"
            + _odds_table(o, bars, outcome_name)
            + (f"<ul>{notes}</ul>" if notes else "") + "</div>")


# --------------------------------------------------------------------------
# A grid of numbers (the FC's ladder, the rule lab's heatmap)
# --------------------------------------------------------------------------


def grid_svg(caption: str, cols: Sequence[str], rows: Sequence[tuple[str, Sequence[tuple[str, str, str, bool]]]],
             row_head: int = 150, col_w: int = 78) -> tuple[str, int, int]:
    """A table drawn as a picture: ``rows`` of (label, cells), each cell
    (text, background, text colour, bold). Every number is written in its
    cell, so the colour only repeats it."""
    line = 22
    width = row_head + col_w * len(cols) + 12
    per_line = max(20, int((width - 16) / 7.6))  # characters of the bold caption a line holds
    words, lines = caption.split(), [""]
    for word in words:
        if lines[-1] and len(lines[-1]) + 1 + len(word) > per_line:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}".strip()
    y0 = 12 + 17 * len(lines)
    height = y0 + line * (len(rows) + 1) + 8
    body = [_text(8, 18 + 17 * k, text, FONT, weight="bold") for k, text in enumerate(lines)]
    for j, c in enumerate(cols):
        body.append(_text(row_head + col_w * j + col_w / 2, y0 + 15, c, SMALL + 1, "middle", "bold"))
    for i, (label, cells) in enumerate(rows):
        y = y0 + line * (i + 1)
        body.append(_text(8, y + 15, label, SMALL + 1))
        for j, (text, bg, fg, bold) in enumerate(cells):
            x = row_head + col_w * j
            if bg:
                body.append(f"<rect x='{x + 1}' y='{y + 1}' width='{col_w - 2}' height='{line - 2}' fill='{bg}'/>")
            if bold:
                body.append(f"<rect x='{x + 1.5}' y='{y + 1.5}' width='{col_w - 3}' height='{line - 3}' fill='none' "
                            f"stroke='{INK}' stroke-width='2'/>")
            body.append(_text(x + col_w / 2, y + 15, text, SMALL + 1, "middle", "bold" if bold else "normal",
                              fg or INK))
    return _svg(width, height, body), width, height


def html_table(caption: str, cols: Sequence[str], rows: Sequence[tuple[str, Sequence[str]]]) -> str:
    """The same grid as text: a plain HTML table (kept by every sanitizer)."""
    head = "".join(f"<th scope='col'>{_E(c)}</th>" for c in cols)
    body = "".join(f"<tr><th scope='row'>{_E(label)}</th>" + "".join(f"<td>{_E(c)}</td>" for c in cells) + "</tr>"
                   for label, cells in rows)
    return (f"<table><caption>{_E(caption)}</caption><thead><tr><td></td>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")
