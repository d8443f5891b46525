// The controls of a roll, generated from the spec fields Python sends (``fields``).
import { clampInt } from "./format.js";
import { h, setTrait, uid } from "./dom.js";

function fieldControl(model, f) {
  const id = uid(f.name);
  const value = model.get(f.name);
  const common = { id, "data-key": `field-${f.name}`, "data-testid": `field-${f.name}`, "data-bind": f.name };
  if (f.kind === "int") {
    const out = h("output", { for: id, "data-testid": `value-${f.name}`, "data-out": f.name }, String(value));
    const input = h("input", {
      ...common, type: "range", min: f.min, max: f.max, step: 1, value: String(value),
      "aria-valuetext": `${f.label} ${value}`, "data-label": f.label,
      oninput: (e) => {
        const v = clampInt(e.target.value, f.min, f.max, model.get(f.name));
        out.textContent = String(v);
        setTrait(model, f.name, v);
      },
    });
    return h("div", { class: "vw-row", title: f.doc || null }, h("label", { for: id }, f.label), input, out);
  }
  if (f.kind === "choice") {
    const sel = h("select", { ...common, onchange: (e) => setTrait(model, f.name, e.target.value) },
      f.options.map((o, i) => h("option", { value: o, selected: o === value }, (f.option_words || [])[i] || o)));
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

/** One item of a list field, from its label: "Allies" -> "ally", "Helpers" -> "helper". */
export function singularOf(label) {
  return label.replace(/ies$/, "y").replace(/s$/, "").toLowerCase();
}

function listControl(model, f) {
  const values = model.get(f.name) || [];
  const singular = singularOf(f.label);
  const opts = itemOptions(f.item);
  const rows = values.map((v, i) => {
    const id = uid(`${f.name}-${i}`);
    const sel = h("select", {
      id, "data-key": `field-${f.name}-${i}`, "data-testid": `field-${f.name}-${i}`,
      onchange: (e) => {
        const next = [...(model.get(f.name) || [])];
        next[i] = f.item.kind === "int" ? Number(e.target.value) : e.target.value;
        setTrait(model, f.name, next);
      },
    }, opts.map((o, k) => h("option", { value: String(o), selected: o === v },
      String((f.item.kind === "choice" && (f.item.option_words || [])[k]) || o))));
    sel.value = String(v);
    const remove = h("button", {
      type: "button", "data-key": `remove-${f.name}-${i}`, "data-testid": `remove-${f.name}-${i}`,
      "aria-label": `Remove ${singular} ${i + 1}`,
      onclick: () => { const next = [...(model.get(f.name) || [])]; next.splice(i, 1); setTrait(model, f.name, next); },
    }, "Remove");
    return h("div", { class: "vw-row" }, h("label", { for: id }, `${singular[0].toUpperCase()}${singular.slice(1)} ${i + 1}`), sel, remove);
  });
  const add = h("button", {
    type: "button", "data-key": `add-${f.name}`, "data-testid": `add-${f.name}`, disabled: values.length >= f.max_len,
    onclick: () => {
      const cur = model.get(f.name) || [];
      if (cur.length >= f.max_len) return;
      const fresh = f.item.default ?? opts[0];
      setTrait(model, f.name, [...cur, f.item.kind === "choice" ? (cur[cur.length - 1] ?? fresh) : (cur[cur.length - 1] ?? fresh)]);
    },
  }, `Add ${singular}`);
  return h("div", { class: "vw-list", role: "group", "aria-label": f.label },
    h("div", { class: "vw-row" }, h("span", { class: "vw-sub" }, `${f.label} (${values.length} of at most ${f.max_len})`), add), rows);
}

/** The groups of the fields as Python sends them: each group in the order
 *  its first field comes, titled as its fields say (``group_title``), with its
 *  fields but those in ``skip`` (drawn elsewhere); a group left with no field
 *  and no part in ``extras`` is not shown. */
export function fieldGroups(fields, { extras = {}, skip = [] } = {}) {
  const groups = new Map();
  for (const f of fields) {
    if (!groups.has(f.group)) groups.set(f.group, { name: f.group, title: f.group_title || f.group, fields: [] });
    if (!skip.includes(f.name)) groups.get(f.group).fields.push(f);
  }
  return [...groups.values()].filter((g) => g.fields.length || extras[g.name]);
}

/** The spec controls, grouped in fieldsets; ``extras[group]`` adds parts
 *  to a group; ``skip`` lists fields drawn elsewhere. */
export function renderFields(model, { extras = {}, skip = [] } = {}) {
  return fieldGroups(model.get("fields") || [], { extras, skip }).map((g) =>
    h("fieldset", { "data-group": g.name }, h("legend", {}, g.title),
      g.fields.map((f) => fieldControl(model, f)),
      extras[g.name] ? extras[g.name](model) : null));
}
