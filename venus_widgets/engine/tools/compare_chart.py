"""The chart and the table of a comparison at a glance (:mod:`.compare_glance`):
each variant's difference from the base at each of at most about 15 rows,
as a standalone SVG picture in an ``<img>`` with alt text, and the same rows
as a table; a difference written in percentage points.

The chart lays one row under another (the row's words on the left, a bar
per variant from a zero line, the points written at the bar's end), so
that no two labels share a line at any width: drawn :data:`WIDE` px wide
with 14 px text, it stays readable in a 400 px window (a picture wider than
its output is drawn narrower, its text with it).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Callable, Mapping, Sequence

from ..export import html_text, svg_image
from .compare_glance import short_points

#: How wide the chart is drawn (px) and its text (px): at a 400 px window an output is about 264 px,
#: where 14 px text drawn 320 px wide stays above 11 px.
WIDE, FONT = 320, 14
#: Each variant's bar: a fill and an outline, told apart by shape and by the legend, never colour alone.
STYLES = (("#0072B2", "#0072B2"), ("#F9D9C2", "#D55E00"), ("#009E73", "#009E73"), ("#F3DCE8", "#CC79A7"))
STYLE_WORDS = ("dark, filled", "light, outlined", "green, filled", "pink, outlined")


def points(delta: float, minus: str = "-") -> str:
    """A difference of two chances in percentage points, signed, as a
    verdict says it: one decimal, or two significant digits below 0.05
    points (a knob that moves a chance a little is never "no change"),
    never in exponent notation. The lab writes a fall with the minus sign
    (``minus="−"``): its verdicts, its heatmap's cells, its chart and sentence.

    >>> points(0.0912), points(-0.0004), points(0.0), points(-1.9e-6), points(1.23e-9)
    ('+9.1 points', '-0.04 points', '±0 points', '-0.00019 points', '+0.00000012 points')
    >>> points(-0.444, minus="−")
    '−44.4 points'
    """
    p = float(delta) * 100
    if p == 0:
        return "±0 points"
    shown = f"{abs(p):.1f}" if abs(p) >= 0.05 else format(Decimal(f"{abs(p):.2g}"), "f")
    return f"{'+' if p > 0 else minus}{shown} points"


def value_words(row: Mapping[str, Any], name: str) -> str:
    """A row's difference for ``name`` as the chart and the table write it:
    "+33.8", "up to +1.2" for a group of rows, "no change" for a group where
    none moves.

    >>> value_words({"group": "up to", "d": {"B": 0.012}}, "B"), value_words({"group": "", "d": {"B": 0}}, "B")
    ('up to +1.2', '±0')
    """
    d = row["d"][name]
    if row.get("group") and not d:
        return "no change"
    return ("up to " if row.get("group") else "") + bar_words(row, name)


def drawn(names: Sequence[str], rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """The variants a chart draws: those that move some row (a variant with
    the rules of the base draws nothing, and the caption says so)."""
    return [n for n in names[1:] if any(r["d"][n] for r in rows)]


def lines(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken at spaces
    (a longer word stands alone).

    >>> lines("success with a bane", 9), lines("≥12", 9)
    (['success', 'with a', 'bane'], ['≥12'])
    """
    out: list[str] = []
    for word in text.split(" "):
        if out and len(out[-1]) + 1 + len(word) <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    return out


def _em(text: str, size: float) -> float:
    """About how wide ``text`` is drawn at ``size`` px (a little over)."""
    return size * sum(0.72 if ch.isdigit() or ch in "+−±≥" else 0.35 if ch in " .,:" else 0.66 for ch in text)


def bar_words(row: Mapping[str, Any], name: str) -> str:
    """A bar's number: the difference, signed; "no change" for a group of
    rows none moves (a group's bar is its largest change, as the caption says); one chance's points
    as the sentence writes them, the difference of its two chances shown (the row's ``said``)."""
    if row.get("group"):
        return short_points(row["d"][name]) if row["d"][name] else "no change"
    return str(row.get("said", {}).get(name) or short_points(row["d"][name]))


def zero_and_scale(bars: Sequence[tuple[float, float]], left: float, right: float) -> tuple[float, float]:
    """Where the zero line stands and how many px a point is, for bars
    ``(difference, width of its number)``: the largest scale at which every
    bar and its number, written past its end, stay within ``left..right``.

    >>> [round(x) for x in zero_and_scale([(0.3, 40), (-0.1, 40)], 100, 300)]  # 100 + 28 + 44; 172 + 84 + 44 = 300
    [172, 280]
    """
    def zero(s: float) -> float:
        return left + max([abs(d) * s + t + 4 for d, t in bars if d < 0] + [0.0])

    def fits(s: float) -> bool:
        z = zero(s)
        return all(z + d * s + t + 4 <= right for d, t in bars if d >= 0)

    lo, hi = 0.0, (right - left) / max(sum(max((abs(d) for d, _ in bars if (d < 0) == neg), default=0.0)
                                           for neg in (True, False)), 1e-12)
    for _ in range(40):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    return zero(lo), lo


def difference_svg(names: Mapping[str, str], rows: Sequence[Mapping[str, Any]], width: int = WIDE,
                   size: int = FONT) -> tuple[str, int, int]:
    """The chart as a standalone SVG: ``names`` maps each rule set's key in
    the rows (the base first) to its name; ``rows`` are glance rows. Returns
    (svg, width, height); no rows or nothing drawn gives ("", 0, 0)."""
    keys = list(names)
    shown = drawn(keys, rows)
    if not rows or not shown:
        return "", 0, 0
    texts = {(i, n): bar_words(r, n) for i, r in enumerate(rows) for n in shown}
    room = max(_em(t, size) for t in texts.values())
    # the labels take up to 42 % of the width, less when the numbers need it (never under 30 %)
    label_w = int(max(width * 0.3, min(width * 0.42, width - 2 * room - 60)))
    chars = max(6, int(label_w / (size * 0.62)))
    zero, scale = zero_and_scale([(r["d"][n], _em(texts[(i, n)], size)) for i, r in enumerate(rows) for n in shown],
                                 label_w + 8, width - 6)
    bar = size + 2
    parts, y = [], 6.0
    for i, r in enumerate(rows):
        words = lines(r["tick"], chars)
        h = max(len(words) * (size + 3), len(shown) * (bar + 3)) + 6
        if i:
            parts.append(f"<line x1='4' x2='{width - 4:d}' y1='{y:.1f}' y2='{y:.1f}' stroke='#dddddd'/>")
        ty = y + 3 + size
        spans = "".join(f"<tspan x='6' y='{ty + k * (size + 3):.1f}'>{html_text(t)}</tspan>" for k, t in enumerate(words))
        parts.append(f"<text class='tick' font-size='{size:d}'>{spans}</text>")
        for j, n in enumerate(shown):
            d = r["d"][n]
            fill, stroke = STYLES[(keys.index(n) - 1) % len(STYLES)]
            by = y + 4 + j * (bar + 3)
            w = abs(d) * scale
            x = zero if d >= 0 else zero - w
            parts.append(f"<rect x='{x:.1f}' y='{by:.1f}' width='{max(w, 1):.1f}' height='{bar - 2}' "
                         f"fill='{html_text(fill)}' stroke='{html_text(stroke)}' stroke-width='2'><title>"
                         f"{html_text(names[n])}, {html_text(r['label'])}: {html_text(value_words(r, n))} points"
                         f"</title></rect>")
            tx, anchor = (zero + w + 4, "start") if d >= 0 else (zero - w - 4, "end")
            parts.append(f"<text x='{tx:.1f}' y='{by + bar - 4:.1f}' font-size='{size:d}' "
                         f"text-anchor='{html_text(anchor)}'>{html_text(texts[(i, n)])}</text>")
        y += h
    height = int(y + 6)
    head = (f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:d}' height='{height:d}' "
            f"viewBox='0 0 {width:d} {height:d}' font-family='DejaVu Sans, Arial, sans-serif' fill='#1a1a1a'>"
            f"<rect width='{width:d}' height='{height:d}' fill='#ffffff' stroke='#888888'/>"
            f"<line x1='{zero:.1f}' x2='{zero:.1f}' y1='4' y2='{height - 4}' stroke='#1a1a1a' stroke-width='2'/>")
    return head + "".join(parts) + "</svg>", width, height


def caption(names: Mapping[str, str], rows: Sequence[Mapping[str, Any]]) -> str:
    """What the chart's bars are, and which variants it does not draw."""
    keys = list(names)
    shown = drawn(keys, rows)
    bars = "; ".join(f"{STYLE_WORDS[(keys.index(n) - 1) % len(STYLE_WORDS)]}: {names[n]}" for n in shown)
    same = [names[n] for n in keys[1:] if n not in shown]
    out = (f"Points above (right) or below (left) the base at each chance (a row of several outcomes or chances: "
           f"the largest change among them); {bars}.")
    return out + (f" Not drawn, the same odds as the base: {', '.join(same)}." if same else "")


def difference_chart(names: Mapping[str, str], rows: Sequence[Mapping[str, Any]], width: int = WIDE) -> str:
    """The chart as an ``<img>`` of a standalone SVG (:func:`..export.svg_image`,
    which an untrusted notebook keeps) with alt text saying every row, and
    its caption; "" when no variant moves anything."""
    svg, w, h = difference_svg(names, rows, width)
    if not svg:
        return ""
    keys = list(names)
    alt = ("Difference from the base rules, in percentage points: " + "; ".join(
        f"{r['label']}: " + ", ".join(f"{names[n]} {value_words(r, n)}" for n in drawn(keys, rows)) for r in rows) + ".")
    return f"<p>{svg_image(svg, alt, w, h)}</p><p class='vw-legend'>{html_text(caption(names, rows))}</p>"


def _kept(text: str) -> str:
    """A chance with a no-break space before its % sign: no line parts them."""
    return text.replace(" %", "\u00a0%")


def difference_table(names: Mapping[str, str], rows: Sequence[Mapping[str, Any]], percent: Callable[[Any], str],
                     title: str) -> str:
    """The rows as an HTML table: each rule set's chance (a group: its first
    and last row, "45.0 % … <0.1 %") and beside each variant's, in brackets,
    its points from the base ("87.5 % (+17.1)"): a column per rule set, so
    that it fits 400 px; a variant with the odds of the base has no column,
    the caption says so."""
    e = html_text
    keys = list(names)[:1] + drawn(list(names), rows)
    same = [names[n] for n in list(names)[1:] if n not in keys]
    if same:
        title += f" ({', '.join(same)}: the same odds as the base)"
    head = "".join(f"<th scope='col'>{e(names[n])}</th>" for n in keys)
    body = []
    for r in rows:
        said = [_kept(percent(r["p"][n]) + (" … " + percent(r["p_last"][n]) if r.get("group") else ""))
                + (f" ({value_words(r, n)})" if i else "") for i, n in enumerate(keys)]
        cells = "".join(f"<td>{e(x)}</td>" for x in said)
        body.append(f"<tr><th scope='row'>{e(r['label'])}</th>{cells}</tr>")
    return (f"<table><caption>{e(title)}</caption><thead><tr><th scope='col'>chance</th>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table>")
