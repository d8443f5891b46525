// TaskRoller view: a task of any edition. Adds to the shared roller what the
// fields declare (Python sends them in ``fields``): sources summed into a
// field (the KISS sources), consequences picked from the rules' list, or
// consequences typed by the FC (rendered as text, never HTML).
import { h, uid, setTrait, fold } from "./dom.js";
import { clampInt, budgetText } from "./format.js";
import { mountRoller } from "./roller.js";

/** Toggle a consequence id in the wanted list, keeping the rules' order. */
export function toggleWanted(wanted, id, order) {
  const set = new Set(wanted);
  if (set.has(id)) set.delete(id);
  else set.add(id);
  return order.filter((x) => set.has(x));
}

/** Resize the consequence texts to n, within lo..hi (the range of the field that counts them). */
export function resizeTexts(texts, n, lo, hi) {
  const k = clampInt(n, Math.max(1, lo), hi, texts.length || 1);
  return [...texts.slice(0, k), ...Array(Math.max(0, k - texts.length)).fill("")];
}

function sourceValues(model, field) {
  return Object.fromEntries(field.sources.map((src) => [src.name, model.get(src.name) || 0]));
}

function sumText(model, field) {
  return budgetText(field.label, model.get(field.name), sourceValues(model, field));
}

/** The goal of the roll in words (never a sum): the threshold, and the consequences chosen. */
export function goalText(model) {
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
        return h("div", { class: "vw-row" }, h("input", { type: "checkbox", id, checked: !!v, "data-key": `source-${src.name}`, "data-testid": `source-${src.name}`, "data-bind": src.name,
          onchange: (e) => setTrait(model, src.name, e.target.checked ? 1 : 0) }), h("label", { for: id }, `${src.label} (KISS one die)`));
      }
      const out = h("output", { for: id, "data-out": src.name }, String(v));
      return h("div", { class: "vw-row" }, h("label", { for: id }, src.label),
        h("input", { type: "range", id, min: 0, max: hi, step: 1, value: String(v), disabled: hi === 0, "data-key": `source-${src.name}`, "data-testid": `source-${src.name}`,
          "data-bind": src.name, "data-label": src.label, "aria-valuetext": `${src.label} ${v}`,
          oninput: (e) => { const x = clampInt(e.target.value, 0, hi, v); out.textContent = String(x); setTrait(model, src.name, x); } }), out);
    });
    return [fold(model, `sources-${field.name}`, `Where the ${field.label} comes from`,
      h("div", { role: "group", "aria-label": `${field.label}: its sources` }, rows)),
    h("p", { "data-testid": "kiss-total", "data-total": field.name }, sumText(model, field))];
  };
}

function consequenceControls(model) {
  const list = model.get("consequence_list") || [];
  const order = list.filter((c) => !c.fixed).map((c) => c.id);
  const wanted = model.get("wanted") || [];
  const rows = [];
  const tiers = [...new Set(list.map((c) => c.tier))];  // in the rules' order, as Python lists them
  for (const tier of tiers) {
    const items = list.filter((c) => c.tier === tier);
    rows.push(h("div", { class: "vw-sub" }, items[0].tier_words || tier));
    for (const c of items) {
      const id = uid(`want-${c.id}`);
      const box = h("input", {
        type: "checkbox", id, checked: c.fixed || wanted.includes(c.id), disabled: !!c.fixed,
        "data-key": `want-${c.id}`, "data-testid": `want-${c.id}`, "data-bind": c.fixed ? null : "wanted", "data-item": c.fixed ? null : c.id,
        onchange: () => setTrait(model, "wanted", toggleWanted(model.get("wanted") || [], c.id, order)),
      });
      rows.push(h("div", { class: "vw-row" }, box, h("label", { for: id }, c.text, c.note ? h("span", { class: "vw-sub" }, ` (${c.note})`) : null)));
    }
  }
  return [fold(model, "consequences", "Choose the consequences you want",
    h("div", { role: "group", "aria-label": "Consequences wanted" }, rows)),
  h("p", { class: "vw-sub", "data-testid": "goal-line" }, goalText(model))];
}

/** The consequences the FC types: as many as the field's range allows, each of at most ``field.max_text`` characters. */
function textControls(field) {
  return (model) => {
    const texts = model.get("consequence_texts") || [""];
    const rows = texts.map((t, i) => {
      const id = uid(`text-${i}`);
      return h("div", { class: "vw-row vw-text" }, h("label", { for: id }, `Consequence ${i + 1}`),
        h("input", { type: "text", id, value: t, maxlength: field.max_text, "data-key": `text-${i}`, "data-testid": `text-${i}`, placeholder: "what the FC says",
          onchange: (e) => { const next = [...(model.get("consequence_texts") || [])]; next[i] = e.target.value; setTrait(model, "consequence_texts", next); } }),
        texts.length > Math.max(1, field.min) ? h("button", { type: "button", "data-key": `remove-text-${i}`, "data-testid": `remove-text-${i}`, "aria-label": `Remove consequence ${i + 1}`,
          onclick: () => { const next = [...(model.get("consequence_texts") || [])]; next.splice(i, 1); setTrait(model, "consequence_texts", next); } }, "Remove") : null);
    });
    rows.push(h("button", { type: "button", "data-key": "add-text", "data-testid": "add-text", disabled: texts.length >= field.max,
      onclick: () => setTrait(model, "consequence_texts", resizeTexts(model.get("consequence_texts") || [], texts.length + 1, field.min, field.max)) }, "Add consequence"));
    return h("div", { role: "group", "aria-label": "Consequences the FC set" }, rows);
  };
}

export function render({ model, el }) {
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
  const chain = (g, fn) => { const first = extras[g]; extras[g] = first ? (m) => [first(m), fn(m)] : fn; };
  if (picked) { chain(picked.group, consequenceControls); skip.push(picked.name); controlKeys.push("wanted"); }
  if (typed) { chain(typed.group, textControls(typed)); skip.push(typed.name); controlKeys.push("consequence_texts"); structureKeys.push("consequence_texts"); }
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

export default { render };
