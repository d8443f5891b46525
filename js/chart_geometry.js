// The odds chart's geometry and words, in real pixels (pure).
import { formatNumber, formatPercent } from "./format.js";


/** The size (px) of every text in a chart: no text of a roller is under 11 px. */
export const CHART_FONT = 11;
/** About how wide one character of chart text is at CHART_FONT (px). */
const CHAR_W = 6.7;

/** Geometry of the distribution chart: bars, axis labels, threshold and
 *  goal lines, in real pixels (``opts.width`` is the width the chart is
 *  drawn at, so its 11 px texts stay 11 px). ``dist`` is a list of [label, p]
 *  or [label, p, low] entries (``low``: the first outcome a bar covers, as
 *  Python's chart bars send it) and ``passed`` says, bar by bar, whether that
 *  outcome passes (Python decides). Room is kept above the bars for their
 *  percentages and above those for the threshold and goal labels, so nothing
 *  overlaps; where bars are too narrow for their percentages these are left
 *  out (the table and each bar's title keep them), and axis labels too wide
 *  for their bar are shown every ``labelEvery`` bars. */
export function chartGeometry(dist, passed, threshold, goal, opts = {}) {
  const width = opts.width ?? 400;
  const f = CHART_FONT;
  const n = dist.length;
  const at = (d) => (d.length > 2 ? d[2] : d[0]);
  const numeric = dist.every((d) => typeof at(d) === "number");
  const lined = numeric && ((threshold !== null && threshold !== undefined) || (goal !== null && goal !== undefined));
  const slot = n ? (width - 16) / n : width - 16;
  const widest = (texts) => Math.max(0, ...texts.map((x) => String(x).length)) * CHAR_W;
  // a label too wide for its bar goes on two lines, broken after a hyphen or at a space ("auto-" "pass")
  const split = (text) => { const t = String(text); const k = Math.max(t.lastIndexOf("-", Math.ceil(t.length / 2)), t.indexOf(" ")) ;
    return k > 0 ? [t.slice(0, t[k] === "-" ? k + 1 : k), t.slice(k + 1)] : [t]; };
  const fits = (texts) => widest(texts) + 4 <= slot;
  const broken = (text) => (fits([text]) ? [String(text)] : split(text));
  const twoLines = !fits(dist.map((d) => d[0])) && dist.every((d) => fits(broken(d[0])));
  const height = (opts.height ?? 160) - (lined ? 0 : 2 * f + 4) + (twoLines ? f + 2 : 0);
  const pad = { left: 8, right: 8, top: lined ? 3 * f + 9 : f + 5, bottom: 2 * f + 12 + (twoLines ? f + 2 : 0) };
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const maxP = Math.max(1e-12, ...dist.map((d) => d[1]));
  const pctTexts = opts.pctTexts || dist.map((d) => formatPercent(d[1]).replace(" ", ""));
  const showPct = widest(pctTexts) + 2 <= slot;
  const labelEvery = twoLines ? 1 : Math.max(1, Math.ceil((widest(dist.map((d) => d[0])) + 4) / Math.max(slot, 1)));
  const bars = dist.map((d, i) => {
    const [outcome, p] = d;
    const h = (p / maxP) * innerH;
    const pass = !!(passed && passed[i]);
    const y = pad.top + innerH - h;
    return {
      outcome, p, pass,
      goal: numeric && goal !== null && goal !== undefined ? at(d) >= goal : pass,
      x: pad.left + i * slot + slot * 0.1,
      w: slot * 0.8,
      y,
      h,
      labelX: pad.left + i * slot + slot / 2,
      labelY: height - f - 10 - (twoLines ? f + 2 : 0),
      markY: height - 4,
      pctY: y - 3,
      label: i % labelEvery === 0,
      lines: twoLines ? broken(outcome) : [String(outcome)],
      mark: slot >= 2 * CHAR_W,
    };
  });
  const lineAt = (k) => {
    if (!numeric || k === null || k === undefined) return null;
    const i = dist.findIndex((d) => at(d) >= k);
    if (i < 0) return pad.left + innerW;
    return pad.left + i * slot;
  };
  return { width, height, bars, thresholdX: lineAt(threshold), goalX: goal !== threshold ? lineAt(goal) : null, numeric,
    showPct, labelEvery, lineTop: 4, lineBottom: pad.top + innerH, thresholdY: f + 1, goalY: 2 * f + 4 };
}

/** Geometry of the chart of a result that is a word (a d20 check: "automatic
 *  pass", "pass with a bonus d6", ...): one row per result, its name on the
 *  left, its bar after the names and its percentage after the bar, so every
 *  result is labelled at any width (names of up to 60 % of the width). */
export function rowsGeometry(dist, passed, opts = {}) {
  const width = opts.width ?? 400;
  const f = CHART_FONT;
  const row = f + 11;
  const pctW = 5 * CHAR_W;
  const labelW = Math.min(Math.max(0, ...dist.map((d) => String(d[0]).length)) * CHAR_W + 8, width * 0.6);
  const barX = 8 + labelW;
  const barMax = Math.max(10, width - barX - pctW - 8);
  const maxP = Math.max(1e-12, ...dist.map((d) => d[1]));
  const rows = dist.map(([outcome, p], i) => {
    const y = 4 + i * row;
    const w = (p / maxP) * barMax;
    return { outcome, p, pass: !!(passed && passed[i]), labelX: 8, textY: y + f + 3, x: barX, y: y + 3, w, h: row - 6,
      pctX: barX + w + 4 };
  });
  return { width, height: 8 + rows.length * row, rows, labelW };
}

/** The chart's views: the chance of exactly, at least, at most each outcome. */
export const CHART_MODES = [["exact", "exactly"], ["at_least", "at least"], ["at_most", "at most"]];

/** The [label, p, low] entries and pass marks of one view of Python's chart
 *  bars (``view.chart``), or of the distribution when there are none. */
export function chartEntries(view, mode = "exact") {
  const bars = view.chart && (view.chart[mode] || view.chart.exact);
  if (!bars) return { dist: view.distribution, passed: view.passed, lines: true };
  return { dist: bars.map((b) => [b.label, b.p, b.low]), passed: bars.map((b) => b.pass),
    lines: mode !== "at_most", cumulative: mode === "at_most" };
}

/** The chart's text description (its <desc> and screen-reader summary). */
export function chartDescription(view, words = {}) {
  if (!view || !view.ok) return "";
  const name = view.outcome_name || "outcome";
  if (!view.numeric) return `Chance of each result: ${view.distribution.map(([k, p]) => `${k} ${formatPercent(p)}`).join(", ")}.`;
  const mode = view.distribution.reduce((a, b) => (b[1] > a[1] ? b : a), [null, -1]);
  let s = `Distribution of ${name}: most likely ${formatNumber(mode[0])} (${formatPercent(mode[1])}).`;
  s += ` ${words.threshold || "Threshold"} ${formatNumber(view.threshold)}: chance to pass ${formatPercent(view.p_pass)}.`;
  if (view.goal !== view.threshold) s += ` Goal ${formatNumber(view.goal)}: chance to reach it ${formatPercent(view.p_goal)}.`;
  return s;
}
