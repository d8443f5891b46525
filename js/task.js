// TaskRoller view: playtest, playsheet and agora tasks. Adds to the shared
// roller the playtest KISS sources and consequence checkboxes, and the agora
// consequences typed by the FC (rendered as text, never HTML).
import { h, uid, setTrait, clampInt, budgetText, mountRoller } from "./common.js";

/** The playtest KISS sources: [trait, label, max] (ally stunts: one per ally). */
export const KISS_SOURCES = [
  ["lots", "Lots spent", 10],
  ["insights", "Insights", 10],
  ["stunt", "Stunt", 1],
  ["specialties", "Specialties", 4],
  ["ally_stunts", "Ally stunts", 2],
];

/** Sum of the KISS sources: the single-die KISS budget. */
export function kissSum(sources) {
  return KISS_SOURCES.reduce((a, [k]) => a + Number(sources[k] || 0), 0);
}

/** Toggle a consequence id in the wanted list, keeping the rules' order. */
export function toggleWanted(wanted, id, order) {
  const set = new Set(wanted);
  if (set.has(id)) set.delete(id);
  else set.add(id);
  return order.filter((x) => set.has(x));
}

/** Resize the agora consequence texts to n (1..4). */
export function resizeTexts(texts, n) {
  const k = clampInt(n, 1, 4, texts.length || 1);
  return [...texts.slice(0, k), ...Array(Math.max(0, k - texts.length)).fill("")];
}

function kissTotalText(model) {
  return budgetText(model.get("kiss"), Object.fromEntries(KISS_SOURCES.map(([k]) => [k, model.get(k) || 0])));
}

function syncTask(model, controls) {
  const total = controls.querySelector('[data-testid="kiss-total"]');
  if (total) total.textContent = kissTotalText(model);
  const goal = controls.querySelector('[data-testid="goal-line"]');
  const n = (model.get("wanted") || []).length;
  if (goal) goal.textContent = `Goal: threshold + ${n} consequence${n === 1 ? "" : "s"}`;
}

function sourceControls(model) {
  const allies = (model.get("allies") || []).length;
  const rows = KISS_SOURCES.map(([name, label, max]) => {
    const hi = name === "ally_stunts" ? allies : max;
    const id = uid(name);
    const v = model.get(name) || 0;
    if (max === 1) {
      return h("div", { class: "vw-row" }, h("input", { type: "checkbox", id, checked: !!v, "data-key": `source-${name}`, "data-testid": `source-${name}`, "data-bind": name,
        onchange: (e) => setTrait(model, name, e.target.checked ? 1 : 0) }), h("label", { for: id }, `${label} (KISS one die)`));
    }
    const out = h("output", { for: id, "data-out": name }, String(v));
    return h("div", { class: "vw-row" }, h("label", { for: id }, label),
      h("input", { type: "range", id, min: 0, max: hi, step: 1, value: String(v), disabled: hi === 0, "data-key": `source-${name}`, "data-testid": `source-${name}`,
        "data-bind": name, "data-label": label, "aria-valuetext": `${label} ${v}`,
        oninput: (e) => { const x = clampInt(e.target.value, 0, hi, v); out.textContent = String(x); setTrait(model, name, x); } }), out);
  });
  rows.push(h("p", { "data-testid": "kiss-total" }, kissTotalText(model)));
  return h("div", { role: "group", "aria-label": "KISS sources" }, rows);
}

function consequenceControls(model) {
  const list = model.get("consequence_list") || [];
  const order = list.filter((c) => c.id !== "primary").map((c) => c.id);
  const wanted = model.get("wanted") || [];
  const rows = [];
  for (const tier of ["primary", "secondary", "tertiary"]) {
    const items = list.filter((c) => c.tier === tier);
    rows.push(h("div", { class: "vw-sub" }, tier === "primary" ? "Primary (always wanted; costs the threshold)" : `${tier[0].toUpperCase()}${tier.slice(1)} (1 success each)`));
    for (const c of items) {
      const id = uid(`want-${c.id}`);
      const box = h("input", {
        type: "checkbox", id, checked: c.id === "primary" || wanted.includes(c.id), disabled: c.id === "primary",
        "data-key": `want-${c.id}`, "data-testid": `want-${c.id}`, "data-bind": c.id === "primary" ? null : "wanted", "data-item": c.id === "primary" ? null : c.id,
        onchange: () => setTrait(model, "wanted", toggleWanted(model.get("wanted") || [], c.id, order)),
      });
      rows.push(h("div", { class: "vw-row" }, box, h("label", { for: id }, c.text, c.note ? h("span", { class: "vw-sub" }, ` (${c.note})`) : null)));
    }
  }
  rows.push(h("p", { class: "vw-sub", "data-testid": "goal-line" }, `Goal: threshold + ${wanted.length} consequence${wanted.length === 1 ? "" : "s"}`));
  return h("div", { role: "group", "aria-label": "Consequences wanted" }, rows);
}

function agoraTexts(model) {
  const texts = model.get("consequence_texts") || [""];
  const rows = texts.map((t, i) => {
    const id = uid(`text-${i}`);
    return h("div", { class: "vw-row" }, h("label", { for: id }, `Consequence ${i + 1}`),
      h("input", { type: "text", id, value: t, maxlength: 200, "data-key": `text-${i}`, "data-testid": `text-${i}`,
        onchange: (e) => { const next = [...(model.get("consequence_texts") || [])]; next[i] = e.target.value; setTrait(model, "consequence_texts", next); } }),
      texts.length > 1 ? h("button", { type: "button", "data-key": `remove-text-${i}`, "data-testid": `remove-text-${i}`, "aria-label": `Remove consequence ${i + 1}`,
        onclick: () => { const next = [...(model.get("consequence_texts") || [])]; next.splice(i, 1); setTrait(model, "consequence_texts", next); } }, "Remove") : null);
  });
  rows.push(h("button", { type: "button", "data-key": "add-text", "data-testid": "add-text", disabled: texts.length >= 4,
    onclick: () => setTrait(model, "consequence_texts", resizeTexts(model.get("consequence_texts") || [], texts.length + 1)) }, "Add consequence"));
  rows.push(h("ul", { class: "vw-sub", "data-testid": "consequence-texts" }, texts.map((t, i) => h("li", {}, t || `Consequence ${i + 1}`))));
  return h("div", { role: "group", "aria-label": "Consequences the FC set" }, rows);
}

export function render({ model, el }) {
  const edition = model.get("edition");
  if (edition === "playtest") {
    return mountRoller(model, el, "task", {
      skip: ["kiss", "consequences"],
      extras: { kiss: sourceControls, consequences: consequenceControls },
      controlKeys: ["lots", "insights", "stunt", "specialties", "ally_stunts", "wanted", "kiss"],
      structureKeys: [],
      sync: syncTask,
    });
  }
  if (edition === "agora") {
    return mountRoller(model, el, "task", { skip: ["consequences"], extras: { consequences: agoraTexts }, controlKeys: ["consequence_texts"], structureKeys: ["consequence_texts"] });
  }
  return mountRoller(model, el, "task", {});
}

export default { render };
