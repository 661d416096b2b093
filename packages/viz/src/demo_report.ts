/**
 * The demo page (`minixla run --report demo.html`): for each built-in example,
 * its inputs, the recorded graph (binary ops that broadcast implicitly, with
 * broadcast_dimensions), the lowered graph (explicit reshape + broadcast,
 * highlighted as what lowering added and changed), and the result, with the
 * arrays as small tables. The caller evaluates; this page only shows.
 */
import type { ArrayLiteral, HloModule } from "@minixla/hlo";
import type { GraphNode } from "./graphviz.ts";
import { drawGraph } from "./graph_page.ts";
import { esc, page, section } from "./html_shell.ts";
import { literalTable } from "./literal_table.ts";
import { changeMap, diffModules } from "./module_diff.ts";

/** One example of the demo: what was recorded, what lowering made of it, and the numbers. */
export interface DemoExample {
  readonly title: string;
  /** The module as the builder recorded it (implicit broadcasts allowed). */
  readonly recorded: HloModule;
  /** The module after lowerBroadcasts. */
  readonly lowered: HloModule;
  readonly inputs: readonly { readonly name: string; readonly value: ArrayLiteral }[];
  readonly result: ArrayLiteral;
}

/** A self-contained HTML page of the demo's examples: graphs before and after lowering, inputs and results as tables. */
export async function demoReportHtml(examples: readonly DemoExample[], title = "minixla: XLA's broadcasting, recorded and lowered"): Promise<string> {
  const parts: string[] = [];
  const nodes: GraphNode[] = [];
  for (const [k, e] of examples.entries()) {
    const d = diffModules(e.recorded, e.lowered);
    const recorded = await drawGraph(e.recorded, { changes: changeMap(d, "before"), idPrefix: `d${k}r:` });
    const lowered = await drawGraph(e.lowered, { changes: changeMap(d, "after"), idPrefix: `d${k}l:` });
    nodes.push(...recorded.nodes, ...lowered.nodes);
    const inputs = e.inputs.map((i) => literalTable(i.name, i.value)).join("");
    const body =
      `<div class="pair"><div class="inputs"><h3>inputs</h3>${inputs}</div><div class="result"><h3>result</h3>${literalTable("out0", e.result)}</div></div>` +
      `<div class="pair"><div class="before"><h3>recorded HLO</h3>${recorded.html}</div><div class="after"><h3>lowered HLO</h3>${lowered.html}</div></div>`;
    parts.push(section(`example-${k + 1}`, `${k + 1}. ${esc(e.title)}`, body));
  }
  const subtitle = `${examples.length} examples; each binary op was recorded with XLA's implicit broadcasting, then lowered to explicit reshape + broadcast (highlighted)`;
  return page(title, subtitle, parts.join("\n"), nodes, true);
}
