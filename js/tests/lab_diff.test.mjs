import { test } from "node:test";
import assert from "node:assert/strict";
import { shortPoints, valueWords, drawnVariants, diffLayout, tickLines, textWidth, zeroAndScale } from "../lab_diff.js";

test("the zero line and the scale leave room for every number, as Python's zero_and_scale", () => {
  const [zero, scale] = zeroAndScale([[0.3, 40], [-0.1, 40]], 100, 300);
  assert.equal(Math.round(zero), 172);
  assert.equal(Math.round(scale), 280);
});

test("points as the chart writes them, as Python's short_points does", () => {
  assert.equal(shortPoints(0.338), "+33.8");
  assert.equal(shortPoints(-0.0004), "−0.04");
  assert.equal(shortPoints(1e-9), "+<0.01");
  assert.equal(shortPoints(0), "±0");
});

test("a group of rows says its largest change, or no change", () => {
  assert.equal(valueWords({ group: "up to", d: { B: 0.012 } }, "B"), "up to +1.2");
  assert.equal(valueWords({ group: "no change", d: { B: 0 } }, "B"), "no change");
  assert.equal(valueWords({ group: "", d: { B: 0 } }, "B"), "±0");
});

test("a variant with the base's rules draws no bars", () => {
  const rows = [{ d: { A: 0, B: 0.3 } }, { d: { A: 0, B: -0.1 } }];
  assert.deepEqual(drawnVariants(rows), ["B"]);
});

test("a chart tick breaks at spaces into short lines", () => {
  assert.deepEqual(tickLines("success with a bane"), ["success", "with a", "bane"]);
  assert.deepEqual(tickLines("≥12"), ["≥12"]);
});

// fifteen rows of the heresy push at 400 px and 240 px: one row under another, every bar and its number inside
const ROWS = [["pass", 0.338], ["foul failure", -0.106], ["failure", -0.129], ["partial success", -0.103],
  ["success", 0.146], ["good success", 0.18], ["impressive", 0.012], ["virtuoso, awe-inspiring", 0.0001],
  ["≥−2 to ≥−1", 0.027], ["≥0", 0.106], ["≥1", 0.234], ["≥3", 0.192], ["≥4", 0.088], ["≥5", 0.034], ["≥6 to ≥33", 0.012]]
  .map(([tick, d], i) => ({ tick, d: { A: i % 2 ? d / 2 : 0, B: d }, group: tick.includes(" to ") ? "up to" : "" }));

for (const width of [240, 400, 530]) {
  test(`the layout at ${width} px: rows one under another, bars and numbers inside the picture`, () => {
    const lay = diffLayout(ROWS, ["A", "B"], width);
    assert.equal(lay.rows.length, 15);
    let bottom = 0;
    for (const [i, row] of lay.rows.entries()) {
      assert.ok(row.y >= bottom, `row ${i} starts inside the one above`);
      bottom = row.y + row.h;
      assert.ok(row.lines.length * (lay.size + 3) <= row.h, `row ${i}'s label fits its row`);
      for (const b of row.bars) {
        assert.ok(b.y >= row.y && b.y + b.h <= row.y + row.h, `row ${i}'s bar stays in its row`);
        assert.ok(b.x >= Math.floor(width * 0.3) && b.x + b.w <= width, `row ${i}'s bar is right of the labels, inside`);
        const end = b.anchor === "start" ? b.tx + textWidth(b.text, lay.size) : b.tx;
        const start = b.anchor === "end" ? b.tx - textWidth(b.text, lay.size) : b.tx;
        assert.ok(start >= Math.floor(width * 0.3), `row ${i}'s number stays right of the labels`);
        assert.ok(end <= width + 1, `row ${i}'s number ends inside (${end} > ${width})`);
      }
    }
    assert.ok(lay.height >= bottom);
  });
}
