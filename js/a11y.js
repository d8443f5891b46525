// What a screen reader hears and where focus goes (pure).
import { formatPercent } from "./format.js";

/** The one sentence the odds live region says: "Chance to pass 64 %, to
 *  reach the goal 31 %" (the goal only when it is not the threshold; the
 *  same figures as the panel, by formatPercent). "" when there are no odds:
 *  the error region says why, once. */
export function oddsSentence(view) {
  if (!view || !view.ok) return "";
  let s = `Chance to pass ${formatPercent(view.p_pass)}`;
  if (view.numeric && view.goal !== view.threshold) s += `, to reach the goal ${formatPercent(view.p_goal)}`;
  return s;
}

/** A debounced announcer: ``push(text)`` (the figures now shown) writes
 *  ``text`` with ``write`` ``delay`` ms after the last push, and only when it
 *  differs from what was last written, so dragging a slider is heard once,
 *  at its last stop, and a redraw with the same figures is not heard at all.
 *  ``prime(text)`` records what is shown at first without saying it.
 *  ``timers`` lets tests drive the clock. */
export function makeAnnouncer(write, delay = 400, timers = globalThis) {
  let said = null;
  let pending = null;
  let timer = null;
  const fire = () => {
    timer = null;
    if (pending !== said) { said = pending; write(pending); }
  };
  return {
    push(text) {
      pending = text;
      if (timer !== null) timers.clearTimeout(timer);
      timer = pending === said ? null : timers.setTimeout(fire, delay);
    },
    prime(text) { said = text; pending = text; },
    cancel() { if (timer !== null) timers.clearTimeout(timer); timer = null; },
  };
}

/** Where focus goes when the roll at the table reaches a step (``t`` is
 *  the table view from Python, ``action`` what the user just did): data-keys
 *  in order of preference; the view takes the first that is present and
 *  enabled. The KISS step: the first die that may be KISSed, else the commit
 *  button (after a "Choose", the commit button); after the dice stand: Ego to
 *  spend, else the first consequence that may be bought or unbought, else
 *  "Roll again". */
export function stepFocusKeys(t, action = "") {
  if (!t || !t.phase || t.phase === "idle") return [];
  if (t.phase === "enter" || t.phase === "enter_kiss") return ["faces-input"];
  if (t.phase === "kiss") {
    if (action === "choose") return ["commit"];
    return [...(t.dice || []).filter((d) => d.selectable).map((d) => `die-${d.index}`), "commit"];
  }
  const keys = [];
  if (t.ego_after && t.ego_after.available) keys.push("spend-ego");
  if (t.spend && t.spend.items) keys.push(...t.spend.items.filter((c) => c.affordable).map((c) => `spend-${c.id}`));
  keys.push("roll-again");
  return keys;
}

/** The step of the roll a view waits to see answered before focus moves
 *  for it (Roll, Choose, KISS or keep, Spend Ego, Play these faces: a button
 *  with data-step). ``sent(step)`` starts a step and returns the id its
 *  message carries (``step_id``); ``other()`` is any other click (the user
 *  moved on: nothing is waited for); ``answered(t)`` is the step that
 *  Python's table ``t`` answers (``t.answers`` is its id), once, else "".
 *  A table that answers an earlier message (a die clicked just before the
 *  step, its answer late on a slow kernel) leaves the step waiting, so
 *  focus goes where the step's own table says, whatever order the answers
 *  arrive in. ``tag`` tells this view's ids from another view's. */
export function makeStepWait(tag = Math.random().toString(36).slice(2, 10)) {
  let sent = 0;
  let waiting = null;
  return {
    sent(step) { sent += 1; waiting = { step, id: `${tag}-${sent}` }; return waiting.id; },
    other() { waiting = null; },
    answered(t) {
      if (!waiting || !t || t.answers !== waiting.id) return "";
      const { step } = waiting;
      waiting = null;
      return step;
    },
  };
}
