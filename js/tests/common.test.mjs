import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  stepWords, thousands, formatPercent, formatOneIn, formatDelta, hintText, clampInt,
  ownerWord, ownerShape, dieLabel, legendText, chartGeometry, chartDescription, chartEntries, CHART_MODES, pips, shortSeed, stepFocusKeys, budgetText,
} from "../common.js";

test("thousands separators", () => {
  assert.equal(thousands(3240), "3,240");
  assert.equal(thousands(999), "999");
  assert.equal(thousands(1234567.4), "1,234,567");
});

test("percentages: one rule, the cases Python's percent() is tested on too", () => {
  const { cases } = JSON.parse(readFileSync(new URL("./percent_cases.json", import.meta.url), "utf8"));
  assert.ok(cases.length > 10);
  for (const [p, text] of cases) assert.equal(formatPercent(p), text, `formatPercent(${p})`);
  assert.equal(formatPercent(NaN), "–");
  assert.equal(formatPercent(undefined), "–");
});

test("a certain outcome off by one ulp never shows as certain, nor as 99.99 %", () => {
  assert.equal(formatPercent(1 - Number.EPSILON / 2), ">99 %");
  assert.equal(formatPercent(Number.MIN_VALUE), "<1 %");
});

test("exact fraction only when small", () => {
  assert.equal(formatOneIn(1 / 3240), "1 in 3,240");
  assert.equal(formatOneIn(0.3), "");
  assert.equal(formatOneIn(0), "");
  assert.equal(formatOneIn(0.01), "1 in 100");
});

test("deltas and hint text", () => {
  // a difference of two chances is in percentage points, never "%"
  assert.equal(formatDelta(0.1234), "+12 points");
  assert.equal(formatDelta(-0.031), "−3 points");
  assert.equal(formatDelta(0.004), "+<1 point");
  assert.equal(formatDelta(-0.006), "−1 point");
  assert.equal(formatDelta(1e-17), "±0 points");
  assert.equal(formatDelta(0), "±0 points");
  assert.equal(hintText({ label: "+1 KISS", delta: 0.12 }), "+1 KISS: +12 points");
  assert.equal(hintText({ label: "one factor fewer", delta: 0.09 }), "one factor fewer: +9 points");
  assert.equal(hintText({ label: "one factor more", delta: -0.2 }), "one factor more: −20 points");
});

test("clamping user input", () => {
  assert.equal(clampInt("7", 0, 4, 2), 4);
  assert.equal(clampInt(-3, 0, 4, 2), 0);
  assert.equal(clampInt("2.6", 0, 4, 0), 3);
  assert.equal(clampInt("abc", 0, 4, 2), 2);
  assert.equal(clampInt("", 0, 4, 1), 1);
});

test("CSV escaping", () => {
});

test("dice are marked by words and shapes, not colour alone", () => {
  assert.equal(ownerWord("own"), "your die");
  assert.equal(ownerWord("ally 2"), "ally 2");
  assert.equal(ownerShape("ally 1"), "circle");
  assert.equal(ownerShape("helper"), "diamond");
  assert.notEqual(ownerShape("own"), ownerShape("ally 1"));
  const label = dieLabel({ index: 0, owner: "ally 1", grade: "gold", grade_label: "Gold", before: 1, after: 4, kissed: true, success: true, scores: 1, selected: false, contribution: "success" });
  assert.equal(label, "Die 1, ally 1, Gold, shows 4, KISSed (was 1), success");
  assert.match(dieLabel({ index: 2, owner: "own", grade: "bronze", grade_label: "Bronze", before: 6, after: 6, kissed: false, success: true, scores: 2, selected: true, contribution: "2 successes (Ego)" }), /2 successes \(Ego\), selected to KISS/);
});

test("a die's label says what Python says it contributed, never a guess from its score", () => {
  const d20 = { index: 0, owner: "d20", grade: "bronze", grade_label: "Bronze", before: 17, after: 17, kissed: false, success: false, scores: 0, contribution: "a pass (total 22 against 15)" };
  assert.equal(dieLabel(d20), "Die 1, d20, Bronze, shows 17, a pass (total 22 against 15)");
  const black = { index: 5, owner: "black", grade: null, before: 1, after: 1, scores: -1, success: false, contribution: "cancels a success" };
  assert.equal(dieLabel(black), "Die 6, black die, shows 1, cancels a success");
  const again = { index: 6, owner: "own", grade: null, before: 6, after: 6, scores: 1, exploded_from: 0, contribution: "success" };
  assert.equal(dieLabel(again), "Die 7, your die, shows 6, rolled for the 6 of die 1, success");
});

test("the legend names only the shapes and marks of the roll", () => {
  const check = legendText([{ owner: "d20" }, { owner: "bonus" }], [{ mark: "bonus", meaning: "short" }, { mark: "✓", meaning: "pass" }]);
  assert.equal(check, "Marks: bonus = short; ✓ = pass.");
  assert.doesNotMatch(check, /ally|KISS/);
  const task = legendText([{ owner: "own" }, { owner: "ally 1" }, { owner: "ally 2" }], [{ mark: "✗", meaning: "no success" }, { mark: "K", meaning: "KISSed (re-rolled)" }]);
  assert.equal(task, "Shapes: square = your die, circle = ally. Marks: ✗ = no success; K = KISSed (re-rolled).");
  assert.equal(legendText([], []), "");
});

test("ids are unique across widget modules on one page", async () => {
  const a = await import("../common.js?copy=a");
  const b = await import("../common.js?copy=b");
  const ids = [a.uid("seed"), b.uid("seed"), a.uid("seed"), b.uid("caliber")];
  assert.equal(new Set(ids).size, ids.length, ids.join(" "));
});

test("chart geometry: bars, threshold and goal", () => {
  const dist = [[0, 0.25], [1, 0.5], [2, 0.25]];
  const g = chartGeometry(dist, [false, true, true], 1, 2, { width: 300, height: 140 });
  assert.equal(g.bars.length, 3);
  assert.deepEqual(g.bars.map((b) => b.pass), [false, true, true]);
  assert.deepEqual(g.bars.map((b) => b.goal), [false, false, true]);
  const tallest = g.bars[1];
  assert.ok(tallest.h > g.bars[0].h && Math.abs(g.bars[0].h - g.bars[2].h) < 1e-9);
  assert.ok(g.thresholdX > g.bars[0].x && g.thresholdX < g.bars[1].x);
  assert.ok(g.goalX > g.bars[1].x && g.goalX < g.bars[2].x);
  for (const b of g.bars) assert.ok(b.x >= 0 && b.x + b.w <= 300 && b.y >= 0 && b.y + b.h <= 140);
  // threshold beyond every outcome: the line at the right edge
  assert.ok(chartGeometry(dist, [false, false, false], 5, 5).thresholdX >= g.bars[2].x);
  // pass/fail checks: no numeric lines; which results pass is Python's word, not guessed from the names
  const chk = chartGeometry([["auto-pass", 0.1], ["pass", 0.3], ["fail", 0.55], ["auto-fail", 0.05]], [true, true, false, false], 15, 15);
  assert.equal(chk.thresholdX, null);
  assert.deepEqual(chk.bars.map((b) => b.pass), [true, true, false, false]);
  const odd = chartGeometry([["success", 0.5], ["failure with a boon", 0.5]], [false, true], 1, 1);
  assert.deepEqual(odd.bars.map((b) => b.pass), [false, true]);
  assert.deepEqual(chartGeometry(dist, undefined, 1, 1).bars.map((b) => b.pass), [false, false, false]);
});

test("chart geometry: percentages and labels have rows of their own", () => {
  const dist = [["0", 0.05, 0], ["1", 0.9, 1], ["2+", 0.05, 2]];
  const g = chartGeometry(dist, [false, true, true], 1, 2);
  const tallest = g.bars[1];
  // the tallest bar's percentage sits below the goal label's row, which sits below the threshold's
  assert.ok(tallest.pctY - 9 > g.goalY, `${tallest.pctY} vs ${g.goalY}`);
  assert.ok(g.goalY - 10 >= g.thresholdY);
  for (const b of g.bars) {
    assert.ok(b.labelY > b.y + b.h + 8 && b.markY > b.labelY + 8 && b.markY <= g.height);
  }
  // a grouped tail bar ("2+") places the goal line by the outcome it starts at
  assert.ok(g.goalX > g.bars[1].x && g.goalX < g.bars[2].x);
});

test("chart entries: Python's bars per view, at most without pass lines", () => {
  const view = { numeric: true, distribution: [[0, 0.5], [1, 0.5]], passed: [false, true],
    chart: { exact: [{ label: "0", p: 0.5, low: 0, high: 0, pass: false }, { label: "1", p: 0.5, low: 1, high: 1, pass: true }],
      at_least: [{ label: "≥0", p: 1, low: 0, high: null, pass: false }, { label: "≥1", p: 0.5, low: 1, high: null, pass: true }],
      at_most: [{ label: "≤0", p: 0.5, low: 0, high: 0, pass: false }, { label: "≤1", p: 1, low: 0, high: 1, pass: false }] } };
  assert.deepEqual(chartEntries(view, "at_least").dist, [["≥0", 1, 0], ["≥1", 0.5, 1]]);
  assert.deepEqual(chartEntries(view, "exact").passed, [false, true]);
  assert.equal(chartEntries(view, "at_most").lines, false);
  assert.equal(chartEntries({ distribution: [[0, 1]], passed: [true] }).dist[0][0], 0);  // no bars: the distribution
  assert.deepEqual(CHART_MODES.map((m) => m[0]), ["exact", "at_least", "at_most"]);
});

test("chart description names the threshold and goal", () => {
  const view = { ok: true, numeric: true, outcome_name: "successes", distribution: [[0, 0.3], [1, 0.7]], threshold: 1, goal: 2, p_pass: 0.7, p_goal: 0 };
  const d = chartDescription(view);
  assert.match(d, /most likely 1 \(70 %\)/);
  assert.match(d, /Threshold 1: P\(pass\) 70 %/);
  assert.match(d, /Goal 2: P\(goal\) 0 %/);
  assert.equal(chartDescription({ ok: false }), "");
  assert.match(chartDescription(view, { threshold: "Target number" }), /Target number 1: P\(pass\) 70 %/);
});

test("a field summed from its sources, in its own label", () => {
  assert.equal(budgetText("KISS budget", 3, { lots: 2, stunt: 1 }), "KISS budget 3");
  assert.equal(budgetText("KISS budget", 4, { lots: 1 }), "KISS budget 4 (1 from the sources + 3 set directly)");
  assert.equal(budgetText("Coins", 2), "Coins 2");
});

test("d6 pips: n dots for face n, inside the 3 x 3 grid, symmetric", () => {
  for (let n = 1; n <= 6; n++) {
    const p = pips(n);
    assert.equal(p.length, n);
    assert.equal(new Set(p.map(String)).size, n);
    for (const [x, y] of p) assert.ok(x >= 0 && x <= 2 && y >= 0 && y <= 2);
    // a die face looks the same turned half way round
    assert.deepEqual(new Set(p.map(([x, y]) => `${2 - x},${2 - y}`)), new Set(p.map(([x, y]) => `${x},${y}`)));
  }
  assert.deepEqual(pips(7), []);
});

test("seeds are shown short beside the dice", () => {
  assert.equal(shortSeed(7), "7");
  assert.equal(shortSeed("12345678"), "12345678");
  assert.equal(shortSeed("1234567890123456789"), "123456…");
  assert.equal(shortSeed(null), "");
});

test("by hand: focus goes to the faces box", () => {
  assert.deepEqual(stepFocusKeys({ phase: "enter" }, "roll"), ["faces-input"]);
  assert.deepEqual(stepFocusKeys({ phase: "enter_kiss" }, "commit"), ["faces-input"]);
});

test("hover shows the chance with two decimals, by the same rule", () => {
  assert.equal(formatPercent(0.123456, 2), "12.35 %");
  assert.equal(formatPercent(0, 2), "0 %");
  assert.equal(formatPercent(1e-9, 2), "<0.01 %");
  assert.equal(formatPercent(0.999999, 2), ">99.99 %");
  assert.equal(formatPercent(NaN, 2), "–");
});

test("the legend names the grades' edge patterns when dice of several grades show", () => {
  const dice = [{ owner: "own", grade_level: 1, grade_label: "Silver" }, { owner: "ally 1", grade_level: 3, grade_label: "Platinum" }];
  assert.match(legendText(dice, []), /Top edge: dashed = Silver, dotted = Platinum\./);
  assert.doesNotMatch(legendText([dice[0]], []), /Top edge/);  // one grade: nothing to tell apart
});

test("the re-roll step's words: KISS and successes, or the edition's own", () => {
  assert.deepEqual(stepWords({}), { name: "KISS", verb: "KISS", one: "success", many: "successes" });
  assert.deepEqual(stepWords({ step: { name: "Push", unit: ["six", "sixes"] } }),
    { name: "Push", verb: "Push", one: "six", many: "sixes" });
  assert.deepEqual(stepWords({ step: { name: "Push", unit: ["", ""] } }).many, "successes");
});

test("the chart is drawn at its real width: labels that do not fit go on two lines, or every k-th", async () => {
  const { chartGeometry, CHART_FONT } = await import("../common.js");
  assert.equal(CHART_FONT, 11);
  const words = [["auto-pass", 0.1], ["pass", 0.45], ["bonus-pass", 0.22], ["fail", 0.18], ["auto-fail", 0.05]];
  const narrow = chartGeometry(words, [true, true, true, false, false], 15, 15, { width: 260 });
  assert.equal(narrow.width, 260);
  assert.ok(narrow.bars.every((b) => b.label), "every label shown");
  assert.deepEqual(narrow.bars.map((b) => b.lines), [["auto-", "pass"], ["pass"], ["bonus-", "pass"], ["fail"], ["auto-", "fail"]]);
  const wide = chartGeometry(words, [true, true, true, false, false], 15, 15, { width: 700 });
  assert.ok(wide.bars.every((b) => b.lines.length === 1));
  // thirty numeric bars in 260 px: every k-th label, no percentages on the bars (the table keeps them)
  const many = Array.from({ length: 30 }, (_, k) => [k, 1 / 30, k]);
  const g = chartGeometry(many, many.map((d) => d[0] >= 3), 3, 3, { width: 260 });
  assert.ok(g.labelEvery > 1 && !g.showPct);
  assert.equal(g.bars.filter((b) => b.label).length, Math.ceil(30 / g.labelEvery));
});

test("a number stays with its sign: the pieces of a text that must not wrap", async () => {
  const { numberPieces } = await import("../common.js");
  assert.deepEqual(numberPieces("pass 44 %, goal <1 % (1 in 3,240)"),
    [["pass ", false], ["44 %", true], [", goal ", false], ["<1 %", true], [" (", false], ["1 in 3,240", true], [")", false]]);
  assert.deepEqual(numberPieces("no numbers"), [["no numbers", false]]);
});

test("the headline follows the dice on the table, not a roll older than the settings", async () => {
  const { headline } = await import("../common.js");
  const view = { ok: true, p_pass: 0.73 };
  assert.deepEqual(headline(view, { phase: "idle" }), { rolled: false, label: "Chance to pass", p: 0.73 });
  const t = { phase: "kiss", now: { p_pass: 0.5, what: "if you keep the dice" } };
  assert.deepEqual(headline(view, t), { rolled: true, label: "Chance to pass now", what: "if you keep the dice", p: 0.5, before: 0.73 });
  assert.equal(headline(view, { ...t, stale: true }).rolled, false);
  assert.equal(headline({ ok: false }, t).rolled, false);
});
