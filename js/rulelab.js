// RuleLab panel view: the edition's rule knobs (Python sends them with their
// defaults, seed sentences and the control each takes), variants A and B,
// the odds of base, A and B side by side with the differences, the verdicts,
// and a heatmap over two fields. Every change is a request to Python; the
// view never writes a trait and never decides a rule.
import { h, uid, send, rerender, setText } from "./dom.js";
import { formatPercent } from "./format.js";
import { rootElement } from "./style.js";
import { diffChart, diffTable } from "./lab_diff.js";

export { tickLines, shortPoints, diffLayout, valueWords, drawnVariants } from "./lab_diff.js";

/** The text of a knob's value: "5", "none", "yes", "1, 6", "bronze 4 · silver 4". */
/** A key of a per-key knob as the rulebook writes it: a word is a name with its capital (a caliber, a rank:
 *  "Bronze"); any other key ("d4", "10-again") as written (Python: engine/contract/knobs.py key_word). */
export function keyWord(key) {
  const text = String(key);
  return /^[a-z]+$/.test(text) ? text[0].toUpperCase() + text.slice(1) : text;
}

export function knobText(value) {
  if (value === null || value === undefined) return "none";
  if (value === true) return "yes";
  if (value === false) return "no";
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${keyWord(k)} ${knobText(v)}`).join(" · ");
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

/** A sample's row as written: the chance passed, the exact chance (one decimal each) and the points
 *  apart, the difference of those two as shown, so that the row adds up ("42.0 %", "44.7 %", "−2.7"). */
export function sampleCells(p, exact) {
  const a = formatPercent(p, 1), b = formatPercent(exact, 1);
  if (/[<>]/.test(a + b)) return [a, b, pointsCell(p - exact)];
  const d = Math.round((Number.parseFloat(a) - Number.parseFloat(b)) * 10);
  return [a, b, d === 0 ? "±0" : `${d > 0 ? "+" : "−"}${(Math.abs(d) / 10).toFixed(1)}`];
}

/** Send a typed value after the keys stop for ``ms`` (arrows send at once, see scalarControl). */
function debounced(fn, ms = 250) {
  let t = null;
  const call = (v) => { if (t !== null) clearTimeout(t); t = setTimeout(() => { t = null; fn(v); }, ms); };
  call.cancel = () => { if (t !== null) clearTimeout(t); t = null; };
  return call;
}

/** What was last typed in each knob box (per lab): a value Python refused stays in its box, marked. */
const TYPED = new WeakMap();

function scalarControl(form, value, label, onset, err, key, model) {
  const id = uid("knob");
  const typed = TYPED.get(model) || {};
  TYPED.set(model, typed);
  const invalid = { "data-key": key, ...(err ? { "aria-invalid": "true", "aria-describedby": err.id } : {}) };
  if (form.type === "bool") {
    return [h("label", { for: id, class: "vw-visually-hidden" }, label),
      h("select", { id, ...invalid, onchange: (e) => onset(readScalar(form, e.target.value)) },
        ["yes", "no"].map((w) => h("option", { value: w, selected: (value ? "yes" : "no") === w }, w)))];
  }
  if (form.optional) {
    const opts = ["none"];
    for (let k = form.lo; k <= form.hi; k++) opts.push(String(k));
    return [h("label", { for: id, class: "vw-visually-hidden" }, label),
      h("select", { id, ...invalid, onchange: (e) => onset(readScalar(form, e.target.value)) },
        opts.map((w) => h("option", { value: w, selected: knobText(value) === w }, w)))];
  }
  // values apply as the arrows move (each step is sent); typed digits once the keys stop
  let later = null;
  const send1 = (raw) => { if (later) later.cancel(); typed[key] = raw; onset(readScalar(form, raw)); };
  later = debounced(send1);
  let stepped = false;
  const shown = err && typed[key] !== undefined ? typed[key] : String(value);  // refused: the typed value stays, marked
  return [h("label", { for: id, class: "vw-visually-hidden" }, label),
    h("input", { id, type: "number", min: form.lo, max: form.hi, step: 1, value: shown, class: "vw-knob-n", ...invalid,
      onkeydown: (e) => { stepped = e.key === "ArrowUp" || e.key === "ArrowDown"; },
      oninput: (e) => { if (stepped) send1(e.target.value); else later(e.target.value); stepped = false; },
      onchange: (e) => send1(e.target.value) })];
}

/** The error beside a knob's control (Python's ``field_errors``), with an id the control points at. */
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
  const label = `${knob.label} in ${names[variant] || variant}`;  // the words a screen reader says: no code name
  const set = (v, key = null) => send(model, { do: "knob", variant, name: knob.name, value: v, key });
  if (form.type === "faces") {
    const chosen = new Set(value);
    const err = fieldError(model, `${variant}.${knob.name}`);
    return h("div", { role: "group", "aria-label": `${label}: faces`, "aria-invalid": err ? "true" : null, "aria-describedby": err ? err.id : null },
      Array.from({ length: form.hi - form.lo + 1 }, (_, i) => form.lo + i).map((f) => {
        const id = uid("face");
        return h("span", { class: "vw-face" }, h("input", { type: "checkbox", id, checked: chosen.has(f),
          onchange: (e) => { const next = new Set(chosen); if (e.target.checked) next.add(f); else next.delete(f); set([...next].sort((a, b) => a - b)); } }),
        h("label", { for: id }, String(f)));
      }), errorLine(err));
  }
  if (form.type === "per") {
    const errs = form.keys.map((k) => fieldError(model, `${variant}.${knob.name}.${k}`));
    return h("div", { role: "group", "aria-label": label },
      form.keys.map((k, i) => h("span", { class: "vw-per" }, `${keyWord(k)} `,
        scalarControl(form.of, value[k], `${label}, ${keyWord(k)}`, (v) => set({ ...value, [k]: v }, k), errs[i], `knob-${variant}-${knob.name}-${k}`, model))),
      errs.map(errorLine));
  }
  const err = fieldError(model, `${variant}.${knob.name}`);
  return h("span", {}, scalarControl(form, value, label, set, err, `knob-${variant}-${knob.name}`, model), errorLine(err));
}

/** The words of a variant that plays by another draft, by its name as the view gives it ("plays by the Coin
 *  Game with a push"; by its id before the view has it), or "" for the lab's own rules. */
export function draftWords(drafts, v, named) {
  const id = (drafts || {})[v];
  return id ? `plays by ${(named || {})[v] || `the draft ${id}`}` : "";
}

/** A knob's rule in words: the sentence of the rules it quotes (its seed), else the sentence
 *  Python made from what the knob is (``says``), never the line of a file. */
export function ruleWords(k) {
  if (k.seed) return `“${k.seed}”`;
  return k.says || "";
}

/** A knob's value as the rules are read and what it takes, in words: "As read: 60. It takes a whole number from 0 to 120." */
export function rangeWords(k) {
  return `As read: ${knobText(k.default)}.` + (k.takes ? ` It takes ${k.takes}.` : "");
}

/** The knobs the roll can use (Python sends only those), each by the table's words: its name, the
 *  rule it holds, its value as read and what it takes, and a control for A and for B side by side
 *  (stacked when narrow). */
function knobsTable(model) {
  const knobs = model.get("knobs") || [];
  const variants = model.get("variants") || {};
  const drafts = model.get("drafts") || {};
  const names = model.get("names") || {};
  const nameInput = (v) => {
    const id = uid("name");
    const other = draftWords(drafts, v, (model.get("view") || {}).drafts_named);
    return h("span", { class: "vw-opt" }, h("label", { for: id }, `Name of variant ${v}`),
      h("input", { id, type: "text", value: names[v] || v, maxlength: 30, size: 12, "data-testid": `name-${v}`, "data-key": `name-${v}`,
        onchange: (e) => send(model, { do: "rename", variant: v, name: e.target.value }) }),
      other ? h("span", { class: "vw-sub", "data-testid": `draft-${v}` }, ` ${other} `,
        h("button", { type: "button", class: "vw-small", "aria-label": `Variant ${names[v] || v} back to this roller's rules`,
          onclick: () => send(model, { do: "reset", variant: v, name: null }) }, "use these rules")) : null);
  };
  const cards = knobs.map((k) => {
    const titleId = uid("knob-title");
    // a variant that plays by another draft sets no knob here: the names' row says so once, not on every knob
    const cells = ["A", "B"].filter((v) => !drafts[v]).map((v) => {
      const given = Object.prototype.hasOwnProperty.call(variants[v] || {}, k.name);
      const value = given ? variants[v][k.name] : (k.base !== undefined ? k.base : k.default);  // the base roll's value
      return h("div", { class: "vw-knob-v", "data-testid": `knob-${v}-${k.name}`, "data-changed": String(given) },
        h("span", { class: "vw-knob-who" }, `${names[v] || v}${given ? " (changed)" : ""}: `),
        knobControl(model, k, v, value),
        given ? h("button", { type: "button", class: "vw-small", "aria-label": `${k.label} in ${names[v] || v} back to the default`,
          onclick: () => send(model, { do: "reset", variant: v, name: k.name }) }, "default") : null);
    });
    return h("div", { class: "vw-knob", role: "group", "aria-labelledby": titleId, "data-knob": k.name },
      h("div", { id: titleId, class: "vw-knob-name" }, k.label),
      h("div", { class: "vw-knob-rule", "data-testid": `rule-${k.name}` }, ruleWords(k)),
      h("div", { class: "vw-sub" }, rangeWords(k)),
      h("div", { class: "vw-knob-vals" }, cells));
  });
  return h("section", { class: "vw-knobs", "data-testid": "knobs", "aria-label": "Rule knobs" },
    h("h4", {}, "Rule knobs: change a rule in variant A or B (the base plays by the rules as read)"),
    h("div", { class: "vw-row" }, nameInput("A"), nameInput("B")), cards);
}

function oddsBlock(view, width) {
  if (!view.ok) return h("p", { "data-testid": "lab-message" }, `No odds: ${view.message || ""}`);
  const n = view.names;
  const head = h("div", { class: "vw-lab-odds" }, ["base", "A", "B"].map((k) => h("div", { class: "vw-lab-col", "data-testid": `lab-${k}` },
    h("div", { class: "vw-sub" }, k === "base" ? "base (rules as read)" : n[k]),
    h("div", { class: "vw-big", "data-testid": `lab-p-${k}`, "data-p": String(view.p_pass[k]) }, formatPercent(view.p_pass[k])),
    h("div", { class: "vw-sub" }, `goal ${formatPercent(view.p_goal[k])}`))));
  // each variant's change in one sentence leads; every chance it moves, in words, folded under the table
  const lead = h("ul", { class: "vw-verdicts", "data-testid": "headlines" }, ["A", "B"].map((k) => h("li", { "data-testid": `headline-${k}` },
    (view.headlines || {})[k] || "")));
  const stale = view.stale ? h("p", { class: "vw-error", role: "alert", "data-testid": "lab-stale" },
    `Not played: ${view.stale} The odds below are the last ones every rule set could play.`) : null;
  const verdicts = h("details", { "data-testid": "verdicts" }, h("summary", {}, "Every chance that moves, in words"),
    h("ul", { class: "vw-verdicts" }, ["A", "B"].map((k) => h("li", { "data-testid": `verdict-${k}` },
      h("strong", {}, `${n[k]}: `), view.verdicts[k]))));
  return [stale, h("div", { class: stale ? "vw-stale" : "" }, head, lead, diffChart(view, width), diffTable(view), verdicts),
    sampleBlock(view)];
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
        ...sampleCells(p, s.exact).map((t) => h("td", {}, t))));
    }
  }
  const cut = keys.map((k) => view.sample[k].cut).filter((x) => x > 0);
  return h("details", { "data-testid": "lab-sample" }, h("summary", {}, "Exploding dice: seeded rolls beside the exact odds"),
    h("table", {}, h("caption", {}, "The chance to pass in seeded rolls, approaching the exact chance"),
      h("thead", {}, h("tr", {}, ["rolls", "passed", "exact", "points apart"].map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, rows)),
    cut.length ? h("p", { class: "vw-sub" }, `The exact odds count dice that roll on up to a tail below ${Math.max(...cut).toExponential(0)}, which is cut: far below what any sample can see.`) : null);
}

/** How many columns of a heatmap one table holds at ``width`` px: the corner (at most 6em) and each
 *  column as wide as its longest text (about 7.5 px a character, 10 px of padding and border). */
export function heatColumns(width, heads, texts) {
  if (width === Infinity) return Math.max(1, heads.length);
  const longest = Math.max(3, ...heads.map((t) => String(t).length), ...texts.map((t) => String(t).length));
  return Math.max(1, Math.floor((Math.max(width, 120) - 86) / (10 + 7.5 * longest)));
}

/** A heatmap's row or column by its value alone ("3"): Python names it by the field's label and its value
 *  ("Dice (job level) 3", engine/tools/sweep.py), or by the field's code name ("dice 3"); the corner names the axis. */
export function axisValue(text, axis, label) {
  const said = String(text);
  const named = [label, axis].find((w) => w && said.startsWith(`${w} `));
  return named ? said.slice(named.length + 1) : said;
}

/** How many columns a heatmap table holds in ``room`` px, measured from the table drawn whole: its corner
 *  (the row heads' column) and its columns' widths, the widest first taken; at least 1. */
export function heatFit(room, corner, columns) {
  const widest = Math.max(1, ...columns);
  return Math.max(1, Math.floor((room - corner - 1) / widest));
}

function heatBlock(model, view, width, fit = 0) {
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
      [["A", n.A], ["B", n.B], ["A-base", `${n.A} − base`], ["B-base", `${n.B} − base`], ["B-A", `${n.B} − ${n.A}`]]
        .map(([v, l]) => h("option", { value: v, selected: show === v }, l))));
  const heat = view.heat || {};
  // what the heatmap leaves out to stay quick (Python's words, from the engine's cost estimate)
  const left = heat.left_out ? h("p", { class: "vw-note", "data-testid": "heat-left-out" }, heat.left_out) : null;
  if (!heat.rows) return h("div", {}, controls, left);
  // the axes are named once, in the corner; each row and column by its value (narrow enough for a phone)
  const label = (axis) => (opts.find((o) => o.name === axis) || {}).label || axis;
  const value = (text, axis) => axisValue(text, axis, label(axis));
  // as many columns in each table as the width holds, the tables one under another (nothing scrolls sideways)
  const texts = heat.rows.flatMap((r) => r.cells.map((c) => (c.value === null ? "not allowed" : String(c.text))));
  const per = fit || heatColumns(width, heat.cols.map((c) => value(c, axes[1])), texts);
  const tables = [];
  for (let k = 0; k < heat.cols.length; k += per) {
    const cols = heat.cols.slice(k, k + per);
    const part = per < heat.cols.length ? ` (${label(axes[1])} ${value(cols[0], axes[1])} to ${value(cols[cols.length - 1], axes[1])})` : "";
    // after the first table the caption is said whole to a screen reader; on screen only its columns
    const caption = k ? [h("span", { class: "vw-visually-hidden" }, `${heat.caption} `), part.trim()] : heat.caption + part;
    tables.push(h("table", { class: "vw-heatmap" }, h("caption", {}, caption),
      h("thead", {}, h("tr", {}, h("td", { class: "vw-corner" }, `${label(axes[0])} ↓, ${label(axes[1])} →`),
        cols.map((c) => h("th", { scope: "col", "aria-label": c }, value(c, axes[1]))))),
      h("tbody", {}, heat.rows.map((r) => h("tr", {}, h("th", { scope: "row", "aria-label": r.label }, value(r.label, axes[0])),
        r.cells.slice(k, k + per).map((c) => (c.value === null ? h("td", { title: c.why }, "not allowed")
          : h("td", { style: `background:${c.bg};color:${c.fg}` }, c.text))))))));
  }
  return h("div", {}, controls, h("div", { "data-testid": "heatmap" }, tables), h("p", { class: "vw-sub" }, heat.legend), left);
}

const LAB_STYLE = `
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

export function render({ model, el }) {
  const root = rootElement(el, "rulelab");
  root.classList.add("vw-lab");
  root.appendChild(h("style", {}, LAB_STYLE));
  const error = h("div", { class: "vw-error", role: "alert", "data-testid": "error" });
  const knobs = h("div", { style: "flex:1 1 100%; min-width:0" });
  const odds = h("div", { role: "region", "aria-label": "Odds under each rule set", style: "flex:1 1 100%; min-width:0" });
  const live = h("div", { class: "vw-visually-hidden", role: "status", "aria-live": "polite", "data-testid": "lab-live" });
  const heat = h("div", { style: "flex:1 1 100%; min-width:0; overflow-x:auto" });
  // titled by the rules' name as a player reads it (sent with the odds), never the edition's id
  const title = h("div", { class: "vw-sub", "data-testid": "lab-title" }, "Rule lab");
  root.append(title, error, live, odds, knobs, heat);
  let said = "";
  let width = 0;
  const drawKnobs = () => rerender(knobs, () => knobsTable(model));
  const drawOdds = () => {
    const view = model.get("view") || {};
    if (view.rules_named) setText(title, `Rule lab: ${view.rules_named}`);
    odds.replaceChildren(...[oddsBlock(view, width || odds.clientWidth || 400)].flat().filter(Boolean));
    // the heatmap in one table when it fits; else as many columns a table as the width holds (measured once drawn)
    heat.replaceChildren(...[heatBlock(model, view, Infinity)].filter(Boolean));
    // (measured: the corner and the widest column of the table drawn whole; one column fewer while a table is too wide)
    const room = heat.clientWidth;
    const wide = () => Math.max(0, ...[...heat.querySelectorAll("table.vw-heatmap")].map((t) => t.getBoundingClientRect().width));
    if (room > 0 && wide() > room + 0.5) {
      const head = heat.querySelector("table.vw-heatmap thead tr");
      const cells = head ? [...head.children].map((c) => c.getBoundingClientRect().width) : [];
      let fit = cells.length > 1 ? heatFit(room, cells[0], cells.slice(1)) : 0;
      heat.replaceChildren(...[heatBlock(model, view, room, fit)].filter(Boolean));
      while (fit > 1 && wide() > room + 0.5) heat.replaceChildren(...[heatBlock(model, view, room, --fit)].filter(Boolean));
    }
    const text = view.ok ? ["base", "A", "B"].map((k) => `${view.names[k]} ${formatPercent(view.p_pass[k])}`).join(", ") : "";
    if (text !== said) { said = text; live.textContent = text ? `Chance to pass: ${text}` : ""; }
  };
  // an error said beside its knob is not said again up here
  const drawError = () => { const e = model.get("error") || ""; setText(error, Object.values(model.get("field_errors") || {}).includes(e) ? "" : e); };
  drawKnobs(); drawOdds(); drawError();
  // the differences chart is drawn at the width it has (its text stays 11 px)
  const watch = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
    const w = Math.floor(odds.clientWidth);
    if (w > 0 && Math.abs(w - width) >= 4) { width = w; drawOdds(); }
  }) : null;
  if (watch) watch.observe(odds);
  const on = [["change:variants", drawKnobs], ["change:drafts", drawKnobs], ["change:names", drawKnobs], ["change:knobs", drawKnobs],
    ["change:field_errors", () => { drawKnobs(); drawError(); }], ["change:view", drawOdds],
    ["change:axes", drawOdds], ["change:show", drawOdds], ["change:error", drawError]];
  for (const [n, f] of on) model.on(n, f);
  return () => { if (watch) watch.disconnect(); for (const [n, f] of on) model.off(n, f); };
}

export default { render };
