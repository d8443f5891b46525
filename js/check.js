// CheckRoller view: a check of any edition (its target and words come from Python).
import { mountRoller } from "./roller.js";

export function render({ model, el }) {
  return mountRoller(model, el, "check", {});
}

export default { render };
