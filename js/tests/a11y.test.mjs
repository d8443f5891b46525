import { test } from "node:test";
import assert from "node:assert/strict";
import { oddsSentence, makeAnnouncer, makeStepWait, stepFocusKeys } from "../a11y.js";

test("the odds sentence: the panel's figures in one short sentence", () => {
  const view = { ok: true, numeric: true, p_pass: 0.6394, p_goal: 0.31, threshold: 2, goal: 3 };
  assert.equal(oddsSentence(view), "Chance to pass 64 %, to reach the goal 31 %");
  // the goal is the threshold: said once, as the chance to pass
  assert.equal(oddsSentence({ ...view, goal: 2, p_goal: 0.6394 }), "Chance to pass 64 %");
  // pass/fail checks have no numeric goal
  assert.equal(oddsSentence({ ok: true, numeric: false, p_pass: 1, p_goal: 1, threshold: 15, goal: 15 }), "Chance to pass 100 %");
  assert.equal(oddsSentence({ ...view, p_pass: 1e-9, p_goal: 0 }), "Chance to pass <1 %, to reach the goal 0 %");
  // no odds: nothing to say here (the error region says why, once)
  assert.equal(oddsSentence({ ok: false, message: "bad" }), "");
  assert.equal(oddsSentence(undefined), "");
});

/** A clock the test moves by hand. */
function fakeTimers() {
  let now = 0;
  let next = 1;
  const due = new Map();
  return {
    setTimeout(fn, ms) { const id = next++; due.set(id, [now + ms, fn]); return id; },
    clearTimeout(id) { due.delete(id); },
    advance(ms) {
      now += ms;
      for (const [id, [at, fn]] of [...due].sort((a, b) => a[1][0] - b[1][0])) {
        if (at <= now) { due.delete(id); fn(); }
      }
    },
    get pending() { return due.size; },
  };
}

test("the announcer says a change once, after the last of a burst", () => {
  const clock = fakeTimers();
  const said = [];
  const a = makeAnnouncer((t) => said.push(t), 400, clock);
  a.prime("Chance to pass 50 %");
  // a slider dragged over three stops within the delay: only the last is heard
  a.push("Chance to pass 40 %");
  clock.advance(150);
  a.push("Chance to pass 30 %");
  clock.advance(150);
  a.push("Chance to pass 20 %");
  clock.advance(399);
  assert.deepEqual(said, []);
  clock.advance(1);
  assert.deepEqual(said, ["Chance to pass 20 %"]);
  // redraws with the same figures are not heard again
  a.push("Chance to pass 20 %");
  clock.advance(1000);
  assert.deepEqual(said, ["Chance to pass 20 %"]);
  assert.equal(clock.pending, 0);
});

test("the announcer: a change undone before the delay is not heard, nor is the first figure", () => {
  const clock = fakeTimers();
  const said = [];
  const a = makeAnnouncer((t) => said.push(t), 400, clock);
  a.prime("Chance to pass 50 %");
  a.push("Chance to pass 50 %");
  clock.advance(1000);
  assert.deepEqual(said, []);
  a.push("Chance to pass 60 %");
  clock.advance(200);
  a.push("Chance to pass 50 %");  // back where it was: nothing to say
  clock.advance(1000);
  assert.deepEqual(said, []);
  a.push("Chance to pass 70 %");
  a.cancel();  // the view went away
  clock.advance(1000);
  assert.deepEqual(said, []);
  // odds gone (an error) and back to the same figures: heard, the region said nothing between
  a.push("");
  clock.advance(500);
  assert.deepEqual(said, [""]);
  a.push("Chance to pass 50 %");
  clock.advance(500);
  assert.deepEqual(said, ["", "Chance to pass 50 %"]);
});

const die = (index, selectable) => ({ index, selectable });

test("focus after a step of the table: the next step's first control", () => {
  assert.deepEqual(stepFocusKeys(undefined), []);
  assert.deepEqual(stepFocusKeys({ phase: "idle" }, "roll"), []);
  // after Roll: the first die that may be KISSed, else the commit button
  const kiss = { phase: "kiss", dice: [die(0, false), die(1, true), die(2, true)] };
  assert.deepEqual(stepFocusKeys(kiss, "roll"), ["die-1", "die-2", "commit"]);
  assert.deepEqual(stepFocusKeys({ phase: "kiss", dice: [die(0, false)] }, "roll"), ["commit"]);
  // after choosing one of the advice's options: commit it
  assert.deepEqual(stepFocusKeys(kiss, "choose"), ["commit"]);
  // after the dice stand: Ego to spend, then the consequences that can change, then Roll again
  const spend = {
    phase: "spend", ego_after: { available: true },
    spend: { items: [{ id: "primary", affordable: true }, { id: "s1", affordable: false }, { id: "s2", affordable: true }] },
  };
  assert.deepEqual(stepFocusKeys(spend, "commit"), ["spend-ego", "spend-primary", "spend-s2", "roll-again"]);
  assert.deepEqual(stepFocusKeys({ ...spend, ego_after: { available: false } }, "ego"), ["spend-primary", "spend-s2", "roll-again"]);
  assert.deepEqual(stepFocusKeys({ phase: "spend", ego_after: { available: false }, spend: { kind: null } }, "commit"), ["roll-again"]);
  // a roll with no steps (a check): Roll again
  assert.deepEqual(stepFocusKeys({ phase: "done" }, "roll"), ["roll-again"]);
});

test("by hand: focus goes to the faces box", () => {
  assert.deepEqual(stepFocusKeys({ phase: "enter" }, "roll"), ["faces-input"]);
  assert.deepEqual(stepFocusKeys({ phase: "enter_kiss" }, "commit"), ["faces-input"]);
});

test("focus waits for the table that answers the step, whatever order the answers arrive in", () => {
  const w = makeStepWait("v");
  // a die clicked, then "KISS": the die's answer (still at the KISS step) arrives after both clicks
  w.other();
  const commit = w.sent("commit");
  assert.equal(w.answered({ phase: "kiss", selected: [2] }), "");
  assert.equal(w.answered({ phase: "enter_kiss", answers: commit }), "commit");
  assert.equal(w.answered({ phase: "enter_kiss", answers: commit }), "");  // once
  // "Choose", then "KISS": the choice's answer does not take the KISS's step
  const choose = w.sent("choose");
  const kiss = w.sent("commit");
  assert.equal(w.answered({ phase: "kiss", answers: choose }), "");
  assert.equal(w.answered({ phase: "spend", answers: kiss }), "commit");
  // a click after the step: the user moved on, so its answer moves nothing
  const roll = w.sent("roll");
  w.other();
  assert.equal(w.answered({ phase: "kiss", answers: roll }), "");
  // a refused step is answered by no table; the next step is waited for as any other
  w.sent("ego");
  assert.equal(w.answered({ phase: "spend" }), "");
  assert.equal(w.answered({ phase: "spend", answers: w.sent("roll") }), "roll");
  // another view of the same roller names its steps apart
  const other = makeStepWait();
  const mine = makeStepWait();
  assert.equal(mine.answered({ answers: other.sent("roll") }), "");
  assert.notEqual(other.sent("roll"), mine.sent("roll"));
});
