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

The roller's chart bars are :func:`venus_widgets.engine.maths.chart.bars`, the
same bars the live chart draws. Deterministic: the same widget state gives
the same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.maths import chart
from ..engine.export import html_text
from ..engine.export import svg_image
from ..engine.maths.odds import Odds
from .plain_words import percent

#: text sizes (px) in a picture: nothing under 11 px
FONT, SMALL, BIG = 13, 11, 30


class WithStill:
    """A widget whose output carries its still beside the live view: the
    ``text/html`` of :meth:`snapshot_html`, for where no kernel runs
    (GitHub, nbviewer, exported HTML, a saved chapter opened untrusted)."""

    def snapshot_html(self) -> str:
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]  # the widget's own bundle
        if bundle is None:
            return None
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        data["text/html"] = self.snapshot_html()
        return data, meta


def _frame(width: float, height: float) -> str:
    """The opening of a picture: its size and white paper (``</svg>`` closes it)."""
    w, h = int(width), int(height)
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{w}' height='{h}' viewBox='0 0 {w} {h}' "
            f"font-family='DejaVu Sans, Arial, sans-serif' font-size='13' fill='#1a1a1a'>"
            f"<rect width='{w}' height='{h}' fill='#ffffff' stroke='#888888'/>")


def _text(x: float, y: float, text: Any, size: int = FONT, anchor: str = "start", weight: str = "normal",
          fill: str = "#1a1a1a") -> str:
    return (f"<text x='{x:.1f}' y='{y:.1f}' font-size='{int(size)}' text-anchor='{html_text(anchor)}' "
            f"font-weight='{html_text(weight)}' fill='{html_text(fill)}'>{html_text(text)}</text>")


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", stroke_width: float = 0) -> str:
    return (f"<rect x='{x:.1f}' y='{y:.1f}' width='{w:.1f}' height='{h:.1f}' fill='{html_text(fill)}' "
            f"stroke='{html_text(stroke)}' stroke-width='{stroke_width:.1f}'/>")


def _line(x: float, y1: float, y2: float, dash: str = "none", x2: float | None = None) -> str:
    return (f"<line x1='{x:.1f}' x2='{x if x2 is None else x2:.1f}' y1='{y1:.1f}' y2='{y2:.1f}' stroke='#1a1a1a' "
            f"stroke-width='2' stroke-dasharray='{html_text(dash)}'/>")


def _head(name: str, what: str, run: str) -> str:
    return (f"<p><strong>{html_text(name)}</strong> ({html_text(what)}), as saved: a still picture. "
            f"Run the cell (Run All) {html_text(run)}.</p>")


def settings_text(settings: Sequence[tuple[str, Any]]) -> str:
    """The settings of a roll in the table's words: "Caliber bronze · Dice (job level) 3"."""
    def shown(v: Any) -> str:
        if isinstance(v, bool):
            return "yes" if v else "no"
        if isinstance(v, (list, tuple)):
            return ", ".join(str(x) for x in v) if v else "none"
        return str(v)
    return " · ".join(f"{label} {shown(v)}" for label, v in settings)


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
        if b.passes:
            body.append(_rect(x, y, slot * 0.76, max(bh, 0.5), "#0072B2"))
        else:
            body.append(_rect(x, y, slot * 0.76, max(bh, 0.5), "#ffffff", "#E69F00", 2))
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
            body.append(_line(lx, y - 10, bottom, dash))
            body.append(_text(tx, y, label, SMALL, anchor))
    return f"{_frame(W, height)}{''.join(body)}</svg>", W, height


def _chart_alt(o: Odds, bars: list[chart.Bar], outcome_name: str, threshold_word: str) -> str:
    what = f"number of {outcome_name}" if o.numeric else "result"
    each = "; ".join(f"{b.label}: {percent(b.p)} ({'pass' if b.passes else 'fail'})" for b in bars)
    line = f"Chance to pass {percent(o.p_pass)}"
    if o.numeric:
        line += f" ({threshold_word.lower()} {o.threshold}"
        line += f"; goal {o.goal}: {percent(o.p_goal)})" if o.goal != o.threshold else ")"
    return f"{line}. Chart of the chance of each {what}: {each}."


def _odds_table(o: Odds, bars: list[chart.Bar], outcome_name: str) -> str:
    e = html_text
    if o.numeric:
        least = {b.low: b.p for b in chart.bars(o, "at_least")}
        rows = "".join(f"<tr><th scope='row'>{e(b.label)}</th><td>{e(percent(b.p))}</td>"
                       f"<td>{e(percent(least.get(b.low, 0.0)))}</td><td>{'pass' if b.passes else 'fail'}</td></tr>"
                       for b in bars)
        head = f"<th scope='col'>{e(outcome_name)}</th><th scope='col'>exactly</th><th scope='col'>at least</th>"
    else:
        rows = "".join(f"<tr><th scope='row'>{e(b.label)}</th><td>{e(percent(b.p))}</td>"
                       f"<td>{'pass' if b.passes else 'fail'}</td></tr>" for b in bars)
        head = "<th scope='col'>result</th><th scope='col'>chance</th>"
    what = f"number of {outcome_name}" if o.numeric else "result"
    return (f"<details><summary>Table of the odds</summary><table><caption>Exact odds of each {e(what)}</caption>"
            f"<thead><tr>{head}<th scope='col'>pass?</th></tr></thead><tbody>{rows}</tbody></table></details>")


def _one(name: str) -> str:
    """The singular of an outcome's name: "successes" -> "success"."""
    return name[:-2] if name.endswith("sses") else name.removesuffix("s")


def snapshot(name: str, o: Odds | None, outcome_name: str = "successes", message: str = "",
             settings: Sequence[tuple[str, Any]] = (), threshold_word: str = "threshold") -> str:
    """The HTML still of a roller called ``name`` showing odds ``o`` (or,
    when its fields disagree, ``message``); ``settings`` are its controls'
    labels and values."""
    e = html_text
    if o is None or message:
        return f"<div class='vw-static'>{_head(name, 'no odds', 'for the live roller')}<p>No odds: {e(message)}</p></div>"
    spec: Any = o.spec
    word = threshold_word.lower()
    if o.numeric:
        unit = outcome_name if o.threshold != 1 else _one(outcome_name)
        line = f"Chance to pass ({e(word)} {e(o.threshold)} {e(unit)}): <strong>{e(percent(o.p_pass))}</strong>"
        if o.goal != o.threshold:
            line += f"; of the goal ({e(o.goal)} {e(outcome_name)}): <strong>{e(percent(o.p_goal))}</strong>"
    else:
        line = f"Chance to pass ({e(word)} {e(o.threshold)}): <strong>{e(percent(o.p_pass))}</strong>"
    notes = "".join(f"<li>{e(n)}</li>" for n in o.notes)
    bars = chart.bars(o)  # one set of bars for the picture, its alt text and the table
    svg, w, h = _chart_svg(o, bars, outcome_name, threshold_word)
    shown = f"<p>Settings: {e(settings_text(settings))}</p>" if settings else ""
    listed = f"<ul>{notes}</ul>" if notes else ""
    return (f"<div class='vw-static'>{_head(name, str(spec['edition']) + ' ' + str(spec['roll']), 'to roll and change the settings')}"
            f"{shown}<p>{line}</p><p>{svg_image(svg, _chart_alt(o, bars, outcome_name, threshold_word), w, h)}</p>"
            f"{_odds_table(o, bars, outcome_name)}{listed}</div>")


# --------------------------------------------------------------------------
# A grid of numbers (the FC's ladder, the rule lab's heatmap)
# --------------------------------------------------------------------------


def grid_svg(caption: str, cols: Sequence[str], rows: Sequence[tuple[str, Sequence[tuple[str, str, str, bool]]]],
             row_head: int = 150, col_w: int = 78) -> tuple[str, int, int]:
    """A table drawn as a picture: ``rows`` of (label, cells), each cell
    (text, background, text colour, bold). Every number is written in its
    cell, so the colour only repeats it."""
    line = 22
    width = int(row_head) + int(col_w) * len(cols) + 12
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
                body.append(_rect(x + 1, y + 1, col_w - 2, line - 2, bg))
            if bold:
                body.append(_rect(x + 1.5, y + 1.5, col_w - 3, line - 3, "none", "#1a1a1a", 2))
            body.append(_text(x + col_w / 2, y + 15, text, SMALL + 1, "middle", "bold" if bold else "normal", fg or "#1a1a1a"))
    return f"{_frame(width, height)}{''.join(body)}</svg>", width, height


# --------------------------------------------------------------------------
# The FC's screen
# --------------------------------------------------------------------------


def fc_still(kind: str, title: str, party_words: str, members: Sequence[tuple[str, str]], target: float, why: str,
             far: str, ends: Sequence[str], cols: Sequence[str],
             rows: Sequence[tuple[str, Sequence[tuple[str, bool]]]]) -> str:
    """The FC's screen as it stands: its question, the party, the why line
    and the ladder (``rows`` of (setting, cells), each cell its text and
    whether it is marked nearest), as a picture with alt text and a table."""
    e = html_text
    caption = f"The {kind} ladder, easiest first: each character's chance to pass"
    grid = [(label, [(text, "#dddddd" if near else "", "", near) for text, near in cells]) for label, cells in rows]
    svg, w, h = grid_svg("Chance to pass, easiest setting first", cols, grid, row_head=150, col_w=76)
    text_rows = [(label, [text for text, _ in cells]) for label, cells in rows]
    alt = (f"{caption}. " + "; ".join(f"{label}: " + ", ".join(f"{c} {v}" for c, v in zip(cols, vals))
                                      for label, vals in text_rows) + f". {why}.")
    listed = "".join(f"<li>{e(name)}: {e(words)}</li>" for name, words in members)
    far_line = f"<p>{e(far)}</p>" if far else ""
    end_lines = "".join(f"<p>{e(x)}</p>" for x in ends)
    return (f"<div class='vw-static'>{_head('FCScreen', 'the Facilitator’s screen', 'to move the target and edit the party')}"
            f"<p><strong>{e(title)}</strong></p><p>{e(party_words)}</p><ul>{listed}</ul>"
            f"<p>Target chance: {e(percent(target))}. <strong>{e(why)}</strong></p>{far_line}"
            f"<p>{svg_image(svg, alt, w, h)}</p>"
            f"<details><summary>The ladder as a table (◆ nearest for that character, ▶ for the party)</summary>"
            f"{html_table(caption, cols, text_rows)}</details>{end_lines}</div>")


# --------------------------------------------------------------------------
# The rule lab
# --------------------------------------------------------------------------


def points(d: float) -> str:
    """A difference of two chances in points, one decimal: "+12.3", "−5.0", "±0"."""
    if abs(d) < 5e-13:
        return "±0"
    return f"{'+' if d > 0 else '−'}{abs(d) * 100:.1f}"


def _at_words(r: Mapping[str, Any]) -> str:
    return r.get("label") or {"pass": "P(pass)", "goal": "P(goal)"}.get(r["at"], f"at least {r['at']}")


def diff_rows(rows: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The differences the chart shows: not a chance certain under every rule set ("at least 0")."""
    return [r for r in rows if not (r["base"] >= 1 and r["A"] >= 1 and r["B"] >= 1)]


def _diff_svg(names: Mapping[str, str], p_pass: Mapping[str, float], rows: Sequence[Mapping[str, Any]]
              ) -> tuple[str, int, int]:
    """The lab's head as a picture: the three chances, then the differences
    from the base (filled: A, outlined: B), numbers on the bars."""
    width = max(400, 60 * len(rows) + 40)
    half, top = 56, 70
    height = top + 2 * half + 40
    body = []
    for i, k in enumerate(("base", "A", "B")):
        x = 12 + i * (width - 24) / 3
        body.append(_text(x, 20, names[k] if k != "base" else "base (rules as read)", SMALL, fill="#444444"))
        body.append(_text(x, 50, percent(p_pass[k]), 26, weight="bold"))
    diffs = [(r["A"] - r["base"], r["B"] - r["base"]) for r in rows]
    peak = max([abs(d) for pair in diffs for d in pair] + [1e-9])
    zero = top + half
    body.append(_line(10, zero, zero, x2=width - 10))
    group = (width - 20) / max(1, len(rows))
    bw = min(34.0, group * 0.4)
    for i, (r, pair) in enumerate(zip(rows, diffs)):
        x0 = 10 + i * group + (group - 2 * bw) / 2
        for j, d in enumerate(pair):
            bh = abs(d) / peak * half
            y = zero - bh if d > 0 else zero
            if j == 0:
                body.append(_rect(x0, y, bw - 3, max(bh, 0.5), "#0072B2"))
            else:
                body.append(_rect(x0 + bw, y, bw - 3, max(bh, 0.5), "#ffffff", "#D55E00", 2))
            if abs(d) >= 5e-4 and group >= 44:
                body.append(_text(x0 + j * bw + (bw - 3) / 2, y - 3 if d > 0 else y + bh + 12, points(d), SMALL, "middle"))
        tick = r.get("tick") or {"pass": "pass", "goal": "goal"}.get(r["at"], f"≥{r['at']}")
        body.append(_text(10 + i * group + group / 2, height - 8, tick, SMALL, "middle"))
    return f"{_frame(width, height)}{''.join(body)}</svg>", width, height


def lab_still(kind: str, base: str, changed: Sequence[tuple[str, str]], names: Mapping[str, str],
              p_pass: Mapping[str, float], verdicts: Sequence[tuple[str, str]], rows: Sequence[Mapping[str, Any]],
              heat: Mapping[str, Any] | None, message: str = "") -> str:
    """The rule lab as it stands: the base roll, what each variant changes
    (in the table's words), the chances and verdicts, the differences and
    the heatmap, each picture with alt text and its numbers in a table."""
    e = html_text
    head = _head("RuleLab", f"the rule lab, {kind}", "to change the rules")
    if message:
        return f"<div class='vw-static'>{head}<p>Base roll: {e(base)}</p><p>No odds: {e(message)}</p></div>"
    chances = ", ".join(f"{names[k]} {percent(p_pass[k])}" for k in ("base", "A", "B"))
    listed = "".join(f"<li><strong>{e(name)}</strong>: {e(words)}</li>" for name, words in changed)
    said = "".join(f"<li><strong>{e(name)}</strong>: {e(words)}</li>" for name, words in verdicts)
    shown = diff_rows(rows)
    svg, w, h = _diff_svg(names, p_pass, shown)
    alt = ("Chance to pass: " + chances + ". Differences from the base, in percentage points: "
           + "; ".join(f"{_at_words(r)}: {names['A']} {points(r['A'] - r['base'])}, {names['B']} "
                       f"{points(r['B'] - r['base'])}" for r in shown) + ".")
    table = html_table("Chance under each rule set; differences in percentage points",
                       ["base", names["A"], names["B"], f"{names['A']} − base", f"{names['B']} − base"],
                       [(_at_words(r), [percent(r["base"]), percent(r["A"]), percent(r["B"]),
                                        points(r["A"] - r["base"]), points(r["B"] - r["base"])]) for r in rows])
    heat_html = f"<p>{e(heat['left_out'])}</p>" if heat and heat.get("left_out") and not heat.get("rows") else ""
    if heat and heat.get("rows"):
        grid = [(r["label"], [(c["text"], c["bg"], c["fg"], False) for c in r["cells"]]) for r in heat["rows"]]
        hsvg, hw, hh = grid_svg(heat["caption"], heat["cols"], grid, row_head=90, col_w=70)
        cells = [(r["label"], c, cell) for r in heat["rows"] for c, cell in zip(heat["cols"], r["cells"])
                 if cell["value"] is not None]
        halt = f"A heatmap, {heat['caption']}; every cell's number is in the table under it."
        if cells:
            lo = min(cells, key=lambda x: x[2]["value"])
            hi = max(cells, key=lambda x: x[2]["value"])
            halt = (f"A heatmap, {heat['caption']}: from {lo[2]['text']} ({lo[0]}, {lo[1]}) to {hi[2]['text']} "
                    f"({hi[0]}, {hi[1]}); every cell's number is in the table under it.")
        grid_text = html_table(heat["caption"], heat["cols"], [(r["label"], [c["text"] for c in r["cells"]])
                                                                for r in heat["rows"]])
        heat_html = (f"<p>{svg_image(hsvg, halt, hw, hh)}</p><p>{e(heat['legend'])}</p>"
                     + (f"<p>{e(heat['left_out'])}</p>" if heat.get("left_out") else "")
                     + f"<details><summary>The heatmap as a table</summary>{grid_text}</details>")
    return (f"<div class='vw-static'>{head}<p>Base roll: {e(base)}</p><ul>{listed}</ul>"
            f"<p>Chance to pass: <strong>{e(chances)}</strong></p><ul>{said}</ul>"
            f"<p>{svg_image(svg, alt, w, h)}</p><details><summary>Table of the odds and differences</summary>"
            f"{table}</details>{heat_html}</div>")
