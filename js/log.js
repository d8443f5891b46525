// RollLog view: each roll as a card (its faces marked, the KISS choice, Ego,
// what was bought, the chance before the roll, the faces typed by hand),
// export (JSON, CSV) and import. Python derives each card from the entry
// (rolllog.entry_card): the view adds no rule, and sets user text as text.
import { h, rerender, download, send } from "./dom.js";
import { rootElement } from "./style.js";
import { logControls } from "./log_bar.js";

/** The faces of a roll as text: "5 3→6 1" (a KISSed die shows before→after);
 * with the marks Python derived for the entry (what each die contributed, as
 * the roller showed them): "5 ✓, 3→6 ✓✓, 1 ✗". */
export function facesText(roll, marks = []) {
  const faces = roll.dice.map((d) => (d.kissed ? `${d.before}→${d.after}` : String(d.after)));
  if (!marks || marks.length !== faces.length) return faces.join(" ");
  return faces.map((f, i) => `${f} ${marks[i]}`).join(", ");
}

/** What the card of entry ``e`` (number ``i`` from 0) says, as plain data:
 *  heading, how to replay it, the result line, each die (its face, mark and
 *  words) and the facts in words. An entry without a card (one Python could
 *  not describe) still shows its faces and marks. */
export function cardParts(e, i) {
  const roll = e.roll || {};
  const spec = roll.spec || {};
  const card = e.card || null;
  const dice = card ? card.dice : (roll.dice || []).map((d, k) => ({
    text: d.kissed ? `${d.before}→${d.after}` : String(d.after), mark: (e.marks || [])[k] || "", words: "",
    who: `die ${k + 1}`, shape: "square", kissed: !!d.kissed, success: d.scores > 0,  // whose die: Python's words only
  }));
  return {
    id: e.id ?? null,
    title: `Roll ${i + 1}`,
    what: [spec.edition, spec.roll].filter(Boolean).join(" "),
    how: roll.entered ? "faces entered by hand" : `seed ${roll.seed}`,
    result: e.result || "",
    passed: !!roll.passed,
    dice: dice.map((d) => ({
      text: d.text, mark: d.mark || "", shape: d.shape || "square", kissed: !!d.kissed, success: !!d.success,
      words: `${d.who}: ${d.kissed ? d.text.replace("→", " KISSed to ") : d.text}${d.words ? `, ${d.words}` : ""}`,
    })),
    facts: card ? card.facts : [],
  };
}

const LOG_STYLE = `
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
  const chips = h("ul", { class: "vw-chips", "aria-label": "Faces", title: facesText(e.roll || { dice: [] }, e.marks) }, p.dice.map((d) =>
    h("li", { class: `vw-chip${d.success ? " success" : ""}${d.shape !== "square" ? " ally" : ""}` },
      h("span", { "aria-hidden": "true" }, d.mark ? `${d.text} ${d.mark}` : d.text),
      h("span", { class: "vw-visually-hidden" }, d.words))));
  const facts = p.facts.length
    ? h("dl", { class: "vw-facts" }, p.facts.map((f) => h("div", { class: "vw-fact" }, h("dt", {}, f.label), h("dd", { "data-fact": f.key }, f.text))))
    : null;
  return h("li", { class: "vw-card", "data-testid": "log-entry", "data-id": p.id === null ? null : String(p.id), "data-passed": String(p.passed) },
    h("div", { class: "vw-card-head" }, h("h3", {}, p.title), h("span", { class: "vw-sub" }, `${p.what} · ${p.how}`),
      h("button", { type: "button", "aria-label": `Replay roll ${i + 1}`, onclick: () => send(model, { do: "replay", index: i }) }, "Replay")),
    h("p", { class: "vw-card-result" }, p.result), chips, facts);
}

export function render({ model, el }) {
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
    return [h("h2", { class: "vw-sub", style: "font-size:1em; margin:0 0 4px" }, `${entries.length} roll${entries.length === 1 ? "" : "s"}`),
      h("ol", { class: "vw-cards", "data-testid": "log-entries" }, entries.map((e, i) => renderCard(model, e, i)))];
  });
  draw();
  const drawError = () => { error.textContent = model.get("error") || ""; };
  const drawStatus = () => { status.textContent = model.get("status") || ""; };
  drawError(); drawStatus();
  const onMsg = (msg) => { if (msg && msg.download) download(msg.download.name, msg.download.mime, msg.download.text); };
  model.on("change:entries", draw);
  model.on("change:error", drawError);
  model.on("change:status", drawStatus);
  model.on("msg:custom", onMsg);
  return () => {
    model.off("change:entries", draw); model.off("change:error", drawError);
    model.off("change:status", drawStatus); model.off("msg:custom", onMsg);
  };
}

export default { render };
