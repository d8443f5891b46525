// PoolRoller view: the comparison systems (their target and words come from Python).
import { mountRoller } from "./roller.js";

export function render({ model, el }) {
  return mountRoller(model, el, "pool", {});
}

export default { render };
