// CheckRoller view: a d20 check (playtest, playsheet) or an agora check.
import { mountRoller } from "./common.js";

/** Playtest target number: absolute difficulty + factors (for the summary). */
export const DIFFICULTY_TARGET = { routine: 5, simple: 10, tough: 15, challenging: 20, absurd: 25 };
export function playtestTarget(difficulty, factors) {
  return (DIFFICULTY_TARGET[difficulty] ?? 15) + Number(factors || 0);
}

export function render({ model, el }) {
  return mountRoller(model, el, "check", {});
}

export default { render };
