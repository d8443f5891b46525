// A whole roller: the headline and the roll card, the controls, the steps, the odds,
// the log, each redrawn when its part of the model changes.
import { makeAnnouncer, makeStepWait, oddsSentence, stepFocusKeys } from "./a11y.js";
import { FOLDS, download, focusFirst, fold, h, rerender, send, sendingStep, setText, setTrait, structureKey, syncBound, uid } from "./dom.js";
import { rootElement } from "./style.js";
import { renderFields } from "./fields.js";
import { OPEN_PHASES, headline, oddsView, renderHeadline, renderOdds, renderOddsMore } from "./odds_view.js";
import { renderRollCard, renderSteps } from "./roll_card.js";
import { stepWords } from "./format.js";
import { logControls } from "./log_bar.js";

const ODDS_ANNOUNCE_DELAY = 400; // ms after the last change of the odds
/** The announcer's clock: the page's own, unless a browser test has put a
 *  clock it drives in ``globalThis.__vwTimers`` (then what is heard does not
 *  depend on how fast a busy machine answers; tests/browser/test_a11y.py). */
const ANNOUNCER_TIMERS = {
  setTimeout: (fn, ms) => (globalThis.__vwTimers || globalThis).setTimeout(fn, ms),
  clearTimeout: (id) => (globalThis.__vwTimers || globalThis).clearTimeout(id),
};

/** Mount a roller view. ``opts.extras``/``opts.skip`` go to renderFields;
 *  ``opts.controlKeys`` are extra traits whose change redraws the controls. */
/** From this width (px) on, a roller has two columns under its headline:
 *  the controls, and beside them the roll's steps and the chart. JupyterLab's
 *  default layout (file browser open) gives a roller about 560 px of a
 *  1,000 px window. */
export const TWO_COLUMNS_FROM = 500;

/** The roll log under a roller, folded: its recent rolls, export and import. */
function footerView(model) {
  const recent = model.get("recent") || [];
  return fold(model, "log", `Roll log (${recent.length ? `last ${recent.length} shown` : "no rolls yet"}): replay, export, import`,
    h("ol", { "data-testid": "recent" }, recent.map((r) => h("li", { value: r.index + 1, "data-passed": String(!!r.passed) },
      `${r.result} (${r.faces ? `faces entered by hand: ${r.faces}` : r.seed === "by hand" ? "faces entered by hand" : `seed ${r.seed}`}) `,
      h("button", { type: "button", "aria-label": `Replay roll ${r.index + 1}`, onclick: () => send(model, { do: "replay", index: r.index }) }, "Replay")))),
    logControls(model));
}

export function mountRoller(model, el, kind, opts = {}) {
  const root = rootElement(el, kind);
  // the rules by their name and the roll (Python's words), never the edition's id
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
  // once dice are on the table, the odds of the settings (chart, table, what-ifs) fold away under one
  // button, so the roll's steps come first; opened, they stay open for the next rolls
  const oddsToggle = h("button", { type: "button", class: "vw-disclose", "aria-expanded": "false", "data-testid": "odds-toggle",
    "data-key": "odds-toggle", hidden: true }, "Odds before the roll: chart, table, what-ifs");
  const side = h("div", { class: "vw-side" }, steps, oddsToggle, odds, more);
  // the odds are heard here, once per change of the figures (the panel above is redrawn often)
  const oddsLive = h("div", { class: "vw-visually-hidden", role: "status", "aria-live": "polite", "aria-atomic": "true", "data-testid": "odds-live" });
  const footer = h("div", { class: "vw-footer" });
  root.append(title, head, controls, side, oddsLive, footer);
  // two columns (controls | steps and chart) when there is room, one otherwise: the headline and the
  // roll card always come first, then the roll's steps, the chart, the controls, the rest
  let chartWidth = 0;
  const layout = () => {
    root.classList.toggle("vw-one", root.clientWidth > 0 && root.clientWidth < TWO_COLUMNS_FROM);
    const w = Math.floor(odds.clientWidth);
    if (w > 0 && Math.abs(w - chartWidth) >= 4) { chartWidth = w; drawChart(); }
  };
  const watch = typeof ResizeObserver === "function" ? new ResizeObserver(layout) : null;
  if (watch) { watch.observe(root); watch.observe(odds); }

  let shape = null;
  const phase = () => (model.get("table") || {}).phase;
  const hold = () => {
    // a roll waiting for its KISS (or its KISSed dice's faces) holds the settings: shut, and said why
    const open = OPEN_PHASES.includes(phase());
    for (const fs of fields.querySelectorAll("fieldset")) fs.disabled = open;
    heldNote.hidden = !open;
    const step = stepWords(model.get("table")).name;  // a draft's "Push", else KISS
    const verb = step === "KISS" ? step : step.toLowerCase();
    heldNote.textContent = open ? `Settings held while the dice wait for their ${step}: ${verb} or keep the dice, then change them for the next roll.` : "";
    handBox.disabled = open;
  };
  const drawControls = () => {
    const key = structureKey(model, opts.structureKeys || []);
    if (key !== shape) { shape = key; rerender(fields, () => renderFields(model, opts)); } else { syncBound(fields, model); if (opts.sync) opts.sync(model, fields); }
    hold();
  };
  const announcer = makeAnnouncer((text) => { oddsLive.textContent = text; }, ODDS_ANNOUNCE_DELAY, ANNOUNCER_TIMERS);
  announcer.prime(oddsSentence(oddsView(model)));
  const drawHeadline = () => rerender(headBox, () => renderHeadline(model));
  const drawChart = () => rerender(odds, () => renderOdds(model, chartWidth || odds.clientWidth || 400));
  const drawOdds = () => { drawHeadline(); drawChart(); rerender(more, () => renderOddsMore(model)); announcer.push(oddsSentence(oddsView(model))); };
  // A step of the table (Roll, Choose, KISS or keep, Spend Ego: buttons with
  // data-step) moves focus to the next step's first control once Python's
  // table for that step arrives (the step's message carries an id the table
  // answers, so a late answer to an earlier click moves nothing); a control
  // redrawn away or disabled under focus hands it on the same way, so focus
  // never drops to the page.
  const waits = makeStepWait();
  const onStep = (e) => {
    const b = e.target.closest ? e.target.closest("[data-step]") : null;
    if (b && root.contains(b)) sendingStep(model, waits.sent(b.getAttribute("data-step")));
    else waits.other();
  };
  const stepSent = () => sendingStep(model, null);  // the click has reached the root: its message is sent
  root.addEventListener("click", onStep, true);
  root.addEventListener("click", stepSent);
  const inTable = (node) => cardTable.contains(node) || steps.contains(node) || rollBar.contains(node);
  const drawTable = () => {
    const doc = root.ownerDocument;
    const had = inTable(doc.activeElement);
    const t = model.get("table") || {};
    rerender(cardTable, () => renderRollCard(model));
    rerender(steps, () => renderSteps(model));
    rollButton.hidden = !!(t.phase && t.phase !== "idle");  // the card's own buttons take the roll on
    drawHeadline();
    drawFolding();
    hold();
    const step = waits.answered(t);
    const active = doc.activeElement;
    const free = !active || active === doc.body || root.contains(active);
    if ((step && free) || (had && !inTable(active))) focusFirst(root, stepFocusKeys(t, step || ""));
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
    FOLDS.set(model, { ...(FOLDS.get(model) || {}), odds: oddsToggle.getAttribute("aria-expanded") !== "true" });
    drawFolding();
  });
  const drawError = () => setText(error, model.get("error") || "");
  let lastStatus = null;
  const drawStatus = () => {
    const s = model.get("status") || "";
    if (s !== lastStatus) { setText(status, s); lastStatus = s; }
    // what the card already shows (the first faces and the advice, the prompt for typed faces,
    // or the result line of a roll with nothing to spend) is heard, not shown twice
    const t = model.get("table") || {};
    status.classList.toggle("vw-visually-hidden", s !== "" && (t.phase === "kiss" || t.phase === "enter" || t.phase === "enter_kiss" || s === t.result || s === t.said));
  };
  const drawFooter = () => rerender(footer, () => footerView(model));
  const seedId = uid("seed");
  const seedInput = h("input", {
    id: seedId, type: "text", inputmode: "numeric", size: 12, placeholder: "fresh each roll", "data-testid": "seed-input", "data-key": "seed",
    value: model.get("seed") ?? "",
    onchange: (e) => { const v = e.target.value.trim(); setTrait(model, "seed", v === "" ? null : v); },
  });
  const handId = uid("by-hand");
  const rollButton = h("button", { type: "button", class: "vw-roll", "data-testid": "roll-button", "data-key": "roll", "data-step": "roll", onclick: () => send(model, { do: "roll" }) },
    model.get("by_hand") ? "Enter faces" : "Roll");
  const handBox = h("input", { type: "checkbox", id: handId, checked: !!model.get("by_hand"), "data-testid": "by-hand",
    onchange: (e) => send(model, { do: "by_hand", on: e.target.checked }) });
  rollBar.append(rollButton);
  options.append(h("span", { class: "vw-opt" }, handBox, h("label", { for: handId }, "I roll real dice")),
    h("span", { class: "vw-opt" }, h("label", { for: seedId }, "Seed"), seedInput));

  drawControls(); drawOdds(); drawTable(); drawError(); drawStatus(); drawFooter();
  const fieldNames = (model.get("fields") || []).map((f) => f.name);
  const handlers = [];
  const on = (evt, fn) => { model.on(evt, fn); handlers.push([evt, fn]); };
  for (const n of [...fieldNames, ...(opts.controlKeys || [])]) on(`change:${n}`, drawControls);
  on("change:odds_view", () => { drawOdds(); drawFolding(); });
  on("change:words", drawTitle);
  on("change:explanation", () => rerender(more, () => renderOddsMore(model)));
  on("change:what_ifs", () => rerender(more, () => renderOddsMore(model)));
  on("change:by_hand", () => { rollButton.textContent = model.get("by_hand") ? "Enter faces" : "Roll"; handBox.checked = !!model.get("by_hand"); drawTable(); });
  on("change:table", drawTable);
  on("change:table", drawStatus);
  on("change:error", drawError);
  on("change:status", drawStatus);
  on("change:recent", drawFooter);
  on("change:seed", () => { if (document.activeElement !== seedInput) seedInput.value = model.get("seed") ?? ""; });
  const onMsg = (msg) => { if (msg && msg.download) download(msg.download.name, msg.download.mime, msg.download.text); };
  on("msg:custom", onMsg);
  return () => { if (watch) watch.disconnect(); for (const [evt, fn] of handlers) model.off(evt, fn); announcer.cancel(); root.removeEventListener("click", onStep, true); root.removeEventListener("click", stepSent); };
}
