"""A roller's static snapshot: its exact odds as plain HTML and inline SVG.

A saved notebook keeps this beside the live view (``text/html`` in the
roller's mimebundle), so GitHub, nbviewer and exported HTML, where no
kernel runs, still show the chance to pass, the chart and the table. The
chart's bars are :func:`venus_widgets.engine.chart.bars`, the same bars
the live chart draws. Deterministic: the same spec gives the same bytes.
"""

from __future__ import annotations

from typing import Any

from ..engine.export import html_text
from ..engine import chart
from ..engine.odds import Odds
from ._rules import percent

W, H = 360, 150
TOP, BOTTOM, SIDE = 30, 22, 8


def _svg(o: Odds, bars: list[chart.Bar], outcome_name: str) -> str:
    if not bars:
        return ""
    inner_w, inner_h = W - 2 * SIDE, H - TOP - BOTTOM
    slot = inner_w / len(bars)
    top = max([b.p for b in bars] + [1e-12])
    what = f"number of {outcome_name}" if o.numeric else "result"
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' role='img' width='{W}' height='{H}' "
             f"viewBox='0 0 {W} {H}' font-family='sans-serif' font-size='10' "
             f"aria-label='Chance of each {html_text(what)}; filled bars pass, outlined bars fail'>"]
    for i, b in enumerate(bars):
        bh = b.p / top * inner_h
        x, y = SIDE + i * slot + slot * 0.1, TOP + inner_h - bh
        cx = SIDE + i * slot + slot / 2
        look = "fill='#0072B2'" if b.passes else "fill='#ffffff' stroke='#555555'"
        word = "pass" if b.passes else "fail"
        label = html_text(b.label)
        parts.append(f"<rect x='{x:.1f}' y='{y:.1f}' width='{slot * 0.8:.1f}' height='{max(bh, 0.5):.1f}' {look}>"
                     f"<title>{label}: {html_text(percent(b.p))} ({word})</title></rect>")
        parts.append(f"<text x='{cx:.1f}' y='{y - 3:.1f}' font-size='9' text-anchor='middle'>"
                     f"{html_text(percent(b.p).replace(' ', ''))}</text>")
        parts.append(f"<text x='{cx:.1f}' y='{H - 6}' text-anchor='middle'>{label}</text>")
    if o.numeric:
        for k, name, y in ((o.threshold, "threshold", 10), (o.goal if o.goal != o.threshold else None, "goal", 21)):
            at: int | None = next((j for j, b in enumerate(bars)
                                   if k is not None and b.low is not None and b.low >= k), None)
            if at is None:
                continue
            lx = SIDE + at * slot
            anchor, tx = ("end", lx - 2) if lx > W - 80 else ("start", lx + 2)
            parts.append(f"<line x1='{lx:.1f}' x2='{lx:.1f}' y1='{y - 8}' y2='{H - BOTTOM}' stroke='#333333' "
                         f"stroke-dasharray='{'4 2' if name == 'goal' else 'none'}'/>")
            parts.append(f"<text x='{tx:.1f}' y='{int(y)}' text-anchor='{html_text(anchor)}'>"
                         f"{html_text(name)} {html_text(k)}</text>")
    parts.append("</svg>")
    return "".join(parts)


def _table(o: Odds, bars: list[chart.Bar], outcome_name: str) -> str:
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
    return (f"<details><summary>Table of the odds</summary><table><caption>Exact odds of each {e(outcome_name if o.numeric else 'result')}</caption>"
            f"<thead><tr>{head}<th scope='col'>pass?</th></tr></thead><tbody>{rows}</tbody></table></details>")


def _one(name: str) -> str:
    """The singular of an outcome's name: "successes" -> "success"."""
    return name[:-2] if name.endswith("sses") else name.removesuffix("s")


def snapshot(name: str, o: Odds | None, outcome_name: str = "successes", message: str = "") -> str:
    """The HTML of a roller called ``name`` showing odds ``o`` (or, when its
    fields disagree, ``message``)."""
    e = html_text
    head = (f"<p><strong>{e(name)}</strong>: a snapshot of the exact odds; "
            f"run the cell to get the live roller.</p>")
    if o is None or message:
        return f"<div class='vw-static'>{head}<p>No odds: {e(message)}</p></div>"
    spec: Any = o.spec
    if o.numeric:
        unit = outcome_name if o.threshold != 1 else _one(outcome_name)
        line = f"Chance to pass (threshold {e(o.threshold)} {e(unit)}): <strong>{e(percent(o.p_pass))}</strong>"
        if o.goal != o.threshold:
            line += f"; of the goal ({e(o.goal)} {e(outcome_name)}): <strong>{e(percent(o.p_goal))}</strong>"
    else:
        line = f"Chance to pass (target {e(o.threshold)}): <strong>{e(percent(o.p_pass))}</strong>"
    notes = "".join(f"<li>{e(n)}</li>" for n in o.notes)
    bars = chart.bars(o)  # one set of bars for the chart and the table
    return (f"<div class='vw-static'>{head}<p>{e(spec['edition'])} {e(spec['roll'])}. {line}</p>"
            f"{_svg(o, bars, outcome_name)}{_table(o, bars, outcome_name)}"
            f"{f'<ul>{notes}</ul>' if notes else ''}</div>")
