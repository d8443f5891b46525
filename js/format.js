// Numbers and chances in words: one rule for every view (pure, unit-tested).

/** 3240 -> "3,240" (locale-independent, for stable tests). */
export function thousands(n) {
  const s = String(Math.round(Math.abs(n)));
  const out = s.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return n < 0 ? "-" + out : out;
}

/** A number as a person reads it: a negative one with the minus sign, not a hyphen
 *  (-2 -> "−2", which screen readers say "minus 2"); anything else as it is. The
 *  Python side, venus_widgets.engine.format.number, writes the same. */
export function formatNumber(k) {
  return typeof k === "number" ? String(k).replace("-", "\u2212") : String(k);
}

/** A probability as a percentage, one rule everywhere (the Python side,
 *  venus_widgets.widgets.plain_words.percent, uses the same; both are tested on
 *  js/tests/percent_cases.json): "100 %" only when certain, "0 %" only when
 *  impossible, ">99 %" / "<1 %" for the rest beyond 99 / below 1, whole
 *  percents otherwise (halves up): "70 %". With ``digits`` decimals (for
 *  hover and focus): "12.35 %", "<0.01 %", ">99.99 %". */
export function formatPercent(p, digits = 0) {
  if (typeof p !== "number" || !Number.isFinite(p)) return "–";
  if (p <= 0) return "0 %";
  if (p >= 1) return "100 %";
  const scale = 10 ** digits;
  const units = p * 100 * scale;  // in 10**-digits percent
  if (units < 0.5) return `<${(1 / scale).toFixed(digits)} %`;
  if (units >= 100 * scale - 0.5) return `>${(100 - 1 / scale).toFixed(digits)} %`;
  return `${(Math.floor(units + 0.5) / scale).toFixed(digits)} %`;
}

/** "1 in 3,240" for small probabilities (below 5 %), else "". */
export function formatOneIn(p, limit = 0.05) {
  if (!Number.isFinite(p) || p <= 0 || p >= limit) return "";
  return "1 in " + thousands(1 / p);
}

/** A change of probability in whole percentage points (a difference of two
 *  chances is never written "%"): "+12 points", "−3 points", "+<1 point"
 *  for a change below half a point, "±0 points" for none. */
export function formatDelta(d) {
  if (typeof d !== "number" || !Number.isFinite(d)) return "–";
  if (Math.abs(d) < 1e-12) return "±0 points";
  const sign = d > 0 ? "+" : "−";
  const a = Math.abs(d) * 100;
  if (a < 0.5) return `${sign}<1 point`;
  const n = Math.floor(a + 0.5);
  return `${sign}${n} ${n === 1 ? "point" : "points"}`;
}

/** The words of the table's re-roll step (Python sends them; KISS and
 *  successes unless the edition names its own, e.g. a draft's "Push" of
 *  "sixes"): its name, the verb of its button, the unit counted. */
export function stepWords(t) {
  const s = (t && t.step) || {};
  const name = s.name || "KISS";
  const unit = Array.isArray(s.unit) && s.unit[0] ? s.unit : ["success", "successes"];
  return { name, verb: name, one: unit[0], many: unit[1] };
}

/** The text of a what-if hint: "+1 KISS: +12 points". */
export function hintText(h) {
  return `${h.label}: ${formatDelta(h.delta)}`;
}

/** A whole number in lo..hi from user input; fallback when unreadable. */
export function clampInt(value, lo, hi, fallback) {
  const n = typeof value === "number" ? value : Number(String(value).trim());
  if (String(value).trim() === "" || !Number.isFinite(n)) return fallback;
  return Math.min(hi, Math.max(lo, Math.round(n)));
}

/** The value of a field summed from its sources (``label`` is the field's):
 *  "KISS budget 4 (1 from the sources + 3 set directly)". */
export function budgetText(label, value, sources) {
  const sum = sources ? Object.values(sources).reduce((a, b) => a + Number(b || 0), 0) : value;
  const extra = value - sum;
  return extra > 0 ? `${label} ${value} (${sum} from the sources + ${extra} set directly)` : `${label} ${value}`;
}
