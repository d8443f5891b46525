import { test } from "node:test";
import assert from "node:assert/strict";
import { targetChance, cellText } from "../fcscreen.js";

test("a target typed in percent becomes a chance, clamped to 1..99 %", () => {
  assert.equal(targetChance("60", 0.5), 0.6);
  assert.equal(targetChance(150, 0.5), 0.99);
  assert.equal(targetChance("0", 0.5), 0.01);
  assert.equal(targetChance("", 0.42), 0.42);
  assert.equal(targetChance("abc", 0.5), 0.5);
});

test("a cell is read with its character, setting and mark", () => {
  assert.equal(cellText("Ana", "factors 1", "52.00 %", true), "Ana, factors 1: 52.00 %, nearest for Ana");
  assert.equal(cellText("Bo", "factors 0", "71.00 %", false), "Bo, factors 0: 71.00 %");
});
