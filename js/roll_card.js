// The roll at the table: the dice, the roll card and the roll's steps (KISS, spending).
import { formatPercent, stepWords } from "./format.js";
import { dieLabel, legendText, pips, shortSeed } from "./dice_words.js";
import { h, send, svg, uid } from "./dom.js";

/** The marks (from Python) of a die that counted for the roll: underlined too. */
const POSITIVE_MARKS = new Set(["✓", "✓✓", "auto", "auto ✓"]);



function faceView(die) {
  if (die.grade === 1) return h("span", { class: "vw-face" }, "✓");
  if (die.sides === 6 && pips(die.after).length) {
    return h("span", { class: "vw-face vw-pips" }, svg("svg", { viewBox: "0 0 30 30", width: 30, height: 30, "aria-hidden": "true" },
      pips(die.after).map(([x, y]) => svg("circle", { cx: 6 + 9 * x, cy: 6 + 9 * y, r: 3.2 }))));
  }
  return h("span", { class: "vw-face" }, String(die.after));
}

const LAST_ROLL = new WeakMap();

export function renderDie(model, die, phase, fresh = false, step = "KISS") {
  const shape = die.shape || "square";
  const classes = ["vw-die", `shape-${shape}`, POSITIVE_MARKS.has(die.mark) ? "success" : "", die.selected ? "selected" : "",
    fresh ? "fresh" : "", Number.isInteger(die.grade_level) ? `grade-${Math.min(3, die.grade_level)}` : ""].join(" ");
  const clickable = phase === "kiss" && die.selectable;
  const marks = `${die.mark || ""}${die.kissed ? " K" : ""}`;
  return h("button", {
    type: "button", class: classes, "data-testid": `die-${die.index}`, "data-key": `die-${die.index}`,
    "data-face": String(die.after), "data-owner": die.owner, "aria-pressed": phase === "kiss" ? String(!!die.selected) : null,
    "aria-disabled": clickable ? null : "true", "aria-label": dieLabel(die, step), title: die.why || dieLabel(die, step),
    onclick: () => { if (clickable) send(model, { do: "select", index: die.index }); },
  }, faceView(die), h("span", { class: "vw-tag" }, die.tag || String(die.owner)),
  die.grade_label ? h("span", { class: "vw-tag" }, die.grade_label) : null,
  die.selected ? h("span", { class: "vw-pick", "aria-hidden": "true" }, `to ${step === "KISS" ? step : step.toLowerCase()}`) : null,
  die.kissed && die.before !== die.after ? h("span", { class: "vw-was", "aria-hidden": "true" }, "was ", h("s", {}, String(die.before))) : null,
  h("span", { class: "vw-mark", "aria-hidden": "true" }, marks));
}

function adviceView(model, t) {
  const a = t.advice || {};
  if (!a.available) return h("p", { class: "vw-sub", "data-testid": "advice" }, a.note || "");
  const sel = a.selected;
  const items = a.options.slice(0, 8).map((o) => {
    const dice = o.kiss.length ? `${o.kiss.length > 1 ? "dice" : "die"} ${o.kiss.map((i) => i + 1).join(", ")}` : "nothing";
    const tags = [o.optimal ? "the best chance" : "", o.label === "policy" ? "the rules' way" : ""].filter(Boolean).join(", ");
    return h("li", { class: `vw-option${o.optimal ? " best" : ""}`, "data-optimal": String(!!o.optimal) },
      h("button", { type: "button", class: "vw-small", "data-key": `use-${o.kiss.join("-")}`, "data-step": "choose", "aria-label": `Choose: KISS ${dice}${o.ego ? " + Ego" : ""}`,
        onclick: () => send(model, { do: "choose", kiss: o.kiss }) }, "Choose"), " ",
      `KISS ${dice}${o.ego ? " + Ego" : ""}: pass ${formatPercent(o.p_pass)}, goal ${formatPercent(o.p_goal)}` + (tags ? ` (${tags})` : ""));
  });
  return h("div", { class: "vw-advice", "data-testid": "advice" },
    sel ? h("p", {}, "With the dice selected: pass ", h("strong", { "data-testid": "selection-p-pass", "data-p": String(sel.p_pass) }, formatPercent(sel.p_pass)),
      ", goal ", h("strong", { "data-testid": "selection-p-goal", "data-p": String(sel.p_goal) }, formatPercent(sel.p_goal))) : null,
    h("details", { open: true }, h("summary", {}, "KISS choices, best first"), h("ul", {}, items)));
}

function spendView(model, t) {
  const s = t.spend || {};
  if (!s.kind) return null;
  const rows = s.items.map((c) => {
    const id = uid(`spend-${c.id}`);
    const box = h("input", {
      type: "checkbox", id, checked: c.bought, disabled: !c.affordable, "data-key": `spend-${c.id}`, "data-testid": `spend-${c.id}`,
      onchange: () => send(model, { do: "spend", item: c.id }),
    });
    return h("div", { class: "vw-row" }, box, h("label", { for: id }, `${c.text} (${c.cost})`, c.note ? h("span", { class: "vw-sub" }, ` — ${c.note}`) : null));
  });
  const parts = [h("legend", {}, `Spend successes: ${s.cost} of ${s.available} spent, ${s.left} left`), ...rows];
  if (s.subvertible) {  // the FC may subvert one bought consequence
    const id = uid("subvert");
    const sel = h("select", { id, "data-key": "subvert", "data-testid": "subvert", onchange: (e) => send(model, { do: "subvert", item: e.target.value || null }) },
      h("option", { value: "" }, "nothing"), s.subvertible.map((x) => h("option", { value: x.id, selected: s.subverted === x.id }, x.text)));
    sel.value = s.subverted || "";
    parts.push(h("div", { class: "vw-row vw-subvert" }, h("label", { for: id }, "The FC subverts"), sel));
  }
  return h("fieldset", { class: "vw-spend", "data-testid": "spend" }, parts);
}

/** By hand: the dice to roll, a box for their faces, and the button that plays them. */
function enterView(model, t) {
  const id = uid("faces");
  const first = t.phase === "enter";
  const dice = first ? t.dice.map((d) => d.words) : t.kiss_words || [];  // Python's words for each die to roll
  const box = h("input", { id, type: "text", inputmode: "numeric", autocomplete: "off", size: 24, "data-testid": "faces-input", "data-key": "faces-input",
    placeholder: first ? "e.g. 6 4 1" : "e.g. 5", onkeydown: (e) => { if (e.key === "Enter") go(); } });
  const go = () => send(model, { do: "enter", faces: box.value });
  const out = [];
  if (!first) out.push(h("div", { class: "vw-dice", role: "group", "aria-label": "The first faces" }, t.dice.map((d) => renderDie(model, d, "done", false, stepWords(t).name))));
  out.push(h("p", { "data-testid": "enter-prompt" }, `${t.prompt}: `, h("strong", {}, dice.join(", ")), "."),
    h("div", { class: "vw-row" }, h("label", { for: id }, first ? "Faces rolled" : "New faces"), box,
      h("button", { type: "button", "data-testid": "faces-enter", "data-key": "faces-enter", "data-step": "faces", onclick: go }, "Play these faces")));
  return out;
}

/** The dice on the table, their seed (or "entered by hand") above them. */
function diceRow(model, t) {
  const rollKey = `${t.seed}|${(t.dice || []).map((d) => d.after).join(",")}`;
  const fresh = LAST_ROLL.get(model) !== rollKey;  // new faces roll in; a redraw of the same dice does not
  LAST_ROLL.set(model, rollKey);
  return [t.entered ? h("div", { class: "vw-sub", "data-testid": "table-seed" }, "Faces entered by hand")
    : h("div", { class: "vw-sub", title: `Seed ${t.seed} (the log keeps it whole)`, "data-testid": "table-seed" }, `Seed ${shortSeed(t.seed)}`),
  h("div", { class: "vw-dice", role: "group", "aria-label": t.phase === "kiss" ? `Dice: press a die to select it for ${stepWords(t).name}` : "Dice" },
    t.dice.map((d) => renderDie(model, d, t.phase, fresh, stepWords(t).name)))];
}

/** The roll card: the dice on the table, what they show and the button
 *  that takes the roll on (KISS or keep, Spend Ego, Roll again): beside
 *  the headline, so the chance, the dice and the next step are seen together. */
export function renderRollCard(model) {
  const t = model.get("table") || {};
  const words = model.get("words") || {};
  if (!t.phase || t.phase === "idle") return [];
  if (t.phase === "enter" || t.phase === "enter_kiss") return enterView(model, t);
  const out = [t.stale ? h("p", { class: "vw-note", "data-testid": "stale-note" }, t.note) : null, ...diceRow(model, t)];
  if (t.phase === "kiss") {
    const step = stepWords(t);
    out.push(h("p", { "data-testid": "kiss-budget" }, `${t.successes} ${t.successes === 1 ? step.one : step.many} showing, goal ${t.goal}. ${step.name} budget: ${t.budget_left} of ${t.budget} left.`));
    out.push(h("button", { type: "button", class: "vw-roll", "data-key": "commit", "data-testid": "kiss-commit", "data-step": "commit", onclick: () => send(model, { do: "commit" }) },
      t.selected.length || (t.ego_reroll && t.ego_reroll.on) ? `${step.verb} the selected dice` : "Keep the dice"));
    return out;
  }
  if (t.snake && t.snake.eyes) out.push(h("p", { "data-testid": "snake-eyes", class: "vw-error" }, `Snake eyes (${t.snake.ones} ones): ${t.snake.label}`));
  if (t.said && t.said !== t.result) out.push(h("p", { class: "vw-sub", "data-testid": "said" }, t.said));
  out.push(h("p", { class: "vw-result", "data-testid": "result", "data-passed": String(!!t.passed), "data-outcome": String(t.outcome) }, t.result || ""));
  const buttons = [];
  if (t.ego_after && t.ego_after.available) {
    buttons.push(h("button", { type: "button", "data-key": "spend-ego", "data-testid": "ego-spend", "data-step": "ego", onclick: () => send(model, { do: "spend_ego" }) },
      t.ego_after.text || words.ego_spend || "Spend Ego"));
  }
  buttons.push(h("button", { type: "button", class: "vw-roll", "data-key": "roll-again", "data-testid": "roll-again", "data-step": "roll",
    onclick: () => send(model, { do: "roll" }) }, "Roll again"));
  out.push(h("div", { class: "vw-row" }, buttons));
  return out;
}

/** The roll's steps after the card: what the marks mean, the KISS choices
 *  with their exact chances, and what the successes buy. */
export function renderSteps(model) {
  const t = model.get("table") || {};
  if (!t.phase || ["idle", "enter", "enter_kiss"].includes(t.phase)) return [];
  const out = [h("p", { class: "vw-sub", "data-testid": "legend" }, legendText(t.dice, t.legend))];
  if (t.phase === "kiss") {
    if (t.ego_reroll && t.ego_reroll.available) {
      const id = uid("ego-reroll");
      out.push(h("div", { class: "vw-row" }, h("input", { type: "checkbox", id, checked: t.ego_reroll.on, "data-key": "ego-reroll", "data-testid": "ego-reroll",
        onchange: (e) => send(model, { do: "ego_reroll", on: e.target.checked }) }), h("label", { for: id }, t.ego_reroll.label)));
    }
    out.push(adviceView(model, t));
  } else {
    out.push(spendView(model, t));
  }
  return out;
}
