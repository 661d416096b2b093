/**
 * The frame every minixla page shares: one self-contained HTML file (inline
 * CSS, SVG and script; a Content-Security-Policy that allows no network
 * request), a legend of the colours, a details panel that shows the
 * instruction under the mouse (a click pins it), and buttons that collapse or
 * expand every section. The nodes' data travel as JSON keyed by SVG element id.
 */
import { CHANGE_COLOURS, type GraphNode } from "./graphviz.ts";
import { GROUP_STYLES, type ColourGroup } from "./op_style.ts";

/** Text escaped for HTML content and attribute values. */
export const esc = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** JSON that can sit inside a <script> element (no `</script>`, no `<!--`). */
const scriptJson = (v: unknown): string => JSON.stringify(v).replace(/</g, "\\u003c");

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.4 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;color:#222;background:#fafafa}
header{padding:12px 20px;background:#fff;border-bottom:1px solid #ddd}
header h1{margin:0 0 6px;font-size:20px}
.legend{display:flex;flex-wrap:wrap;gap:6px 14px;font-size:12px;align-items:center}
.swatch{display:inline-block;width:14px;height:14px;border:1.5px solid;border-radius:3px;vertical-align:-2px;margin-right:4px}
.layout{display:flex;align-items:flex-start}
main{flex:1;min-width:0;padding:12px 20px}
aside#details{position:sticky;top:0;width:340px;max-height:100vh;overflow:auto;padding:12px 16px;background:#fff;border-left:1px solid #ddd;font-size:13px}
aside#details pre{white-space:pre-wrap;word-break:break-all;background:#f4f4f4;padding:6px;border-radius:4px;font-size:12px}
aside#details dt{font-weight:600;float:left;width:92px}
aside#details dd{margin:0 0 2px 96px}
details.section{background:#fff;border:1px solid #ddd;border-radius:6px;margin:0 0 14px}
details.section>summary{cursor:pointer;padding:8px 12px;font-weight:600}
.section-body{padding:0 12px 12px}
.graph{overflow:auto;max-height:85vh;border:1px solid #eee;border-radius:4px;background:#fff}
.graph svg{display:block;max-width:100%;height:auto}
.pair{display:flex;gap:12px;flex-wrap:wrap}
.pair>div{flex:1;min-width:280px}
.pair h3,.section-body h3{font-size:13px;margin:8px 0 4px;color:#444}
g.hlo-node{cursor:pointer}
g.hlo-selected>path,g.hlo-selected>polygon{stroke:#000;stroke-width:4}
pre.diff{font:12px/1.35 ui-monospace,Menlo,Consolas,monospace;background:#f7f7f7;padding:8px;overflow:auto;max-height:60vh;border-radius:4px}
pre.diff .add{background:#e3f6e3;color:#14532d}
pre.diff .del{background:#fbe4e4;color:#7f1d1d}
pre.diff .hunk{color:#6b21a8}
table.steps{border-collapse:collapse;background:#fff;margin:0 0 14px}
table.steps td,table.steps th{border:1px solid #ddd;padding:3px 8px;text-align:left;font-size:13px}
table.steps tr.unchanged{color:#888}
table.values{border-collapse:collapse;margin:2px 0 8px;font:12px ui-monospace,Menlo,Consolas,monospace}
table.values td{border:1px solid #ccc;padding:2px 6px;text-align:right;background:#fff}
.badge{display:inline-block;padding:0 6px;border-radius:8px;color:#fff;font-size:12px}
.badge.added{background:${CHANGE_COLOURS.added}}.badge.removed{background:${CHANGE_COLOURS.removed}}.badge.changed{background:${CHANGE_COLOURS.changed}}
.muted{color:#777}
button{font:inherit;font-size:12px;margin-right:6px}
`;

/** Shows a node's data in the panel: on hover, or pinned by a click (a second click, or Escape, unpins). */
const SCRIPT = `
(function () {
  var data = JSON.parse(document.getElementById("hlo-data").textContent);
  var panel = document.getElementById("details");
  var pinned = null;
  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; }); }
  function row(k, v) { return "<dt>" + esc(k) + "</dt><dd>" + v + "</dd>"; }
  function show(id) {
    var n = data[id];
    if (!n) return;
    var calls = n.called.map(function (c) {
      return document.getElementById("comp-" + c) ? '<a href="#comp-' + esc(c) + '" data-open="comp-' + esc(c) + '">' + esc(c) + "</a>" : esc(c);
    }).join(", ");
    var html = "<h2 class='node-name'>" + esc(n.name) + "</h2><dl>" +
      row("opcode", esc(n.opcode)) + row("shape", esc(n.shape)) + row("computation", esc(n.computation)) +
      (n.isRoot ? row("root", "yes") : "") +
      (n.change ? row("this pass", "<span class='badge " + n.change + "'>" + n.change + "</span>") : "") +
      (n.implicitBroadcast ? row("broadcast", "implicit (lowered by lower-broadcasts)") : "") +
      (n.called.length ? row("calls", calls) : "") +
      (n.hiddenOperands + n.hiddenUsers > 0 ? row("not shown", n.hiddenOperands + " operands, " + n.hiddenUsers + " users") : "") +
      "</dl><pre class='node-line'>" + esc(n.line) + "</pre>";
    panel.innerHTML = html;
    panel.setAttribute("data-node", id);
  }
  function unpin() {
    if (pinned) { var g = document.getElementById(pinned); if (g) g.classList.remove("hlo-selected"); }
    pinned = null;
  }
  Array.prototype.forEach.call(document.querySelectorAll("g.node"), function (g) {
    if (!data[g.id]) return;
    g.addEventListener("mouseenter", function () { if (pinned === null) show(g.id); });
    g.addEventListener("click", function (ev) {
      ev.stopPropagation();
      var same = pinned === g.id;
      unpin();
      if (same) return;
      pinned = g.id;
      g.classList.add("hlo-selected");
      show(g.id);
    });
  });
  document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") unpin(); });
  panel.addEventListener("click", function (ev) {
    var target = ev.target;
    if (target && target.getAttribute && target.getAttribute("data-open")) {
      var d = document.getElementById(target.getAttribute("data-open"));
      if (d) d.open = true;
    }
  });
  function setAll(open) { Array.prototype.forEach.call(document.querySelectorAll("details.section"), function (d) { d.open = open; }); }
  var expand = document.getElementById("expand-all"), collapse = document.getElementById("collapse-all");
  if (expand) expand.addEventListener("click", function () { setAll(true); });
  if (collapse) collapse.addEventListener("click", function () { setAll(false); });
})();
`;

function legend(withChanges: boolean): string {
  const groups = (Object.keys(GROUP_STYLES) as ColourGroup[]).map((g) => {
    const s = GROUP_STYLES[g];
    return `<span><span class="swatch" style="background:${s.fill};border-color:${s.border}"></span>${esc(s.legend)}</span>`;
  });
  const changes = withChanges
    ? (["added", "removed", "changed"] as const).map((k) => `<span><span class="swatch" style="background:#fff;border:3px solid ${CHANGE_COLOURS[k]}"></span>${k}</span>`)
    : [];
  const broadcast = '<span><span class="swatch" style="background:#fff;border:3px double #555"></span>double border: implicit broadcast</span>';
  return `<div class="legend">${[...groups, broadcast, ...changes].join("")}</div>`;
}

/** A whole page: title, legend, the sections' HTML, the details panel, and the nodes' data for it. */
export function page(title: string, subtitle: string, body: string, nodes: readonly GraphNode[], withChanges: boolean): string {
  const data: Record<string, GraphNode> = {};
  for (const n of nodes) data[n.id] = n;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${esc(title)}</title>
<style>${CSS}</style>
</head>
<body>
<header><h1>${esc(title)}</h1><div class="muted">${subtitle}</div>${legend(withChanges)}
<div style="margin-top:6px"><button id="expand-all" type="button">expand all</button><button id="collapse-all" type="button">collapse all</button><span class="muted">hover a node for its details; click to pin them</span></div></header>
<div class="layout">
<main>
${body}
</main>
<aside id="details"><p class="muted">Hover or click a node to see its instruction.</p></aside>
</div>
<script type="application/json" id="hlo-data">${scriptJson(data)}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/** A collapsible section (open unless `open` is false). */
export function section(id: string, summary: string, body: string, open = true): string {
  return `<details class="section" id="${esc(id)}"${open ? " open" : ""}><summary>${summary}</summary><div class="section-body">\n${body}\n</div></details>`;
}
