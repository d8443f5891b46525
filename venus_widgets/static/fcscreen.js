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
    h("caption", {}, `The ${t.edition} ${t.roll} ladder, easiest first: each character's chance to pass`),
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
function render({ model, el }) {
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
var fcscreen_default = { render };
export {
  cellText,
  fcscreen_default as default,
  render,
  saidBeside,
  shownValue
};
