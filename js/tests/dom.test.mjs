import { test } from "node:test";
import assert from "node:assert/strict";
import { numberPieces, send, sendingStep, uid } from "../dom.js";

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

test("a step's message carries the step's id, once; other messages carry none", () => {
  const sent = [];
  const model = { send: (m) => sent.push(m) };
  send(model, { do: "select", index: 2 });
  sendingStep(model, "v-1");
  send(model, { do: "commit" });
  send(model, { do: "spend", item: "primary" });  // after the step's own message: not the step
  sendingStep(model, "v-2");
  sendingStep(model, null);  // the click sent nothing
  send(model, { do: "roll" });
  assert.deepEqual(sent, [{ do: "select", index: 2 }, { do: "commit", step_id: "v-1" }, { do: "spend", item: "primary" }, { do: "roll" }]);
});
