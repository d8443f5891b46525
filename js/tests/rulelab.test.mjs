import { test } from "node:test";
import assert from "node:assert/strict";
import { knobText, readScalar, pointsCell, sampleCells, tickLines, draftWords, ruleWords, rangeWords } from "../rulelab.js";

test("a knob's value in words", () => {
  assert.equal(knobText(null), "none");
  assert.equal(knobText([1, 6]), "1, 6");
  assert.equal(knobText({ bronze: 5, silver: 4 }), "Bronze 5 · Silver 4");  // calibers are names
  assert.equal(knobText({ d4: 1, "10-again": 2 }), "d4 1 · 10-again 2");
  assert.equal(knobText(true), "yes");
});

test("a knob's card says its rule in words, never the line of a file", () => {
  // a draft's knob with a quoted comment quotes it; without one, Python's sentence; no TOML line either way
  assert.equal(ruleWords({ seed: "Each roll of '1' or '6' counts as a success", says: "A d6 counts a success on 1 or 6." }),
    "“Each roll of '1' or '6' counts as a success”");
  assert.equal(ruleWords({ seed: "", says: "Pool can be set from 0 to 60." }), "Pool can be set from 0 to 60.");
  assert.equal(rangeWords({ default: 60, takes: "a whole number from 0 to 120" }),
    "As read: 60. It takes a whole number from 0 to 120.");
  assert.equal(rangeWords({ default: [1, 6] }), "As read: 1, 6.");
});

test("a number box is read strictly: an empty box is not 0 (review finding)", () => {
  const int = { type: "int", lo: 0, hi: 6 };
  assert.equal(readScalar(int, "2"), 2);
  assert.equal(readScalar(int, " 3 "), 3);
  assert.equal(readScalar(int, ""), "");      // sent as is: Python says what the knob takes
  assert.equal(readScalar(int, "  "), "  ");
  assert.equal(readScalar(int, "0x3"), "0x3");
  assert.equal(readScalar(int, "1e0"), "1e0");
  assert.equal(readScalar({ ...int, optional: true }, ""), null);
  assert.equal(readScalar({ type: "bool" }, "yes"), true);
});

test("points in the table", () => {
  assert.equal(pointsCell(0.1234), "+12.3");
  assert.equal(pointsCell(-0.05), "−5.0");
  assert.equal(pointsCell(1e-15), "±0");
});

test("a sample's row adds up as shown: the points are the difference of the two chances written", () => {
  // it wrote 42 % beside 45 % and −2.7 points apart
  assert.deepEqual(sampleCells(0.42, 0.44744), ["42.0 %", "44.7 %", "−2.7"]);
  assert.deepEqual(sampleCells(0.4216, 0.44744), ["42.2 %", "44.7 %", "−2.5"]);
  assert.deepEqual(sampleCells(0.447, 0.44744), ["44.7 %", "44.7 %", "±0"]);
});

test("a variant that plays by another draft says which", () => {
  assert.equal(draftWords({ A: "", B: "push-black" }, "B"), "plays by the draft push-black");
  // by its name when the view gives it (the live lab said the id, the saved lab the name)
  assert.equal(draftWords({ A: "", B: "heresy-push" }, "B", { B: "the Heresy Engine with a push" }),
    "plays by the Heresy Engine with a push");
  assert.equal(draftWords({ A: "", B: "" }, "B", {}), "");
  assert.equal(draftWords({ A: "", B: "push-black" }, "A"), "");
  assert.equal(draftWords(undefined, "A"), "");
});

test("a chart tick breaks at spaces into short lines", () => {
  assert.deepEqual(tickLines("success with a bane"), ["success", "with a", "bane"]);
  assert.deepEqual(tickLines("≥12"), ["≥12"]);
  assert.deepEqual(tickLines("pass without kiss"), ["pass", "without", "kiss"]);
  assert.deepEqual(tickLines("Ego spent"), ["Ego spent"]);
});

test("a heatmap table holds as many columns as its width does", async () => {
  const { heatColumns } = await import("../rulelab.js");
  const texts = Array(144).fill("+33.8");
  assert.equal(heatColumns(284, ["0", "11"], texts), 4);   // a 400 px window: 12 columns in 3 tables
  assert.equal(heatColumns(568, ["0", "11"], texts), 10);  // 1,000 px with the file browser open: 2 tables
  assert.equal(heatColumns(900, ["0", "11"], texts), 17);  // all of them in one
});

test("a heatmap's row and column say their value: the axis is named once, in the corner", async () => {
  const { axisValue } = await import("../rulelab.js");
  // Python names a row or column by the field's label (engine/tools/sweep.py: "Dice (job level) 3");
  // the table said it whole in every head, a column a table at 400 px (the lab 3,568 px tall)
  assert.equal(axisValue("Dice (job level) 3", "dice", "Dice (job level)"), "3");
  assert.equal(axisValue("Difficulty factors 0", "factors", "Difficulty factors"), "0");
  assert.equal(axisValue("dice 3", "dice", "Dice (job level)"), "3");  // by its code name, as it was
  assert.equal(axisValue("Pool 12", "pool", "Pool"), "12");
  assert.equal(axisValue("Black dice 2", "pool", "Pool"), "Black dice 2");  // another axis's: kept whole
});

test("a heatmap table holds as many columns as the drawn table's measures leave room for", async () => {
  const { heatFit } = await import("../rulelab.js");
  // the drafts' lab at 400 px: a 66 px corner, columns of 40-47 px in 272 px: 4 tables of 3 columns were drawn
  assert.equal(heatFit(272, 66, [40, 40, 47, 44]), 4);
  assert.equal(heatFit(272, 66, [40, 40, 40]), 5);
  assert.equal(heatFit(100, 90, [40]), 1);  // never none
});
