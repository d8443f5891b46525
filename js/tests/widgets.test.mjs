import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { kissSum, toggleWanted, resizeTexts, KISS_SOURCES } from "../task.js";
import { playtestTarget } from "../check.js";
import { versTarget } from "../pool.js";
import { facesText, csvLine } from "../log.js";

test("KISS sources sum into the budget", () => {
  assert.deepEqual(KISS_SOURCES.map((s) => s[0]), ["lots", "insights", "stunt", "specialties", "ally_stunts"]);
  assert.equal(kissSum({ lots: 2, insights: 1, stunt: 1, specialties: 4, ally_stunts: 1 }), 9);
  assert.equal(kissSum({}), 0);
});

test("wanted consequences keep the rules' order", () => {
  const order = ["s1", "s2", "s3", "s4", "t1", "t2", "t3", "t4"];
  assert.deepEqual(toggleWanted(["t2"], "s3", order), ["s3", "t2"]);
  assert.deepEqual(toggleWanted(["s3", "t2"], "s3", order), ["t2"]);
});

test("agora texts resize to 1..4", () => {
  assert.deepEqual(resizeTexts(["a"], 3), ["a", "", ""]);
  assert.deepEqual(resizeTexts(["a", "b", "c"], 9), ["a", "b", "c", ""]);
  assert.deepEqual(resizeTexts(["a", "b"], 0), ["a"]);
});

test("targets", () => {
  assert.equal(playtestTarget("tough", 2), 17);
  assert.equal(playtestTarget("absurd", 4), 29);
  assert.equal(versTarget(3), 13);
});

test("log helpers", () => {
  const roll = { dice: [{ before: 1, after: 5, kissed: true }, { before: 3, after: 3, kissed: false }] };
  assert.equal(facesText(roll), "1→5 3");
  assert.equal(facesText(roll, ["✓", "✗"]), "1→5 ✓, 3 ✗");
  assert.equal(facesText(roll, ["✓"]), "1→5 3");  // marks that do not fit are not shown
  assert.equal(csvLine(["a", "b,c", 'd"e']), 'a,"b,c","d""e"');
});

test("widget modules import only common.js and never use innerHTML", () => {
  for (const name of ["common", "check", "task", "pool", "log"]) {
    const src = readFileSync(new URL(`../${name}.js`, import.meta.url), "utf8");
    assert.doesNotMatch(src, /innerHTML|outerHTML|insertAdjacentHTML|document\.write/, name);
    const imports = src.match(/^import .*$/gm) || [];
    if (name === "common") assert.equal(imports.length, 0);
    else assert.deepEqual(imports.map((l) => l.replace(/.*from /, "")), ['"./common.js";'], name);
    assert.doesNotMatch(src, /https?:\/\/(?!www\.w3\.org\/2000\/svg)/, `${name} loads nothing from the network`);
  }
});
