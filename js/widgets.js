// The one front end: every widget's view in one module, bundled into
// venus_widgets/static/widgets.js (make js). Each widget loads this module
// with VIEW naming its view: Python's _assets.esm(view) writes the name in
// place of the placeholder below, so the bundle is committed once.
import { mountRoller } from "./roller.js";
import task from "./task.js";
import log from "./log.js";
import fcscreen from "./fcscreen.js";
import rulelab from "./rulelab.js";

/** The view of each widget: the rollers (a check and a pool are the shared roller as it is), the log, the FC's screen, the rule lab. */
const VIEWS = {
  check: ({ model, el }) => mountRoller(model, el, "check", {}),
  task: task.render,
  pool: ({ model, el }) => mountRoller(model, el, "pool", {}),
  log: log.render,
  fcscreen: fcscreen.render,
  rulelab: rulelab.render,
};

/** The view this copy of the module draws (written in by Python; the placeholder is replaced exactly once). */
const VIEW = "@venus-widgets-view@";

export function render({ model, el }) {
  return VIEWS[VIEW]({ model, el });
}

export default { render };
