"""The rule lab's still: the base roll, what each variant changes, the
chances and verdicts, the differences from the base and the heatmap, as
pictures (each at most :data:`~.stills.WIDEST` px wide) with alt text and
their numbers in tables, drawn with the stills' pieces (:mod:`.stills`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.export import html_text, svg_image
from .plain_words import percent
from .stills import SMALL, WIDEST, svg_frame, _head, svg_line, svg_rect, svg_text, grid_images, html_table, kept


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
    """The lab's head as a picture, one thing under another so it stays
    narrow: the three chances, then one line per chance compared, its
    difference from the base as a bar from the zero line (filled: A,
    outlined: B), the points written at the bar's end."""
    width, lane, head = WIDEST, 20, 32 * 3 + 30 + 44
    body = []
    for i, k in enumerate(("base", "A", "B")):
        y = 26 + 32 * i
        body.append(svg_text(12, y, names[k] if k != "base" else "base (rules as read)", SMALL, fill="#444444"))
        body.append(svg_text(width - 12, y + 2, percent(p_pass[k]), 24, "end", "bold"))
    body.append(svg_text(12, head - 52, "Differences from the base (points)", SMALL, weight="bold"))
    for j, k in enumerate(("A", "B")):  # the key: which bar is which rule set
        y = head - 42 + 18 * j
        body.append(svg_rect(12, y + 2, 24, 12, "#0072B2") if k == "A" else svg_rect(12, y + 2, 24, 12, "#ffffff", "#D55E00", 2))
        body.append(svg_text(42, y + 13, f"{names[k]} ({'filled' if k == 'A' else 'outlined'})", SMALL))
    diffs = [(r["A"] - r["base"], r["B"] - r["base"]) for r in rows]
    peak = max([abs(d) for pair in diffs for d in pair] + [1e-9])
    zero, reach = width / 2, width / 2 - 60  # 60 px for the points written
    each = 18 + 2 * lane + 6  # a chance's line: its name, then the bars of A and B
    height = head + len(rows) * each + 6
    for i, (r, pair) in enumerate(zip(rows, diffs)):
        y0 = head + i * each
        tick = r.get("label") or {"pass": "P(pass)", "goal": "P(goal)"}.get(r["at"], f"at least {r['at']}")
        body.append(svg_text(12, y0 + 14, tick, SMALL))
        for j, d in enumerate(pair):
            y = y0 + 18 + j * lane + 2
            bw = abs(d) / peak * reach
            x = zero if d >= 0 else zero - bw
            if j == 0:
                body.append(svg_rect(x, y, max(bw, 0.5), lane - 4, "#0072B2"))
            else:
                body.append(svg_rect(x, y, max(bw, 0.5), lane - 4, "#ffffff", "#D55E00", 2))
            tx, anchor = (zero + bw + 4, "start") if d >= 0 else (zero - bw - 4, "end")
            body.append(svg_text(tx, y + lane - 7, points(d), SMALL, anchor))
    body.append(svg_line(zero, head + 2, height - 4))
    return f"{svg_frame(width, height)}{''.join(body)}</svg>", width, height


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
        heat_html = (f"{grid_images(heat['caption'], heat['cols'], grid, halt)}<p>{e(heat['legend'])}</p>"
                     + (f"<p>{e(heat['left_out'])}</p>" if heat.get("left_out") else "")
                     + f"<details><summary>The heatmap as a table</summary>{grid_text}</details>")
    return kept(f"<div class='vw-static'>{head}<p>Base roll: {e(base)}</p><ul>{listed}</ul>"
            f"<p>Chance to pass: <strong>{e(chances)}</strong></p><ul>{said}</ul>"
            f"<p>{svg_image(svg, alt, w, h)}</p><details><summary>Table of the odds and differences</summary>"
            f"{table}</details>{heat_html}</div>")
