"""The chart of a comparison (:mod:`.compare`): each variant's difference
from the base at each chance, as a standalone SVG picture in an ``<img>``
with alt text, and a difference written in percentage points.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..export import html_text, svg_image


def points(delta: float) -> str:
    """A difference of two chances in percentage points, signed.

    >>> points(0.0912), points(-0.0004), points(0.0)
    ('+9.1 points', '-0.04 points', '±0 points')
    """
    p = delta * 100
    if p == 0:
        return "±0 points"
    shown = f"{p:+.1f}" if abs(p) >= 0.05 else f"{p:+.2g}"
    return f"{shown} points"


def difference_chart(names: Sequence[str], rows: list[dict[str, Any]]) -> str:
    """A picture of each variant's difference at each chance (``names``:
    the base first, then the variants; ``rows``:
    :meth:`.compare.Comparison.to_rows`): bars up (more likely) or down
    (less likely) from a zero line, the number written beside each bar, and
    the sign in words in its title (never colour alone); the chances no
    variant moves are in the table only. An ``<img>`` of a standalone SVG
    (:func:`..export.svg_image`), which an untrusted notebook keeps, with
    alt text listing the largest changes."""
    # a chance no variant moves (at least the lowest outcome, always 100 %) is left to the table
    rows = [r for r in rows if any(r[n] != r["base"] for n in names[1:])]
    if not rows or len(names) < 2:
        return ""
    diffs = [[(r[n] - r["base"]) * 100 for r in rows] for n in names[1:]]
    top = max([abs(d) for ds in diffs for d in ds] + [1e-9])
    bw, h = 22, 50
    group = max(bw * len(diffs) + 12, 58)  # room for the label under each group
    width = len(rows) * group + 20
    ticks = [_tick_lines(r["tick"]) for r in rows]
    lines = max(len(t) for t in ticks)
    height = 2 * h + 44 + 12 * (lines - 1)
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
             f"viewBox='0 0 {width} {height}' font-family='DejaVu Sans, Arial, sans-serif' fill='#1a1a1a'>",
             f"<rect width='{width}' height='{height}' fill='#ffffff'/>",
             f"<line x1='10' x2='{width - 10}' y1='{h + 14}' y2='{h + 14}' stroke='#1a1a1a'/>"]
    shades = ("#0072B2", "#D55E00", "#009E73", "#CC79A7")
    for i, r in enumerate(rows):
        x0 = 10 + i * group + (group - bw * len(diffs)) / 2
        x_mid = 10 + i * group + group / 2
        spans = "".join(f"<tspan x='{x_mid}' dy='{12 if k else 0}'>{html_text(line)}</tspan>"
                        for k, line in enumerate(ticks[i]))
        parts.append(f"<text x='{x_mid}' y='{2 * h + 40}' font-size='11' text-anchor='middle'>{spans}</text>")
        for j, ds in enumerate(diffs):
            d = ds[i]
            bh = abs(d) / top * h
            y = h + 14 - bh if d > 0 else h + 14
            x = x0 + j * bw
            word = "more likely" if d > 0 else "less likely" if d < 0 else "no change"
            name = html_text(names[j + 1])
            faded = "" if d >= 0 else "fill-opacity='0.55' "
            parts.append(f"<rect x='{x:.1f}' y='{y:.1f}' width='{bw - 4}' height='{max(bh, 0.5):.1f}' "
                         f"fill='{shades[j % 4]}' {faded}>"
                         f"<title>{name}, {html_text(r['label'])}: {html_text(points(d / 100))} ({word})"
                         f"</title></rect>")
            if d:
                ty = y - 3 if d > 0 else y + bh + 11
                parts.append(f"<text x='{x + (bw - 4) / 2:.1f}' y='{ty:.1f}' font-size='11' "
                             f"text-anchor='middle'>{d:+.1f}</text>")
    parts.append("</svg>")
    alt = ("Difference from the base rules, in percentage points, at each chance; the largest: "
           + "; ".join(f"{n}: {_largest_changes(rows, ds)}" for n, ds in zip(names[1:], diffs)))
    legend = " ".join(f"<span>bar {j + 1}: {html_text(n)}</span>" for j, n in enumerate(names[1:]))
    return (f"<p>{svg_image(''.join(parts), alt, width, height)}</p>"
            f"<p class='vw-legend'>Bars in each group, left to right: {legend}</p>")


def _largest_changes(rows: list[dict[str, Any]], diffs: list[float], most: int = 3) -> str:
    """The ``most`` largest differences (in points) at the chances of ``rows``, in words."""
    moved = [f"{r['label']} {points(d / 100)}" for r, d in sorted(zip(rows, diffs), key=lambda rd: -abs(rd[1]))[:most]
             if d]
    return ", ".join(moved) or "no change"


def _tick_lines(text: str, width: int = 9) -> list[str]:
    """A chart tick in lines of at most ``width`` characters, broken at spaces.

    >>> _tick_lines("success with a bane"), _tick_lines("≥12")
    (['success', 'with a', 'bane'], ['≥12'])
    """
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines
