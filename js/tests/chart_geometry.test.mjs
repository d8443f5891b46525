import { test } from "node:test";
import assert from "node:assert/strict";
import { CHART_FONT, CHART_MODES, chartDescription, chartEntries, chartGeometry } from "../chart_geometry.js";

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
  assert.match(d, /Threshold 1: chance to pass 70 %/);
  assert.match(d, /Goal 2: chance to reach it 0 %/);
  assert.doesNotMatch(d, /P\(/);  // no formula notation in what a screen reader says
  assert.equal(chartDescription({ ok: false }), "");
  assert.match(chartDescription(view, { threshold: "Target number" }), /Target number 1: chance to pass 70 %/);
});

test("the chart is drawn at its real width: labels that do not fit go on two lines, or every k-th", async () => {
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

test("a check's results are rows: every result named, its bar after the longest name, at 260 px too", async () => {
  const { rowsGeometry } = await import("../chart_geometry.js");
  const words = [["automatic pass", 0.05], ["pass", 0.45], ["pass with a bonus d6", 0.22], ["fail", 0.23], ["automatic fail", 0.05]];
  for (const width of [260, 500]) {
    const g = rowsGeometry(words, [true, true, true, false, false], { width });
    assert.equal(g.rows.length, 5);
    assert.ok(g.rows.every((r) => r.x >= 8 + "pass with a bonus d6".length * 6.7), "bars start after the longest name");
    assert.ok(g.rows.every((r) => r.pctX + 5 * 6.7 <= width), "each percentage inside the chart");
    assert.ok(g.rows.every((r, i) => i === 0 || r.y >= g.rows[i - 1].y + g.rows[i - 1].h), "rows do not overlap");
  }
});
