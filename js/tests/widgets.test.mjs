import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { toggleWanted, resizeTexts } from "../task.js";
import { singularOf, fieldGroups } from "../fields.js";
import { facesText, cardParts } from "../log.js";

test("wanted consequences keep the rules' order", () => {
  const order = ["s1", "s2", "s3", "s4", "t1", "t2", "t3", "t4"];
  assert.deepEqual(toggleWanted(["t2"], "s3", order), ["s3", "t2"]);
  assert.deepEqual(toggleWanted(["s3", "t2"], "s3", order), ["t2"]);
});

test("consequence texts resize within the range of the field that counts them", () => {
  // one to four texts (a field whose range is 1..4)
  assert.deepEqual(resizeTexts(["a"], 3, 1, 4), ["a", "", ""]);
  assert.deepEqual(resizeTexts(["a", "b", "c"], 9, 1, 4), ["a", "b", "c", ""]);
  assert.deepEqual(resizeTexts(["a", "b"], 0, 1, 4), ["a"]);
  // two to three texts
  assert.deepEqual(resizeTexts(["a"], 9, 2, 3), ["a", "", ""]);
  assert.deepEqual(resizeTexts(["a", "b", "c"], 0, 2, 3), ["a", "b"]);
});

test("log helpers", () => {
  const roll = { dice: [{ before: 1, after: 5, kissed: true }, { before: 3, after: 3, kissed: false }] };
  assert.equal(facesText(roll), "1→5 3");
  assert.equal(facesText(roll, ["✓", "✗"]), "1→5 ✓, 3 ✗");
  assert.equal(facesText(roll, ["✓"]), "1→5 3");  // marks that do not fit are not shown
});

test("a log card says what Python derived: faces marked, the facts in words, by hand or by seed", () => {
  const e = {
    id: 7, result: "Passed: bought the primary", marks: ["✓", "✗"],
    roll: { spec: { edition: "playtest", roll: "task" }, seed: "123", passed: true, entered: null,
      dice: [{ before: 1, after: 5, kissed: true }, { before: 3, after: 3, kissed: false }] },
    card: {
      dice: [{ text: "1→5", mark: "✓", words: "success", who: "die 1 (you, Bronze, d6)", shape: "square", kissed: true, success: true },
        { text: "3", mark: "✗", words: "no success", who: "die 2 (ally, Silver, d6)", shape: "circle", kissed: false, success: false }],
      facts: [{ key: "chance", label: "Chance before the roll", text: "64 % to pass" }, { key: "kiss", label: "KISS", text: "KISSed die 1" }],
    },
  };
  const p = cardParts(e, 2);
  assert.equal(p.title, "Roll 3");
  assert.equal(p.what, "playtest task");
  assert.equal(p.how, "seed 123");
  assert.equal(p.id, 7);
  assert.deepEqual(p.dice.map((d) => [d.text, d.mark, d.shape]), [["1→5", "✓", "square"], ["3", "✗", "circle"]]);
  assert.equal(p.dice[0].words, "die 1 (you, Bronze, d6): 1 KISSed to 5, success");
  assert.deepEqual(p.facts.map((f) => f.key), ["chance", "kiss"]);
  // by hand, and an entry Python could not describe: its faces and marks still show
  const bare = cardParts({ ...e, card: null, roll: { ...e.roll, entered: { faces: [1, 3], kiss_faces: [5] } } }, 0);
  assert.equal(bare.how, "faces entered by hand");
  assert.deepEqual(bare.dice.map((d) => `${d.text} ${d.mark}`), ["1→5 ✓", "3 ✗"]);
  assert.deepEqual(bare.dice.map((d) => d.shape), ["square", "square"]);  // no owner told apart without Python's words
  assert.deepEqual(bare.facts, []);
});

const MODULES = readdirSync(new URL("..", import.meta.url)).filter((f) => f.endsWith(".js")).map((f) => f.slice(0, -3));
const source = (name) => readFileSync(new URL(`../${name}.js`, import.meta.url), "utf8");
const importsOf = (text) => [...text.matchAll(/^import [^;]* from "([^"]+)";$/gm)].map((m) => m[1]);

test("modules import only sibling modules of js/, never use innerHTML and load nothing from the network", () => {
  assert.ok(MODULES.length > 10 && MODULES.includes("roller") && MODULES.includes("task"));
  for (const name of MODULES) {
    const src = source(name);
    assert.doesNotMatch(src, /innerHTML|outerHTML|insertAdjacentHTML|document\.write/, name);
    for (const target of importsOf(src)) assert.match(target, /^\.\/[a-z_0-9]+\.js$/, `${name}.js imports ${target}`);
    assert.doesNotMatch(src, /\bimport\(/, `${name}.js imports at run time`);
    assert.doesNotMatch(src, /https?:\/\/(?!www\.w3\.org\/2000\/svg)/, `${name} loads nothing from the network`);
  }
});

test("no module is over 400 lines, and no two import each other (directly or round a circle)", () => {
  const graph = Object.fromEntries(MODULES.map((n) => [n, importsOf(source(n)).map((t) => t.slice(2, -3))]));
  for (const name of MODULES) assert.ok(source(name).split("\n").length <= 400, `${name}.js is over 400 lines`);
  const state = {};
  const visit = (n, path) => {
    if (state[n] === "done") return;
    assert.notEqual(state[n], "open", `import circle: ${[...path, n].join(" -> ")}`);
    state[n] = "open";
    for (const m of graph[n] || []) visit(m, [...path, n]);
    state[n] = "done";
  };
  for (const n of MODULES) visit(n, []);
});

test("every export is used by the front end itself, not only by tests", () => {
  const src = Object.fromEntries(MODULES.map((n) => [n, source(n)]));
  const all = Object.values(src).join("\n");
  for (const [mod, text] of Object.entries(src)) {
    for (const m of text.matchAll(/^export (?:async )?(?:function|const|let|class) (\w+)/gm)) {
      const name = m[1];
      if (name === "render") continue; // anywidget's entry point
      const uses = all.match(new RegExp(`\\b${name}\\b`, "g")).length;
      assert.ok(uses > 1, `${mod}.js exports ${name}, which no module uses`);
    }
  }
});

test("a list field's item is named from its label, whatever the edition calls it", () => {
  assert.equal(singularOf("Allies"), "ally");
  assert.equal(singularOf("Helpers"), "helper");
  assert.equal(singularOf("Difficulty factors"), "difficulty factor");
  assert.equal(singularOf("Bonus factors"), "bonus factor");
});

test("the groups of the fields come as Python sends them: its order, its titles", () => {
  const fields = [
    { name: "rank", group: "g1", group_title: "First words" },
    { name: "help", group: "g3", group_title: "Third" },
    { name: "hard", group: "g1", group_title: "First words" },
    { name: "picked", group: "g2", group_title: "Second" },
  ];
  const shown = (o) => fieldGroups(fields, o).map((g) => [g.name, g.title, g.fields.map((f) => f.name)]);
  assert.deepEqual(shown(), [["g1", "First words", ["rank", "hard"]], ["g3", "Third", ["help"]], ["g2", "Second", ["picked"]]]);
  // a group whose only field is drawn elsewhere is shown only with a part of its own
  assert.deepEqual(shown({ skip: ["picked"] }).map((g) => g[0]), ["g1", "g3"]);
  assert.deepEqual(shown({ skip: ["picked"], extras: { g2: () => null } }).at(-1), ["g2", "Second", []]);
});

test("the goal of a task is said in words, not as a sum", async () => {
  const { goalText } = await import("../task.js");
  const model = (wanted) => ({ get: (k) => (k === "wanted" ? wanted : undefined) });
  assert.equal(goalText(model([])), "Goal: the threshold only (no consequence chosen)");
  assert.equal(goalText(model(["s1"])), "Goal: the threshold and 1 consequence");
  assert.equal(goalText(model(["s1", "s3"])), "Goal: the threshold and 2 consequences");
  for (const n of [0, 1, 2]) assert.doesNotMatch(goalText(model(Array(n).fill("s"))), /\+/);
});
