// PoolRoller view: the Heresy Engine and VERS, for comparison.
import { mountRoller } from "./common.js";

/** VERS competence target: 10 + ranks. */
export function versTarget(ranks) {
  return 10 + Number(ranks || 0);
}

export function render({ model, el }) {
  return mountRoller(model, el, "pool", {});
}

export default { render };
