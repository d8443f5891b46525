// RuleLab panel view: the edition's rule knobs (Python sends them with their
// defaults, seed sentences and the control each takes), variants A and B,
// the odds of base, A and B side by side with the differences, the verdicts,
// and a heatmap over two fields. Every change is a request to Python; the
// view never writes a trait and never decides a rule.
import { h, uid, send, formatPercent, formatDelta, rootElement } from "./common.js";

/** The text of a knob's value: "5", "none", "yes", "1, 6", "bronze 4 · silver 4". */
export function knobText(value) {
  if (value === null || value === undefined) return "none";
  if (value === true) return "yes";
  if (value === false) return "no";
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${k} ${knobText(v)}`).join(" · ");
  return String(value);
}

/** The value of a scalar control (form from Python) read from its input. */
export function readScalar(form, raw) {
  if (form.type === "bool") return raw === "yes";
  const text = String(raw).trim();
  if (form.optional && (text === "" || text === "none")) return null;
  return /^-?[0-9]+$/.test(text) ? Number(text) : raw;  // Python says what is wrong with anything else
}

/** The points between two chances, for the table: "+12.3" (one decimal). */
export function pointsCell(d) {
  if (Math.abs(d) < 5e-13) return "±0";
  return `${d > 0 ? "+" : "−"}${Math.abs(d * 100).toFixed(1)}`;
}

/** A chart tick in lines of at most `width` characters, broken at spaces: "success with a bane" -> ["success", "with a", "bane"]. */
export function tickLines(text, width = 9) {
  const lines = [];
  for (const word of String(text).split(" ")) {
    const last = lines.length - 1;
    if (last >= 0 && (lines[last] + " " + word).length <= width) lines[last] += " " + word;
    else lines.push(word);
  }
  return lines;
}

function scalarControl(form, value, label, onset) {
  const id = uid("knob");
  if (form.type === "bool") {
    return [h("label", { for: id, class: "vw-visually-hidden" }, label),
      h("select", { id, onchange: (e) => onset(readScalar(form, e.target.value)) },
        ["yes", "no"].map((w) => h("option", { value: w, selected: (value ? "yes" : "no") === w }, w)))];
  }
  if (form.optional) {
    const opts = ["none"];
    for (let k = form.lo; k <= form.hi; k++) opts.push(String(k));
    return [h("label", { for: id, class: "vw-visually-hidden" }, label),
      h("select", { id, onchange: (e) => onset(readScalar(form, e.target.value)) },
        opts.map((w) => h("option", { value: w, selected: knobText(value) === w }, w)))];
  }
  return [h("label", { for: id, class: "vw-visually-hidden" }, label),
    h("input", { id, type: "number", min: form.lo, max: form.hi, step: 1, value: String(value), style: "width:4.5em",
      onchange: (e) => onset(readScalar(form, e.target.value)) })];
}

function knobControl(model, knob, variant, value) {
  const form = knob.form || {};
  const label = `${knob.name} for ${variant}`;
  const set = (v) => send(model, { do: "knob", variant, name: knob.name, value: v });
  if (form.type === "faces") {
    const chosen = new Set(value);
    return h("div", { role: "group", "aria-label": `${label}: faces` },
      Array.from({ length: form.hi - form.lo + 1 }, (_, i) => form.lo + i).map((f) => {
        const id = uid("face");
        return h("span", { class: "vw-face" }, h("input", { type: "checkbox", id, checked: chosen.has(f),
          onchange: (e) => { const next = new Set(chosen); if (e.target.checked) next.add(f); else next.delete(f); set([...next].sort((a, b) => a - b)); } }),
        h("label", { for: id }, String(f)));
      }));
  }
  if (form.type === "per") {
    return h("div", { role: "group", "aria-label": label }, form.keys.map((k) => h("span", { class: "vw-per" }, `${k} `,
      scalarControl(form.of, value[k], `${label}, ${k}`, (v) => set({ ...value, [k]: v })))));
  }
  return h("span", {}, scalarControl(form, value, label, set));
}

/** The words of a variant that plays by another draft (its id), or "" for the lab's own rules. */
export function draftWords(drafts, v) {
  const id = (drafts || {})[v];
  return id ? `plays by the draft ${id}` : "";
}

function knobsTable(model) {
  const knobs = model.get("knobs") || [];
  const variants = model.get("variants") || {};
  const drafts = model.get("drafts") || {};
  const names = model.get("names") || {};
  const rows = knobs.map((k) => {
    const cells = ["A", "B"].map((v) => {
      if (drafts[v]) {
        return h("td", { "data-testid": `knob-${v}-${k.name}`, "data-changed": "false" }, h("span", { class: "vw-sub" }, "—"));
      }
      const given = Object.prototype.hasOwnProperty.call(variants[v] || {}, k.name);
      const value = given ? variants[v][k.name] : (k.base !== undefined ? k.base : k.default);  // the base roll's value
      return h("td", { "data-testid": `knob-${v}-${k.name}`, "data-changed": String(given) },
        knobControl(model, k, v, value),
        given ? h("button", { type: "button", class: "vw-small", "aria-label": `${k.name} for ${names[v] || v} back to the default`,
          onclick: () => send(model, { do: "reset", variant: v, name: k.name }) }, "default") : null);
    });
    return h("tr", {}, h("th", { scope: "row" }, h("code", {}, k.name), h("div", { class: "vw-sub" }, `“${k.seed}”`),
      h("div", { class: "vw-sub" }, `default ${knobText(k.default)}; ${k.allowed}`)), ...cells);
  });
  const nameInput = (v) => {
    const id = uid("name");
    const other = draftWords(drafts, v);
    return h("span", {}, h("label", { for: id, class: "vw-visually-hidden" }, `Name of variant ${v}`),
      h("input", { id, type: "text", value: names[v] || v, maxlength: 30, size: 10, "data-testid": `name-${v}`,
        onchange: (e) => send(model, { do: "rename", variant: v, name: e.target.value }) }),
      other ? h("div", { class: "vw-sub", "data-testid": `draft-${v}` }, other, " ",
        h("button", { type: "button", class: "vw-small", "aria-label": `Variant ${names[v] || v} back to this roller's rules`,
          onclick: () => send(model, { do: "reset", variant: v, name: null }) }, "use these rules")) : null);
  };
  return h("table", { class: "vw-knobs", "data-testid": "knobs" },
    h("caption", {}, "Rule knobs: change a rule in variant A or B (the base plays by the rules as read)"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "rule (seed sentence)"),
      h("th", { scope: "col" }, "variant ", nameInput("A")), h("th", { scope: "col" }, "variant ", nameInput("B")))),
    h("tbody", {}, rows));
}

function oddsBlock(view) {
  if (!view.ok) return h("p", { "data-testid": "lab-message" }, `No odds: ${view.message || ""}`);
  const n = view.names;
  const head = h("div", { class: "vw-lab-odds" }, ["base", "A", "B"].map((k) => h("div", { class: "vw-lab-col", "data-testid": `lab-${k}` },
    h("div", { class: "vw-sub" }, k === "base" ? "base (rules as read)" : n[k]),
    h("div", { class: "vw-big", "data-testid": `lab-p-${k}`, "data-p": String(view.p_pass[k]) }, formatPercent(view.p_pass[k])),
    h("div", { class: "vw-sub" }, `goal ${formatPercent(view.p_goal[k])}`))));
  const verdicts = h("ul", { class: "vw-verdicts", "data-testid": "verdicts" }, ["A", "B"].map((k) => h("li", { "data-testid": `verdict-${k}` },
    h("strong", {}, `${n[k]}: `), view.verdicts[k])));
  return [head, verdicts, diffChart(view), rowsTable(view), sampleBlock(view)];
}

/** Seeded rolls beside odds that are not a fraction (exploding dice): the sample approaching the exact chance. */
function sampleBlock(view) {
  const keys = Object.keys(view.sample || {});
  if (!keys.length) return null;
  const rows = [];
  for (const k of keys) {
    const s = view.sample[k];
    for (const [n, p] of s.checkpoints) {
      rows.push(h("tr", {}, h("th", { scope: "row" }, `${view.names[k]}, ${n.toLocaleString("en")} rolls`),
        h("td", {}, formatPercent(p)), h("td", {}, formatPercent(s.exact)), h("td", {}, pointsCell(p - s.exact))));
    }
  }
  const cut = keys.map((k) => view.sample[k].cut).filter((x) => x > 0);
  return h("details", { "data-testid": "lab-sample" }, h("summary", {}, "Exploding dice: seeded rolls beside the exact odds"),
    h("table", {}, h("caption", {}, "The chance to pass in seeded rolls, approaching the exact chance"),
      h("thead", {}, h("tr", {}, ["rolls", "passed", "exact", "points apart"].map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, rows)),
    cut.length ? h("p", { class: "vw-sub" }, `The exact odds count dice that roll on up to a tail below ${Math.max(...cut).toExponential(0)}, which is cut: far below what any sample can see.`) : null);
}

/** Bars of A - base and B - base at each chance: up is more likely, the number written on each. */
function diffChart(view) {
  const rows = view.rows || [];
  if (!rows.length) return null;
  const NS = "http://www.w3.org/2000/svg";
  const mk = (tag, attrs, text) => { const el = document.createElementNS(NS, tag); for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v); if (text !== undefined) el.textContent = text; return el; };
  const diffs = rows.map((r) => [r.A - r.base, r.B - r.base]);
  const top = Math.max(1e-9, ...diffs.flat().map(Math.abs));
  const ticks = rows.map((r) => tickLines(r.tick || (r.at === "pass" ? "pass" : r.at === "goal" ? "goal" : `≥${r.at}`)));
  const lines = Math.max(1, ...ticks.map((t) => t.length));
  const group = 56, bw = 20, half = 48, width = rows.length * group + 20, height = 2 * half + 46 + 11 * (lines - 1);
  const svgEl = mk("svg", { role: "img", class: "vw-diffchart", viewBox: `0 0 ${width} ${height}`, width: "100%", style: `max-width:${width}px`,
    "aria-label": `Difference from the base, in percentage points: ${rows.map((r, i) => `${r.label || r.at}: ${view.names.A} ${pointsCell(diffs[i][0])}, ${view.names.B} ${pointsCell(diffs[i][1])}`).join("; ")}`, "data-testid": "diff-chart" });
  const zero = half + 14;
  svgEl.appendChild(mk("line", { x1: 10, x2: width - 10, y1: zero, y2: zero, class: "zero" }));
  rows.forEach((r, i) => {
    const x0 = 10 + i * group + (group - 2 * bw) / 2;
    diffs[i].forEach((d, j) => {
      const bh = (Math.abs(d) / top) * half;
      const y = d > 0 ? zero - bh : zero;
      const rect = mk("rect", { x: x0 + j * bw, y, width: bw - 3, height: Math.max(bh, 0.5), class: j ? "b" : "a" });
      rect.appendChild(mk("title", {}, `${j ? view.names.B : view.names.A}, ${r.label || r.at}: ${pointsCell(d)} points`));
      svgEl.appendChild(rect);
      if (Math.abs(d) >= 5e-4) svgEl.appendChild(mk("text", { x: x0 + j * bw + (bw - 3) / 2, y: d > 0 ? y - 3 : y + bh + 10, "text-anchor": "middle", class: "n" }, pointsCell(d)));
    });
    const tick = mk("text", { x: 10 + i * group + group / 2, y: 2 * half + 42, "text-anchor": "middle" });
    ticks[i].forEach((line, n) => tick.appendChild(mk("tspan", { x: 10 + i * group + group / 2, dy: n ? 11 : 0 }, line)));
    svgEl.appendChild(tick);
  });
  return h("figure", { class: "vw-fig" }, svgEl,
    h("figcaption", { class: "vw-sub" }, `Points above or below the base at each chance; left bar (filled) ${view.names.A}, right bar (outlined) ${view.names.B}.`));
}

function rowsTable(view) {
  const n = view.names;
  const label = (at) => (at === "pass" ? "P(pass)" : at === "goal" ? "P(goal)" : `at least ${at}`);
  return h("details", { "data-testid": "lab-table" }, h("summary", {}, "Table of the odds and differences"),
    h("table", {}, h("caption", {}, "Chance under each rule set; differences in percentage points"),
      h("thead", {}, h("tr", {}, ["chance", "base", n.A, n.B, `${n.A} − base`, `${n.B} − base`].map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, view.rows.map((r) => h("tr", {}, h("th", { scope: "row" }, r.label || label(r.at)),
        ...[r.base, r.A, r.B].map((p) => h("td", {}, formatPercent(p))),
        h("td", {}, pointsCell(r.A - r.base)), h("td", {}, pointsCell(r.B - r.base)))))));
}

function heatBlock(model, view) {
  const opts = model.get("axis_options") || [];
  const axes = model.get("axes") || [];
  const show = model.get("show");
  if (opts.length < 2 || !view.ok) return null;
  const pick = (i) => {
    const id = uid("axis");
    return [h("label", { for: id }, i ? "columns" : "rows"),
      h("select", { id, "data-testid": `axis-${i}`, onchange: (e) => {
        const next = [...axes]; next[i] = e.target.value;
        if (next[0] === next[1]) next[1 - i] = opts.map((o) => o.name).find((x) => x !== e.target.value);
        send(model, { do: "axes", x: next[0], y: next[1] });
      } }, opts.map((o) => h("option", { value: o.name, selected: axes[i] === o.name }, o.label)))];
  };
  const showId = uid("show");
  const n = view.names;
  const controls = h("div", { class: "vw-row" }, ...pick(0), ...pick(1), h("label", { for: showId }, "show"),
    h("select", { id: showId, "data-testid": "heat-show", onchange: (e) => send(model, { do: "show", value: e.target.value }) },
      [["A", n.A], ["B", n.B], ["B-A", `${n.B} − ${n.A}`]].map(([v, l]) => h("option", { value: v, selected: show === v }, l))));
  const heat = view.heat || {};
  if (!heat.rows) return h("div", {}, controls);
  const table = h("table", { class: "vw-heatmap", "data-testid": "heatmap" }, h("caption", {}, heat.caption),
    h("thead", {}, h("tr", {}, h("td", {}), heat.cols.map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, heat.rows.map((r) => h("tr", {}, h("th", { scope: "row" }, r.label),
      r.cells.map((c) => (c.value === null ? h("td", { title: c.why }, "not allowed")
        : h("td", { style: `background:${c.bg};color:${c.fg}` }, c.text)))))));
  return h("div", {}, controls, table, h("p", { class: "vw-sub" }, heat.legend));
}

const LAB_STYLE = `
.vw-lab { display: block; }
.vw-lab .vw-knobs { border-collapse: collapse; margin: 4px 0; }
.vw-lab .vw-knobs th, .vw-lab .vw-knobs td { border-top: 1px solid var(--vw-border); padding: 3px 6px; vertical-align: top; text-align: left; }
.vw-lab .vw-knobs td[data-changed=true] { outline: 2px dashed var(--vw-focus); outline-offset: -2px; }
.vw-lab .vw-per { white-space: nowrap; margin-right: 6px; display: inline-block; }
.vw-lab .vw-face { margin-right: 4px; white-space: nowrap; }
.vw-lab .vw-lab-odds { display: flex; gap: 18px; flex-wrap: wrap; margin: 6px 0; }
.vw-lab .vw-verdicts { padding-left: 1.2em; margin: 4px 0; }
.vw-lab .vw-diffchart rect.a { fill: var(--vw-pass); }
.vw-lab .vw-diffchart rect.b { fill: var(--vw-bg); stroke: var(--vw-warn); stroke-width: 2; }
.vw-lab .vw-diffchart line.zero { stroke: var(--vw-fg); }
.vw-lab .vw-diffchart text { fill: var(--vw-fg); font-size: 10px; }
.vw-lab .vw-heatmap { border-collapse: collapse; margin: 4px 0; }
.vw-lab .vw-heatmap td, .vw-lab .vw-heatmap th { padding: 2px 6px; text-align: center; border: 1px solid var(--vw-border); }
.vw-lab .vw-small { font-size: 0.85em; margin-left: 4px; }
.vw-lab figure { margin: 4px 0; }
`;

export function render({ model, el }) {
  const root = rootElement(el, "rulelab");
  root.classList.add("vw-lab");
  root.appendChild(h("style", {}, LAB_STYLE));
  const error = h("div", { class: "vw-error", role: "alert", "data-testid": "error" });
  const knobs = h("div", { style: "overflow-x:auto; max-width:100%" });
  const odds = h("div", { role: "region", "aria-label": "Odds under each rule set" });
  const live = h("div", { class: "vw-visually-hidden", role: "status", "aria-live": "polite", "data-testid": "lab-live" });
  const heat = h("div", { style: "overflow-x:auto; max-width:100%" });
  root.append(h("div", { class: "vw-sub" }, `Rule lab: ${model.get("edition")}`), error, live, odds, knobs, heat);
  let said = "";
  const drawKnobs = () => knobs.replaceChildren(knobsTable(model));
  const drawOdds = () => {
    const view = model.get("view") || {};
    odds.replaceChildren(...[oddsBlock(view)].flat().filter(Boolean));
    heat.replaceChildren(...[heatBlock(model, view)].filter(Boolean));
    const text = view.ok ? ["base", "A", "B"].map((k) => `${view.names[k]} ${formatPercent(view.p_pass[k])}`).join(", ") : "";
    if (text !== said) { said = text; live.textContent = text ? `Chance to pass: ${text}` : ""; }
  };
  const drawError = () => { error.textContent = model.get("error") || ""; };
  drawKnobs(); drawOdds(); drawError();
  const on = [["change:variants", drawKnobs], ["change:drafts", drawKnobs], ["change:names", drawKnobs], ["change:knobs", drawKnobs],
    ["change:view", drawOdds], ["change:axes", drawOdds],
    ["change:show", drawOdds], ["change:error", drawError]];
  for (const [n, f] of on) model.on(n, f);
  return () => { for (const [n, f] of on) model.off(n, f); };
}

export default { render };
