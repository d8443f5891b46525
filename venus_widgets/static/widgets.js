// venus-widgets front end, bundled from js/ by esbuild (make js); sources sha256 d9c585377ad8447206341e10cbc3eeaa74f232977829e61a343779880252281e

// js/format.js
function thousands(n) {
  const s = String(Math.round(Math.abs(n)));
  const out = s.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return n < 0 ? "-" + out : out;
}
function formatNumber(k) {
  return typeof k === "number" ? String(k).replace("-", "−") : String(k);
}
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
function formatOneIn(p, limit = 0.05) {
  if (!Number.isFinite(p) || p <= 0 || p >= limit) return "";
  return "1 in " + thousands(1 / p);
}
function formatDelta(d) {
  if (typeof d !== "number" || !Number.isFinite(d)) return "–";
  if (Math.abs(d) < 1e-12) return "±0 points";
  const sign = d > 0 ? "+" : "−";
  const a = Math.abs(d) * 100;
  if (a < 0.5) return `${sign}<1 point`;
  const n = Math.floor(a + 0.5);
  return `${sign}${n} ${n === 1 ? "point" : "points"}`;
}
function stepWords(t) {
  const s = t && t.step || {};
  const name = s.name || "KISS";
  const unit = Array.isArray(s.unit) && s.unit[0] ? s.unit : ["success", "successes"];
  return { name, verb: name, one: unit[0], many: unit[1] };
}
function hintText(h2) {
  return `${h2.label}: ${formatDelta(h2.delta)}`;
}
function clampInt(value, lo, hi, fallback) {
  const n = typeof value === "number" ? value : Number(String(value).trim());
  if (String(value).trim() === "" || !Number.isFinite(n)) return fallback;
  return Math.min(hi, Math.max(lo, Math.round(n)));
}
function budgetText(label, value, sources) {
  const sum = sources ? Object.values(sources).reduce((a, b) => a + Number(b || 0), 0) : value;
  const extra = value - sum;
  return extra > 0 ? `${label} ${value} (${sum} from the sources + ${extra} set directly)` : `${label} ${value}`;
}

// js/a11y.js
function oddsSentence(view) {
  if (!view || !view.ok) return "";
  let s = `Chance to pass ${formatPercent(view.p_pass)}`;
  if (view.numeric && view.goal !== view.threshold) s += `, to reach the goal ${formatPercent(view.p_goal)}`;
  return s;
}
function makeAnnouncer(write, delay = 400, timers = globalThis) {
  let said = null;
  let pending = null;
  let timer = null;
  const fire = () => {
    timer = null;
    if (pending !== said) {
      said = pending;
      write(pending);
    }
  };
  return {
    push(text) {
      pending = text;
      if (timer !== null) timers.clearTimeout(timer);
      timer = pending === said ? null : timers.setTimeout(fire, delay);
    },
    prime(text) {
      said = text;
      pending = text;
    },
    cancel() {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    }
  };
}
function stepFocusKeys(t, action = "") {
  if (!t || !t.phase || t.phase === "idle") return [];
  if (t.phase === "enter" || t.phase === "enter_kiss") return ["faces-input"];
  if (t.phase === "kiss") {
    if (action === "choose") return ["commit"];
    return [...(t.dice || []).filter((d) => d.selectable).map((d) => `die-${d.index}`), "commit"];
  }
  const keys = [];
  if (t.ego_after && t.ego_after.available) keys.push("spend-ego");
  if (t.spend && t.spend.items) keys.push(...t.spend.items.filter((c) => c.affordable).map((c) => `spend-${c.id}`));
  keys.push("roll-again");
  return keys;
}
function makeStepWait(tag = Math.random().toString(36).slice(2, 10)) {
  let sent = 0;
  let waiting = null;
  return {
    sent(step) {
      sent += 1;
      waiting = { step, id: `${tag}-${sent}` };
      return waiting.id;
    },
    other() {
      waiting = null;
    },
    answered(t) {
      if (!waiting || !t || t.answers !== waiting.id) return "";
      const { step } = waiting;
      waiting = null;
      return step;
    }
  };
}

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
function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== void 0 && v !== false) el.setAttribute(k, String(v));
  append(el, children);
  return el;
}
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
function syncBound(container, model) {
  for (const el of container.querySelectorAll("[data-bind]")) {
    const v = model.get(el.getAttribute("data-bind"));
    const item = el.getAttribute("data-item");
    if (item !== null) el.checked = Array.isArray(v) && v.includes(item);
    else if (el.type === "checkbox") el.checked = !!v;
    else if (String(el.value) !== String(v)) el.value = String(v);
    if (el.type === "range") el.setAttribute("aria-valuetext", `${el.getAttribute("data-label") || ""} ${v}`.trim());
  }
  for (const out of container.querySelectorAll("output[data-out]")) out.textContent = String(model.get(out.getAttribute("data-out")));
}
function structureKey(model, extraKeys = []) {
  const parts = (model.get("fields") || []).filter((f) => f.kind === "list").map((f) => (model.get(f.name) || []).length);
  for (const k of extraKeys) parts.push(JSON.stringify(model.get(k)));
  return parts.join("|");
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
var FOLDS = /* @__PURE__ */ new WeakMap();
function fold(model, key, summary, ...content) {
  const open = !!(FOLDS.get(model) || {})[key];
  const d = h(
    "details",
    { class: "vw-fold", open, "data-fold": key },
    h("summary", { "data-testid": `fold-${key}`, "data-key": `fold-${key}` }, summary),
    ...content
  );
  d.addEventListener("toggle", () => {
    FOLDS.set(model, { ...FOLDS.get(model) || {}, [key]: d.open });
  });
  return d;
}
function focusFirst(container, keys) {
  for (const key of keys) {
    const el = container.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (!el || el.disabled || el.getAttribute("aria-disabled") === "true") continue;
    el.focus();
    if (container.ownerDocument.activeElement === el) return true;
  }
  return false;
}
var STEP_IDS = /* @__PURE__ */ new WeakMap();
function sendingStep(model, id) {
  if (id === null) STEP_IDS.delete(model);
  else STEP_IDS.set(model, id);
}
function send(model, content) {
  const id = STEP_IDS.get(model);
  if (id === void 0) {
    model.send(content);
    return;
  }
  STEP_IDS.delete(model);
  model.send({ ...content, step_id: id });
}
function setTrait(model, name, value) {
  model.set(name, value);
  model.save_changes();
}
function download(name, mime, text) {
  const blob = new Blob([text], { type: mime });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => {
    URL.revokeObjectURL(a.href);
    a.remove();
  }, 0);
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
/* the die's grade (caliber) by colour and by pattern, its name in the label too; the colours are the
   figures' (venus_widgets/palette.py CALIBER_COLOURS) */
.vw-die.grade-0 { border-top: 4px solid #b0702a; }
.vw-die.grade-1 { border-top: 4px dashed #8c96a0; }
.vw-die.grade-2 { border-top: 5px double #d4a017; }
.vw-die.grade-3 { border-top: 4px dotted #4a7fa8; }
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
/* the lab's table of the odds and differences: a column per rule set, narrow padding, so that it fits 400 px */
.vw-root table.vw-difftable td, .vw-root table.vw-difftable th { padding: 1px 3px; }
.vw-root table.vw-difftable tbody th { font-weight: normal; }
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
/* the rulebook's figures (venus_widgets/book_figures.py): on a dark page the dark picture saved beside
   the light one (display:none until here) takes its place */
body[data-jp-theme-light="false"] img:has(+ img.only-dark) { display: none; }
body[data-jp-theme-light="false"] img.only-dark { display: inline !important; }
`;
function rootElement(el, kind) {
  const root = h("div", { class: `vw-root vw-${kind}`, "data-testid": `vw-${kind}` });
  root.appendChild(h("style", {}, STYLE));
  el.appendChild(root);
  return root;
}

// js/fields.js
function fieldControl(model, f) {
  const id = uid(f.name);
  const value = model.get(f.name);
  const common = { id, "data-key": `field-${f.name}`, "data-testid": `field-${f.name}`, "data-bind": f.name };
  if (f.kind === "int") {
    const out = h("output", { for: id, "data-testid": `value-${f.name}`, "data-out": f.name }, String(value));
    const input = h("input", {
      ...common,
      type: "range",
      min: f.min,
      max: f.max,
      step: 1,
      value: String(value),
      "aria-valuetext": `${f.label} ${value}`,
      "data-label": f.label,
      oninput: (e) => {
        const v = clampInt(e.target.value, f.min, f.max, model.get(f.name));
        out.textContent = String(v);
        setTrait(model, f.name, v);
      }
    });
    return h("div", { class: "vw-row", title: f.doc || null }, h("label", { for: id }, f.label), input, out);
  }
  if (f.kind === "choice") {
    const sel = h(
      "select",
      { ...common, onchange: (e) => setTrait(model, f.name, e.target.value) },
      f.options.map((o, i) => h("option", { value: o, selected: o === value }, (f.option_words || [])[i] || o))
    );
    sel.value = value;
    return h("div", { class: "vw-row", title: f.doc || null }, h("label", { for: id }, f.label), sel);
  }
  if (f.kind === "bool") {
    const box = h("input", { ...common, type: "checkbox", checked: !!value, onchange: (e) => setTrait(model, f.name, e.target.checked) });
    return h("div", { class: "vw-row" }, box, h("label", { for: id }, f.label));
  }
  if (f.kind === "list") return listControl(model, f);
  return h("div", {}, `${f.label}: ${JSON.stringify(value)}`);
}
function itemOptions(item) {
  if (item.kind === "choice") return item.options;
  const out = [];
  for (let v = item.min; v <= item.max; v += 1) out.push(v);
  return out;
}
function singularOf(label) {
  return label.replace(/ies$/, "y").replace(/s$/, "").toLowerCase();
}
function listControl(model, f) {
  const values = model.get(f.name) || [];
  const singular = singularOf(f.label);
  const opts = itemOptions(f.item);
  const rows = values.map((v, i) => {
    const id = uid(`${f.name}-${i}`);
    const sel = h("select", {
      id,
      "data-key": `field-${f.name}-${i}`,
      "data-testid": `field-${f.name}-${i}`,
      onchange: (e) => {
        const next = [...model.get(f.name) || []];
        next[i] = f.item.kind === "int" ? Number(e.target.value) : e.target.value;
        setTrait(model, f.name, next);
      }
    }, opts.map((o, k) => h(
      "option",
      { value: String(o), selected: o === v },
      String(f.item.kind === "choice" && (f.item.option_words || [])[k] || o)
    )));
    sel.value = String(v);
    const remove = h("button", {
      type: "button",
      "data-key": `remove-${f.name}-${i}`,
      "data-testid": `remove-${f.name}-${i}`,
      "aria-label": `Remove ${singular} ${i + 1}`,
      onclick: () => {
        const next = [...model.get(f.name) || []];
        next.splice(i, 1);
        setTrait(model, f.name, next);
      }
    }, "Remove");
    return h("div", { class: "vw-row" }, h("label", { for: id }, `${singular[0].toUpperCase()}${singular.slice(1)} ${i + 1}`), sel, remove);
  });
  const add = h("button", {
    type: "button",
    "data-key": `add-${f.name}`,
    "data-testid": `add-${f.name}`,
    disabled: values.length >= f.max_len,
    onclick: () => {
      const cur = model.get(f.name) || [];
      if (cur.length >= f.max_len) return;
      const fresh = f.item.default ?? opts[0];
      setTrait(model, f.name, [...cur, f.item.kind === "choice" ? cur[cur.length - 1] ?? fresh : cur[cur.length - 1] ?? fresh]);
    }
  }, `Add ${singular}`);
  return h(
    "div",
    { class: "vw-list", role: "group", "aria-label": f.label },
    h("div", { class: "vw-row" }, h("span", { class: "vw-sub" }, `${f.label} (${values.length} of at most ${f.max_len})`), add),
    rows
  );
}
function fieldGroups(fields, { extras = {}, skip = [] } = {}) {
  const groups = /* @__PURE__ */ new Map();
  for (const f of fields) {
    if (!groups.has(f.group)) groups.set(f.group, { name: f.group, title: f.group_title || f.group, fields: [] });
    if (!skip.includes(f.name)) groups.get(f.group).fields.push(f);
  }
  return [...groups.values()].filter((g) => g.fields.length || extras[g.name]);
}
function renderFields(model, { extras = {}, skip = [] } = {}) {
  return fieldGroups(model.get("fields") || [], { extras, skip }).map((g) => h(
    "fieldset",
    { "data-group": g.name },
    h("legend", {}, g.title),
    g.fields.map((f) => fieldControl(model, f)),
    extras[g.name] ? extras[g.name](model) : null
  ));
}

// js/chart_geometry.js
var CHART_FONT = 11;
var CHAR_W = 6.7;
function chartGeometry(dist, passed, threshold, goal, opts = {}) {
  const width = opts.width ?? 400;
  const f = CHART_FONT;
  const n = dist.length;
  const at = (d) => d.length > 2 ? d[2] : d[0];
  const numeric = dist.every((d) => typeof at(d) === "number");
  const lined = numeric && (threshold !== null && threshold !== void 0 || goal !== null && goal !== void 0);
  const slot = n ? (width - 16) / n : width - 16;
  const widest = (texts) => Math.max(0, ...texts.map((x) => String(x).length)) * CHAR_W;
  const split = (text) => {
    const t = String(text);
    const k = Math.max(t.lastIndexOf("-", Math.ceil(t.length / 2)), t.indexOf(" "));
    return k > 0 ? [t.slice(0, t[k] === "-" ? k + 1 : k), t.slice(k + 1)] : [t];
  };
  const fits = (texts) => widest(texts) + 4 <= slot;
  const broken = (text) => fits([text]) ? [String(text)] : split(text);
  const twoLines = !fits(dist.map((d) => d[0])) && dist.every((d) => fits(broken(d[0])));
  const height = (opts.height ?? 160) - (lined ? 0 : 2 * f + 4) + (twoLines ? f + 2 : 0);
  const pad = { left: 8, right: 8, top: lined ? 3 * f + 9 : f + 5, bottom: 2 * f + 12 + (twoLines ? f + 2 : 0) };
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const maxP = Math.max(1e-12, ...dist.map((d) => d[1]));
  const pctTexts = opts.pctTexts || dist.map((d) => formatPercent(d[1]).replace(" ", ""));
  const showPct = widest(pctTexts) + 2 <= slot;
  const labelEvery = twoLines ? 1 : Math.max(1, Math.ceil((widest(dist.map((d) => d[0])) + 4) / Math.max(slot, 1)));
  const bars = dist.map((d, i) => {
    const [outcome, p] = d;
    const h2 = p / maxP * innerH;
    const pass = !!(passed && passed[i]);
    const y = pad.top + innerH - h2;
    return {
      outcome,
      p,
      pass,
      goal: numeric && goal !== null && goal !== void 0 ? at(d) >= goal : pass,
      x: pad.left + i * slot + slot * 0.1,
      w: slot * 0.8,
      y,
      h: h2,
      labelX: pad.left + i * slot + slot / 2,
      labelY: height - f - 10 - (twoLines ? f + 2 : 0),
      markY: height - 4,
      pctY: y - 3,
      label: i % labelEvery === 0,
      lines: twoLines ? broken(outcome) : [String(outcome)],
      mark: slot >= 2 * CHAR_W
    };
  });
  const lineAt = (k) => {
    if (!numeric || k === null || k === void 0) return null;
    const i = dist.findIndex((d) => at(d) >= k);
    if (i < 0) return pad.left + innerW;
    return pad.left + i * slot;
  };
  return {
    width,
    height,
    bars,
    thresholdX: lineAt(threshold),
    goalX: goal !== threshold ? lineAt(goal) : null,
    numeric,
    showPct,
    labelEvery,
    lineTop: 4,
    lineBottom: pad.top + innerH,
    thresholdY: f + 1,
    goalY: 2 * f + 4
  };
}
function rowsGeometry(dist, passed, opts = {}) {
  const width = opts.width ?? 400;
  const f = CHART_FONT;
  const row = f + 11;
  const pctW = 5 * CHAR_W;
  const labelW = Math.min(Math.max(0, ...dist.map((d) => String(d[0]).length)) * CHAR_W + 8, width * 0.6);
  const barX = 8 + labelW;
  const barMax = Math.max(10, width - barX - pctW - 8);
  const maxP = Math.max(1e-12, ...dist.map((d) => d[1]));
  const rows = dist.map(([outcome, p], i) => {
    const y = 4 + i * row;
    const w = p / maxP * barMax;
    return {
      outcome,
      p,
      pass: !!(passed && passed[i]),
      labelX: 8,
      textY: y + f + 3,
      x: barX,
      y: y + 3,
      w,
      h: row - 6,
      pctX: barX + w + 4
    };
  });
  return { width, height: 8 + rows.length * row, rows, labelW };
}
var CHART_MODES = [["exact", "exactly"], ["at_least", "at least"], ["at_most", "at most"]];
function chartEntries(view, mode = "exact") {
  const bars = view.chart && (view.chart[mode] || view.chart.exact);
  if (!bars) return { dist: view.distribution, passed: view.passed, lines: true };
  return {
    dist: bars.map((b) => [b.label, b.p, b.low]),
    passed: bars.map((b) => b.pass),
    lines: mode !== "at_most",
    cumulative: mode === "at_most"
  };
}
function chartDescription(view, words = {}) {
  if (!view || !view.ok) return "";
  const name = view.outcome_name || "outcome";
  if (!view.numeric) return `Chance of each result: ${view.distribution.map(([k, p]) => `${k} ${formatPercent(p)}`).join(", ")}.`;
  const mode = view.distribution.reduce((a, b) => b[1] > a[1] ? b : a, [null, -1]);
  let s = `Distribution of ${name}: most likely ${formatNumber(mode[0])} (${formatPercent(mode[1])}).`;
  s += ` ${words.threshold || "Threshold"} ${formatNumber(view.threshold)}: chance to pass ${formatPercent(view.p_pass)}.`;
  if (view.goal !== view.threshold) s += ` Goal ${formatNumber(view.goal)}: chance to reach it ${formatPercent(view.p_goal)}.`;
  return s;
}

// js/odds_view.js
function renderRows(view, e, w) {
  const g = rowsGeometry(e.dist, e.passed, { width: w });
  const parts = [];
  for (const r of g.rows) {
    parts.push(svg("text", { x: r.labelX, y: r.textY }, String(r.outcome)));
    parts.push(svg("rect", {
      x: r.x.toFixed(1),
      y: r.y.toFixed(1),
      width: Math.max(r.w, 0.5).toFixed(1),
      height: r.h.toFixed(1),
      class: r.pass ? "pass" : "fail"
    }, svg("title", {}, `${r.outcome}: ${formatPercent(r.p, 2)}${r.pass ? " (pass)" : " (fail)"}`)));
    parts.push(svg("text", { x: r.pctX.toFixed(1), y: r.textY, class: "pct" }, formatPercent(r.p).replace(" ", "")));
  }
  return chartFrame(g, "exact", "Chance of each result", chartDescription(view), parts);
}
function chartFrame(g, mode, title, desc, parts) {
  const titleId = uid("chart-title");
  const descId = uid("chart-desc");
  return svg(
    "svg",
    {
      class: "vw-chart",
      role: "img",
      viewBox: `0 0 ${g.width} ${g.height}`,
      width: g.width,
      height: g.height,
      "aria-labelledby": titleId,
      "aria-describedby": descId,
      "data-testid": "chart",
      "data-mode": mode
    },
    [svg("title", { id: titleId }, title), svg("desc", { id: descId }, desc), ...parts]
  );
}
function renderChart(view, words = {}, mode = "exact", width = 400) {
  const e = chartEntries(view, mode);
  const w = Math.max(160, Math.round(width));
  if (!view.numeric) return renderRows(view, e, w);
  const g = chartGeometry(e.dist, e.passed, e.lines ? view.threshold : null, e.lines ? view.goal : null, { width: w });
  const how = { exact: "Chance of each number of", at_least: "Chance of at least each number of", at_most: "Chance of at most each number of" }[mode];
  const parts = [];
  for (const b of g.bars) {
    const cls = e.cumulative ? "cum" : `${b.pass ? "pass" : "fail"}${b.goal && view.goal !== view.threshold ? " goal" : ""}`;
    parts.push(svg(
      "rect",
      { x: b.x.toFixed(1), y: b.y.toFixed(1), width: b.w.toFixed(1), height: Math.max(b.h, 0.5).toFixed(1), class: cls },
      svg("title", {}, `${b.outcome}: ${formatPercent(b.p, 2)}${e.cumulative ? "" : b.pass ? " (pass)" : " (fail)"}`)
    ));
    if (g.showPct) parts.push(svg("text", { x: b.labelX.toFixed(1), y: b.pctY.toFixed(1), "text-anchor": "middle", class: "pct" }, formatPercent(b.p).replace(" ", "")));
    if (b.label) {
      parts.push(svg(
        "text",
        { x: b.labelX.toFixed(1), y: b.labelY, "text-anchor": "middle" },
        b.lines.map((line, k) => svg("tspan", { x: b.labelX.toFixed(1), dy: k ? CHART_FONT + 2 : 0 }, line))
      ));
    }
    if (!b.pass && !e.cumulative && b.mark) parts.push(svg("text", { x: b.labelX.toFixed(1), y: b.markY, "text-anchor": "middle", class: "mark" }, "✗"));
  }
  const mark = (x, y, cls, text) => {
    if (x === null) return;
    parts.push(svg("line", { x1: x, x2: x, y1: y - 8, y2: g.lineBottom, class: cls }));
    const nearEnd = x > g.width - text.length * 7 - 6;
    parts.push(svg("text", { x: nearEnd ? x - 3 : x + 3, y, "text-anchor": nearEnd ? "end" : "start" }, text));
  };
  mark(g.thresholdX, g.thresholdY, "threshold", `${(words.threshold || "threshold").toLowerCase()} ${view.threshold}`);
  mark(g.goalX, g.goalY, "goal", `goal ${view.goal}`);
  return chartFrame(g, mode, `${how} ${view.outcome_name || "outcomes"}`, chartDescription(view, words), parts);
}
var CHART_MODE = /* @__PURE__ */ new WeakMap();
function chartBlock(model, view, words, width) {
  const box = h("div", { class: "vw-chartbox" });
  const modes = view.chart && view.numeric ? CHART_MODES : [];
  const draw = () => box.replaceChildren(renderChart(view, words, CHART_MODE.get(model) || "exact", width));
  draw();
  if (!modes.length) return box;
  const name = uid("chart-mode");
  const current = CHART_MODE.get(model) || "exact";
  const radios = modes.map(([m, label]) => h(
    "label",
    {},
    h("input", {
      type: "radio",
      name,
      value: m,
      checked: m === current,
      "data-testid": `chart-${m}`,
      onchange: () => {
        CHART_MODE.set(model, m);
        draw();
      }
    }),
    ` ${label}`
  ));
  return h("div", {}, h("fieldset", { class: "vw-chartmodes" }, h("legend", {}, "Chance of"), ...radios), box);
}
function oddsTable(view) {
  const head = view.numeric ? ["successes", "exactly", "at least"] : ["result", "chance"];
  let tail = 1;
  const rows = view.distribution.map(([k, p]) => {
    const row = view.numeric ? [formatNumber(k), formatPercent(p), formatPercent(tail)] : [String(k), formatPercent(p)];
    tail -= p;
    return h("tr", {}, row.map((c, i) => i === 0 ? h("th", { scope: "row" }, c) : h("td", {}, c)));
  });
  if (view.numeric) head[0] = view.outcome_name || "outcome";
  return h(
    "details",
    { "data-testid": "odds-table" },
    h("summary", {}, "Table of the odds"),
    h("table", {}, h("thead", {}, h("tr", {}, head.map((c) => h("th", { scope: "col" }, c)))), h("tbody", {}, rows))
  );
}
var PARSED = /* @__PURE__ */ new WeakMap();
function oddsView(model) {
  const raw = model.get("odds_view");
  if (typeof raw !== "string") return raw || {};
  const seen = PARSED.get(model);
  if (seen && seen[0] === raw) return seen[1];
  let view;
  try {
    view = JSON.parse(raw);
  } catch {
    view = { ok: false, message: "the odds could not be read" };
  }
  PARSED.set(model, [raw, view]);
  return view;
}
function mergeView(model, m, held = false) {
  if (!m) return null;
  return h(
    "div",
    { "data-testid": "merge", "data-ok": String(m.ok) },
    m.ok ? h("p", { class: "vw-sub" }, m.text) : null,
    !m.ok && m.best && m.best.length ? h("button", {
      type: "button",
      "data-testid": "accept-merge",
      "data-key": "accept-merge",
      disabled: held,
      onclick: () => send(model, { do: "accept_merge" })
    }, m.accept) : null
  );
}
var OPEN_PHASES = ["kiss", "enter_kiss"];
function headline(view, t) {
  const rolled = !!(t && t.now && !t.stale && t.phase && t.phase !== "idle" && view && view.ok);
  if (!rolled) return { rolled: false, label: "Chance to pass", p: view && view.ok ? view.p_pass : null };
  return { rolled: true, label: "Chance to pass now", what: t.now.what || "", p: t.now.p_pass, before: view.p_pass };
}
function renderHeadline(model) {
  const view = oddsView(model);
  const words = model.get("words") || {};
  if (!view.ok) {
    return [
      h("div", { class: "vw-sub" }, "Chance to pass"),
      h("div", { class: "vw-big", "data-testid": "p-pass", "data-p": "" }, "–"),
      h("p", { class: "vw-sub", "data-testid": "odds-message" }, "No odds: see the ⚠ message by the Roll button.")
    ];
  }
  const head = headline(view, model.get("table"));
  const pass = (cls) => h("strong", { class: cls, "data-testid": "p-pass", "data-p": String(view.p_pass) }, formatPercent(view.p_pass));
  const goal = () => h("strong", { "data-testid": "p-goal", "data-p": String(view.p_goal) }, formatPercent(view.p_goal));
  const out = [h("div", { class: "vw-sub" }, head.label)];
  if (head.rolled) {
    out.push(h("div", { class: "vw-big", "data-testid": "p-now", "data-p": String(head.p) }, formatPercent(head.p)));
    if (head.what) out.push(h("div", { class: "vw-sub", "data-testid": "p-now-what" }, head.what));
    out.push(h(
      "div",
      { class: "vw-before" },
      "Before the roll: ",
      pass(""),
      !view.numeric ? null : view.goal !== view.threshold ? [", goal ", goal()] : h("span", { hidden: true }, goal())
    ));
    return out;
  }
  const frac = formatOneIn(view.p_pass);
  out.push(h("div", { class: "vw-big" }, pass("")));
  if (frac) out.push(h("div", { "data-testid": "p-pass-fraction" }, frac));
  if (view.numeric) {
    const goalText2 = view.goal !== view.threshold ? `Goal (${view.goal} ${view.outcome_name}): ` : `${words.threshold || "Threshold"} ${view.threshold}; goal: `;
    out.push(h("div", {}, goalText2, goal(), formatOneIn(view.p_goal) ? ` (${formatOneIn(view.p_goal)})` : ""));
  } else {
    out.push(h("div", { class: "vw-sub" }, `${words.threshold || "Target"} ${view.threshold}`));
  }
  return out;
}
function renderOdds(model, width = 400) {
  const view = oddsView(model);
  const words = model.get("words") || {};
  const held = OPEN_PHASES.includes((model.get("table") || {}).phase);
  const merge = mergeView(model, view.merge, held);
  if (!view.ok) return [merge];
  const spread = view.numeric ? h("div", { class: "vw-sub", "data-testid": "spread" }, view.spread + (view.p_critical !== null && view.p_critical !== void 0 ? ` Chance of a critical: ${formatPercent(view.p_critical)}.` : "") + (view.p_ego_spent ? ` Chance Ego is spent: ${formatPercent(view.p_ego_spent)}.` : "")) : null;
  const events = (view.events || []).length ? h(
    "div",
    { class: "vw-sub", "data-testid": "events" },
    "Chance of each event: " + view.events.map(([name, p]) => `${name} ${formatPercent(p)}`).join(", ") + "."
  ) : null;
  return [
    merge,
    chartBlock(model, view, words, width),
    spread,
    events,
    h("p", { class: "vw-visually-hidden" }, chartDescription(view, words))
  ];
}
function whatIfBlock(model) {
  const w = model.get("what_ifs") || {};
  const open = w.ok !== void 0;
  const d = h(
    "details",
    { class: "vw-whatif", "data-testid": "what-if", open },
    h("summary", { "data-testid": "what-if-toggle", "data-key": "what-if-toggle" }, "What if… (one change at a time)"),
    w.ok === false ? h("p", {}, w.message) : null,
    w.ok && w.hints.length ? h(
      "ul",
      { class: "vw-hints", "data-testid": "hints" },
      w.hints.map((x) => h("li", { "data-delta": String(x.delta) }, hintText(x)))
    ) : null,
    w.ok && !w.hints.length ? h("p", { class: "vw-sub" }, "No change to try here.") : null
  );
  d.addEventListener("toggle", () => {
    if (d.open !== open) send(model, { do: "what_if", on: d.open });
  });
  return d;
}
function explainBlock(model) {
  const e = model.get("explanation") || {};
  const open = e.ok !== void 0;
  const d = h(
    "details",
    { "data-testid": "explain", open },
    h("summary", { "data-testid": "explain-toggle", "data-key": "explain-toggle" }, "Why this chance? (the rules, step by step)"),
    e.ok === false ? h("p", {}, e.message) : null,
    e.ok ? [
      h("p", {}, h("strong", {}, e.title)),
      h("ol", { "data-testid": "explain-steps" }, e.steps.map((x) => h("li", {}, x))),
      h("p", {}, `An example roll (seed ${e.seed}), step by step:`),
      h("ol", {}, e.walk.map((x) => h("li", {}, x)))
    ] : null
  );
  d.addEventListener("toggle", () => {
    if (d.open !== open) send(model, { do: "explain", on: d.open });
  });
  return d;
}
function oddsNotes(view) {
  return [...view.notes || []];
}
function renderOddsMore(model) {
  const view = oddsView(model);
  if (!view.ok) return [];
  const out = [oddsTable(view), explainBlock(model), whatIfBlock(model)];
  const notes = oddsNotes(view);
  if (notes.length) out.push(h("ul", { class: "vw-notes vw-sub" }, notes.map((n) => h("li", {}, n))));
  return out;
}

// js/dice_words.js
function dieLabel(die, step = "KISS") {
  const parts = [`Die ${die.index + 1}`, die.owner_words || String(die.owner)];
  if (die.grade_label) parts.push(die.grade_label);
  if (die.grade !== 1) parts.push(`shows ${die.after}`);
  if (die.exploded_from !== null && die.exploded_from !== void 0) parts.push(`added because die ${die.exploded_from + 1} exploded`);
  if (die.kissed) parts.push(step === "KISS" ? `KISSed (was ${die.before})` : `re-rolled by ${step} (was ${die.before})`);
  if (die.contribution) parts.push(die.contribution);
  if (die.selected) parts.push(`selected to ${step === "KISS" ? step : step.toLowerCase()}`);
  return parts.join(", ");
}
var GRADE_EDGES = ["solid", "dashed", "double", "dotted"];
function legendText(dice, legend) {
  const byShape = /* @__PURE__ */ new Map();
  for (const d of dice || []) {
    const shape = d.shape || "square";
    const word = d.group || d.owner_words || String(d.owner);
    if (!byShape.has(shape)) byShape.set(shape, []);
    if (!byShape.get(shape).includes(word)) byShape.get(shape).push(word);
  }
  const shapes = [...byShape].map(([shape, words]) => `${SHAPE_WORDS[shape] || shape} = ${words.join(" or ")}`);
  const marks = (legend || []).map((m) => `${m.mark} = ${m.meaning}`);
  const grades = /* @__PURE__ */ new Map();
  for (const d of dice || []) if (Number.isInteger(d.grade_level) && d.grade_label) grades.set(Math.min(3, d.grade_level), d.grade_label);
  const edges = [...grades].sort((a, b) => a[0] - b[0]).map(([level, label]) => `${GRADE_EDGES[level]} = ${label}`);
  return [
    shapes.length > 1 ? `Shapes: ${shapes.join(", ")}.` : "",
    edges.length > 1 ? `Top edge: ${edges.join(", ")}.` : "",
    marks.length ? `Marks: ${marks.join("; ")}.` : ""
  ].filter(Boolean).join(" ");
}
var SHAPE_WORDS = { square: "square", circle: "circle", diamond: "double border", "square-dark": "dark square" };
function pips(face) {
  const P = {
    1: [[1, 1]],
    2: [[0, 0], [2, 2]],
    3: [[0, 0], [1, 1], [2, 2]],
    4: [[0, 0], [2, 0], [0, 2], [2, 2]],
    5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
    6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]]
  };
  return P[face] || [];
}
function shortSeed(seed) {
  const s = String(seed ?? "");
  return s.length > 8 ? `${s.slice(0, 6)}…` : s;
}

// js/roll_card.js
var POSITIVE_MARKS = /* @__PURE__ */ new Set(["✓", "✓✓", "auto", "auto ✓"]);
function faceView(die) {
  if (die.grade === 1) return h("span", { class: "vw-face" }, "✓");
  if (die.sides === 6 && pips(die.after).length) {
    return h("span", { class: "vw-face vw-pips" }, svg(
      "svg",
      { viewBox: "0 0 30 30", width: 30, height: 30, "aria-hidden": "true" },
      pips(die.after).map(([x, y]) => svg("circle", { cx: 6 + 9 * x, cy: 6 + 9 * y, r: 3.2 }))
    ));
  }
  return h("span", { class: "vw-face" }, String(die.after));
}
var LAST_ROLL = /* @__PURE__ */ new WeakMap();
function renderDie(model, die, phase, fresh = false, step = "KISS") {
  const shape = die.shape || "square";
  const classes = [
    "vw-die",
    `shape-${shape}`,
    POSITIVE_MARKS.has(die.mark) ? "success" : "",
    die.selected ? "selected" : "",
    fresh ? "fresh" : "",
    Number.isInteger(die.grade_level) ? `grade-${Math.min(3, die.grade_level)}` : ""
  ].join(" ");
  const clickable = phase === "kiss" && die.selectable;
  const marks = `${die.mark || ""}${die.kissed ? " K" : ""}`;
  return h(
    "button",
    {
      type: "button",
      class: classes,
      "data-testid": `die-${die.index}`,
      "data-key": `die-${die.index}`,
      "data-face": String(die.after),
      "data-owner": die.owner,
      "aria-pressed": phase === "kiss" ? String(!!die.selected) : null,
      "aria-disabled": clickable ? null : "true",
      "aria-label": dieLabel(die, step),
      title: die.why || dieLabel(die, step),
      onclick: () => {
        if (clickable) send(model, { do: "select", index: die.index });
      }
    },
    faceView(die),
    h("span", { class: "vw-tag" }, die.tag || String(die.owner)),
    die.grade_label ? h("span", { class: "vw-tag" }, die.grade_label) : null,
    die.selected ? h("span", { class: "vw-pick", "aria-hidden": "true" }, `to ${step === "KISS" ? step : step.toLowerCase()}`) : null,
    die.kissed && die.before !== die.after ? h("span", { class: "vw-was", "aria-hidden": "true" }, "was ", h("s", {}, String(die.before))) : null,
    h("span", { class: "vw-mark", "aria-hidden": "true" }, marks)
  );
}
function adviceView(model, t) {
  const a = t.advice || {};
  if (!a.available) return h("p", { class: "vw-sub", "data-testid": "advice" }, a.note || "");
  const sel = a.selected;
  const items = a.options.slice(0, 8).map((o) => {
    const dice = o.kiss.length ? `${o.kiss.length > 1 ? "dice" : "die"} ${o.kiss.map((i) => i + 1).join(", ")}` : "nothing";
    const tags = [o.optimal ? "the best chance" : "", o.label === "policy" ? "the rules' way" : ""].filter(Boolean).join(", ");
    return h(
      "li",
      { class: `vw-option${o.optimal ? " best" : ""}`, "data-optimal": String(!!o.optimal) },
      h("button", {
        type: "button",
        class: "vw-small",
        "data-key": `use-${o.kiss.join("-")}`,
        "data-step": "choose",
        "aria-label": `Choose: KISS ${dice}${o.ego ? " + Ego" : ""}`,
        onclick: () => send(model, { do: "choose", kiss: o.kiss })
      }, "Choose"),
      " ",
      `KISS ${dice}${o.ego ? " + Ego" : ""}: pass ${formatPercent(o.p_pass)}, goal ${formatPercent(o.p_goal)}` + (tags ? ` (${tags})` : "")
    );
  });
  return h(
    "div",
    { class: "vw-advice", "data-testid": "advice" },
    sel ? h(
      "p",
      {},
      "With the dice selected: pass ",
      h("strong", { "data-testid": "selection-p-pass", "data-p": String(sel.p_pass) }, formatPercent(sel.p_pass)),
      ", goal ",
      h("strong", { "data-testid": "selection-p-goal", "data-p": String(sel.p_goal) }, formatPercent(sel.p_goal))
    ) : null,
    h("details", { open: true }, h("summary", {}, "KISS choices, best first"), h("ul", {}, items))
  );
}
function spendView(model, t) {
  const s = t.spend || {};
  if (!s.kind) return null;
  const rows = s.items.map((c) => {
    const id = uid(`spend-${c.id}`);
    const box = h("input", {
      type: "checkbox",
      id,
      checked: c.bought,
      disabled: !c.affordable,
      "data-key": `spend-${c.id}`,
      "data-testid": `spend-${c.id}`,
      onchange: () => send(model, { do: "spend", item: c.id })
    });
    return h("div", { class: "vw-row" }, box, h("label", { for: id }, `${c.text} (${c.cost})`, c.note ? h("span", { class: "vw-sub" }, ` — ${c.note}`) : null));
  });
  const parts = [h("legend", {}, `Spend successes: ${s.cost} of ${s.available} spent, ${s.left} left`), ...rows];
  if (s.subvertible) {
    const id = uid("subvert");
    const sel = h(
      "select",
      { id, "data-key": "subvert", "data-testid": "subvert", onchange: (e) => send(model, { do: "subvert", item: e.target.value || null }) },
      h("option", { value: "" }, "nothing"),
      s.subvertible.map((x) => h("option", { value: x.id, selected: s.subverted === x.id }, x.text))
    );
    sel.value = s.subverted || "";
    parts.push(h("div", { class: "vw-row vw-subvert" }, h("label", { for: id }, "The FC subverts"), sel));
  }
  return h("fieldset", { class: "vw-spend", "data-testid": "spend" }, parts);
}
function enterView(model, t) {
  const id = uid("faces");
  const first = t.phase === "enter";
  const dice = first ? t.dice.map((d) => d.words) : t.kiss_words || [];
  const box = h("input", {
    id,
    type: "text",
    inputmode: "numeric",
    autocomplete: "off",
    size: 24,
    "data-testid": "faces-input",
    "data-key": "faces-input",
    placeholder: first ? "e.g. 6 4 1" : "e.g. 5",
    onkeydown: (e) => {
      if (e.key === "Enter") go();
    }
  });
  const go = () => send(model, { do: "enter", faces: box.value });
  const out = [];
  if (!first) out.push(h("div", { class: "vw-dice", role: "group", "aria-label": "The first faces" }, t.dice.map((d) => renderDie(model, d, "done", false, stepWords(t).name))));
  out.push(
    h("p", { "data-testid": "enter-prompt" }, `${t.prompt}: `, h("strong", {}, dice.join(", ")), "."),
    h(
      "div",
      { class: "vw-row" },
      h("label", { for: id }, first ? "Faces rolled" : "New faces"),
      box,
      h("button", { type: "button", "data-testid": "faces-enter", "data-key": "faces-enter", "data-step": "faces", onclick: go }, "Play these faces")
    )
  );
  return out;
}
function diceRow(model, t) {
  const rollKey = `${t.seed}|${(t.dice || []).map((d) => d.after).join(",")}`;
  const fresh = LAST_ROLL.get(model) !== rollKey;
  LAST_ROLL.set(model, rollKey);
  return [
    t.entered ? h("div", { class: "vw-sub", "data-testid": "table-seed" }, "Faces entered by hand") : h("div", { class: "vw-sub", title: `Seed ${t.seed} (the log keeps it whole)`, "data-testid": "table-seed" }, `Seed ${shortSeed(t.seed)}`),
    h(
      "div",
      { class: "vw-dice", role: "group", "aria-label": t.phase === "kiss" ? `Dice: press a die to select it for ${stepWords(t).name}` : "Dice" },
      t.dice.map((d) => renderDie(model, d, t.phase, fresh, stepWords(t).name))
    )
  ];
}
function renderRollCard(model) {
  const t = model.get("table") || {};
  const words = model.get("words") || {};
  if (!t.phase || t.phase === "idle") return [];
  if (t.phase === "enter" || t.phase === "enter_kiss") return enterView(model, t);
  const out = [t.stale ? h("p", { class: "vw-note", "data-testid": "stale-note" }, t.note) : null, ...diceRow(model, t)];
  if (t.phase === "kiss") {
    const step = stepWords(t);
    out.push(h("p", { "data-testid": "kiss-budget" }, `${t.successes} ${t.successes === 1 ? step.one : step.many} showing, goal ${t.goal}. ${step.name} budget: ${t.budget_left} of ${t.budget} left.`));
    out.push(h(
      "button",
      { type: "button", class: "vw-roll", "data-key": "commit", "data-testid": "kiss-commit", "data-step": "commit", onclick: () => send(model, { do: "commit" }) },
      t.selected.length || t.ego_reroll && t.ego_reroll.on ? `${step.verb} the selected dice` : "Keep the dice"
    ));
    return out;
  }
  if (t.snake && t.snake.eyes) out.push(h("p", { "data-testid": "snake-eyes", class: "vw-error" }, `Snake eyes (${t.snake.ones} ones): ${t.snake.label}`));
  if (t.said && t.said !== t.result) out.push(h("p", { class: "vw-sub", "data-testid": "said" }, t.said));
  out.push(h("p", { class: "vw-result", "data-testid": "result", "data-passed": String(!!t.passed), "data-outcome": String(t.outcome) }, t.result || ""));
  const buttons = [];
  if (t.ego_after && t.ego_after.available) {
    buttons.push(h(
      "button",
      { type: "button", "data-key": "spend-ego", "data-testid": "ego-spend", "data-step": "ego", onclick: () => send(model, { do: "spend_ego" }) },
      t.ego_after.text || words.ego_spend || "Spend Ego"
    ));
  }
  buttons.push(h("button", {
    type: "button",
    class: "vw-roll",
    "data-key": "roll-again",
    "data-testid": "roll-again",
    "data-step": "roll",
    onclick: () => send(model, { do: "roll" })
  }, "Roll again"));
  out.push(h("div", { class: "vw-row" }, buttons));
  return out;
}
function renderSteps(model) {
  const t = model.get("table") || {};
  if (!t.phase || ["idle", "enter", "enter_kiss"].includes(t.phase)) return [];
  const out = [h("p", { class: "vw-sub", "data-testid": "legend" }, legendText(t.dice, t.legend))];
  if (t.phase === "kiss") {
    if (t.ego_reroll && t.ego_reroll.available) {
      const id = uid("ego-reroll");
      out.push(h("div", { class: "vw-row" }, h("input", {
        type: "checkbox",
        id,
        checked: t.ego_reroll.on,
        "data-key": "ego-reroll",
        "data-testid": "ego-reroll",
        onchange: (e) => send(model, { do: "ego_reroll", on: e.target.checked })
      }), h("label", { for: id }, t.ego_reroll.label)));
    }
    out.push(adviceView(model, t));
  } else {
    out.push(spendView(model, t));
  }
  return out;
}

// js/log_bar.js
function logControls(model) {
  const fileId = uid("import");
  const file = h("input", {
    type: "file",
    id: fileId,
    accept: ".json,.csv,application/json,text/csv",
    "data-testid": "import-file",
    "data-key": "import-file",
    onchange: async (e) => {
      const f = e.target.files && e.target.files[0];
      if (!f) return;
      const text = await f.text();
      send(model, { do: "import", name: f.name, text });
      e.target.value = "";
    }
  });
  return h(
    "div",
    { class: "vw-row", role: "group", "aria-label": "Roll log" },
    h("button", { type: "button", "data-testid": "export-json", "data-key": "export-json", onclick: () => send(model, { do: "export", format: "json" }) }, "Export JSON"),
    h("button", { type: "button", "data-testid": "export-csv", "data-key": "export-csv", onclick: () => send(model, { do: "export", format: "csv" }) }, "Export CSV"),
    h("label", { for: fileId }, "Import log"),
    file
  );
}

// js/roller.js
var ODDS_ANNOUNCE_DELAY = 400;
var ANNOUNCER_TIMERS = {
  setTimeout: (fn, ms) => (globalThis.__vwTimers || globalThis).setTimeout(fn, ms),
  clearTimeout: (id) => (globalThis.__vwTimers || globalThis).clearTimeout(id)
};
var TWO_COLUMNS_FROM = 500;
function footerView(model) {
  const recent = model.get("recent") || [];
  return fold(
    model,
    "log",
    `Roll log (${recent.length ? `last ${recent.length} shown` : "no rolls yet"}): replay, export, import`,
    h("ol", { "data-testid": "recent" }, recent.map((r) => h(
      "li",
      { value: r.index + 1, "data-passed": String(!!r.passed) },
      `${r.result} (${r.faces ? `faces entered by hand: ${r.faces}` : r.seed === "by hand" ? "faces entered by hand" : `seed ${r.seed}`}) `,
      h("button", { type: "button", "aria-label": `Replay roll ${r.index + 1}`, onclick: () => send(model, { do: "replay", index: r.index }) }, "Replay")
    ))),
    logControls(model)
  );
}
function mountRoller(model, el, kind, opts = {}) {
  const root = rootElement(el, kind);
  const title = h("div", { class: "vw-sub vw-title" });
  const drawTitle = () => setText(title, (model.get("words") || {}).title || "");
  drawTitle();
  const heldNote = h("p", { class: "vw-note", "data-testid": "held-note", hidden: true });
  const fields = h("div", {});
  const controls = h("div", { class: "vw-controls" }, heldNote, fields);
  const headBox = h("div", { class: "vw-headline", "aria-label": "Odds", role: "region" });
  const cardTable = h("div", { class: "vw-cardtable" });
  const rollBar = h("div", { class: "vw-row vw-rollbar" });
  const options = h("div", { class: "vw-row vw-options" });
  const status = h("div", { class: "vw-status", role: "status", "aria-live": "polite", "data-testid": "status" });
  const error = h("div", { class: "vw-error", role: "alert", "data-testid": "error" });
  const card = h("div", { class: "vw-card vw-table", role: "region", "aria-label": "The roll" }, cardTable, rollBar, error, status, options);
  const head = h("div", { class: "vw-head" }, headBox, card);
  const steps = h("div", { class: "vw-steps" });
  const odds = h("div", { class: "vw-odds" });
  const more = h("div", { class: "vw-more" });
  const oddsToggle = h("button", {
    type: "button",
    class: "vw-disclose",
    "aria-expanded": "false",
    "data-testid": "odds-toggle",
    "data-key": "odds-toggle",
    hidden: true
  }, "Odds before the roll: chart, table, what-ifs");
  const side = h("div", { class: "vw-side" }, steps, oddsToggle, odds, more);
  const oddsLive = h("div", { class: "vw-visually-hidden", role: "status", "aria-live": "polite", "aria-atomic": "true", "data-testid": "odds-live" });
  const footer = h("div", { class: "vw-footer" });
  root.append(title, head, controls, side, oddsLive, footer);
  let chartWidth = 0;
  const layout = () => {
    root.classList.toggle("vw-one", root.clientWidth > 0 && root.clientWidth < TWO_COLUMNS_FROM);
    const w = Math.floor(odds.clientWidth);
    if (w > 0 && Math.abs(w - chartWidth) >= 4) {
      chartWidth = w;
      drawChart();
    }
  };
  const watch = typeof ResizeObserver === "function" ? new ResizeObserver(layout) : null;
  if (watch) {
    watch.observe(root);
    watch.observe(odds);
  }
  let shape = null;
  const phase = () => (model.get("table") || {}).phase;
  const hold = () => {
    const open = OPEN_PHASES.includes(phase());
    for (const fs of fields.querySelectorAll("fieldset")) fs.disabled = open;
    heldNote.hidden = !open;
    const step = stepWords(model.get("table")).name;
    const verb = step === "KISS" ? step : step.toLowerCase();
    heldNote.textContent = open ? `Settings held while the dice wait for their ${step}: ${verb} or keep the dice, then change them for the next roll.` : "";
    handBox.disabled = open;
  };
  const drawControls = () => {
    const key = structureKey(model, opts.structureKeys || []);
    if (key !== shape) {
      shape = key;
      rerender(fields, () => renderFields(model, opts));
    } else {
      syncBound(fields, model);
      if (opts.sync) opts.sync(model, fields);
    }
    hold();
  };
  const announcer = makeAnnouncer((text) => {
    oddsLive.textContent = text;
  }, ODDS_ANNOUNCE_DELAY, ANNOUNCER_TIMERS);
  announcer.prime(oddsSentence(oddsView(model)));
  const drawHeadline = () => rerender(headBox, () => renderHeadline(model));
  const drawChart = () => rerender(odds, () => renderOdds(model, chartWidth || odds.clientWidth || 400));
  const drawOdds = () => {
    drawHeadline();
    drawChart();
    rerender(more, () => renderOddsMore(model));
    announcer.push(oddsSentence(oddsView(model)));
  };
  const waits = makeStepWait();
  const onStep = (e) => {
    const b = e.target.closest ? e.target.closest("[data-step]") : null;
    if (b && root.contains(b)) sendingStep(model, waits.sent(b.getAttribute("data-step")));
    else waits.other();
  };
  const stepSent = () => sendingStep(model, null);
  root.addEventListener("click", onStep, true);
  root.addEventListener("click", stepSent);
  const inTable = (node) => cardTable.contains(node) || steps.contains(node) || rollBar.contains(node);
  const drawTable = () => {
    const doc = root.ownerDocument;
    const had = inTable(doc.activeElement);
    const t = model.get("table") || {};
    rerender(cardTable, () => renderRollCard(model));
    rerender(steps, () => renderSteps(model));
    rollButton.hidden = !!(t.phase && t.phase !== "idle");
    drawHeadline();
    drawFolding();
    hold();
    const step = waits.answered(t);
    const active = doc.activeElement;
    const free = !active || active === doc.body || root.contains(active);
    if (step && free || had && !inTable(active)) focusFirst(root, stepFocusKeys(t, step || ""));
  };
  const drawFolding = () => {
    const t = model.get("table") || {};
    const rolled = headline(oddsView(model), t).rolled && (t.phase === "kiss" || !!(t.spend && t.spend.kind));
    const open = !rolled || !!(FOLDS.get(model) || {}).odds;
    oddsToggle.hidden = !rolled;
    oddsToggle.setAttribute("aria-expanded", String(open));
    odds.hidden = !open;
    more.hidden = !open;
    if (open && !chartWidth) layout();
  };
  oddsToggle.addEventListener("click", () => {
    FOLDS.set(model, { ...FOLDS.get(model) || {}, odds: oddsToggle.getAttribute("aria-expanded") !== "true" });
    drawFolding();
  });
  const drawError = () => setText(error, model.get("error") || "");
  let lastStatus = null;
  const drawStatus = () => {
    const s = model.get("status") || "";
    if (s !== lastStatus) {
      setText(status, s);
      lastStatus = s;
    }
    const t = model.get("table") || {};
    status.classList.toggle("vw-visually-hidden", s !== "" && (t.phase === "kiss" || t.phase === "enter" || t.phase === "enter_kiss" || s === t.result || s === t.said));
  };
  const drawFooter = () => rerender(footer, () => footerView(model));
  const seedId = uid("seed");
  const seedInput = h("input", {
    id: seedId,
    type: "text",
    inputmode: "numeric",
    size: 12,
    placeholder: "fresh each roll",
    "data-testid": "seed-input",
    "data-key": "seed",
    value: model.get("seed") ?? "",
    onchange: (e) => {
      const v = e.target.value.trim();
      setTrait(model, "seed", v === "" ? null : v);
    }
  });
  const handId = uid("by-hand");
  const rollButton = h(
    "button",
    { type: "button", class: "vw-roll", "data-testid": "roll-button", "data-key": "roll", "data-step": "roll", onclick: () => send(model, { do: "roll" }) },
    model.get("by_hand") ? "Enter faces" : "Roll"
  );
  const handBox = h("input", {
    type: "checkbox",
    id: handId,
    checked: !!model.get("by_hand"),
    "data-testid": "by-hand",
    onchange: (e) => send(model, { do: "by_hand", on: e.target.checked })
  });
  rollBar.append(rollButton);
  options.append(
    h("span", { class: "vw-opt" }, handBox, h("label", { for: handId }, "I roll real dice")),
    h("span", { class: "vw-opt" }, h("label", { for: seedId }, "Seed"), seedInput)
  );
  drawControls();
  drawOdds();
  drawTable();
  drawError();
  drawStatus();
  drawFooter();
  const fieldNames = (model.get("fields") || []).map((f) => f.name);
  const handlers = [];
  const on = (evt, fn) => {
    model.on(evt, fn);
    handlers.push([evt, fn]);
  };
  for (const n of [...fieldNames, ...opts.controlKeys || []]) on(`change:${n}`, drawControls);
  on("change:odds_view", () => {
    drawOdds();
    drawFolding();
  });
  on("change:words", drawTitle);
  on("change:explanation", () => rerender(more, () => renderOddsMore(model)));
  on("change:what_ifs", () => rerender(more, () => renderOddsMore(model)));
  on("change:by_hand", () => {
    rollButton.textContent = model.get("by_hand") ? "Enter faces" : "Roll";
    handBox.checked = !!model.get("by_hand");
    drawTable();
  });
  on("change:table", drawTable);
  on("change:table", drawStatus);
  on("change:error", drawError);
  on("change:status", drawStatus);
  on("change:recent", drawFooter);
  on("change:seed", () => {
    if (document.activeElement !== seedInput) seedInput.value = model.get("seed") ?? "";
  });
  const onMsg = (msg) => {
    if (msg && msg.download) download(msg.download.name, msg.download.mime, msg.download.text);
  };
  on("msg:custom", onMsg);
  return () => {
    if (watch) watch.disconnect();
    for (const [evt, fn] of handlers) model.off(evt, fn);
    announcer.cancel();
    root.removeEventListener("click", onStep, true);
    root.removeEventListener("click", stepSent);
  };
}

// js/task.js
function toggleWanted(wanted, id, order) {
  const set = new Set(wanted);
  if (set.has(id)) set.delete(id);
  else set.add(id);
  return order.filter((x) => set.has(x));
}
function resizeTexts(texts, n, lo, hi) {
  const k = clampInt(n, Math.max(1, lo), hi, texts.length || 1);
  return [...texts.slice(0, k), ...Array(Math.max(0, k - texts.length)).fill("")];
}
function sourceValues(model, field) {
  return Object.fromEntries(field.sources.map((src) => [src.name, model.get(src.name) || 0]));
}
function sumText(model, field) {
  return budgetText(field.label, model.get(field.name), sourceValues(model, field));
}
function goalText(model) {
  const n = (model.get("wanted") || []).length;
  return n ? `Goal: the threshold and ${n} consequence${n === 1 ? "" : "s"}` : "Goal: the threshold only (no consequence chosen)";
}
function sourceControls(field) {
  return (model) => {
    const rows = field.sources.map((src) => {
      const hi = src.per ? Math.min(src.max, (model.get(src.per) || []).length) : src.max;
      const id = uid(src.name);
      const v = model.get(src.name) || 0;
      if (src.max === 1) {
        return h("div", { class: "vw-row" }, h("input", {
          type: "checkbox",
          id,
          checked: !!v,
          "data-key": `source-${src.name}`,
          "data-testid": `source-${src.name}`,
          "data-bind": src.name,
          onchange: (e) => setTrait(model, src.name, e.target.checked ? 1 : 0)
        }), h("label", { for: id }, `${src.label} (KISS one die)`));
      }
      const out = h("output", { for: id, "data-out": src.name }, String(v));
      return h(
        "div",
        { class: "vw-row" },
        h("label", { for: id }, src.label),
        h("input", {
          type: "range",
          id,
          min: 0,
          max: hi,
          step: 1,
          value: String(v),
          disabled: hi === 0,
          "data-key": `source-${src.name}`,
          "data-testid": `source-${src.name}`,
          "data-bind": src.name,
          "data-label": src.label,
          "aria-valuetext": `${src.label} ${v}`,
          oninput: (e) => {
            const x = clampInt(e.target.value, 0, hi, v);
            out.textContent = String(x);
            setTrait(model, src.name, x);
          }
        }),
        out
      );
    });
    return [
      fold(
        model,
        `sources-${field.name}`,
        `Where the ${field.label} comes from`,
        h("div", { role: "group", "aria-label": `${field.label}: its sources` }, rows)
      ),
      h("p", { "data-testid": "kiss-total", "data-total": field.name }, sumText(model, field))
    ];
  };
}
function consequenceControls(model) {
  const list = model.get("consequence_list") || [];
  const order = list.filter((c) => !c.fixed).map((c) => c.id);
  const wanted = model.get("wanted") || [];
  const rows = [];
  const tiers = [...new Set(list.map((c) => c.tier))];
  for (const tier of tiers) {
    const items = list.filter((c) => c.tier === tier);
    rows.push(h("div", { class: "vw-sub" }, items[0].tier_words || tier));
    for (const c of items) {
      const id = uid(`want-${c.id}`);
      const box = h("input", {
        type: "checkbox",
        id,
        checked: c.fixed || wanted.includes(c.id),
        disabled: !!c.fixed,
        "data-key": `want-${c.id}`,
        "data-testid": `want-${c.id}`,
        "data-bind": c.fixed ? null : "wanted",
        "data-item": c.fixed ? null : c.id,
        onchange: () => setTrait(model, "wanted", toggleWanted(model.get("wanted") || [], c.id, order))
      });
      rows.push(h("div", { class: "vw-row" }, box, h("label", { for: id }, c.text, c.note ? h("span", { class: "vw-sub" }, ` (${c.note})`) : null)));
    }
  }
  return [
    fold(
      model,
      "consequences",
      "Choose the consequences you want",
      h("div", { role: "group", "aria-label": "Consequences wanted" }, rows)
    ),
    h("p", { class: "vw-sub", "data-testid": "goal-line" }, goalText(model))
  ];
}
function textControls(field) {
  return (model) => {
    const texts = model.get("consequence_texts") || [""];
    const rows = texts.map((t, i) => {
      const id = uid(`text-${i}`);
      return h(
        "div",
        { class: "vw-row vw-text" },
        h("label", { for: id }, `Consequence ${i + 1}`),
        h("input", {
          type: "text",
          id,
          value: t,
          maxlength: field.max_text,
          "data-key": `text-${i}`,
          "data-testid": `text-${i}`,
          placeholder: "what the FC says",
          onchange: (e) => {
            const next = [...model.get("consequence_texts") || []];
            next[i] = e.target.value;
            setTrait(model, "consequence_texts", next);
          }
        }),
        texts.length > Math.max(1, field.min) ? h("button", {
          type: "button",
          "data-key": `remove-text-${i}`,
          "data-testid": `remove-text-${i}`,
          "aria-label": `Remove consequence ${i + 1}`,
          onclick: () => {
            const next = [...model.get("consequence_texts") || []];
            next.splice(i, 1);
            setTrait(model, "consequence_texts", next);
          }
        }, "Remove") : null
      );
    });
    rows.push(h("button", {
      type: "button",
      "data-key": "add-text",
      "data-testid": "add-text",
      disabled: texts.length >= field.max,
      onclick: () => setTrait(model, "consequence_texts", resizeTexts(model.get("consequence_texts") || [], texts.length + 1, field.min, field.max))
    }, "Add consequence"));
    return h("div", { role: "group", "aria-label": "Consequences the FC set" }, rows);
  };
}
function render({ model, el }) {
  const fields = model.get("fields") || [];
  const summed = fields.filter((f) => f.sources && f.sources.length);
  const picked = fields.find((f) => f.entries === "pick");
  const typed = fields.find((f) => f.entries === "text");
  const extras = {};
  const skip = [];
  const controlKeys = [];
  const structureKeys = [];
  for (const f of summed) {
    extras[f.group] = sourceControls(f);
    skip.push(f.name);
    controlKeys.push(...f.sources.map((src) => src.name), f.name);
  }
  const chain = (g, fn) => {
    const first = extras[g];
    extras[g] = first ? (m) => [first(m), fn(m)] : fn;
  };
  if (picked) {
    chain(picked.group, consequenceControls);
    skip.push(picked.name);
    controlKeys.push("wanted");
  }
  if (typed) {
    chain(typed.group, textControls(typed));
    skip.push(typed.name);
    controlKeys.push("consequence_texts");
    structureKeys.push("consequence_texts");
  }
  const sync = (m, controls) => {
    for (const f of summed) {
      const total = controls.querySelector(`[data-total="${f.name}"]`);
      if (total) total.textContent = sumText(m, f);
    }
    const goal = controls.querySelector('[data-testid="goal-line"]');
    if (goal) goal.textContent = goalText(m);
  };
  return mountRoller(model, el, "task", { skip, extras, controlKeys, structureKeys, sync });
}
var task_default = { render };

// js/log.js
function facesText(roll, marks = []) {
  const faces = roll.dice.map((d) => d.kissed ? `${d.before}→${d.after}` : String(d.after));
  if (!marks || marks.length !== faces.length) return faces.join(" ");
  return faces.map((f, i) => `${f} ${marks[i]}`).join(", ");
}
function cardParts(e, i) {
  const roll = e.roll || {};
  const spec = roll.spec || {};
  const card = e.card || null;
  const dice = card ? card.dice : (roll.dice || []).map((d, k) => ({
    text: d.kissed ? `${d.before}→${d.after}` : String(d.after),
    mark: (e.marks || [])[k] || "",
    words: "",
    who: `die ${k + 1}`,
    shape: "square",
    kissed: !!d.kissed,
    success: d.scores > 0
    // whose die: Python's words only
  }));
  return {
    id: e.id ?? null,
    title: `Roll ${i + 1}`,
    what: [spec.edition, spec.roll].filter(Boolean).join(" "),
    how: roll.entered ? "faces entered by hand" : `seed ${roll.seed}`,
    result: e.result || "",
    passed: !!roll.passed,
    dice: dice.map((d) => ({
      text: d.text,
      mark: d.mark || "",
      shape: d.shape || "square",
      kissed: !!d.kissed,
      success: !!d.success,
      words: `${d.who}: ${d.kissed ? d.text.replace("→", " KISSed to ") : d.text}${d.words ? `, ${d.words}` : ""}`
    })),
    facts: card ? card.facts : []
  };
}
var LOG_STYLE = `
.vw-log .vw-cards { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; min-width: 0; }
.vw-log .vw-card { border: 1px solid var(--vw-border); border-left: 4px solid var(--vw-pass); border-radius: 4px;
  padding: 6px 8px; min-width: 0; background: var(--vw-bg); }
.vw-log .vw-card[data-passed=false] { border-left: 4px dashed var(--vw-fg2); }
.vw-log .vw-card-head { display: flex; flex-wrap: wrap; gap: 2px 10px; align-items: baseline; }
.vw-log .vw-card-head h3 { font-size: 1em; margin: 0; }
.vw-log .vw-card-head .vw-sub { overflow-wrap: anywhere; }
.vw-log .vw-card-head button { margin-left: auto; }
.vw-log .vw-card-result { margin: 4px 0; font-weight: 600; overflow-wrap: anywhere; }
.vw-log .vw-chips { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; margin: 4px 0; padding: 0; }
.vw-log .vw-chip { border: 1px solid var(--vw-fg2); border-radius: 3px; padding: 0 5px; white-space: nowrap;
  font-variant-numeric: tabular-nums; }
.vw-log .vw-chip.ally { border-radius: 0.9em; }
.vw-log .vw-chip.success { box-shadow: inset 0 -3px 0 var(--vw-pass); }
.vw-log .vw-facts { margin: 4px 0 0; }
.vw-log .vw-fact { display: flex; flex-wrap: wrap; gap: 0 8px; }
.vw-log .vw-fact dt { color: var(--vw-fg2); flex: 0 0 14em; }
.vw-log .vw-fact dd { margin: 0; flex: 1 1 14em; min-width: 0; overflow-wrap: anywhere; }
.vw-log input[type=file] { flex: 0 1 20em; width: 20em; min-width: 0; }
@media (forced-colors: active) { .vw-log .vw-chip.success { border-bottom-width: 3px; } }
`;
function renderCard(model, e, i) {
  const p = cardParts(e, i);
  const chips = h("ul", { class: "vw-chips", "aria-label": "Faces", title: facesText(e.roll || { dice: [] }, e.marks) }, p.dice.map((d) => h(
    "li",
    { class: `vw-chip${d.success ? " success" : ""}${d.shape !== "square" ? " ally" : ""}` },
    h("span", { "aria-hidden": "true" }, d.mark ? `${d.text} ${d.mark}` : d.text),
    h("span", { class: "vw-visually-hidden" }, d.words)
  )));
  const facts = p.facts.length ? h("dl", { class: "vw-facts" }, p.facts.map((f) => h("div", { class: "vw-fact" }, h("dt", {}, f.label), h("dd", { "data-fact": f.key }, f.text)))) : null;
  return h(
    "li",
    { class: "vw-card", "data-testid": "log-entry", "data-id": p.id === null ? null : String(p.id), "data-passed": String(p.passed) },
    h(
      "div",
      { class: "vw-card-head" },
      h("h3", {}, p.title),
      h("span", { class: "vw-sub" }, `${p.what} · ${p.how}`),
      h("button", { type: "button", "aria-label": `Replay roll ${i + 1}`, onclick: () => send(model, { do: "replay", index: i }) }, "Replay")
    ),
    h("p", { class: "vw-card-result" }, p.result),
    chips,
    facts
  );
}
function render2({ model, el }) {
  const root = rootElement(el, "log");
  root.appendChild(h("style", {}, LOG_STYLE));
  const bar = h("div", { style: "flex:1 1 100%" });
  const error = h("div", { class: "vw-error", role: "alert", "data-testid": "error" });
  const status = h("div", { class: "vw-status", role: "status", "aria-live": "polite", "data-testid": "status" });
  const body = h("div", { style: "flex:1 1 100%; min-width:0" });
  root.append(bar, error, status, body);
  bar.append(logControls(model));
  const draw = () => rerender(body, () => {
    const entries = model.get("entries") || [];
    if (!entries.length) return h("p", { class: "vw-sub" }, "No rolls yet.");
    return [
      h("h2", { class: "vw-sub", style: "font-size:1em; margin:0 0 4px" }, `${entries.length} roll${entries.length === 1 ? "" : "s"}`),
      h("ol", { class: "vw-cards", "data-testid": "log-entries" }, entries.map((e, i) => renderCard(model, e, i)))
    ];
  });
  draw();
  const drawError = () => {
    error.textContent = model.get("error") || "";
  };
  const drawStatus = () => {
    status.textContent = model.get("status") || "";
  };
  drawError();
  drawStatus();
  const onMsg = (msg) => {
    if (msg && msg.download) download(msg.download.name, msg.download.mime, msg.download.text);
  };
  model.on("change:entries", draw);
  model.on("change:error", drawError);
  model.on("change:status", drawStatus);
  model.on("msg:custom", onMsg);
  return () => {
    model.off("change:entries", draw);
    model.off("change:error", drawError);
    model.off("change:status", drawStatus);
    model.off("msg:custom", onMsg);
  };
}
var log_default = { render: render2 };

// js/fcscreen.js
var FC_STYLE = `
.vw-fc .vw-near { font-weight: 700; background: var(--vw-bg2); }
.vw-fc tr.vw-best > * { border-top: 2px solid var(--vw-fg); border-bottom: 2px solid var(--vw-fg); }
.vw-fc tr.vw-best th { font-weight: 700; }
.vw-fc .vw-why { font-weight: 600; font-size: 1.05em; }
.vw-fc .vw-fc-name { font-size: 1.25em; font-weight: 700; }
.vw-fc table { max-width: 100%; }
.vw-fc td, .vw-fc th { padding: 1px 4px; }
.vw-fc caption { text-align: left; font-weight: 600; padding: 2px 0; }
.vw-fc .vw-table { overflow-x: auto; max-width: 100%; flex: 1 1 100%; }
.vw-fc .vw-members { display: flex; flex-wrap: wrap; gap: 8px; }
.vw-fc .vw-members fieldset { flex: 0 1 240px; }
.vw-fc textarea { width: 100%; min-height: 8em; font-family: var(--jp-code-font-family, monospace); }
.vw-fc .vw-not-applied { outline: 2px dashed var(--vw-warn); outline-offset: 1px; }
.vw-fc .vw-beside { margin: 2px 0 6px; }
.vw-fc .vw-cannot { border-left: 4px solid var(--vw-warn); padding-left: 6px; margin: 2px 0; }
`;
function shownValue(note, value) {
  return note && note.invalid && note.typed !== void 0 && note.typed !== null ? String(note.typed) : value;
}
function saidBeside(error, notes) {
  return !!error && Object.values(notes || {}).some((n) => n && n.invalid && n.text === error);
}
function cellText(name, setting, chance, near) {
  return `${name}, ${setting}: ${chance}${near ? `, nearest for ${name}` : ""}`;
}
function noteFor(model, key) {
  const n = (model.get("notes") || {})[key];
  return n && n.text ? n : null;
}
function marked(note, noteId, more = []) {
  const described = [...more, note ? noteId : ""].filter(Boolean).join(" ") || null;
  return {
    "aria-describedby": described,
    "aria-invalid": note && note.invalid ? "true" : null,
    class: note && note.invalid ? "vw-not-applied" : null
  };
}
function noteLine(note, noteId, testid) {
  return note ? h("p", { id: noteId, class: `vw-beside ${note.invalid ? "vw-error" : "vw-note"}`, "data-testid": testid }, note.text) : null;
}
function memberEditor(model, m, i, fields, count) {
  const nameId = uid("fc-name");
  const nameNote = noteFor(model, `name-${i}`);
  const cannot = ((model.get("table") || {}).cannot || {})[String(i)];
  const rows = [
    h(
      "div",
      { class: "vw-row" },
      h("label", { for: nameId }, "Name"),
      h("input", {
        id: nameId,
        type: "text",
        value: shownValue(nameNote, m.name),
        maxlength: 80,
        "data-key": `name-${i}`,
        "data-testid": `name-${i}`,
        ...marked(nameNote, `${nameId}-note`),
        onchange: (e) => send(model, { do: "rename", index: i, name: e.target.value })
      })
    ),
    noteLine(nameNote, `${nameId}-note`, `note-name-${i}`),
    cannot ? h("p", { class: "vw-cannot", "data-testid": `cannot-${i}` }, cannot) : null
  ];
  for (const f of fields) {
    const id = uid(`fc-${f.name}`);
    const note = noteFor(model, `m${i}-${f.name}`);
    const noteId = `${id}-note`;
    const value = shownValue(note, m.spec[f.name]);
    const common = {
      id,
      "data-key": `m${i}-${f.name}`,
      "data-testid": `m${i}-${f.name}`,
      ...marked(note, noteId, [f.kind === "list" ? `${id}-hint` : ""])
    };
    const set = (v) => send(model, { do: "set", index: i, field: f.name, value: v });
    let control;
    if (f.kind === "int") {
      control = h("input", {
        ...common,
        type: note && note.invalid ? "text" : "number",
        inputmode: "numeric",
        min: f.min,
        max: f.max,
        step: 1,
        value: String(value),
        onchange: (e) => set(e.target.value)
      });
    } else if (f.kind === "choice") {
      control = h(
        "select",
        { ...common, onchange: (e) => set(e.target.value) },
        f.options.map((o, k) => h("option", { value: o, selected: o === value }, (f.option_words || [])[k] || o))
      );
      control.value = value;
    } else if (f.kind === "bool") {
      control = h("input", { ...common, type: "checkbox", checked: !!value, onchange: (e) => set(e.target.checked) });
    } else {
      control = h("input", {
        ...common,
        type: "text",
        value: Array.isArray(value) ? value.join(", ") : String(value ?? ""),
        onchange: (e) => set(e.target.value)
      });
    }
    rows.push(h(
      "div",
      { class: "vw-row" },
      h("label", { for: id }, f.label),
      control,
      f.kind === "list" ? h("span", { id: `${id}-hint`, class: "vw-sub" }, "comma-separated") : null
    ));
    rows.push(noteLine(note, noteId, `note-m${i}-${f.name}`));
  }
  rows.push(h(
    "div",
    { class: "vw-row" },
    h("button", {
      type: "button",
      "data-key": `explain-${i}`,
      "data-testid": `explain-${i}`,
      onclick: () => send(model, { do: "explain", index: i, rung: null })
    }, `Explain ${m.name}'s number`),
    h("button", {
      type: "button",
      "data-key": `remove-${i}`,
      "data-testid": `remove-${i}`,
      disabled: count <= 1,
      "aria-label": `Remove ${m.name}`,
      onclick: () => send(model, { do: "remove", index: i })
    }, "Remove")
  ));
  return h("fieldset", { "data-testid": `member-${i}` }, h("legend", {}, m.name), rows);
}
function ladderTable(model) {
  const t = model.get("table") || {};
  const names = t.names || [];
  const rows = t.rows || [];
  return h(
    "table",
    { "data-testid": "ladder" },
    h("caption", {}, t.ladder_caption || ""),
    // Python's words: the rules by their name, never the edition's id
    h("thead", {}, h(
      "tr",
      {},
      h("th", { scope: "col" }, "setting"),
      names.map((n) => h("th", { scope: "col" }, n)),
      h("th", { scope: "col" }, "party")
    )),
    h("tbody", {}, rows.map((r, i) => h(
      "tr",
      { class: r.best ? "vw-best" : "", "data-testid": `rung-${i}`, "data-best": r.best ? "true" : "false" },
      h(
        "th",
        { scope: "row" },
        r.best ? `▶ ${r.setting}` : r.setting,
        r.best ? h("span", { class: "vw-visually-hidden" }, " (nearest for the party)") : null
      ),
      r.chances.map((c, j) => {
        const near = r.nearest_for.includes(names[j]);
        const shown = (r.shown || r.chances)[j];
        return h(
          "td",
          {
            class: near ? "vw-near" : "",
            "data-testid": `cell-${i}-${j}`,
            "data-near": near ? "true" : "false",
            title: cellText(names[j], r.setting, c, near)
          },
          near ? `◆ ${shown}` : shown,
          near ? h("span", { class: "vw-visually-hidden" }, ` nearest for ${names[j]}`) : null
        );
      }),
      h("td", { class: r.best ? "vw-near" : "", title: `party, ${r.setting}: ${r.party}` }, r.party_shown || r.party)
    )))
  );
}
function explanationPanel(model, root) {
  const e = model.get("explanation") || {};
  if (!e.title) return null;
  return h(
    "section",
    { class: "vw-explain", "aria-label": "Explanation", "data-testid": "explanation" },
    h("p", {}, h("b", {}, e.title)),
    h("p", {}, "The odds, in rule order:"),
    h("ol", {}, (e.steps || []).map((s) => h("li", {}, s))),
    h("p", {}, `An example roll (seed ${e.seed}), step by step:`),
    h("ol", {}, (e.walk || []).map((s) => h("li", {}, s))),
    h("button", {
      type: "button",
      "data-key": "hide-explanation",
      "data-testid": "hide-explanation",
      onclick: () => {
        send(model, { do: "hide_explanation" });
        const back = root.querySelector(`[data-key="explain-${e.index}"]`);
        if (back) back.focus();
      }
    }, "Hide the explanation")
  );
}
function exportPanel(model) {
  const t = model.get("table") || {};
  const areaId = uid("fc-md");
  const area = h("textarea", { id: areaId, readonly: true, "data-testid": "markdown", "data-key": "markdown" }, t.markdown || "");
  return h(
    "div",
    { class: "vw-row", role: "group", "aria-label": "Export" },
    h("button", {
      type: "button",
      "data-key": "export-csv",
      "data-testid": "export-csv",
      onclick: () => send(model, { do: "export", format: "csv" })
    }, "Download CSV"),
    h("button", {
      type: "button",
      "data-key": "export-markdown",
      "data-testid": "export-markdown",
      onclick: () => send(model, { do: "export", format: "markdown" })
    }, "Download Markdown"),
    h("details", {}, h("summary", {}, "The table as text to copy (Markdown)"), h("label", { for: areaId, class: "vw-visually-hidden" }, "Markdown table"), area)
  );
}
function ladderNotes(model) {
  const t = model.get("table") || {};
  return [
    h("p", { class: "vw-sub", "data-testid": "marks" }, `◆ nearest to ${formatPercent(model.get("target"))} for that character; ▶ nearest for the party (the average of the characters' chances).`),
    t.far ? h("p", { class: "vw-note", "data-testid": "far" }, t.far.text) : null,
    ...(t.ends || []).map((x) => h("p", { class: "vw-sub", "data-testid": "ends" }, x))
  ];
}
function render3({ model, el }) {
  const root = rootElement(el, "fc");
  root.appendChild(h("style", {}, FC_STYLE));
  root.append(h(
    "div",
    { class: "vw-fc-title", style: "flex:1 1 100%" },
    h("div", { class: "vw-fc-name" }, "The Facilitator's screen"),
    h("div", {}, "Which difficulty gives this party about the chance you want? Set the target, then read the ladder.")
  ));
  const targetId = uid("fc-target");
  const numberId = uid("fc-target-n");
  const pctNow = () => Math.round((model.get("target") ?? 0.5) * 100);
  const targetNoteId = uid("fc-target-note");
  const slider = h("input", {
    id: targetId,
    type: "range",
    min: 1,
    max: 99,
    step: 1,
    value: String(pctNow()),
    "data-key": "target",
    "data-testid": "target",
    "aria-valuetext": `${pctNow()} %`,
    onchange: (e) => send(model, { do: "target", value: Number(e.target.value) / 100 })
  });
  const number = h("input", {
    id: numberId,
    type: "text",
    inputmode: "decimal",
    size: 4,
    value: String(pctNow()),
    "data-key": "target-number",
    "data-testid": "target-number",
    "aria-describedby": targetNoteId,
    onchange: (e) => send(model, { do: "type_target", text: e.target.value })
  });
  const targetNote = h("p", { id: targetNoteId, class: "vw-beside vw-error", "data-testid": "note-target", style: "flex:1 1 100%" });
  const head = h(
    "div",
    { class: "vw-row", style: "flex:1 1 100%" },
    h("label", { for: targetId }, "Target chance (%)"),
    slider,
    h("label", { for: numberId, class: "vw-visually-hidden" }, "Target chance in percent"),
    number
  );
  const why = h("div", { class: "vw-why", role: "status", "aria-live": "polite", "data-testid": "why", style: "flex:1 1 100%" });
  const error = h("div", { class: "vw-error", role: "alert", "data-testid": "error", style: "flex:1 1 100%" });
  const status = h("div", { class: "vw-sub", "aria-live": "polite", "data-testid": "status", style: "flex:1 1 100%" });
  const table = h("div", { class: "vw-table" });
  const explainBox = h("div", { style: "flex:1 1 100%" });
  const notes = h("div", { style: "flex:1 1 100%" });
  const members = h("div", { style: "flex:1 1 100%" });
  const exportBox = h("div", { style: "flex:1 1 100%" });
  root.append(head, targetNote, why, error, table, notes, explainBox, members, exportBox, status);
  const drawTarget = () => {
    const p = pctNow();
    const note = noteFor(model, "target");
    if (document.activeElement !== slider) slider.value = String(p);
    number.value = shownValue(note, String(p));
    for (const [k, v] of Object.entries(marked(note, targetNoteId))) {
      if (k === "aria-describedby") continue;
      if (v === null) number.removeAttribute(k);
      else number.setAttribute(k, v);
    }
    setText(targetNote, note && note.invalid ? note.text : "");
    slider.setAttribute("aria-valuetext", `${p} %`);
  };
  const drawTable = () => {
    rerender(table, () => ladderTable(model));
    rerender(notes, () => ladderNotes(model));
    rerender(exportBox, () => exportPanel(model));
  };
  const drawMembers = () => rerender(members, () => {
    const ms = model.get("members") || [];
    const fields = model.get("fields") || [];
    return h(
      "div",
      { role: "group", "aria-label": "The party" },
      h("p", { class: "vw-sub", "data-testid": "party-words" }, "The party: the characters who will make this roll, each with their own dice. The party's chance at a setting is the average of theirs: the share of the party expected to pass."),
      h("div", { class: "vw-members" }, ms.map((m, i) => memberEditor(model, m, i, fields, ms.length))),
      h("button", {
        type: "button",
        "data-key": "add",
        "data-testid": "add",
        disabled: ms.length >= 6,
        onclick: () => send(model, { do: "add" })
      }, "Add a character")
    );
  });
  const drawExplain = () => rerender(explainBox, () => explanationPanel(model, root));
  const drawWhy = () => {
    setText(why, model.get("why") || "");
  };
  const drawError = () => {
    const text = model.get("error") || "";
    setText(error, text);
    error.classList.toggle("vw-visually-hidden", saidBeside(text, model.get("notes")));
    if (text) {
      drawMembers();
      drawTarget();
    }
  };
  const drawStatus = () => {
    setText(status, model.get("status") || "");
  };
  drawTarget();
  drawTable();
  drawMembers();
  drawExplain();
  drawWhy();
  drawError();
  drawStatus();
  const onMsg = (msg) => {
    if (msg && msg.download) download(msg.download.name, msg.download.mime, msg.download.text);
  };
  const on = [
    ["change:target", drawTarget],
    ["change:table", () => {
      drawTable();
      drawMembers();
    }],
    ["change:members", drawMembers],
    ["change:fields", drawMembers],
    ["change:explanation", drawExplain],
    ["change:why", drawWhy],
    ["change:error", drawError],
    ["change:status", drawStatus],
    ["change:notes", () => {
      drawMembers();
      drawTarget();
      drawError();
    }],
    ["msg:custom", onMsg]
  ];
  for (const [ev, f] of on) model.on(ev, f);
  return () => {
    for (const [ev, f] of on) model.off(ev, f);
  };
}
var fcscreen_default = { render: render3 };

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
  return (row.group ? "up to " : "") + barWords(row, key);
}
function barWords(row, key) {
  if (row.group) return row.d[key] ? shortPoints(row.d[key]) : "no change";
  return row.said && row.said[key] || shortPoints(row.d[key]);
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
  const cell = (r, k) => formatPercent(r.p[k], 1) + (r.group ? ` … ${formatPercent(r.p_last[k], 1)}` : "");
  const shown = drawnVariants(view.rows || []);
  const same = ["A", "B"].filter((k) => !shown.includes(k)).map((k) => n[k]);
  return h(
    "details",
    { "data-testid": "lab-table" },
    h("summary", {}, "Table of the odds and differences"),
    h(
      "table",
      { class: "vw-difftable" },
      h("caption", {}, "Chance under each rule set; in brackets, the points from the base" + (same.length ? ` (${same.join(", ")}: the same odds as the base)` : "")),
      h("thead", {}, h("tr", {}, ["chance", "base", ...shown.map((k) => n[k])].map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, (view.rows || []).map((r) => h(
        "tr",
        {},
        h("th", { scope: "row" }, r.label),
        h("td", {}, cell(r, "base")),
        ...shown.map((k) => h("td", {}, `${cell(r, k)} (${valueWords(r, k)})`))
      )))
    )
  );
}

// js/rulelab.js
function keyWord(key) {
  const text = String(key);
  return /^[a-z]+$/.test(text) ? text[0].toUpperCase() + text.slice(1) : text;
}
function knobText(value) {
  if (value === null || value === void 0) return "none";
  if (value === true) return "yes";
  if (value === false) return "no";
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${keyWord(k)} ${knobText(v)}`).join(" · ");
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
function sampleCells(p, exact) {
  const a = formatPercent(p, 1), b = formatPercent(exact, 1);
  if (/[<>]/.test(a + b)) return [a, b, pointsCell(p - exact)];
  const d = Math.round((Number.parseFloat(a) - Number.parseFloat(b)) * 10);
  return [a, b, d === 0 ? "±0" : `${d > 0 ? "+" : "−"}${(Math.abs(d) / 10).toFixed(1)}`];
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
  const label = `${knob.label} in ${names[variant] || variant}`;
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
        `${keyWord(k)} `,
        scalarControl(form.of, value[k], `${label}, ${keyWord(k)}`, (v) => set({ ...value, [k]: v }, k), errs[i], `knob-${variant}-${knob.name}-${k}`, model)
      )),
      errs.map(errorLine)
    );
  }
  const err = fieldError(model, `${variant}.${knob.name}`);
  return h("span", {}, scalarControl(form, value, label, set, err, `knob-${variant}-${knob.name}`, model), errorLine(err));
}
function draftWords(drafts, v, named) {
  const id = (drafts || {})[v];
  return id ? `plays by ${(named || {})[v] || `the draft ${id}`}` : "";
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
    const other = draftWords(drafts, v, (model.get("view") || {}).drafts_named);
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
        ...sampleCells(p, s.exact).map((t) => h("td", {}, t))
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
function axisValue(text, axis, label) {
  const said = String(text);
  const named = [label, axis].find((w) => w && said.startsWith(`${w} `));
  return named ? said.slice(named.length + 1) : said;
}
function heatFit(room, corner, columns) {
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
  const value = (text, axis) => axisValue(text, axis, label(axis));
  const texts = heat.rows.flatMap((r) => r.cells.map((c) => c.value === null ? "not allowed" : String(c.text)));
  const per = fit || heatColumns(width, heat.cols.map((c) => value(c, axes[1])), texts);
  const tables = [];
  for (let k = 0; k < heat.cols.length; k += per) {
    const cols = heat.cols.slice(k, k + per);
    const part = per < heat.cols.length ? ` (${label(axes[1])} ${value(cols[0], axes[1])} to ${value(cols[cols.length - 1], axes[1])})` : "";
    const caption = k ? [h("span", { class: "vw-visually-hidden" }, `${heat.caption} `), part.trim()] : heat.caption + part;
    tables.push(h(
      "table",
      { class: "vw-heatmap" },
      h("caption", {}, caption),
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
function render4({ model, el }) {
  const root = rootElement(el, "rulelab");
  root.classList.add("vw-lab");
  root.appendChild(h("style", {}, LAB_STYLE));
  const error = h("div", { class: "vw-error", role: "alert", "data-testid": "error" });
  const knobs = h("div", { style: "flex:1 1 100%; min-width:0" });
  const odds = h("div", { role: "region", "aria-label": "Odds under each rule set", style: "flex:1 1 100%; min-width:0" });
  const live = h("div", { class: "vw-visually-hidden", role: "status", "aria-live": "polite", "data-testid": "lab-live" });
  const heat = h("div", { style: "flex:1 1 100%; min-width:0; overflow-x:auto" });
  const title = h("div", { class: "vw-sub", "data-testid": "lab-title" }, "Rule lab");
  root.append(title, error, live, odds, knobs, heat);
  let said = "";
  let width = 0;
  const drawKnobs = () => rerender(knobs, () => knobsTable(model));
  const drawOdds = () => {
    const view = model.get("view") || {};
    if (view.rules_named) setText(title, `Rule lab: ${view.rules_named}`);
    odds.replaceChildren(...[oddsBlock(view, width || odds.clientWidth || 400)].flat().filter(Boolean));
    heat.replaceChildren(...[heatBlock(model, view, Infinity)].filter(Boolean));
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
var rulelab_default = { render: render4 };

// js/widgets.js
var VIEWS = {
  check: ({ model, el }) => mountRoller(model, el, "check", {}),
  task: task_default.render,
  pool: ({ model, el }) => mountRoller(model, el, "pool", {}),
  log: log_default.render,
  fcscreen: fcscreen_default.render,
  rulelab: rulelab_default.render
};
var VIEW = "@venus-widgets-view@";
function render5({ model, el }) {
  return VIEWS[VIEW]({ model, el });
}
var widgets_default = { render: render5 };
export {
  widgets_default as default,
  render5 as render
};
