// DOM helpers: elements built from text only (never HTML), ids unique on the page,
// folds, focus and the model's messages.
// One counter for the whole page: every widget module carries its own copy of
// this file, so a module-level counter would restart in each roller and give
// two rollers on one page the same ids (a label of one would name the other's
// control).
const UID_KEY = Symbol.for("venus-widgets.uid");
export function uid(prefix) {
  globalThis[UID_KEY] = (globalThis[UID_KEY] || 0) + 1;
  return `vw-${prefix}-${globalThis[UID_KEY]}`;
}

/** h("div", {class: "x", "data-testid": "y"}, "text", child...) */
// Controls keep their keys: JupyterLab matches its notebook shortcuts (arrows,
// Space, Enter in command mode) against the focused element unless that element
// carries data-lm-suppress-shortcuts, so a keyboard user could not move a slider.
const OWN_KEYS = new Set(["input", "select", "button", "textarea", "details", "summary"]);

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  if (OWN_KEYS.has(tag)) el.setAttribute("data-lm-suppress-shortcuts", "true");
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined && v !== false) el.setAttribute(k, String(v));
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "value") el.value = v;
    else if (k === "checked") el.checked = !!v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
}

/** A number and its sign ("44 %", "<1 %", "1 in 3,240") as one unit of
 *  text: the pieces of ``text`` and, for each, whether it must not wrap. */
export function numberPieces(text) {
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

/** Tags whose text may hold no element (the number spans stay out). */
const PLAIN_TEXT = new Set(["option", "textarea", "style", "title", "script"]);

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

/** Set an element's text (as text, never HTML) keeping numbers whole. */
export function setText(el, text) {
  el.replaceChildren(...textNode(el, String(text ?? "")));
}

function append(el, children) {
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    if (typeof c === "string" || typeof c === "number") el.append(...textNode(el, String(c)));
    else el.appendChild(c);
  }
}

/** Put the model's values into the bound controls in place (no rebuild,
 *  so a slider being dragged keeps its pointer and focus). */
export function syncBound(container, model) {
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

/** What forces a rebuild of the controls: list lengths and extra keys. */
export function structureKey(model, extraKeys = []) {
  const parts = (model.get("fields") || []).filter((f) => f.kind === "list").map((f) => (model.get(f.name) || []).length);
  for (const k of extraKeys) parts.push(JSON.stringify(model.get(k)));
  return parts.join("|");
}

/** Re-render ``container`` with ``build()`` keeping the focused control
 *  (matched by its data-key) focused. */
export function rerender(container, build) {
  const active = container.ownerDocument?.activeElement;
  const key = active && container.contains(active) ? active.getAttribute("data-key") : null;
  container.replaceChildren(...[build()].flat().filter(Boolean));
  if (key) {
    const again = container.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus();
  }
}

export const FOLDS = new WeakMap();
/** A folded part of the controls (rare settings): open or shut stays as the
 *  user left it while the widget redraws. */
export function fold(model, key, summary, ...content) {
  const open = !!(FOLDS.get(model) || {})[key];
  const d = h("details", { class: "vw-fold", open, "data-fold": key },
    h("summary", { "data-testid": `fold-${key}`, "data-key": `fold-${key}` }, summary), ...content);
  d.addEventListener("toggle", () => { FOLDS.set(model, { ...(FOLDS.get(model) || {}), [key]: d.open }); });
  return d;
}

/** Focus the first control of ``container`` among ``keys`` (data-keys, in
 *  order) that is present and enabled; true when one took focus. */
export function focusFirst(container, keys) {
  for (const key of keys) {
    const el = container.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (!el || el.disabled || el.getAttribute("aria-disabled") === "true") continue;
    el.focus();
    if (container.ownerDocument.activeElement === el) return true;
  }
  return false;
}

/** The id of a step of the roll whose message is being sent (roller.js
 *  sets it while a click on a step's button is dispatched): that message
 *  carries it as ``step_id``, and Python's table names it when it answers. */
const STEP_IDS = new WeakMap();
export function sendingStep(model, id) {
  if (id === null) STEP_IDS.delete(model);
  else STEP_IDS.set(model, id);
}

export function send(model, content) {
  const id = STEP_IDS.get(model);
  if (id === undefined) { model.send(content); return; }
  STEP_IDS.delete(model);  // one message per step
  model.send({ ...content, step_id: id });
}

export function setTrait(model, name, value) {
  model.set(name, value);
  model.save_changes();
}

export function download(name, mime, text) {
  const blob = new Blob([text], { type: mime });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 0);
}
