// The rule lab's difference at a glance: at most about 15 rows Python chose
// (venus_widgets/engine/tools/compare_glance.py: the chance to pass, every
// named chance that moves, at least each outcome, the long tail grouped),
// drawn one row under another: the row's words on the left, a bar per
// variant from a zero line, the points written at the bar's end. No two
// labels share a line, at any width. The same layout as the saved still's
// picture (engine/tools/compare_chart.py), and a table of the same rows.
import { h } from "./dom.js";
import { formatPercent } from "./format.js";

/** A difference of two chances in points, as the chart writes it (Python's short_points):
 *  "+33.8", "−0.04" below 0.05 points, "+<0.01" below 0.005, "±0" for none. */
export function shortPoints(d) {
  const p = d * 100;
  if (!p) return "±0";
  const sign = p > 0 ? "+" : "−";
  const a = Math.abs(p);
  if (a >= 0.05) return `${sign}${a.toFixed(1)}`;
  return a >= 0.005 ? `${sign}${a.toFixed(2)}` : `${sign}<0.01`;
}

/** A row's difference for a variant: "+33.8", "up to +1.2" for a group of rows, "no change" for a group none moves. */
export function valueWords(row, key) {
  const d = row.d[key];
  if (row.group && !d) return "no change";
  return (row.group ? "up to " : "") + barWords(row, key);
}

/** A bar's number: the difference, signed; "no change" for a group none moves (a group's bar is its largest
 *  change); one chance's points as Python wrote them (``said``: the difference of its two chances shown). */
export function barWords(row, key) {
  if (row.group) return row.d[key] ? shortPoints(row.d[key]) : "no change";
  return (row.said && row.said[key]) || shortPoints(row.d[key]);
}

/** Where the zero line stands and how many px a point is, for bars [difference, width of its number]:
 *  the largest scale at which every bar and its number, written past its end, stay within left..right
 *  (Python's zero_and_scale). */
export function zeroAndScale(bars, left, right) {
  const zero = (s) => left + Math.max(0, ...bars.filter(([d]) => d < 0).map(([d, t]) => Math.abs(d) * s + t + 4));
  const fits = (s) => { const z = zero(s); return bars.every(([d, t]) => d < 0 || z + d * s + t + 4 <= right); };
  const neg = Math.max(0, ...bars.filter(([d]) => d < 0).map(([d]) => -d));
  const pos = Math.max(0, ...bars.filter(([d]) => d >= 0).map(([d]) => d));
  let lo = 0, hi = (right - left) / Math.max(neg + pos, 1e-12);
  for (let i = 0; i < 40; i++) { const mid = (lo + hi) / 2; if (fits(mid)) lo = mid; else hi = mid; }
  return [zero(lo), lo];
}

/** The variants the chart draws: those that move some row (one with the rules of the base draws nothing). */
export function drawnVariants(rows, keys = ["A", "B"]) {
  return keys.filter((k) => (rows || []).some((r) => r.d[k]));
}

/** A text in lines of at most ``width`` characters, broken at spaces. */
export function tickLines(text, width = 9) {
  const lines = [];
  for (const word of String(text).split(" ")) {
    const last = lines.length - 1;
    if (last >= 0 && (lines[last] + " " + word).length <= width) lines[last] += " " + word;
    else lines.push(word);
  }
  return lines;
}

/** About how wide ``text`` is drawn at ``size`` px (a little over). */
export function textWidth(text, size) {
  let w = 0;
  for (const ch of String(text)) w += /[0-9+−±≥]/.test(ch) ? 0.72 : /[ .,:]/.test(ch) ? 0.35 : 0.66;
  return w * size;
}

/** Where everything goes at ``width`` px with ``size`` px text: each row's label lines and top, each
 *  bar's box and its number's anchor. Pure (unit-tested): rows never overlap, bars stay inside. */
export function diffLayout(rows, shown, width, size = 12) {
  const bars = rows.flatMap((r) => shown.map((k) => [r.d[k], textWidth(barWords(r, k), size)]));
  const room = Math.max(...bars.map(([, t]) => t));
  // the labels take up to 42 % of the width, less when the numbers need it (never under 30 %)
  const labelW = Math.floor(Math.max(width * 0.3, Math.min(width * 0.42, width - 2 * room - 60)));
  const chars = Math.max(6, Math.floor(labelW / (size * 0.62)));
  const [zero, scale] = zeroAndScale(bars, labelW + 8, width - 6);
  const bar = size + 2;
  let y = 6;
  const out = rows.map((r) => {
    const lines = tickLines(r.tick, chars);
    const rh = Math.max(lines.length * (size + 3), shown.length * (bar + 3)) + 6;
    const bars = shown.map((k, j) => {
      const d = r.d[k], w = Math.abs(d) * scale, by = y + 4 + j * (bar + 3);
      return { key: k, x: d >= 0 ? zero : zero - w, y: by, w: Math.max(w, 1), h: bar - 2, text: barWords(r, k), said: valueWords(r, k),
        tx: d >= 0 ? zero + w + 4 : zero - w - 4, ty: by + bar - 4, anchor: d >= 0 ? "start" : "end" };
    });
    const row = { y, h: rh, lines, ly: y + 3 + size, bars };
    y += rh;
    return row;
  });
  return { width, height: Math.ceil(y + 6), zero, size, rows: out };
}

/** The chart, drawn at ``width`` px (12 px text), with a caption saying which bar is which. */
export function diffChart(view, width) {
  const rows = view.rows || [];
  const shown = drawnVariants(rows);
  if (!rows.length || !shown.length) return null;
  const NS = "http://www.w3.org/2000/svg";
  const mk = (tag, attrs, text) => { const el = document.createElementNS(NS, tag); for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v); if (text !== undefined) el.textContent = text; return el; };
  const W = Math.max(240, Math.floor(width || 400));
  const lay = diffLayout(rows, shown, W);
  const n = view.names;
  const svgEl = mk("svg", { role: "img", class: "vw-diffchart", viewBox: `0 0 ${W} ${lay.height}`, width: W, height: lay.height,
    "aria-label": `Difference from the base, in percentage points: ${rows.map((r) => `${r.label}: ${shown.map((k) => `${n[k]} ${valueWords(r, k)}`).join(", ")}`).join("; ")}`,
    "data-testid": "diff-chart" });
  svgEl.appendChild(mk("line", { x1: lay.zero, x2: lay.zero, y1: 4, y2: lay.height - 4, class: "zero" }));
  lay.rows.forEach((row, i) => {
    if (i) svgEl.appendChild(mk("line", { x1: 4, x2: W - 4, y1: row.y, y2: row.y, class: "rule" }));
    const tick = mk("text", { class: "tick", "data-testid": "diff-tick" });
    row.lines.forEach((line, k) => tick.appendChild(mk("tspan", { x: 6, y: row.ly + k * (lay.size + 3) }, line)));
    svgEl.appendChild(tick);
    for (const b of row.bars) {
      const rect = mk("rect", { x: b.x, y: b.y, width: b.w, height: b.h, class: b.key === "A" ? "a" : "b" });
      rect.appendChild(mk("title", {}, `${n[b.key]}, ${rows[i].label}: ${b.said} points`));
      svgEl.appendChild(rect);
      svgEl.appendChild(mk("text", { x: b.tx, y: b.ty, "text-anchor": b.anchor, class: "n" }, b.text));
    }
  });
  const same = ["A", "B"].filter((k) => !shown.includes(k)).map((k) => n[k]);
  const bars = shown.map((k) => `${k === "A" ? "filled" : "outlined"}: ${n[k]}`).join("; ");
  return h("figure", { class: "vw-fig" }, svgEl,
    h("figcaption", { class: "vw-sub" }, "Points above (right) or below (left) the base at each chance (a row of several "
      + `outcomes or chances: the largest change among them); ${bars}.`
      + (same.length ? ` Not drawn, the same odds as the base: ${same.join(", ")}.` : "")));
}

/** The same rows as a table: each rule set's chance (a group: its first and last row) with one decimal, as
 *  the sentence says it, and beside each variant's, in brackets, its points from the base: a column per
 *  rule set, so that the table fits 400 px (a column of points per variant besides did not). */
export function diffTable(view) {
  const n = view.names;
  const cell = (r, k) => formatPercent(r.p[k], 1) + (r.group ? ` … ${formatPercent(r.p_last[k], 1)}` : "");
  // a variant with the odds of the base has no column: the caption says so
  const shown = drawnVariants(view.rows || []);
  const same = ["A", "B"].filter((k) => !shown.includes(k)).map((k) => n[k]);
  return h("details", { "data-testid": "lab-table" }, h("summary", {}, "Table of the odds and differences"),
    h("table", { class: "vw-difftable" }, h("caption", {}, "Chance under each rule set; in brackets, the points from the base"
      + (same.length ? ` (${same.join(", ")}: the same odds as the base)` : "")),
      h("thead", {}, h("tr", {}, ["chance", "base", ...shown.map((k) => n[k])]
        .map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, (view.rows || []).map((r) => h("tr", {}, h("th", { scope: "row" }, r.label),
        h("td", {}, cell(r, "base")), ...shown.map((k) => h("td", {}, `${cell(r, k)} (${valueWords(r, k)})`)))))));
}
