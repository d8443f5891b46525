// A die in words and shapes: its accessible name, the legend, its face (pure). Whose die it is,
// its shape and its grade are the edition's words, sent by Python with each die.
/** The accessible name of a die button: numbered from 1 as in the view,
 *  whose die it is in the edition's words (``owner_words``, from Python);
 *  what the die contributed comes from Python (``die.contribution``, the
 *  words of the mark shown on it), so the view and the label agree;
 *  ``step``: the name of the table's re-roll step (a draft's "Push"). */
export function dieLabel(die, step = "KISS") {
  const parts = [`Die ${die.index + 1}`, die.owner_words || String(die.owner)];
  if (die.grade_label) parts.push(die.grade_label);
  if (die.grade !== 1) parts.push(`shows ${die.after}`);
  if (die.exploded_from !== null && die.exploded_from !== undefined) parts.push(`added because die ${die.exploded_from + 1} exploded`);
  if (die.kissed) parts.push(step === "KISS" ? `KISSed (was ${die.before})` : `re-rolled by ${step} (was ${die.before})`);
  if (die.contribution) parts.push(die.contribution);
  if (die.selected) parts.push(`selected to ${step === "KISS" ? step : step.toLowerCase()}`);
  return parts.join(", ");
}

/** The legend under the dice: the shapes of the owners present and the
 *  marks shown (``legend`` from Python), nothing a roll does not have. */
/** The pattern of each grade's top edge (its colour differs too), in words. */
const GRADE_EDGES = ["solid", "dashed", "double", "dotted"];

export function legendText(dice, legend) {
  const byShape = new Map();
  for (const d of dice || []) {
    const shape = d.shape || "square";
    const word = d.group || d.owner_words || String(d.owner);
    if (!byShape.has(shape)) byShape.set(shape, []);
    if (!byShape.get(shape).includes(word)) byShape.get(shape).push(word);
  }
  const shapes = [...byShape].map(([shape, words]) => `${SHAPE_WORDS[shape] || shape} = ${words.join(" or ")}`);
  const marks = (legend || []).map((m) => `${m.mark} = ${m.meaning}`);
  const grades = new Map();
  for (const d of dice || []) if (Number.isInteger(d.grade_level) && d.grade_label) grades.set(Math.min(3, d.grade_level), d.grade_label);
  const edges = [...grades].sort((a, b) => a[0] - b[0]).map(([level, label]) => `${GRADE_EDGES[level]} = ${label}`);
  return [shapes.length > 1 ? `Shapes: ${shapes.join(", ")}.` : "", edges.length > 1 ? `Top edge: ${edges.join(", ")}.` : "",
    marks.length ? `Marks: ${marks.join("; ")}.` : ""].filter(Boolean).join(" ");
}

const SHAPE_WORDS = { square: "square", circle: "circle", diamond: "double border", "square-dark": "dark square" };

/** Pip centres of a d6 face on a 3 x 3 grid (0, 1, 2 per axis); [] for other faces. */
export function pips(face) {
  const P = { 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]],
    5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]] };
  return P[face] || [];
}

/** A seed as shown beside the dice: short (the log and the title keep it whole). */
export function shortSeed(seed) {
  const s = String(seed ?? "");
  return s.length > 8 ? `${s.slice(0, 6)}…` : s;
}
