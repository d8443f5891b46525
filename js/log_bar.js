// The roll log's controls under a roller: export and import.
import { h, send, uid } from "./dom.js";

export function logControls(model) {
  const fileId = uid("import");
  const file = h("input", {
    type: "file", id: fileId, accept: ".json,.csv,application/json,text/csv", "data-testid": "import-file", "data-key": "import-file",
    onchange: async (e) => {
      const f = e.target.files && e.target.files[0];
      if (!f) return;
      const text = await f.text();
      send(model, { do: "import", name: f.name, text });
      e.target.value = "";
    },
  });
  return h("div", { class: "vw-row", role: "group", "aria-label": "Roll log" },
    h("button", { type: "button", "data-testid": "export-json", "data-key": "export-json", onclick: () => send(model, { do: "export", format: "json" }) }, "Export JSON"),
    h("button", { type: "button", "data-testid": "export-csv", "data-key": "export-csv", onclick: () => send(model, { do: "export", format: "csv" }) }, "Export CSV"),
    h("label", { for: fileId }, "Import log"), file);
}
