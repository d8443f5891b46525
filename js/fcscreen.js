// FCScreen view: a party on the difficulty ladder, the rung nearest a target
// chance marked per character and for the party. The view writes no trait:
// every change is a request (model.send) that Python checks and answers.
import { h, uid, rerender, send, download, setText } from "./dom.js";
import { formatPercent } from "./format.js";
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
.vw-fc .vw-not-applied { outline: 2px dashed var(--vw-warn); outline-offset: 1px; }
.vw-fc .vw-beside { margin: 2px 0 6px; }
.vw-fc .vw-cannot { border-left: 4px solid var(--vw-warn); padding-left: 6px; margin: 2px 0; }
`;

/** What a control shows: what was typed there and refused (Python's note,
 *  kept until that field is typed again), else the value Python holds. */
export function shownValue(note, value) {
  return note && note.invalid && note.typed !== undefined && note.typed !== null ? String(note.typed) : value;
}

/** Whether the error is the one said beside a field (then the line above
 *  the ladder only carries it for screen readers). */
export function saidBeside(error, notes) {
  return !!error && Object.values(notes || {}).some((n) => n && n.invalid && n.text === error);
}

/** The words a screen reader hears for one cell: "Ana, factors 1: 52.00 %, nearest for Ana". */
export function cellText(name, setting, chance, near) {
  return `${name}, ${setting}: ${chance}${near ? `, nearest for ${name}` : ""}`;
}

/** The word beside a control (Python's ``notes``): a value set to the nearest allowed, or why one was refused. */
function noteFor(model, key) {
  const n = (model.get("notes") || {})[key];
  return n && n.text ? n : null;
}

/** A control's attributes for its note: described by it, and marked when what it shows was not applied. */
function marked(note, noteId, more = []) {
  const described = [...more, note ? noteId : ""].filter(Boolean).join(" ") || null;
  return { "aria-describedby": described, "aria-invalid": note && note.invalid ? "true" : null,
    class: note && note.invalid ? "vw-not-applied" : null };
}

/** The note under a control: why what was typed is not applied (or what was set instead). */
function noteLine(note, noteId, testid) {
  return note ? h("p", { id: noteId, class: `vw-beside ${note.invalid ? "vw-error" : "vw-note"}`, "data-testid": testid }, note.text) : null;
}

function memberEditor(model, m, i, fields, count) {
  const nameId = uid("fc-name");
  const nameNote = noteFor(model, `name-${i}`);
  const cannot = ((model.get("table") || {}).cannot || {})[String(i)];
  const rows = [h("div", { class: "vw-row" }, h("label", { for: nameId }, "Name"),
    h("input", { id: nameId, type: "text", value: shownValue(nameNote, m.name), maxlength: 80, "data-key": `name-${i}`,
      "data-testid": `name-${i}`, ...marked(nameNote, `${nameId}-note`),
      onchange: (e) => send(model, { do: "rename", index: i, name: e.target.value }) })),
  noteLine(nameNote, `${nameId}-note`, `note-name-${i}`),
  cannot ? h("p", { class: "vw-cannot", "data-testid": `cannot-${i}` }, cannot) : null];
  for (const f of fields) {
    const id = uid(`fc-${f.name}`);
    const note = noteFor(model, `m${i}-${f.name}`);
    const noteId = `${id}-note`;
    const value = shownValue(note, m.spec[f.name]);
    const common = { id, "data-key": `m${i}-${f.name}`, "data-testid": `m${i}-${f.name}`,
      ...marked(note, noteId, [f.kind === "list" ? `${id}-hint` : ""]) };
    const set = (v) => send(model, { do: "set", index: i, field: f.name, value: v });
    let control;
    if (f.kind === "int") {
      // what was typed goes to Python as typed: it sets the nearest allowed value and says so
      control = h("input", { ...common, type: note && note.invalid ? "text" : "number", inputmode: "numeric",
        min: f.min, max: f.max, step: 1, value: String(value), onchange: (e) => set(e.target.value) });
    } else if (f.kind === "choice") {
      control = h("select", { ...common, onchange: (e) => set(e.target.value) },
        f.options.map((o, k) => h("option", { value: o, selected: o === value }, (f.option_words || [])[k] || o)));
      control.value = value;
    } else if (f.kind === "bool") {
      control = h("input", { ...common, type: "checkbox", checked: !!value, onchange: (e) => set(e.target.checked) });
    } else {
      // a list: whole numbers or words, separated by commas, sent as typed (Python reads it)
      control = h("input", { ...common, type: "text", value: Array.isArray(value) ? value.join(", ") : String(value ?? ""),
        onchange: (e) => set(e.target.value) });
    }
    rows.push(h("div", { class: "vw-row" }, h("label", { for: id }, f.label), control,
      f.kind === "list" ? h("span", { id: `${id}-hint`, class: "vw-sub" }, "comma-separated") : null));
    rows.push(noteLine(note, noteId, `note-m${i}-${f.name}`));
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
    h("caption", {}, t.ladder_caption || ""),  // Python's words: the rules by their name, never the edition's id
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
  const targetNoteId = uid("fc-target-note");
  // the slider moves within 1..99; the box sends what was typed, which Python reads or refuses beside it
  const slider = h("input", { id: targetId, type: "range", min: 1, max: 99, step: 1, value: String(pctNow()),
    "data-key": "target", "data-testid": "target", "aria-valuetext": `${pctNow()} %`,
    onchange: (e) => send(model, { do: "target", value: Number(e.target.value) / 100 }) });
  const number = h("input", { id: numberId, type: "text", inputmode: "decimal", size: 4, value: String(pctNow()),
    "data-key": "target-number", "data-testid": "target-number", "aria-describedby": targetNoteId,
    onchange: (e) => send(model, { do: "type_target", text: e.target.value }) });
  const targetNote = h("p", { id: targetNoteId, class: "vw-beside vw-error", "data-testid": "note-target", style: "flex:1 1 100%" });
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
  root.append(head, targetNote, why, error, table, notes, explainBox, members, exportBox, status);

  const drawTarget = () => {
    const p = pctNow();
    const note = noteFor(model, "target");
    if (document.activeElement !== slider) slider.value = String(p);
    number.value = shownValue(note, String(p));
    for (const [k, v] of Object.entries(marked(note, targetNoteId))) {
      if (k === "aria-describedby") continue;
      if (v === null) number.removeAttribute(k); else number.setAttribute(k, v);
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
    const text = model.get("error") || "";
    setText(error, text);
    // said beside its field: the line above the ladder keeps it for screen readers only
    error.classList.toggle("vw-visually-hidden", saidBeside(text, model.get("notes")));
    if (text) { drawMembers(); drawTarget(); }
  };
  const drawStatus = () => { setText(status, model.get("status") || ""); };
  drawTarget(); drawTable(); drawMembers(); drawExplain(); drawWhy(); drawError(); drawStatus();
  const onMsg = (msg) => { if (msg && msg.download) download(msg.download.name, msg.download.mime, msg.download.text); };
  const on = [["change:target", drawTarget], ["change:table", () => { drawTable(); drawMembers(); }], ["change:members", drawMembers],
    ["change:fields", drawMembers], ["change:explanation", drawExplain], ["change:why", drawWhy],
    ["change:error", drawError], ["change:status", drawStatus], ["change:notes", () => { drawMembers(); drawTarget(); drawError(); }],
    ["msg:custom", onMsg]];
  for (const [ev, f] of on) model.on(ev, f);
  return () => { for (const [ev, f] of on) model.off(ev, f); };
}

export default { render };
