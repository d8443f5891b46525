// CheckRoller view: a check of any edition (its target and words come from Python).
import { mountRoller } from "./common.js";

export function render({ model, el }) {
  return mountRoller(model, el, "check", {});
}

export default { render };
