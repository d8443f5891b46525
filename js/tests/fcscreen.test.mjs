import { test } from "node:test";
import assert from "node:assert/strict";
import { shownValue, saidBeside, cellText } from "../fcscreen.js";

test("a control shows what was typed and refused, else Python's value (a typo is never wiped)", () => {
  const refused = { text: "Target chance: 150 % is more than 99 %. …", invalid: true, typed: "150" };
  assert.equal(shownValue(refused, "50"), "150");
  assert.equal(shownValue({ text: "Ana's Allies: …", invalid: true, typed: "gold, silvr" }, ["gold"]), "gold, silvr");
  assert.equal(shownValue({ text: "set to 30, the most.", invalid: false }, 30), 30);  // applied: Python's value
  assert.equal(shownValue(null, "Bo"), "Bo");
  assert.equal(shownValue({ text: "x", invalid: true, typed: "" }, "Bo"), "");  // an empty name stays empty
});

test("an error said beside its field is not said again above the ladder", () => {
  const notes = { "name-1": { text: "Bo's name: a name cannot be empty.", invalid: true, typed: "" } };
  assert.equal(saidBeside("Bo's name: a name cannot be empty.", notes), true);
  assert.equal(saidBeside("The view may not change members", notes), false);
  assert.equal(saidBeside("", notes), false);
  assert.equal(saidBeside("x", { a: { text: "x", invalid: false } }), false);
});

test("a cell is read with its character, setting and mark", () => {
  assert.equal(cellText("Ana", "factors 1", "52.00 %", true), "Ana, factors 1: 52.00 %, nearest for Ana");
  assert.equal(cellText("Bo", "factors 0", "71.00 %", false), "Bo, factors 0: 71.00 %");
});
