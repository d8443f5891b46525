import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { budgetText, clampInt, formatDelta, formatNumber, formatOneIn, formatPercent, hintText, stepWords, thousands } from "../format.js";

test("thousands separators", () => {
  assert.equal(thousands(3240), "3,240");
  assert.equal(thousands(999), "999");
  assert.equal(thousands(1234567.4), "1,234,567");
});

test("a negative number with the minus sign, as a person writes it (and a screen reader says 'minus')", () => {
  assert.equal(formatNumber(-2), "\u22122");
  assert.equal(formatNumber(3), "3");
  assert.equal(formatNumber(0), "0");
  assert.equal(formatNumber("pass"), "pass");
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

test("a field summed from its sources, in its own label", () => {
  assert.equal(budgetText("KISS budget", 3, { lots: 2, stunt: 1 }), "KISS budget 3");
  assert.equal(budgetText("KISS budget", 4, { lots: 1 }), "KISS budget 4 (1 from the sources + 3 set directly)");
  assert.equal(budgetText("Coins", 2), "Coins 2");
});

test("hover shows the chance with two decimals, by the same rule", () => {
  assert.equal(formatPercent(0.123456, 2), "12.35 %");
  assert.equal(formatPercent(0, 2), "0 %");
  assert.equal(formatPercent(1e-9, 2), "<0.01 %");
  assert.equal(formatPercent(0.999999, 2), ">99.99 %");
  assert.equal(formatPercent(NaN, 2), "–");
});

test("the re-roll step's words: KISS and successes, or the edition's own", () => {
  assert.deepEqual(stepWords({}), { name: "KISS", verb: "KISS", one: "success", many: "successes" });
  assert.deepEqual(stepWords({ step: { name: "Push", unit: ["six", "sixes"] } }),
    { name: "Push", verb: "Push", one: "six", many: "sixes" });
  assert.deepEqual(stepWords({ step: { name: "Push", unit: ["", ""] } }).many, "successes");
});
