// FCScreen view: a party on the difficulty ladder, the rung nearest a target
// chance marked per character and for the party. The view writes no trait:
// every change is a request (model.send) that Python checks and answers.
import { h, uid, rerender, send, download, setText } from "./dom.js";
import { clampInt, formatPercent } from "./format.js";
import { rootElement } from "./style.js";

const FC_STYLE = `
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
`;

/** A target typed as a percent (1..99) -> a chance 0.01..0.99; ``fallback``
 *  (a chance) when unreadable. */
export function targetChance(value, fallback) {
  const pct = clampInt(value, 1, 99, Math.round(fallback * 100));
  return pct / 100;
}

/** The words a screen reader hears for one cell: "Ana, factors 1: 52.00 %, nearest for Ana". */
export function cellText(name, setting, chance, near) {
  return `${name}, ${setting}: ${chance}${near ? `, nearest for ${name}` : ""}`;
}

/** The word beside a character's control (Python's ``notes``): a value set to the nearest allowed, or why one was refused. */
function noteFor(model, key) {
  const n = (model.get("notes") || {})[key];
  return n && n.text ? n : null;
}

function memberEditor(model, m, i, fields, count) {
  const nameId = uid("fc-name");
  const rows = [h("div", { class: "vw-row" }, h("label", { for: nameId }, "Name"),
    h("input", { id: nameId, type: "text", value: m.name, maxlength: 40, "data-key": `name-${i}`, "data-testid": `name-${i}`,
      onchange: (e) => send(model, { do: "rename", index: i, name: e.target.value }) }))];
  for (const f of fields) {
    const id = uid(`fc-${f.name}`);
    const value = m.spec[f.name];
    const note = noteFor(model, `m${i}-${f.name}`);
    const noteId = `${id}-note`;
    const described = [f.kind === "list" ? `${id}-hint` : "", note ? noteId : ""].filter(Boolean).join(" ") || null;
    const common = { id, "data-key": `m${i}-${f.name}`, "data-testid": `m${i}-${f.name}`, "aria-describedby": described,
      "aria-invalid": note && note.invalid ? "true" : null };
    const set = (v) => send(model, { do: "set", index: i, field: f.name, value: v });
    let control;
    if (f.kind === "int") {
      // what was typed goes to Python as typed: it sets the nearest allowed value and says so
      control = h("input", { ...common, type: "number", min: f.min, max: f.max, step: 1, value: String(value),
        onchange: (e) => set(e.target.value) });
    } else if (f.kind === "choice") {
      control = h("select", { ...common, onchange: (e) => set(e.target.value) },
        f.options.map((o, k) => h("option", { value: o, selected: o === value }, (f.option_words || [])[k] || o)));
      control.value = value;
    } else if (f.kind === "bool") {
      control = h("input", { ...common, type: "checkbox", checked: !!value, onchange: (e) => set(e.target.checked) });
    } else {
      // a list: whole numbers or words, separated by commas
      control = h("input", { ...common, type: "text", value: (value || []).join(", "),
        onchange: (e) => set(e.target.value.split(",").map((s) => s.trim()).filter(Boolean)
          .map((s) => (f.item && f.item.kind === "int" ? Number(s) : s))) });
    }
    rows.push(h("div", { class: "vw-row" }, h("label", { for: id }, f.label), control,
      f.kind === "list" ? h("span", { id: `${id}-hint`, class: "vw-sub" }, "comma-separated") : null));
    if (note) rows.push(h("p", { id: noteId, class: note.invalid ? "vw-error" : "vw-note", "data-testid": `note-m${i}-${f.name}` }, note.text));
  }
  rows.push(h("div", { class: "vw-row" },
    h("button", { type: "button", "data-key": `explain-${i}`, "data-testid": `explain-${i}`,
      onclick: () => send(model, { do: "explain", index: i, rung: null }) }, `Explain ${m.name}'s number`),
    h("button", { type: "button", "data-key": `remove-${i}`, "data-testid": `remove-${i}`, disabled: count <= 1,
      "aria-label": `Remove ${m.name}`, onclick: () => send(model, { do: "remove", index: i }) }, "Remove")));
  return h("fieldset", { "data-testid": `member-${i}` }, h("legend", {}, m.name), rows);
}

function ladderTable(model) {
  const t = model.get("table") || {};
  const names = t.names || [];
  const rows = t.rows || [];
  return h("table", { "data-testid": "ladder" },
    h("caption", {}, `The ${t.edition} ${t.roll} ladder, easiest first: each character's chance to pass`),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "setting"),
      names.map((n) => h("th", { scope: "col" }, n)), h("th", { scope: "col" }, "party"))),
    h("tbody", {}, rows.map((r, i) => h("tr", { class: r.best ? "vw-best" : "", "data-testid": `rung-${i}`, "data-best": r.best ? "true" : "false" },
      h("th", { scope: "row" }, r.best ? `▶ ${r.setting}` : r.setting,
        r.best ? h("span", { class: "vw-visually-hidden" }, " (nearest for the party)") : null),
      r.chances.map((c, j) => {
        const near = r.nearest_for.includes(names[j]);
        const shown = (r.shown || r.chances)[j];  // whole percents, as the rollers show them; two decimals in the title
        return h("td", { class: near ? "vw-near" : "", "data-testid": `cell-${i}-${j}`, "data-near": near ? "true" : "false",
          title: cellText(names[j], r.setting, c, near) },
          near ? `◆ ${shown}` : shown, near ? h("span", { class: "vw-visually-hidden" }, ` nearest for ${names[j]}`) : null);
      }),
      h("td", { class: r.best ? "vw-near" : "", title: `party, ${r.setting}: ${r.party}` }, r.party_shown || r.party)))));
}

function explanationPanel(model, root) {
  const e = model.get("explanation") || {};
  if (!e.title) return null;
  return h("section", { class: "vw-explain", "aria-label": "Explanation", "data-testid": "explanation" },
    h("p", {}, h("b", {}, e.title)),
    h("p", {}, "The odds, in rule order:"), h("ol", {}, (e.steps || []).map((s) => h("li", {}, s))),
    h("p", {}, `An example roll (seed ${e.seed}), step by step:`), h("ol", {}, (e.walk || []).map((s) => h("li", {}, s))),
    h("button", { type: "button", "data-key": "hide-explanation", "data-testid": "hide-explanation",
      onclick: () => {
        send(model, { do: "hide_explanation" });
        // keyboard users go back to the button that opened it
        const back = root.querySelector(`[data-key="explain-${e.index}"]`);
        if (back) back.focus();
      } }, "Hide the explanation"));
}

function exportPanel(model) {
  const t = model.get("table") || {};
  const areaId = uid("fc-md");
  const area = h("textarea", { id: areaId, readonly: true, "data-testid": "markdown", "data-key": "markdown" }, t.markdown || "");
  return h("div", { class: "vw-row", role: "group", "aria-label": "Export" },
    h("button", { type: "button", "data-key": "export-csv", "data-testid": "export-csv",
      onclick: () => send(model, { do: "export", format: "csv" }) }, "Download CSV"),
    h("button", { type: "button", "data-key": "export-markdown", "data-testid": "export-markdown",
      onclick: () => send(model, { do: "export", format: "markdown" }) }, "Download Markdown"),
    h("details", {}, h("summary", {}, "The table as text to copy (Markdown)"), h("label", { for: areaId, class: "vw-visually-hidden" }, "Markdown table"), area));
}

/** Under the ladder: no setting near the target (the nearest on each side), and what 0 % and 100 % mean. */
function ladderNotes(model) {
  const t = model.get("table") || {};
  return [h("p", { class: "vw-sub", "data-testid": "marks" }, `◆ nearest to ${formatPercent(model.get("target"))} for that character; `
    + "▶ nearest for the party (the average of the characters' chances)."), t.far ? h("p", { class: "vw-note", "data-testid": "far" }, t.far.text) : null,
    ...(t.ends || []).map((x) => h("p", { class: "vw-sub", "data-testid": "ends" }, x))];
}

export function render({ model, el }) {
  const root = rootElement(el, "fc");
  root.appendChild(h("style", {}, FC_STYLE));
  root.append(h("div", { class: "vw-fc-title", style: "flex:1 1 100%" },
    h("div", { class: "vw-fc-name" }, "The Facilitator's screen"),
    h("div", {}, "Which difficulty gives this party about the chance you want? Set the target, then read the ladder.")));
  const targetId = uid("fc-target");
  const numberId = uid("fc-target-n");
  const pctNow = () => Math.round((model.get("target") ?? 0.5) * 100);
  const onTarget = (e) => send(model, { do: "target", value: targetChance(e.target.value, model.get("target")) });
  const slider = h("input", { id: targetId, type: "range", min: 1, max: 99, step: 1, value: String(pctNow()),
    "data-key": "target", "data-testid": "target", "aria-valuetext": `${pctNow()} %`, onchange: onTarget });
  const number = h("input", { id: numberId, type: "number", min: 1, max: 99, step: 1, value: String(pctNow()),
    "data-key": "target-number", "data-testid": "target-number", onchange: onTarget });
  const head = h("div", { class: "vw-row", style: "flex:1 1 100%" },
    h("label", { for: targetId }, "Target chance (%)"), slider,
    h("label", { for: numberId, class: "vw-visually-hidden" }, "Target chance in percent"), number);
  const why = h("div", { class: "vw-why", role: "status", "aria-live": "polite", "data-testid": "why", style: "flex:1 1 100%" });
  const error = h("div", { class: "vw-error", role: "alert", "data-testid": "error", style: "flex:1 1 100%" });
  const status = h("div", { class: "vw-sub", "aria-live": "polite", "data-testid": "status", style: "flex:1 1 100%" });
  const table = h("div", { class: "vw-table" });
  const explainBox = h("div", { style: "flex:1 1 100%" });
  const notes = h("div", { style: "flex:1 1 100%" });
  const members = h("div", { style: "flex:1 1 100%" });
  const exportBox = h("div", { style: "flex:1 1 100%" });
  root.append(head, why, error, table, notes, explainBox, members, exportBox, status);

  const drawTarget = () => {
    const p = pctNow();
    if (document.activeElement !== slider) slider.value = String(p);
    number.value = String(p);
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
    return h("div", { role: "group", "aria-label": "The party" },
      h("p", { class: "vw-sub", "data-testid": "party-words" }, "The party: the characters who will make this roll, each with their own dice. "
        + "The party's chance at a setting is the average of theirs: the share of the party expected to pass."),
      h("div", { class: "vw-members" }, ms.map((m, i) => memberEditor(model, m, i, fields, ms.length))),
      h("button", { type: "button", "data-key": "add", "data-testid": "add", disabled: ms.length >= 6,
        onclick: () => send(model, { do: "add" }) }, "Add a character"));
  });
  const drawExplain = () => rerender(explainBox, () => explanationPanel(model, root));
  const drawWhy = () => { setText(why, model.get("why") || ""); };
  // a refused request leaves the party as it was: redraw the controls from it,
  // so the view never keeps showing a value Python did not take
  const drawError = () => {
    setText(error, model.get("error") || "");
    if (model.get("error")) { drawMembers(); drawTarget(); }
  };
  const drawStatus = () => { setText(status, model.get("status") || ""); };
  drawTarget(); drawTable(); drawMembers(); drawExplain(); drawWhy(); drawError(); drawStatus();
  const onMsg = (msg) => { if (msg && msg.download) download(msg.download.name, msg.download.mime, msg.download.text); };
  const on = [["change:target", drawTarget], ["change:table", drawTable], ["change:members", drawMembers],
    ["change:fields", drawMembers], ["change:explanation", drawExplain], ["change:why", drawWhy],
    ["change:error", drawError], ["change:status", drawStatus], ["change:notes", drawMembers], ["msg:custom", onMsg]];
  for (const [ev, f] of on) model.on(ev, f);
  return () => { for (const [ev, f] of on) model.off(ev, f); };
}

export default { render };
