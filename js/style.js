// The widgets' styles (Jupyter theme variables with fallbacks, the Okabe-Ito palette)
// and the root element that carries them.
import { h } from "./dom.js";

export const STYLE = `
.vw-root { --vw-fg: var(--jp-ui-font-color0, #1a1a1a); --vw-fg2: var(--jp-ui-font-color2, #555);
  --vw-bg: var(--jp-layout-color0, #fff); --vw-bg2: var(--jp-layout-color2, #eee);
  --vw-border: var(--jp-border-color1, #bbb); --vw-focus: var(--jp-brand-color1, #0072B2);
  --vw-pass: #0072B2; --vw-fail: #E69F00; --vw-goal: #009E73; --vw-ally: #CC79A7; --vw-warn: #D55E00;
  color: var(--vw-fg); background: var(--vw-bg); font-family: var(--jp-ui-font-family, system-ui, sans-serif);
  font-size: max(13px, var(--jp-ui-font-size1, 13px)); line-height: 1.35; display: flex; flex-wrap: wrap; gap: 8px 12px; padding: 6px; box-sizing: border-box; }
@media (prefers-color-scheme: dark) { .vw-root:not([data-jp-theme-light]) { --vw-fg: var(--jp-ui-font-color0, #eee);
  --vw-bg: var(--jp-layout-color0, #111); --vw-bg2: var(--jp-layout-color2, #333); --vw-fg2: var(--jp-ui-font-color2, #bbb); } }
.vw-root * { box-sizing: border-box; }
.vw-root p { margin: 3px 0; }
.vw-n { white-space: nowrap; }
/* a roller: headline and roll card on top; controls | steps, chart and the rest; one column when narrow */
.vw-root.vw-task, .vw-root.vw-check, .vw-root.vw-pool { display: grid; grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr); align-items: start; }
.vw-root > .vw-title, .vw-root > .vw-head, .vw-root > .vw-footer { grid-column: 1 / -1; }
.vw-root > .vw-controls { grid-column: 1; min-width: 0; }
.vw-root > .vw-side { grid-column: 2; min-width: 0; display: flex; flex-direction: column; gap: 4px; }
.vw-root.vw-one { grid-template-columns: minmax(0, 1fr); }
.vw-root.vw-one > .vw-side { display: contents; }
.vw-root.vw-one > * , .vw-root.vw-one > .vw-side > * { grid-column: 1; min-width: 0; }
.vw-root.vw-one > .vw-title { order: 0; } .vw-root.vw-one > .vw-head { order: 1; }
.vw-root.vw-one > .vw-side > .vw-steps { order: 2; } .vw-root.vw-one > .vw-side > .vw-disclose { order: 3; }
.vw-root.vw-one > .vw-side > .vw-odds { order: 3; }
.vw-root.vw-one > .vw-controls { order: 4; } .vw-root.vw-one > .vw-side > .vw-more { order: 5; }
.vw-root.vw-one > .vw-footer { order: 6; }
.vw-head { display: flex; flex-wrap: wrap; gap: 6px 18px; align-items: flex-start; min-width: 0; }
.vw-headline { flex: 0 1 12.5em; min-width: 9em; }
.vw-card { flex: 1 1 250px; min-width: 0; border-left: 3px solid var(--vw-border); padding-left: 10px; }
.vw-card .vw-options { font-size: 0.92em; gap: 2px 12px; margin-top: 2px; }
.vw-card .vw-options input[type=text] { width: 8.5em; }
.vw-opt { display: inline-flex; align-items: center; gap: 4px; white-space: nowrap; }
.vw-cardtable:empty { display: none; }
.vw-before { font-size: 1em; }
.vw-note { border-left: 4px solid var(--vw-focus); padding-left: 6px; }
.vw-note[hidden] { display: none; }
.vw-odds, .vw-steps, .vw-more { min-width: 0; }
.vw-steps:empty { display: none; }
.vw-root [hidden] { display: none !important; }
.vw-root button.vw-disclose { background: none; border: 0; padding: 2px 0; text-align: left; font-weight: 600; color: var(--vw-fg); }
.vw-disclose::before { content: "▸ "; } .vw-disclose[aria-expanded=true]::before { content: "▾ "; }
.vw-footer { min-width: 0; }
.vw-fold > summary { cursor: pointer; margin: 2px 0; }
.vw-fold[open] > summary { margin-bottom: 4px; }
.vw-root select, .vw-root input { max-width: 100%; min-width: 0; }
.vw-hints { list-style: none; padding: 0 0 0 1.2em; margin: 2px 0; }
.vw-whatif { margin: 2px 0; }
.vw-root fieldset { border: 1px solid var(--vw-border); border-radius: 4px; margin: 0 0 4px 0; padding: 0 6px 4px; min-width: 0; }
.vw-root fieldset:disabled { opacity: .6; }
.vw-root legend { font-weight: 600; padding: 0 4px; line-height: 1.2; }
.vw-controls .vw-row > select { max-width: 16em; }
.vw-row { display: flex; align-items: center; gap: 2px 6px; margin: 1px 0; flex-wrap: wrap; }
.vw-row > label:first-child { min-width: 7em; }
.vw-list .vw-row > label:first-child { min-width: 3.5em; }
.vw-text > label:first-child { min-width: 0; }
.vw-text > input[type=text] { flex: 1 1 6em; width: 0; }
.vw-row > input[type=checkbox] + label { flex: 1 1 0; min-width: 8em; }
.vw-root input[type=range] { flex: 1 1 100px; min-width: 80px; }
.vw-root button, .vw-root select, .vw-root input { font: inherit; color: var(--vw-fg); background: var(--vw-bg2);
  border: 1px solid var(--vw-border); border-radius: 3px; padding: 2px 6px; }
.vw-root button:disabled { opacity: .55; }
.vw-root button { cursor: pointer; padding: 2px 10px; border-radius: 4px; }
.vw-root button:hover:not(:disabled) { border-color: var(--vw-focus); }
.vw-root button.vw-roll { background: var(--vw-pass); color: #ffffff; border-color: var(--vw-pass); font-weight: 600; }
.vw-root button.vw-roll:hover { filter: brightness(1.1); }
.vw-root button[hidden] { display: none; }
.vw-root input[type=range], .vw-root input[type=checkbox], .vw-root input[type=radio] { accent-color: var(--vw-pass); }
.vw-root :focus-visible { outline: 3px solid var(--vw-focus); outline-offset: 2px; }
.vw-big { font-size: 2.2em; font-weight: 700; line-height: 1.1; white-space: nowrap; }
.vw-sub { color: var(--vw-fg2); }
.vw-hints li, .vw-notes li { margin: 1px 0; }
.vw-notes { margin: 2px 0; padding-left: 1.2em; }
/* the words in the text colour (vermillion text cannot reach 4.5:1 on both a light and a dark
   background); the vermillion bar and the ⚠ mark it as an error, not colour alone */
.vw-error { color: var(--vw-fg); font-weight: 600; border-left: 4px solid var(--vw-warn); padding-left: 6px; }
.vw-error:empty { display: none; }
.vw-error::before { content: "⚠ "; }
.vw-dice { display: flex; flex-wrap: wrap; gap: 9px 6px; margin: 4px 0 6px; }
.vw-die { position: relative; min-width: 2.9em; min-height: 3.2em; display: inline-flex; flex-direction: column; align-items: center;
  justify-content: center; border: 2px solid var(--vw-fg); background: var(--vw-bg); cursor: pointer; padding: 2px 3px; }
.vw-root button.vw-die { padding: 2px 4px; }
.vw-die .vw-face { font-size: 1.5em; font-weight: 700; }
.vw-die .vw-tag, .vw-die .vw-was { font-size: max(11px, .72em); line-height: 1.1; white-space: nowrap; }
.vw-die .vw-pips svg { display: block; margin: 2px auto 0; }
.vw-die .vw-pips circle { fill: currentColor; }
/* the die's grade (caliber) by colour and by pattern, its name in the label too; the colours are the
   figures' (venus_widgets/palette.py CALIBER_COLOURS) */
.vw-die.grade-0 { border-top: 4px solid #b0702a; }
.vw-die.grade-1 { border-top: 4px dashed #8c96a0; }
.vw-die.grade-2 { border-top: 5px double #d4a017; }
.vw-die.grade-3 { border-top: 4px dotted #4a7fa8; }
.vw-die.shape-circle { border-radius: 50%; border-color: var(--vw-ally); }
.vw-die.shape-diamond { border-style: double; border-width: 4px; border-radius: 0 12px 0 12px; }
.vw-die.shape-square-dark { background: var(--vw-fg); color: var(--vw-bg); }
.vw-die.success { box-shadow: inset 0 -5px 0 var(--vw-pass); }
/* selected to KISS: a dashed ring of its own and the words "to KISS", so keyboard focus (the outline,
   drawn outside the ring) never hides it */
.vw-die.selected::after { content: ""; position: absolute; inset: -6px; border: 3px dashed var(--vw-warn); border-radius: inherit; pointer-events: none; }
.vw-die:focus-visible { outline-offset: 6px; }
.vw-die .vw-pick { font-size: max(11px, .72em); font-weight: 700; }
.vw-die[aria-disabled=true] { cursor: default; }
.vw-mark { font-weight: 700; }
.vw-chart { display: block; max-width: 100%; overflow: visible; }
.vw-chart rect.pass { fill: var(--vw-pass); }
.vw-chart rect.fail { fill: var(--vw-fail); }
.vw-chart rect.goal { stroke: var(--vw-goal); stroke-width: 2; }
.vw-chart text { fill: var(--vw-fg); font-size: 11px; }
.vw-chart rect.cum { fill: var(--vw-pass); opacity: 0.6; }
.vw-root .vw-chartmodes { border: 0; padding: 0; margin: 2px 0 0; display: flex; gap: 0 0.7em; flex-wrap: wrap; }
.vw-chartmodes legend { float: left; margin-right: 0.3em; padding: 0; }
.vw-chart line.threshold { stroke: var(--vw-fg); stroke-width: 2; }
.vw-chart line.goal { stroke: var(--vw-goal); stroke-width: 2; stroke-dasharray: 4 3; }
.vw-root table { border-collapse: collapse; }
.vw-root td, .vw-root th { border: 1px solid var(--vw-border); padding: 1px 6px; text-align: right; }
/* the lab's table of the odds and differences: a column per rule set, narrow padding, so that it fits 400 px */
.vw-root table.vw-difftable td, .vw-root table.vw-difftable th { padding: 1px 3px; }
.vw-root table.vw-difftable tbody th { font-weight: normal; }
.vw-option.best { font-weight: 700; }
.vw-spend .vw-row { margin: 1px 0; align-items: flex-start; line-height: 1.25; }
.vw-spend .vw-row > input { margin-top: 2px; }
.vw-subvert > label:first-child { min-width: 0; }
.vw-subvert select { flex: 1 1 6em; width: 0; }
.vw-advice ul { margin: 2px 0; padding: 0; list-style: none; }
.vw-advice li { margin: 2px 0; }
.vw-root button.vw-small { padding: 1px 6px; }
.vw-status { font-weight: 600; }
.vw-result { margin: 3px 0; font-weight: 700; }
.vw-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (prefers-reduced-motion: no-preference) { .vw-die { transition: transform .15s ease; } .vw-die.selected { transform: translateY(-3px); }
  .vw-die.fresh { animation: vw-roll .35s ease-out; } }
@keyframes vw-roll { from { transform: rotate(-25deg) scale(.8); } to { transform: none; } }
@media (prefers-reduced-motion: reduce) { .vw-root * { transition: none !important; animation: none !important; } }
/* more contrast asked for: secondary text and borders in the text colour */
@media (prefers-contrast: more) { .vw-root { --vw-fg2: var(--vw-fg); --vw-border: var(--vw-fg); }
  .vw-root button:disabled { opacity: 1; border-style: dashed; } }
/* forced colours (Windows contrast themes): the system's colours, and what a colour meant said by a border */
@media (forced-colors: active) {
  .vw-chart rect.pass { fill: Highlight; } .vw-chart rect.fail { fill: GrayText; } .vw-chart rect.goal { stroke: CanvasText; }
  .vw-chart text { fill: CanvasText; } .vw-chart line.threshold, .vw-chart line.goal { stroke: CanvasText; }
  .vw-die.success { border-bottom-width: 6px; }
  .vw-die.selected::after { border-color: CanvasText; }
  .vw-error { border-left-color: CanvasText; }
  .vw-root button:disabled { opacity: 1; color: GrayText; border-color: GrayText; } }
/* the rulebook's figures (venus_widgets/book_figures.py): on a dark page the dark picture saved beside
   the light one (display:none until here) takes its place */
body[data-jp-theme-light="false"] img:has(+ img.only-dark) { display: none; }
body[data-jp-theme-light="false"] img.only-dark { display: inline !important; }
`;

export function rootElement(el, kind) {
  const root = h("div", { class: `vw-root vw-${kind}`, "data-testid": `vw-${kind}` });
  root.appendChild(h("style", {}, STYLE));
  el.appendChild(root);
  return root;
}
