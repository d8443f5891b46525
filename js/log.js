// RollLog view: the rolls as a table, export (JSON, CSV) and import.
import { h, rootElement, rerender, logControls, download, send, setText } from "./common.js";

/** The faces of a roll as text: "5 3→6 1" (a KISSed die shows before→after);
 * with the marks Python derived for the entry (what each die contributed, as
 * the roller showed them): "5 ✓, 3→6 ✓✓, 1 ✗". */
export function facesText(roll, marks = []) {
  const faces = roll.dice.map((d) => (d.kissed ? `${d.before}→${d.after}` : String(d.after)));
  if (!marks || marks.length !== faces.length) return faces.join(" ");
  return faces.map((f, i) => `${f} ${marks[i]}`).join(", ");
}

export function render({ model, el }) {
  const root = rootElement(el, "log");
  const bar = h("div", { style: "flex:1 1 100%" });
  const error = h("div", { class: "vw-error", role: "alert", "data-testid": "error" });
  const status = h("div", { class: "vw-status", role: "status", "aria-live": "polite", "data-testid": "status" });
  const body = h("div", { style: "flex:1 1 100%" });
  root.append(bar, error, status, body);
  bar.append(logControls(model));
  const draw = () => rerender(body, () => {
    const entries = model.get("entries") || [];
    if (!entries.length) return h("p", { class: "vw-sub" }, "No rolls yet.");
    return h("table", { "data-testid": "log-table" },
      h("caption", {}, `${entries.length} roll${entries.length === 1 ? "" : "s"}`),
      h("thead", {}, h("tr", {}, ["#", "edition", "roll", "seed", "dice", "result", ""].map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, entries.map((e, i) => h("tr", {},
        h("th", { scope: "row" }, String(i + 1)), h("td", {}, e.roll.spec.edition), h("td", {}, e.roll.spec.roll),
        h("td", {}, String(e.roll.seed)), h("td", {}, facesText(e.roll, e.marks)), h("td", { style: "text-align:left" }, e.result),
        h("td", {}, h("button", { type: "button", "aria-label": `Replay roll ${i + 1}`, onclick: () => send(model, { do: "replay", index: i }) }, "Replay"))))));
  });
  draw();
  const drawError = () => { setText(error, model.get("error") || ""); };
  const drawStatus = () => { setText(status, model.get("status") || ""); };
  drawError(); drawStatus();
  const onMsg = (msg) => { if (msg && msg.download) download(msg.download.name, msg.download.mime, msg.download.text); };
  model.on("change:entries", draw);
  model.on("change:error", drawError);
  model.on("change:status", drawStatus);
  model.on("msg:custom", onMsg);
  return () => {
    model.off("change:entries", draw); model.off("change:error", drawError);
    model.off("change:status", drawStatus); model.off("msg:custom", onMsg);
  };
}

export default { render };
