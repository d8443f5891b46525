// venus-widgets front end, bundled from js/ by esbuild (make js); sources sha256 4e07376d9de46906c78ffb01bff259d4ca30bd7b1781c71a35616b6451773207

// js/dom.js
var UID_KEY = /* @__PURE__ */ Symbol.for("venus-widgets.uid");
function uid(prefix) {
  globalThis[UID_KEY] = (globalThis[UID_KEY] || 0) + 1;
  return `vw-${prefix}-${globalThis[UID_KEY]}`;
}
var OWN_KEYS = /* @__PURE__ */ new Set(["input", "select", "button", "textarea", "details", "summary"]);
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  if (OWN_KEYS.has(tag)) el.setAttribute("data-lm-suppress-shortcuts", "true");
  setAttrs(el, attrs);
  append(el, children);
  return el;
}
var SVG_NS = "http://www.w3.org/2000/svg";
function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === void 0 || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "value") el.value = v;
    else if (k === "checked") el.checked = !!v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
}
function numberPieces(text) {
  const out = [];
  let last = 0;
  for (const m of String(text).matchAll(/[<>]?[0-9][0-9.,]* %|1 in [0-9][0-9,]*/g)) {
    if (m.index > last) out.push([text.slice(last, m.index), false]);
    out.push([m[0], true]);
    last = m.index + m[0].length;
  }
  if (last < String(text).length) out.push([String(text).slice(last), false]);
  return out;
}
var PLAIN_TEXT = /* @__PURE__ */ new Set(["option", "textarea", "style", "title", "script"]);
function textNode(el, text) {
  if (PLAIN_TEXT.has(el.localName) || el.namespaceURI === SVG_NS) return [document.createTextNode(text)];
  return numberPieces(text).map(([piece, keep]) => {
    if (!keep) return document.createTextNode(piece);
    const span = document.createElement("span");
    span.className = "vw-n";
    span.textContent = piece;
    return span;
  });
}
function setText(el, text) {
  el.replaceChildren(...textNode(el, String(text ?? "")));
}
function append(el, children) {
  for (const c of children.flat()) {
    if (c === null || c === void 0 || c === false) continue;
    if (typeof c === "string" || typeof c === "number") el.append(...textNode(el, String(c)));
    else el.appendChild(c);
  }
}
function rerender(container, build) {
  const active = container.ownerDocument?.activeElement;
  const key = active && container.contains(active) ? active.getAttribute("data-key") : null;
  container.replaceChildren(...[build()].flat().filter(Boolean));
  if (key) {
    const again = container.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus();
  }
}
function send(model, content) {
  model.send(content);
}

// js/format.js
function formatPercent(p, digits = 0) {
  if (typeof p !== "number" || !Number.isFinite(p)) return "–";
  if (p <= 0) return "0 %";
  if (p >= 1) return "100 %";
  const scale = 10 ** digits;
  const units = p * 100 * scale;
  if (units < 0.5) return `<${(1 / scale).toFixed(digits)} %`;
  if (units >= 100 * scale - 0.5) return `>${(100 - 1 / scale).toFixed(digits)} %`;
  return `${(Math.floor(units + 0.5) / scale).toFixed(digits)} %`;
}

// js/style.js
var STYLE = `
.vw-root { --vw-fg: var(--jp-ui-font-color0, #1a1a1a); --vw-fg2: var(--jp-ui-font-color2, #555);
  --vw-bg: var(--jp-layout-color0, #fff); --vw-bg2: var(--jp-layout-color2, #eee);
  --vw-border: var(--jp-border-color1, #bbb); --vw-focus: var(--jp-brand-color1, #0072B2);
  --vw-pass: #0072B2; --vw-fail: #E69F00; --vw-goal: #009E73; --vw-ally: #CC79A7; --vw-warn: #D55E00;
  color: var(--vw-fg); background: var(--vw-bg); font-family: var(--jp-ui-font-family, system-ui, sans-serif);
  font-size: max(13px, var(--jp-ui-font-size1, 13px)); line-height: 1.35; display: flex; flex-wrap: wrap; gap: 8px 12px; padding: 6px; box-sizing: border-box; }
@media (prefers-color-scheme: dark) { .vw-root:not([data-jp-theme-light]) { --vw-fg: var(--jp-ui-font-color0, #eee);
  --vw-bg: var(--jp-layout-color0, #111); --vw-bg2: var(--jp-layout-color2, #333); --vw-fg2: var(--jp-ui-font-color2, #bbb); } }
.vw-root * { box-sizing: border-box; }
.vw-root p { margin: 3px 0; }
.vw-n { white-space: nowrap; }
/* a roller: headline and roll card on top; controls | steps, chart and the rest; one column when narrow */
.vw-root.vw-task, .vw-root.vw-check, .vw-root.vw-pool { display: grid; grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr); align-items: start; }
.vw-root > .vw-title, .vw-root > .vw-head, .vw-root > .vw-footer { grid-column: 1 / -1; }
.vw-root > .vw-controls { grid-column: 1; min-width: 0; }
.vw-root > .vw-side { grid-column: 2; min-width: 0; display: flex; flex-direction: column; gap: 4px; }
.vw-root.vw-one { grid-template-columns: minmax(0, 1fr); }
.vw-root.vw-one > .vw-side { display: contents; }
.vw-root.vw-one > * , .vw-root.vw-one > .vw-side > * { grid-column: 1; min-width: 0; }
.vw-root.vw-one > .vw-title { order: 0; } .vw-root.vw-one > .vw-head { order: 1; }
.vw-root.vw-one > .vw-side > .vw-steps { order: 2; } .vw-root.vw-one > .vw-side > .vw-disclose { order: 3; }
.vw-root.vw-one > .vw-side > .vw-odds { order: 3; }
.vw-root.vw-one > .vw-controls { order: 4; } .vw-root.vw-one > .vw-side > .vw-more { order: 5; }
.vw-root.vw-one > .vw-footer { order: 6; }
.vw-head { display: flex; flex-wrap: wrap; gap: 6px 18px; align-items: flex-start; min-width: 0; }
.vw-headline { flex: 0 1 12.5em; min-width: 9em; }
.vw-card { flex: 1 1 250px; min-width: 0; border-left: 3px solid var(--vw-border); padding-left: 10px; }
.vw-card .vw-options { font-size: 0.92em; gap: 2px 12px; margin-top: 2px; }
.vw-card .vw-options input[type=text] { width: 8.5em; }
.vw-opt { display: inline-flex; align-items: center; gap: 4px; white-space: nowrap; }
.vw-cardtable:empty { display: none; }
.vw-before { font-size: 1em; }
.vw-note { border-left: 4px solid var(--vw-focus); padding-left: 6px; }
.vw-note[hidden] { display: none; }
.vw-odds, .vw-steps, .vw-more { min-width: 0; }
.vw-steps:empty { display: none; }
.vw-root [hidden] { display: none !important; }
.vw-root button.vw-disclose { background: none; border: 0; padding: 2px 0; text-align: left; font-weight: 600; color: var(--vw-fg); }
.vw-disclose::before { content: "▸ "; } .vw-disclose[aria-expanded=true]::before { content: "▾ "; }
.vw-footer { min-width: 0; }
.vw-fold > summary { cursor: pointer; margin: 2px 0; }
.vw-fold[open] > summary { margin-bottom: 4px; }
.vw-root select, .vw-root input { max-width: 100%; min-width: 0; }
.vw-hints { list-style: none; padding: 0 0 0 1.2em; margin: 2px 0; }
.vw-whatif { margin: 2px 0; }
.vw-root fieldset { border: 1px solid var(--vw-border); border-radius: 4px; margin: 0 0 4px 0; padding: 0 6px 4px; min-width: 0; }
.vw-root fieldset:disabled { opacity: .6; }
.vw-root legend { font-weight: 600; padding: 0 4px; line-height: 1.2; }
.vw-controls .vw-row > select { max-width: 16em; }
.vw-row { display: flex; align-items: center; gap: 2px 6px; margin: 1px 0; flex-wrap: wrap; }
.vw-row > label:first-child { min-width: 7em; }
.vw-list .vw-row > label:first-child { min-width: 3.5em; }
.vw-text > label:first-child { min-width: 0; }
.vw-text > input[type=text] { flex: 1 1 6em; width: 0; }
.vw-row > input[type=checkbox] + label { flex: 1 1 0; min-width: 8em; }
.vw-root input[type=range] { flex: 1 1 100px; min-width: 80px; }
.vw-root button, .vw-root select, .vw-root input { font: inherit; color: var(--vw-fg); background: var(--vw-bg2);
  border: 1px solid var(--vw-border); border-radius: 3px; padding: 2px 6px; }
.vw-root button:disabled { opacity: .55; }
.vw-root button { cursor: pointer; padding: 2px 10px; border-radius: 4px; }
.vw-root button:hover:not(:disabled) { border-color: var(--vw-focus); }
.vw-root button.vw-roll { background: var(--vw-pass); color: #ffffff; border-color: var(--vw-pass); font-weight: 600; }
.vw-root button.vw-roll:hover { filter: brightness(1.1); }
.vw-root button[hidden] { display: none; }
.vw-root input[type=range], .vw-root input[type=checkbox], .vw-root input[type=radio] { accent-color: var(--vw-pass); }
.vw-root :focus-visible { outline: 3px solid var(--vw-focus); outline-offset: 2px; }
.vw-big { font-size: 2.2em; font-weight: 700; line-height: 1.1; white-space: nowrap; }
.vw-sub { color: var(--vw-fg2); }
.vw-hints li, .vw-notes li { margin: 1px 0; }
.vw-notes { margin: 2px 0; padding-left: 1.2em; }
/* the words in the text colour (vermillion text cannot reach 4.5:1 on both a light and a dark
   background); the vermillion bar and the ⚠ mark it as an error, not colour alone */
.vw-error { color: var(--vw-fg); font-weight: 600; border-left: 4px solid var(--vw-warn); padding-left: 6px; }
.vw-error:empty { display: none; }
.vw-error::before { content: "⚠ "; }
.vw-dice { display: flex; flex-wrap: wrap; gap: 9px 6px; margin: 4px 0 6px; }
.vw-die { position: relative; min-width: 2.9em; min-height: 3.2em; display: inline-flex; flex-direction: column; align-items: center;
  justify-content: center; border: 2px solid var(--vw-fg); background: var(--vw-bg); cursor: pointer; padding: 2px 3px; }
.vw-root button.vw-die { padding: 2px 4px; }
.vw-die .vw-face { font-size: 1.5em; font-weight: 700; }
.vw-die .vw-tag, .vw-die .vw-was { font-size: max(11px, .72em); line-height: 1.1; white-space: nowrap; }
.vw-die .vw-pips svg { display: block; margin: 2px auto 0; }
.vw-die .vw-pips circle { fill: currentColor; }
/* the die's grade (caliber) by colour and by pattern, its name in the label too */
.vw-die.grade-0 { border-top: 4px solid #A0522D; }
.vw-die.grade-1 { border-top: 4px dashed #8A8A8A; }
.vw-die.grade-2 { border-top: 5px double #E69F00; }
.vw-die.grade-3 { border-top: 4px dotted #56B4E9; }
.vw-die.shape-circle { border-radius: 50%; border-color: var(--vw-ally); }
.vw-die.shape-diamond { border-style: double; border-width: 4px; border-radius: 0 12px 0 12px; }
.vw-die.shape-square-dark { background: var(--vw-fg); color: var(--vw-bg); }
.vw-die.success { box-shadow: inset 0 -5px 0 var(--vw-pass); }
/* selected to KISS: a dashed ring of its own and the words "to KISS", so keyboard focus (the outline,
   drawn outside the ring) never hides it */
.vw-die.selected::after { content: ""; position: absolute; inset: -6px; border: 3px dashed var(--vw-warn); border-radius: inherit; pointer-events: none; }
.vw-die:focus-visible { outline-offset: 6px; }
.vw-die .vw-pick { font-size: max(11px, .72em); font-weight: 700; }
.vw-die[aria-disabled=true] { cursor: default; }
.vw-mark { font-weight: 700; }
.vw-chart { display: block; max-width: 100%; overflow: visible; }
.vw-chart rect.pass { fill: var(--vw-pass); }
.vw-chart rect.fail { fill: var(--vw-fail); }
.vw-chart rect.goal { stroke: var(--vw-goal); stroke-width: 2; }
.vw-chart text { fill: var(--vw-fg); font-size: 11px; }
.vw-chart rect.cum { fill: var(--vw-pass); opacity: 0.6; }
.vw-root .vw-chartmodes { border: 0; padding: 0; margin: 2px 0 0; display: flex; gap: 0 0.7em; flex-wrap: wrap; }
.vw-chartmodes legend { float: left; margin-right: 0.3em; padding: 0; }
.vw-chart line.threshold { stroke: var(--vw-fg); stroke-width: 2; }
.vw-chart line.goal { stroke: var(--vw-goal); stroke-width: 2; stroke-dasharray: 4 3; }
.vw-root table { border-collapse: collapse; }
.vw-root td, .vw-root th { border: 1px solid var(--vw-border); padding: 1px 6px; text-align: right; }
.vw-option.best { font-weight: 700; }
.vw-spend .vw-row { margin: 1px 0; align-items: flex-start; line-height: 1.25; }
.vw-spend .vw-row > input { margin-top: 2px; }
.vw-subvert > label:first-child { min-width: 0; }
.vw-subvert select { flex: 1 1 6em; width: 0; }
.vw-advice ul { margin: 2px 0; padding: 0; list-style: none; }
.vw-advice li { margin: 2px 0; }
.vw-root button.vw-small { padding: 1px 6px; }
.vw-status { font-weight: 600; }
.vw-result { margin: 3px 0; font-weight: 700; }
.vw-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (prefers-reduced-motion: no-preference) { .vw-die { transition: transform .15s ease; } .vw-die.selected { transform: translateY(-3px); }
  .vw-die.fresh { animation: vw-roll .35s ease-out; } }
@keyframes vw-roll { from { transform: rotate(-25deg) scale(.8); } to { transform: none; } }
@media (prefers-reduced-motion: reduce) { .vw-root * { transition: none !important; animation: none !important; } }
/* more contrast asked for: secondary text and borders in the text colour */
@media (prefers-contrast: more) { .vw-root { --vw-fg2: var(--vw-fg); --vw-border: var(--vw-fg); }
  .vw-root button:disabled { opacity: 1; border-style: dashed; } }
/* forced colours (Windows contrast themes): the system's colours, and what a colour meant said by a border */
@media (forced-colors: active) {
  .vw-chart rect.pass { fill: Highlight; } .vw-chart rect.fail { fill: GrayText; } .vw-chart rect.goal { stroke: CanvasText; }
  .vw-chart text { fill: CanvasText; } .vw-chart line.threshold, .vw-chart line.goal { stroke: CanvasText; }
  .vw-die.success { border-bottom-width: 6px; }
  .vw-die.selected::after { border-color: CanvasText; }
  .vw-error { border-left-color: CanvasText; }
  .vw-root button:disabled { opacity: 1; color: GrayText; border-color: GrayText; } }
`;
function rootElement(el, kind) {
  const root = h("div", { class: `vw-root vw-${kind}`, "data-testid": `vw-${kind}` });
  root.appendChild(h("style", {}, STYLE));
  el.appendChild(root);
  return root;
}

// js/lab_diff.js
function shortPoints(d) {
  const p = d * 100;
  if (!p) return "±0";
  const sign = p > 0 ? "+" : "−";
  const a = Math.abs(p);
  if (a >= 0.05) return `${sign}${a.toFixed(1)}`;
  return a >= 5e-3 ? `${sign}${a.toFixed(2)}` : `${sign}<0.01`;
}
function valueWords(row, key) {
  const d = row.d[key];
  if (row.group && !d) return "no change";
  return (row.group ? "up to " : "") + shortPoints(d);
}
function barWords(row, key) {
  return row.group && !row.d[key] ? "no change" : shortPoints(row.d[key]);
}
function zeroAndScale(bars, left, right) {
  const zero = (s) => left + Math.max(0, ...bars.filter(([d]) => d < 0).map(([d, t]) => Math.abs(d) * s + t + 4));
  const fits = (s) => {
    const z = zero(s);
    return bars.every(([d, t]) => d < 0 || z + d * s + t + 4 <= right);
  };
  const neg = Math.max(0, ...bars.filter(([d]) => d < 0).map(([d]) => -d));
  const pos = Math.max(0, ...bars.filter(([d]) => d >= 0).map(([d]) => d));
  let lo = 0, hi = (right - left) / Math.max(neg + pos, 1e-12);
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return [zero(lo), lo];
}
function drawnVariants(rows, keys = ["A", "B"]) {
  return keys.filter((k) => (rows || []).some((r) => r.d[k]));
}
function tickLines(text, width = 9) {
  const lines = [];
  for (const word of String(text).split(" ")) {
    const last = lines.length - 1;
    if (last >= 0 && (lines[last] + " " + word).length <= width) lines[last] += " " + word;
    else lines.push(word);
  }
  return lines;
}
function textWidth(text, size) {
  let w = 0;
  for (const ch of String(text)) w += /[0-9+−±≥]/.test(ch) ? 0.72 : /[ .,:]/.test(ch) ? 0.35 : 0.66;
  return w * size;
}
function diffLayout(rows, shown, width, size = 12) {
  const bars = rows.flatMap((r) => shown.map((k) => [r.d[k], textWidth(barWords(r, k), size)]));
  const room = Math.max(...bars.map(([, t]) => t));
  const labelW = Math.floor(Math.max(width * 0.3, Math.min(width * 0.42, width - 2 * room - 60)));
  const chars = Math.max(6, Math.floor(labelW / (size * 0.62)));
  const [zero, scale] = zeroAndScale(bars, labelW + 8, width - 6);
  const bar = size + 2;
  let y = 6;
  const out = rows.map((r) => {
    const lines = tickLines(r.tick, chars);
    const rh = Math.max(lines.length * (size + 3), shown.length * (bar + 3)) + 6;
    const bars2 = shown.map((k, j) => {
      const d = r.d[k], w = Math.abs(d) * scale, by = y + 4 + j * (bar + 3);
      return {
        key: k,
        x: d >= 0 ? zero : zero - w,
        y: by,
        w: Math.max(w, 1),
        h: bar - 2,
        text: barWords(r, k),
        said: valueWords(r, k),
        tx: d >= 0 ? zero + w + 4 : zero - w - 4,
        ty: by + bar - 4,
        anchor: d >= 0 ? "start" : "end"
      };
    });
    const row = { y, h: rh, lines, ly: y + 3 + size, bars: bars2 };
    y += rh;
    return row;
  });
  return { width, height: Math.ceil(y + 6), zero, size, rows: out };
}
function diffChart(view, width) {
  const rows = view.rows || [];
  const shown = drawnVariants(rows);
  if (!rows.length || !shown.length) return null;
  const NS = "http://www.w3.org/2000/svg";
  const mk = (tag, attrs, text) => {
    const el = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text !== void 0) el.textContent = text;
    return el;
  };
  const W = Math.max(240, Math.floor(width || 400));
  const lay = diffLayout(rows, shown, W);
  const n = view.names;
  const svgEl = mk("svg", {
    role: "img",
    class: "vw-diffchart",
    viewBox: `0 0 ${W} ${lay.height}`,
    width: W,
    height: lay.height,
    "aria-label": `Difference from the base, in percentage points: ${rows.map((r) => `${r.label}: ${shown.map((k) => `${n[k]} ${valueWords(r, k)}`).join(", ")}`).join("; ")}`,
    "data-testid": "diff-chart"
  });
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
  return h(
    "figure",
    { class: "vw-fig" },
    svgEl,
    h("figcaption", { class: "vw-sub" }, `Points above (right) or below (left) the base at each chance (a row of several outcomes or chances: the largest change among them); ${bars}.` + (same.length ? ` Not drawn, the same odds as the base: ${same.join(", ")}.` : ""))
  );
}
function diffTable(view) {
  const n = view.names;
  const cell = (r, k) => formatPercent(r.p[k]) + (r.group ? ` … ${formatPercent(r.p_last[k])}` : "");
  const shown = drawnVariants(view.rows || []);
  const same = ["A", "B"].filter((k) => !shown.includes(k)).map((k) => n[k]);
  return h(
    "details",
    { "data-testid": "lab-table" },
    h("summary", {}, "Table of the odds and differences"),
    h(
      "table",
      {},
      h("caption", {}, "Chance under each rule set; differences in percentage points" + (same.length ? ` (${same.join(", ")}: the same odds as the base)` : "")),
      h("thead", {}, h("tr", {}, ["chance", "base", ...shown.map((k) => n[k]), ...shown.map((k) => `${n[k]} − base`)].map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, (view.rows || []).map((r) => h(
        "tr",
        {},
        h("th", { scope: "row" }, r.label),
        ...["base", ...shown].map((k) => h("td", {}, cell(r, k))),
        ...shown.map((k) => h("td", {}, valueWords(r, k)))
      )))
    )
  );
}

// js/rulelab.js
function knobText(value) {
  if (value === null || value === void 0) return "none";
  if (value === true) return "yes";
  if (value === false) return "no";
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${k} ${knobText(v)}`).join(" · ");
  return String(value);
}
function readScalar(form, raw) {
  if (form.type === "bool") return raw === "yes";
  const text = String(raw).trim();
  if (form.optional && (text === "" || text === "none")) return null;
  return /^-?[0-9]+$/.test(text) ? Number(text) : raw;
}
function pointsCell(d) {
  if (Math.abs(d) < 5e-13) return "±0";
  return `${d > 0 ? "+" : "−"}${Math.abs(d * 100).toFixed(1)}`;
}
function debounced(fn, ms = 250) {
  let t = null;
  const call = (v) => {
    if (t !== null) clearTimeout(t);
    t = setTimeout(() => {
      t = null;
      fn(v);
    }, ms);
  };
  call.cancel = () => {
    if (t !== null) clearTimeout(t);
    t = null;
  };
  return call;
}
var TYPED = /* @__PURE__ */ new WeakMap();
function scalarControl(form, value, label, onset, err, key, model) {
  const id = uid("knob");
  const typed = TYPED.get(model) || {};
  TYPED.set(model, typed);
  const invalid = { "data-key": key, ...err ? { "aria-invalid": "true", "aria-describedby": err.id } : {} };
  if (form.type === "bool") {
    return [
      h("label", { for: id, class: "vw-visually-hidden" }, label),
      h(
        "select",
        { id, ...invalid, onchange: (e) => onset(readScalar(form, e.target.value)) },
        ["yes", "no"].map((w) => h("option", { value: w, selected: (value ? "yes" : "no") === w }, w))
      )
    ];
  }
  if (form.optional) {
    const opts = ["none"];
    for (let k = form.lo; k <= form.hi; k++) opts.push(String(k));
    return [
      h("label", { for: id, class: "vw-visually-hidden" }, label),
      h(
        "select",
        { id, ...invalid, onchange: (e) => onset(readScalar(form, e.target.value)) },
        opts.map((w) => h("option", { value: w, selected: knobText(value) === w }, w))
      )
    ];
  }
  let later = null;
  const send1 = (raw) => {
    if (later) later.cancel();
    typed[key] = raw;
    onset(readScalar(form, raw));
  };
  later = debounced(send1);
  let stepped = false;
  const shown = err && typed[key] !== void 0 ? typed[key] : String(value);
  return [
    h("label", { for: id, class: "vw-visually-hidden" }, label),
    h("input", {
      id,
      type: "number",
      min: form.lo,
      max: form.hi,
      step: 1,
      value: shown,
      class: "vw-knob-n",
      ...invalid,
      onkeydown: (e) => {
        stepped = e.key === "ArrowUp" || e.key === "ArrowDown";
      },
      oninput: (e) => {
        if (stepped) send1(e.target.value);
        else later(e.target.value);
        stepped = false;
      },
      onchange: (e) => send1(e.target.value)
    })
  ];
}
function fieldError(model, where) {
  const text = (model.get("field_errors") || {})[where];
  return text ? { id: uid("knob-err"), text, where } : null;
}
function errorLine(err) {
  return err ? h("p", { id: err.id, class: "vw-error", role: "alert", "data-testid": `knob-error-${err.where}` }, err.text) : null;
}
function knobControl(model, knob, variant, value) {
  const form = knob.form || {};
  const names = model.get("names") || {};
  const label = `${knob.label} (${knob.name}) in ${names[variant] || variant}`;
  const set = (v, key = null) => send(model, { do: "knob", variant, name: knob.name, value: v, key });
  if (form.type === "faces") {
    const chosen = new Set(value);
    const err2 = fieldError(model, `${variant}.${knob.name}`);
    return h(
      "div",
      { role: "group", "aria-label": `${label}: faces`, "aria-invalid": err2 ? "true" : null, "aria-describedby": err2 ? err2.id : null },
      Array.from({ length: form.hi - form.lo + 1 }, (_, i) => form.lo + i).map((f) => {
        const id = uid("face");
        return h(
          "span",
          { class: "vw-face" },
          h("input", {
            type: "checkbox",
            id,
            checked: chosen.has(f),
            onchange: (e) => {
              const next = new Set(chosen);
              if (e.target.checked) next.add(f);
              else next.delete(f);
              set([...next].sort((a, b) => a - b));
            }
          }),
          h("label", { for: id }, String(f))
        );
      }),
      errorLine(err2)
    );
  }
  if (form.type === "per") {
    const errs = form.keys.map((k) => fieldError(model, `${variant}.${knob.name}.${k}`));
    return h(
      "div",
      { role: "group", "aria-label": label },
      form.keys.map((k, i) => h(
        "span",
        { class: "vw-per" },
        `${k} `,
        scalarControl(form.of, value[k], `${label}, ${k}`, (v) => set({ ...value, [k]: v }, k), errs[i], `knob-${variant}-${knob.name}-${k}`, model)
      )),
      errs.map(errorLine)
    );
  }
  const err = fieldError(model, `${variant}.${knob.name}`);
  return h("span", {}, scalarControl(form, value, label, set, err, `knob-${variant}-${knob.name}`, model), errorLine(err));
}
function draftWords(drafts, v) {
  const id = (drafts || {})[v];
  return id ? `plays by the draft ${id}` : "";
}
function ruleWords(k) {
  if (k.seed) return `“${k.seed}”`;
  return k.says || "";
}
function rangeWords(k) {
  return `As read: ${knobText(k.default)}.` + (k.takes ? ` It takes ${k.takes}.` : "");
}
function knobsTable(model) {
  const knobs = model.get("knobs") || [];
  const variants = model.get("variants") || {};
  const drafts = model.get("drafts") || {};
  const names = model.get("names") || {};
  const nameInput = (v) => {
    const id = uid("name");
    const other = draftWords(drafts, v);
    return h(
      "span",
      { class: "vw-opt" },
      h("label", { for: id }, `Name of variant ${v}`),
      h("input", {
        id,
        type: "text",
        value: names[v] || v,
        maxlength: 30,
        size: 12,
        "data-testid": `name-${v}`,
        "data-key": `name-${v}`,
        onchange: (e) => send(model, { do: "rename", variant: v, name: e.target.value })
      }),
      other ? h(
        "span",
        { class: "vw-sub", "data-testid": `draft-${v}` },
        ` ${other} `,
        h("button", {
          type: "button",
          class: "vw-small",
          "aria-label": `Variant ${names[v] || v} back to this roller's rules`,
          onclick: () => send(model, { do: "reset", variant: v, name: null })
        }, "use these rules")
      ) : null
    );
  };
  const cards = knobs.map((k) => {
    const titleId = uid("knob-title");
    const cells = ["A", "B"].filter((v) => !drafts[v]).map((v) => {
      const given = Object.prototype.hasOwnProperty.call(variants[v] || {}, k.name);
      const value = given ? variants[v][k.name] : k.base !== void 0 ? k.base : k.default;
      return h(
        "div",
        { class: "vw-knob-v", "data-testid": `knob-${v}-${k.name}`, "data-changed": String(given) },
        h("span", { class: "vw-knob-who" }, `${names[v] || v}${given ? " (changed)" : ""}: `),
        knobControl(model, k, v, value),
        given ? h("button", {
          type: "button",
          class: "vw-small",
          "aria-label": `${k.label} in ${names[v] || v} back to the default`,
          onclick: () => send(model, { do: "reset", variant: v, name: k.name })
        }, "default") : null
      );
    });
    return h(
      "div",
      { class: "vw-knob", role: "group", "aria-labelledby": titleId, "data-knob": k.name },
      h("div", { id: titleId, class: "vw-knob-name" }, k.label),
      h("div", { class: "vw-knob-rule", "data-testid": `rule-${k.name}` }, ruleWords(k)),
      h("div", { class: "vw-sub" }, rangeWords(k)),
      h("div", { class: "vw-knob-vals" }, cells)
    );
  });
  return h(
    "section",
    { class: "vw-knobs", "data-testid": "knobs", "aria-label": "Rule knobs" },
    h("h4", {}, "Rule knobs: change a rule in variant A or B (the base plays by the rules as read)"),
    h("div", { class: "vw-row" }, nameInput("A"), nameInput("B")),
    cards
  );
}
function oddsBlock(view, width) {
  if (!view.ok) return h("p", { "data-testid": "lab-message" }, `No odds: ${view.message || ""}`);
  const n = view.names;
  const head = h("div", { class: "vw-lab-odds" }, ["base", "A", "B"].map((k) => h(
    "div",
    { class: "vw-lab-col", "data-testid": `lab-${k}` },
    h("div", { class: "vw-sub" }, k === "base" ? "base (rules as read)" : n[k]),
    h("div", { class: "vw-big", "data-testid": `lab-p-${k}`, "data-p": String(view.p_pass[k]) }, formatPercent(view.p_pass[k])),
    h("div", { class: "vw-sub" }, `goal ${formatPercent(view.p_goal[k])}`)
  )));
  const lead = h("ul", { class: "vw-verdicts", "data-testid": "headlines" }, ["A", "B"].map((k) => h(
    "li",
    { "data-testid": `headline-${k}` },
    (view.headlines || {})[k] || ""
  )));
  const stale = view.stale ? h(
    "p",
    { class: "vw-error", role: "alert", "data-testid": "lab-stale" },
    `Not played: ${view.stale} The odds below are the last ones every rule set could play.`
  ) : null;
  const verdicts = h(
    "details",
    { "data-testid": "verdicts" },
    h("summary", {}, "Every chance that moves, in words"),
    h("ul", { class: "vw-verdicts" }, ["A", "B"].map((k) => h(
      "li",
      { "data-testid": `verdict-${k}` },
      h("strong", {}, `${n[k]}: `),
      view.verdicts[k]
    )))
  );
  return [
    stale,
    h("div", { class: stale ? "vw-stale" : "" }, head, lead, diffChart(view, width), diffTable(view), verdicts),
    sampleBlock(view)
  ];
}
function sampleBlock(view) {
  const keys = Object.keys(view.sample || {});
  if (!keys.length) return null;
  const rows = [];
  for (const k of keys) {
    const s = view.sample[k];
    for (const [n, p] of s.checkpoints) {
      rows.push(h(
        "tr",
        {},
        h("th", { scope: "row" }, `${view.names[k]}, ${n.toLocaleString("en")} rolls`),
        h("td", {}, formatPercent(p)),
        h("td", {}, formatPercent(s.exact)),
        h("td", {}, pointsCell(p - s.exact))
      ));
    }
  }
  const cut = keys.map((k) => view.sample[k].cut).filter((x) => x > 0);
  return h(
    "details",
    { "data-testid": "lab-sample" },
    h("summary", {}, "Exploding dice: seeded rolls beside the exact odds"),
    h(
      "table",
      {},
      h("caption", {}, "The chance to pass in seeded rolls, approaching the exact chance"),
      h("thead", {}, h("tr", {}, ["rolls", "passed", "exact", "points apart"].map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, rows)
    ),
    cut.length ? h("p", { class: "vw-sub" }, `The exact odds count dice that roll on up to a tail below ${Math.max(...cut).toExponential(0)}, which is cut: far below what any sample can see.`) : null
  );
}
function heatColumns(width, heads, texts) {
  if (width === Infinity) return Math.max(1, heads.length);
  const longest = Math.max(3, ...heads.map((t) => String(t).length), ...texts.map((t) => String(t).length));
  return Math.max(1, Math.floor((Math.max(width, 120) - 86) / (10 + 7.5 * longest)));
}
function heatBlock(model, view, width) {
  const opts = model.get("axis_options") || [];
  const axes = model.get("axes") || [];
  const show = model.get("show");
  if (opts.length < 2 || !view.ok) return null;
  const pick = (i) => {
    const id = uid("axis");
    return [
      h("label", { for: id }, i ? "columns" : "rows"),
      h("select", { id, "data-testid": `axis-${i}`, onchange: (e) => {
        const next = [...axes];
        next[i] = e.target.value;
        if (next[0] === next[1]) next[1 - i] = opts.map((o) => o.name).find((x) => x !== e.target.value);
        send(model, { do: "axes", x: next[0], y: next[1] });
      } }, opts.map((o) => h("option", { value: o.name, selected: axes[i] === o.name }, o.label)))
    ];
  };
  const showId = uid("show");
  const n = view.names;
  const controls = h(
    "div",
    { class: "vw-row" },
    ...pick(0),
    ...pick(1),
    h("label", { for: showId }, "show"),
    h(
      "select",
      { id: showId, "data-testid": "heat-show", onchange: (e) => send(model, { do: "show", value: e.target.value }) },
      [["A", n.A], ["B", n.B], ["A-base", `${n.A} − base`], ["B-base", `${n.B} − base`], ["B-A", `${n.B} − ${n.A}`]].map(([v, l]) => h("option", { value: v, selected: show === v }, l))
    )
  );
  const heat = view.heat || {};
  const left = heat.left_out ? h("p", { class: "vw-note", "data-testid": "heat-left-out" }, heat.left_out) : null;
  if (!heat.rows) return h("div", {}, controls, left);
  const label = (axis) => (opts.find((o) => o.name === axis) || {}).label || axis;
  const value = (text, axis) => String(text).startsWith(`${axis} `) ? String(text).slice(axis.length + 1) : String(text);
  const texts = heat.rows.flatMap((r) => r.cells.map((c) => c.value === null ? "not allowed" : String(c.text)));
  const per = heatColumns(width, heat.cols.map((c) => value(c, axes[1])), texts);
  const tables = [];
  for (let k = 0; k < heat.cols.length; k += per) {
    const cols = heat.cols.slice(k, k + per);
    const part = per < heat.cols.length ? ` (${label(axes[1])} ${value(cols[0], axes[1])} to ${value(cols[cols.length - 1], axes[1])})` : "";
    tables.push(h(
      "table",
      { class: "vw-heatmap" },
      h("caption", {}, heat.caption + part),
      h("thead", {}, h(
        "tr",
        {},
        h("td", { class: "vw-corner" }, `${label(axes[0])} ↓, ${label(axes[1])} →`),
        cols.map((c) => h("th", { scope: "col", "aria-label": c }, value(c, axes[1])))
      )),
      h("tbody", {}, heat.rows.map((r) => h(
        "tr",
        {},
        h("th", { scope: "row", "aria-label": r.label }, value(r.label, axes[0])),
        r.cells.slice(k, k + per).map((c) => c.value === null ? h("td", { title: c.why }, "not allowed") : h("td", { style: `background:${c.bg};color:${c.fg}` }, c.text))
      )))
    ));
  }
  return h("div", {}, controls, h("div", { "data-testid": "heatmap" }, tables), h("p", { class: "vw-sub" }, heat.legend), left);
}
var LAB_STYLE = `
.vw-lab { display: block; }
.vw-lab .vw-knobs h4 { margin: 8px 0 4px; font-size: 1em; }
.vw-lab .vw-opt { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 2px 6px; max-width: 100%; min-width: 0; white-space: normal; }
.vw-lab .vw-knob { border-top: 1px solid var(--vw-border); padding: 4px 0; }
.vw-lab .vw-knob-name { font-weight: 600; }
.vw-lab .vw-knob-rule { margin: 1px 0; }
.vw-lab .vw-knob-vals { display: flex; flex-wrap: wrap; gap: 4px 18px; margin-top: 2px; }
.vw-lab .vw-knob-v { display: flex; flex-wrap: wrap; align-items: center; gap: 2px 6px; padding: 2px 4px; min-width: 0; max-width: 100%; }
.vw-lab .vw-knob-v[data-changed=true] { outline: 2px dashed var(--vw-focus); outline-offset: -1px; }
.vw-lab .vw-knob-v .vw-error { flex: 1 1 100%; margin: 2px 0; }
.vw-lab input.vw-knob-n { width: 4.5em; }
.vw-lab [aria-invalid=true] { outline: 2px solid var(--vw-warn); }
.vw-lab .vw-per { white-space: nowrap; margin-right: 6px; display: inline-block; }
.vw-lab .vw-face { margin-right: 4px; white-space: nowrap; }
.vw-lab .vw-lab-odds { display: grid; grid-template-columns: repeat(3, minmax(0, max-content)); gap: 4px 18px; margin: 6px 0; }
.vw-lab .vw-lab-col { min-width: 0; overflow-wrap: anywhere; }
.vw-lab .vw-verdicts { padding-left: 1.2em; margin: 4px 0; }
.vw-lab .vw-diffchart rect.a { fill: var(--vw-pass); stroke: var(--vw-pass); stroke-width: 2; }
.vw-lab .vw-diffchart rect.b { fill: var(--vw-warn); fill-opacity: .25; stroke: var(--vw-warn); stroke-width: 2; }
.vw-lab .vw-diffchart line.rule { stroke: var(--vw-border); }
.vw-lab .vw-stale { opacity: .6; }
.vw-lab .vw-diffchart line.zero { stroke: var(--vw-fg); }
.vw-lab .vw-diffchart text { fill: var(--vw-fg); font-size: 12px; }
.vw-lab .vw-diffchart { display: block; max-width: 100%; }
.vw-lab .vw-heatmap { border-collapse: collapse; margin: 4px 0; }
.vw-lab .vw-heatmap td, .vw-lab .vw-heatmap th { padding: 1px 3px; text-align: center; border: 1px solid var(--vw-border); }
.vw-lab .vw-heatmap .vw-corner { font-size: max(11px, .85em); text-align: left; max-width: 6em; overflow-wrap: anywhere; }
.vw-lab .vw-small { margin-left: 4px; padding: 1px 6px; }
.vw-lab .vw-lab-odds .vw-big { font-size: 1.8em; }
.vw-lab figure { margin: 4px 0; }
`;
function render({ model, el }) {
  const root = rootElement(el, "rulelab");
  root.classList.add("vw-lab");
  root.appendChild(h("style", {}, LAB_STYLE));
  const error = h("div", { class: "vw-error", role: "alert", "data-testid": "error" });
  const knobs = h("div", { style: "flex:1 1 100%; min-width:0" });
  const odds = h("div", { role: "region", "aria-label": "Odds under each rule set", style: "flex:1 1 100%; min-width:0" });
  const live = h("div", { class: "vw-visually-hidden", role: "status", "aria-live": "polite", "data-testid": "lab-live" });
  const heat = h("div", { style: "flex:1 1 100%; min-width:0; overflow-x:auto" });
  root.append(h("div", { class: "vw-sub" }, `Rule lab: ${model.get("edition")}`), error, live, odds, knobs, heat);
  let said = "";
  let width = 0;
  const drawKnobs = () => rerender(knobs, () => knobsTable(model));
  const drawOdds = () => {
    const view = model.get("view") || {};
    odds.replaceChildren(...[oddsBlock(view, width || odds.clientWidth || 400)].flat().filter(Boolean));
    heat.replaceChildren(...[heatBlock(model, view, Infinity)].filter(Boolean));
    const room = heat.clientWidth;
    const widest = Math.max(0, ...[...heat.querySelectorAll("table.vw-heatmap")].map((t) => t.getBoundingClientRect().width));
    if (room > 0 && widest > room + 0.5) heat.replaceChildren(...[heatBlock(model, view, room)].filter(Boolean));
    const text = view.ok ? ["base", "A", "B"].map((k) => `${view.names[k]} ${formatPercent(view.p_pass[k])}`).join(", ") : "";
    if (text !== said) {
      said = text;
      live.textContent = text ? `Chance to pass: ${text}` : "";
    }
  };
  const drawError = () => {
    const e = model.get("error") || "";
    setText(error, Object.values(model.get("field_errors") || {}).includes(e) ? "" : e);
  };
  drawKnobs();
  drawOdds();
  drawError();
  const watch = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
    const w = Math.floor(odds.clientWidth);
    if (w > 0 && Math.abs(w - width) >= 4) {
      width = w;
      drawOdds();
    }
  }) : null;
  if (watch) watch.observe(odds);
  const on = [
    ["change:variants", drawKnobs],
    ["change:drafts", drawKnobs],
    ["change:names", drawKnobs],
    ["change:knobs", drawKnobs],
    ["change:field_errors", () => {
      drawKnobs();
      drawError();
    }],
    ["change:view", drawOdds],
    ["change:axes", drawOdds],
    ["change:show", drawOdds],
    ["change:error", drawError]
  ];
  for (const [n, f] of on) model.on(n, f);
  return () => {
    if (watch) watch.disconnect();
    for (const [n, f] of on) model.off(n, f);
  };
}
var rulelab_default = { render };
export {
  rulelab_default as default,
  diffLayout,
  draftWords,
  drawnVariants,
  heatColumns,
  knobText,
  pointsCell,
  rangeWords,
  readScalar,
  render,
  ruleWords,
  shortPoints,
  tickLines,
  valueWords
};
