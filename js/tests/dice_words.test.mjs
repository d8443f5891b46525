import { test } from "node:test";
import assert from "node:assert/strict";
import { dieLabel, legendText, pips, shortSeed } from "../dice_words.js";

test("dice are marked by words and shapes, not colour alone: both the edition's, from Python", () => {
  const label = dieLabel({ index: 0, owner: "ally 1", owner_words: "ally 1", shape: "circle", grade: "gold", grade_label: "Gold", before: 1, after: 4, kissed: true, success: true, scores: 1, selected: false, contribution: "success" });
  assert.equal(label, "Die 1, ally 1, Gold, shows 4, KISSed (was 1), success");
  assert.match(dieLabel({ index: 2, owner: "own", owner_words: "your die", grade: "bronze", grade_label: "Bronze", before: 6, after: 6, kissed: false, success: true, scores: 2, selected: true, contribution: "2 successes (Ego)" }), /2 successes \(Ego\), selected to KISS/);
});

test("a die's label says what Python says it contributed, never a guess from its score", () => {
  const d20 = { index: 0, owner: "d20", owner_words: "d20", grade: "bronze", grade_label: "Bronze", before: 17, after: 17, kissed: false, success: false, scores: 0, contribution: "a pass (total 22 against 15)" };
  assert.equal(dieLabel(d20), "Die 1, d20, Bronze, shows 17, a pass (total 22 against 15)");
  const black = { index: 5, owner: "black", owner_words: "black die", shape: "square-dark", grade: null, before: 1, after: 1, scores: -1, success: false, contribution: "cancels a success" };
  assert.equal(dieLabel(black), "Die 6, black die, shows 1, cancels a success");
  const again = { index: 6, owner: "own", owner_words: "your die", grade: null, before: 6, after: 6, scores: 1, exploded_from: 0, contribution: "success" };
  assert.equal(dieLabel(again), "Die 7, your die, shows 6, added because die 1 exploded, success");
  // a die that explodes on another face than 6 (a draft's d10 exploding on 10): no face named that it did not show
  const ten = { ...again, index: 2, before: 3, after: 3, exploded_from: 1, contribution: "" };
  assert.equal(dieLabel(ten), "Die 3, your die, shows 3, added because die 2 exploded");
});

test("the legend names only the shapes and marks of the roll", () => {
  const check = legendText([{ owner: "d20", owner_words: "d20", shape: "square" }, { owner: "bonus", owner_words: "bonus d6", shape: "square" }], [{ mark: "bonus", meaning: "short" }, { mark: "✓", meaning: "pass" }]);
  assert.equal(check, "Marks: bonus = short; ✓ = pass.");
  assert.doesNotMatch(check, /ally|KISS/);
  const task = legendText([{ owner_words: "your die", shape: "square" }, { owner_words: "ally 1", group: "ally", shape: "circle" },
    { owner_words: "ally 2", group: "ally", shape: "circle" }], [{ mark: "✗", meaning: "no success" }, { mark: "K", meaning: "KISSed (re-rolled)" }]);
  assert.equal(task, "Shapes: square = your die, circle = ally. Marks: ✗ = no success; K = KISSed (re-rolled).");
  assert.equal(legendText([], []), "");
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

test("the legend names the grades' edge patterns when dice of several grades show", () => {
  const dice = [{ owner_words: "your die", shape: "square", grade_level: 1, grade_label: "Silver" },
    { owner_words: "ally 1", group: "ally", shape: "circle", grade_level: 3, grade_label: "Platinum" }];
  assert.match(legendText(dice, []), /Top edge: dashed = Silver, dotted = Platinum\./);
  assert.doesNotMatch(legendText([dice[0]], []), /Top edge/);  // one grade: nothing to tell apart
});

test("a die re-rolled or selected by a draft's step says the step's name, not KISS", () => {
  const die = { index: 1, owner: "own", owner_words: "your die", before: 3, after: 5, kissed: true, success: false, scores: 0, selected: false, contribution: "no six" };
  assert.equal(dieLabel(die, "Push"), "Die 2, your die, shows 5, re-rolled by Push (was 3), no six");
  assert.match(dieLabel({ ...die, kissed: false, selected: true }, "Push"), /selected to push$/);
  assert.match(dieLabel(die), /KISSed \(was 3\)/);
});
