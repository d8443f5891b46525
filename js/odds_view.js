// The odds panel: the chart, the headline, the table of the odds, the what-ifs.
import { formatNumber, formatOneIn, formatPercent, hintText } from "./format.js";
import { CHART_FONT, CHART_MODES, chartDescription, chartEntries, chartGeometry, rowsGeometry } from "./chart_geometry.js";
import { h, send, svg, uid } from "./dom.js";

/** The chart of a result that is a word (a check): one labelled row per result. */
function renderRows(view, e, w) {
  const g = rowsGeometry(e.dist, e.passed, { width: w });
  const parts = [];
  for (const r of g.rows) {
    parts.push(svg("text", { x: r.labelX, y: r.textY }, String(r.outcome)));
    parts.push(svg("rect", { x: r.x.toFixed(1), y: r.y.toFixed(1), width: Math.max(r.w, 0.5).toFixed(1), height: r.h.toFixed(1),
      class: r.pass ? "pass" : "fail" }, svg("title", {}, `${r.outcome}: ${formatPercent(r.p, 2)}${r.pass ? " (pass)" : " (fail)"}`)));
    parts.push(svg("text", { x: r.pctX.toFixed(1), y: r.textY, class: "pct" }, formatPercent(r.p).replace(" ", "")));
  }
  return chartFrame(g, "exact", "Chance of each result", chartDescription(view), parts);
}

/** The chart's svg element: its size, its title and description (named for
 *  screen readers) and the drawn parts. */
function chartFrame(g, mode, title, desc, parts) {
  const titleId = uid("chart-title");
  const descId = uid("chart-desc");
  return svg("svg", { class: "vw-chart", role: "img", viewBox: `0 0 ${g.width} ${g.height}`, width: g.width, height: g.height,
    "aria-labelledby": titleId, "aria-describedby": descId, "data-testid": "chart", "data-mode": mode },
    [svg("title", { id: titleId }, title), svg("desc", { id: descId }, desc), ...parts]);
}

export function renderChart(view, words = {}, mode = "exact", width = 400) {
  const e = chartEntries(view, mode);
  const w = Math.max(160, Math.round(width));
  if (!view.numeric) return renderRows(view, e, w);
  const g = chartGeometry(e.dist, e.passed, e.lines ? view.threshold : null, e.lines ? view.goal : null, { width: w });
  const how = { exact: "Chance of each number of", at_least: "Chance of at least each number of", at_most: "Chance of at most each number of" }[mode];
  const parts = [];
  for (const b of g.bars) {
    const cls = e.cumulative ? "cum" : `${b.pass ? "pass" : "fail"}${b.goal && view.goal !== view.threshold ? " goal" : ""}`;
    parts.push(svg("rect", { x: b.x.toFixed(1), y: b.y.toFixed(1), width: b.w.toFixed(1), height: Math.max(b.h, 0.5).toFixed(1), class: cls },
      svg("title", {}, `${b.outcome}: ${formatPercent(b.p, 2)}${e.cumulative ? "" : b.pass ? " (pass)" : " (fail)"}`)));
    if (g.showPct) parts.push(svg("text", { x: b.labelX.toFixed(1), y: b.pctY.toFixed(1), "text-anchor": "middle", class: "pct" }, formatPercent(b.p).replace(" ", "")));
    if (b.label) {
      parts.push(svg("text", { x: b.labelX.toFixed(1), y: b.labelY, "text-anchor": "middle" },
        b.lines.map((line, k) => svg("tspan", { x: b.labelX.toFixed(1), dy: k ? CHART_FONT + 2 : 0 }, line))));
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
  return chartFrame(g, mode, `${how} ${view.outcome_name || "outcomes"}`, chartDescription(view, words), parts);
}

const CHART_MODE = new WeakMap();
/** The chart with its view switch (exactly / at least / at most), drawn at
 *  ``width`` px; the choice is kept per widget while the odds change. */
function chartBlock(model, view, words, width) {
  const box = h("div", { class: "vw-chartbox" });
  const modes = view.chart && view.numeric ? CHART_MODES : [];
  const draw = () => box.replaceChildren(renderChart(view, words, CHART_MODE.get(model) || "exact", width));
  draw();
  if (!modes.length) return box;
  const name = uid("chart-mode");
  const current = CHART_MODE.get(model) || "exact";
  const radios = modes.map(([m, label]) => h("label", {},
    h("input", { type: "radio", name, value: m, checked: m === current, "data-testid": `chart-${m}`,
      onchange: () => { CHART_MODE.set(model, m); draw(); } }), ` ${label}`));
  return h("div", {}, h("fieldset", { class: "vw-chartmodes" }, h("legend", {}, "Chance of"), ...radios), box);
}

function oddsTable(view) {
  const head = view.numeric ? ["successes", "exactly", "at least"] : ["result", "chance"];
  let tail = 1;
  const rows = view.distribution.map(([k, p]) => {
    const row = view.numeric ? [formatNumber(k), formatPercent(p), formatPercent(tail)] : [String(k), formatPercent(p)];
    tail -= p;
    return h("tr", {}, row.map((c, i) => (i === 0 ? h("th", { scope: "row" }, c) : h("td", {}, c))));
  });
  if (view.numeric) head[0] = view.outcome_name || "outcome";
  return h("details", { "data-testid": "odds-table" }, h("summary", {}, "Table of the odds"),
    h("table", {}, h("thead", {}, h("tr", {}, head.map((c) => h("th", { scope: "col" }, c)))), h("tbody", {}, rows)));
}

const PARSED = new WeakMap();
/** The odds panel Python sends (one JSON text per change: sending it costs
 *  Python one call, not one per list), parsed once per change. */
export function oddsView(model) {
  const raw = model.get("odds_view");
  if (typeof raw !== "string") return raw || {};
  const seen = PARSED.get(model);
  if (seen && seen[0] === raw) return seen[1];
  let view;
  try { view = JSON.parse(raw); } catch { view = { ok: false, message: "the odds could not be read" }; }
  PARSED.set(model, [raw, view]);
  return view;
}

function mergeView(model, m, held = false) {
  if (!m) return null;
  // values that cannot combine: the error region says why (once); here the way out, in the edition's words
  return h("div", { "data-testid": "merge", "data-ok": String(m.ok) }, m.ok ? h("p", { class: "vw-sub" }, m.text) : null,
    !m.ok && m.best && m.best.length
      ? h("button", { type: "button", "data-testid": "accept-merge", "data-key": "accept-merge", disabled: held,
        onclick: () => send(model, { do: "accept_merge" }) }, m.accept)
      : null);
}

/** The steps of a roll that wait for a choice changing its dice: the settings wait with them. */
export const OPEN_PHASES = ["kiss", "enter_kiss"];

/** What the headline shows: the chance of the settings, or, once dice are
 *  on the table (and the settings have not changed since), the chance of
 *  those dice (Python's ``table.now``) with the settings' chance kept
 *  smaller. */
export function headline(view, t) {
  const rolled = !!(t && t.now && !t.stale && t.phase && t.phase !== "idle" && view && view.ok);
  if (!rolled) return { rolled: false, label: "Chance to pass", p: view && view.ok ? view.p_pass : null };
  return { rolled: true, label: "Chance to pass now", what: t.now.what || "", p: t.now.p_pass, before: view.p_pass };
}

/** The chance at a glance: the headline, the goal and the spread. */
export function renderHeadline(model) {
  const view = oddsView(model);
  const words = model.get("words") || {};
  if (!view.ok) {
    // the reason is the roller's error, shown once in the error region
    return [h("div", { class: "vw-sub" }, "Chance to pass"), h("div", { class: "vw-big", "data-testid": "p-pass", "data-p": "" }, "–"),
      h("p", { class: "vw-sub", "data-testid": "odds-message" }, "No odds: see the ⚠ message by the Roll button.")];
  }
  const head = headline(view, model.get("table"));
  const pass = (cls) => h("strong", { class: cls, "data-testid": "p-pass", "data-p": String(view.p_pass) }, formatPercent(view.p_pass));
  const goal = () => h("strong", { "data-testid": "p-goal", "data-p": String(view.p_goal) }, formatPercent(view.p_goal));
  const out = [h("div", { class: "vw-sub" }, head.label)];
  if (head.rolled) {
    out.push(h("div", { class: "vw-big", "data-testid": "p-now", "data-p": String(head.p) }, formatPercent(head.p)));
    if (head.what) out.push(h("div", { class: "vw-sub", "data-testid": "p-now-what" }, head.what));
    out.push(h("div", { class: "vw-before" }, "Before the roll: ", pass(""),
      !view.numeric ? null : view.goal !== view.threshold ? [", goal ", goal()] : h("span", { hidden: true }, goal())));
    return out;
  }
  const frac = formatOneIn(view.p_pass);
  out.push(h("div", { class: "vw-big" }, pass("")));
  if (frac) out.push(h("div", { "data-testid": "p-pass-fraction" }, frac));
  if (view.numeric) {
    const goalText = view.goal !== view.threshold
      ? `Goal (${view.goal} ${view.outcome_name}): `
      : `${words.threshold || "Threshold"} ${view.threshold}; goal: `;
    out.push(h("div", {}, goalText, goal(), formatOneIn(view.p_goal) ? ` (${formatOneIn(view.p_goal)})` : ""));
  } else {
    out.push(h("div", { class: "vw-sub" }, `${words.threshold || "Target"} ${view.threshold}`));
  }
  return out;
}

/** The odds beside the controls: how helpers merge, and the chart (drawn at ``width`` px). */
export function renderOdds(model, width = 400) {
  const view = oddsView(model);
  const words = model.get("words") || {};
  const held = OPEN_PHASES.includes((model.get("table") || {}).phase);
  const merge = mergeView(model, view.merge, held);
  if (!view.ok) return [merge];
  const spread = view.numeric ? h("div", { class: "vw-sub", "data-testid": "spread" }, view.spread +
    (view.p_critical !== null && view.p_critical !== undefined ? ` Chance of a critical: ${formatPercent(view.p_critical)}.` : "") +
    (view.p_ego_spent ? ` Chance Ego is spent: ${formatPercent(view.p_ego_spent)}.` : "")) : null;
  // a draft's named events (a glitch, a critical): each with its own chance, in the draft's words
  const events = (view.events || []).length ? h("div", { class: "vw-sub", "data-testid": "events" },
    "Chance of each event: " + view.events.map(([name, p]) => `${name} ${formatPercent(p)}`).join(", ") + ".") : null;
  return [merge, chartBlock(model, view, words, width), spread, events,
    h("p", { class: "vw-visually-hidden" }, chartDescription(view, words))];
}

/** "What if…": the chance after each one change the edition lists, Python's, fetched while open. */
function whatIfBlock(model) {
  const w = model.get("what_ifs") || {};
  const open = w.ok !== undefined;
  const d = h("details", { class: "vw-whatif", "data-testid": "what-if", open },
    h("summary", { "data-testid": "what-if-toggle", "data-key": "what-if-toggle" }, "What if… (one change at a time)"),
    w.ok === false ? h("p", {}, w.message) : null,
    w.ok && w.hints.length ? h("ul", { class: "vw-hints", "data-testid": "hints" },
      w.hints.map((x) => h("li", { "data-delta": String(x.delta) }, hintText(x)))) : null,
    w.ok && !w.hints.length ? h("p", { class: "vw-sub" }, "No change to try here.") : null);
  d.addEventListener("toggle", () => { if (d.open !== open) send(model, { do: "what_if", on: d.open }); });
  return d;
}

/** "Why this chance?": Python's explanation in rule order, fetched while open. */
function explainBlock(model) {
  const e = model.get("explanation") || {};
  const open = e.ok !== undefined;
  const d = h("details", { "data-testid": "explain", open },
    h("summary", { "data-testid": "explain-toggle", "data-key": "explain-toggle" }, "Why this chance? (the rules, step by step)"),
    e.ok === false ? h("p", {}, e.message) : null,
    e.ok ? [h("p", {}, h("strong", {}, e.title)), h("ol", { "data-testid": "explain-steps" }, e.steps.map((x) => h("li", {}, x))),
      h("p", {}, `An example roll (seed ${e.seed}), step by step:`), h("ol", {}, e.walk.map((x) => h("li", {}, x)))] : null);
  d.addEventListener("toggle", () => { if (d.open !== open) send(model, { do: "explain", on: d.open }); });
  return d;
}

/** The notes under the odds, as Python words them: dice that may roll on for ever say there, in the
 *  edition's words, that the rarest endless chains are left out (tests/test_reading_aloud.py), so the
 *  view adds no second note of the same tail. */
export function oddsNotes(view) {
  return [...(view.notes || [])];
}

/** What follows the roll's steps: the table of the odds, why this chance, the what-ifs, the notes. */
export function renderOddsMore(model) {
  const view = oddsView(model);
  if (!view.ok) return [];
  const out = [oddsTable(view), explainBlock(model), whatIfBlock(model)];
  const notes = oddsNotes(view);
  if (notes.length) out.push(h("ul", { class: "vw-notes vw-sub" }, notes.map((n) => h("li", {}, n))));
  return out;
}
