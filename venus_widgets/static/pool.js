// venus-widgets front end, bundled from js/ by esbuild (make js); sources sha256 4e07376d9de46906c78ffb01bff259d4ca30bd7b1781c71a35616b6451773207

// js/format.js
function thousands(n) {
  const s = String(Math.round(Math.abs(n)));
  const out = s.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return n < 0 ? "-" + out : out;
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
function send(model, content) {
  model.send(content);
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
    }, opts.map((o) => h("option", { value: String(o), selected: o === v }, String(o))));
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
  let s = `Distribution of ${name}: most likely ${mode[0]} (${formatPercent(mode[1])}).`;
  s += ` ${words.threshold || "Threshold"} ${view.threshold}: chance to pass ${formatPercent(view.p_pass)}.`;
  if (view.goal !== view.threshold) s += ` Goal ${view.goal}: chance to reach it ${formatPercent(view.p_goal)}.`;
  return s;
}

// js/odds_view.js
function renderChart(view, words = {}, mode = "exact", width = 400) {
  const e = chartEntries(view, mode);
  const w = Math.max(160, Math.round(width));
  const g = chartGeometry(e.dist, e.passed, e.lines ? view.threshold : null, e.lines ? view.goal : null, { width: w });
  const titleId = uid("chart-title");
  const descId = uid("chart-desc");
  const desc = chartDescription(view, words);
  const how = { exact: "Chance of each number of", at_least: "Chance of at least each number of", at_most: "Chance of at most each number of" }[mode];
  const parts = [
    svg("title", { id: titleId }, view.numeric ? `${how} ${view.outcome_name || "outcomes"}` : "Chance of each result"),
    svg("desc", { id: descId }, desc)
  ];
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
  return svg("svg", {
    class: "vw-chart",
    role: "img",
    viewBox: `0 0 ${g.width} ${g.height}`,
    width: g.width,
    height: g.height,
    "aria-labelledby": titleId,
    "aria-describedby": descId,
    "data-testid": "chart",
    "data-mode": mode
  }, parts);
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
    const row = view.numeric ? [String(k), formatPercent(p), formatPercent(tail)] : [String(k), formatPercent(p)];
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
    const goalText = view.goal !== view.threshold ? `Goal (${view.goal} ${view.outcome_name}): ` : `${words.threshold || "Threshold"} ${view.threshold}; goal: `;
    out.push(h("div", {}, goalText, goal(), formatOneIn(view.p_goal) ? ` (${formatOneIn(view.p_goal)})` : ""));
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
  return [merge, chartBlock(model, view, words, width), spread, h("p", { class: "vw-visually-hidden" }, chartDescription(view, words))];
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
function renderOddsMore(model) {
  const view = oddsView(model);
  if (!view.ok) return [];
  const out = [oddsTable(view), explainBlock(model), whatIfBlock(model)];
  const notes = [...view.notes || []];
  if (view.truncated) notes.push(`Left out of these chances: the endless tail of the rarest rolls, together about ${formatOneIn(view.truncated, 1)}.`);
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
var POSITIVE_MARKS = /* @__PURE__ */ new Set(["✓", "✓✓", "auto", "auto-pass"]);
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
  const title = h("div", { class: "vw-sub vw-title" }, `${model.get("edition")} ${model.get("roll")}`);
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
  let pendingStep = null;
  const onStep = (e) => {
    const b = e.target.closest ? e.target.closest("[data-step]") : null;
    pendingStep = b && root.contains(b) ? b.getAttribute("data-step") : null;
  };
  root.addEventListener("click", onStep, true);
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
    const step = pendingStep;
    pendingStep = null;
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
  const drawError = () => {
    const e = model.get("error") || "";
    setText(error, e);
    if (e) pendingStep = null;
  };
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
  };
}

// js/pool.js
function render({ model, el }) {
  return mountRoller(model, el, "pool", {});
}
var pool_default = { render };
export {
  pool_default as default,
  render
};
