import { test } from "node:test";
import assert from "node:assert/strict";
import { numberPieces, uid } from "../dom.js";

test("ids are unique across widget modules on one page", async () => {
  const a = await import("../dom.js?copy=a");
  const b = await import("../dom.js?copy=b");
  const ids = [a.uid("seed"), b.uid("seed"), a.uid("seed"), b.uid("caliber")];
  assert.equal(new Set(ids).size, ids.length, ids.join(" "));
});

test("a number stays with its sign: the pieces of a text that must not wrap", async () => {
  assert.deepEqual(numberPieces("pass 44 %, goal <1 % (1 in 3,240)"),
    [["pass ", false], ["44 %", true], [", goal ", false], ["<1 %", true], [" (", false], ["1 in 3,240", true], [")", false]]);
  assert.deepEqual(numberPieces("no numbers"), [["no numbers", false]]);
});
