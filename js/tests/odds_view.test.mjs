import { test } from "node:test";
import assert from "node:assert/strict";
import { headline } from "../odds_view.js";

test("the headline follows the dice on the table, not a roll older than the settings", async () => {
  const view = { ok: true, p_pass: 0.73 };
  assert.deepEqual(headline(view, { phase: "idle" }), { rolled: false, label: "Chance to pass", p: 0.73 });
  const t = { phase: "kiss", now: { p_pass: 0.5, what: "if you keep the dice" } };
  assert.deepEqual(headline(view, t), { rolled: true, label: "Chance to pass now", what: "if you keep the dice", p: 0.5, before: 0.73 });
  assert.equal(headline(view, { ...t, stale: true }).rolled, false);
  assert.equal(headline({ ok: false }, t).rolled, false);
});

test("the left-out tail of exploding dice is said once, in the rules' own note", async () => {
  const { oddsNotes } = await import("../odds_view.js");
  const tail = "each 6 is rolled again while 6s come up: the rarest endless chains, together less than 1 in a trillion, are left out";
  const view = { ok: true, truncated: 6.02e-18, notes: [tail] };
  assert.deepEqual(oddsNotes(view), [tail]);
  assert.deepEqual(oddsNotes({ ok: true, truncated: 0, notes: [] }), []);
});
