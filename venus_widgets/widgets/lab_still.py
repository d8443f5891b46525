"""The rule lab's still: the base roll, what each variant changes, the
chances, each variant's change in one sentence, the difference at a glance
(the chart :func:`vw.compare <venus_widgets.engine.tools.compare.compare>`
draws, at most about 15 rows) and the heatmap, as pictures (each at most
:data:`~.stills.WIDEST` px wide) with alt text and their numbers in tables.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.export import html_text
from ..engine.format import percent_text
from ..engine.tools.compare_chart import difference_chart, difference_table
from .plain_words import percent
from .stills import WIDEST, _head, grid_images, html_table, kept


def lab_still(kind: str, base: str, changed: Sequence[tuple[str, str]], view: Mapping[str, Any],
              heat: Mapping[str, Any] | None, message: str = "") -> str:
    """The rule lab as it stands: the base roll, what each variant changes
    (in the table's words), the chances, each variant's change in one
    sentence, the difference at a glance as a picture (at most about 15
    rows, :func:`~venus_widgets.engine.tools.compare_chart.difference_chart`)
    and as a table of the same rows, the full verdicts folded, and the
    heatmap; each picture with alt text."""
    e = html_text
    head = _head("RuleLab", kind, "to change the rules")
    if message:
        return f"<div class='vw-static'>{head}<p>Base roll: {e(base)}</p><p>No odds: {e(message)}</p></div>"
    names, p_pass, rows = view["names"], view["p_pass"], view["rows"]
    chances = ", ".join(f"{names[k]} {percent(p_pass[k])}" for k in ("base", "A", "B"))
    listed = "".join(f"<li><strong>{e(name)}</strong>: {e(words)}</li>" for name, words in changed)
    lead = "".join(f"<li>{e(view['headlines'][k])}</li>" for k in ("A", "B"))
    said = "".join(f"<li><strong>{e(names[k])}</strong>: {e(view['verdicts'][k])}</li>" for k in ("A", "B"))
    stale = f"<p><strong>Not played:</strong> {e(view['stale'])} The odds below are the last ones every rule set " \
            f"could play.</p>" if view.get("stale") else ""
    shown = {k: names[k] if k != "base" else "base" for k in ("base", "A", "B")}
    table = difference_table(shown, rows, lambda p: percent_text(p, 1),  # one decimal, as the sentence
                             "Chance under each rule set; in brackets, the points from the base")
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
        # each column's head its value (the caption and the rows name the axes); the table keeps the labels whole
        across = heat.get("axes", ["", ""])[1]
        heads = [c[len(across) + 1:] if across and c.startswith(f"{across} ") else c for c in heat["cols"]]
        heat_html = (f"{grid_images(heat['caption'], heads, grid, halt, across)}<p>{e(heat['legend'])}</p>"
                     + (f"<p>{e(heat['left_out'])}</p>" if heat.get("left_out") else "")
                     + f"<details><summary>The heatmap as a table</summary>{grid_text}</details>")
    return kept(f"<div class='vw-static'>{head}<p>Base roll: {e(base)}</p><ul>{listed}</ul>{stale}"
                f"<p>Chance to pass: <strong>{e(chances)}</strong></p><ul>{lead}</ul>"
                f"{difference_chart(shown, rows, WIDEST)}<details><summary>Table of the odds and differences"
                f"</summary>{table}</details><details><summary>Every chance that moves, in words</summary>"
                f"<ul>{said}</ul></details>{heat_html}</div>")
