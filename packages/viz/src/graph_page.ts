/**
 * `minixla graph --format html`: a module's page, one collapsible section per
 * computation (the entry first; a node that calls a computation links to its
 * section), or a single section for an `around` view. Each section's graph is
 * laid out on its own, which keeps large modules quick and readable.
 */
import type { HloModule } from "@minixla/hlo";
import { type DotOptions, type GraphNode, moduleGraph } from "./graphviz.ts";
import { esc, page, section } from "./html_shell.ts";
import { renderSvg } from "./render.ts";

/** An SVG graph ready for a page, and its nodes' data. */
export interface DrawnGraph {
  /** `<div class="graph"><svg>...</svg></div>`. */
  readonly html: string;
  readonly nodes: readonly GraphNode[];
}

/** Draws a module (as `options` select) into a block of a page. */
export async function drawGraph(m: HloModule, options: DotOptions): Promise<DrawnGraph> {
  const g = moduleGraph(m, options);
  const svg = await renderSvg(g.dot);
  return { html: `<div class="graph">${svg}</div>`, nodes: g.nodes };
}

/** Options of {@link graphHtml}. */
export interface GraphPageOptions {
  /** Draw only the instructions at most `depth` edges from `name`. */
  readonly around?: { readonly name: string; readonly depth: number };
  /** The page's title (default: the module's name). */
  readonly title?: string;
  /** Sections with more instructions than this start collapsed (default 400). */
  readonly collapseAbove?: number;
}

/** A self-contained HTML page of a module's graph: one collapsible section per computation, details on hover and click. */
export async function graphHtml(m: HloModule, options: GraphPageOptions = {}): Promise<string> {
  const title = options.title ?? `HloModule ${m.name}`;
  const count = m.computations.reduce((n, c) => n + c.instructions.length, 0);
  const subtitle = `${m.computations.length} computation${m.computations.length === 1 ? "" : "s"}, ${count} instructions`;
  if (options.around !== undefined) {
    const g = await drawGraph(m, { around: options.around, idPrefix: "g0:" });
    const body = section("around", `${g.nodes.length} instructions within ${options.around.depth} of ${esc(options.around.name)}`, g.html);
    return page(title, `${subtitle}; around ${esc(options.around.name)}`, body, g.nodes, false);
  }
  const callers = new Map<string, string[]>();
  for (const c of m.computations) for (const inst of c.instructions) for (const callee of inst.called) callers.set(callee, [...(callers.get(callee) ?? []), inst.name]);
  const ordered = [...m.computations.filter((c) => c.name === m.entry), ...m.computations.filter((c) => c.name !== m.entry).reverse()];
  const parts: string[] = [];
  const nodes: GraphNode[] = [];
  const collapseAbove = options.collapseAbove ?? 400;
  for (const [i, c] of ordered.entries()) {
    const g = await drawGraph(m, { computations: [c.name], idPrefix: `g${i}:` });
    nodes.push(...g.nodes);
    const by = callers.get(c.name);
    const summary = `${c.name === m.entry ? "ENTRY " : ""}${esc(c.name)} <span class="muted">${c.instructions.length} instructions${by === undefined ? "" : `; called by ${esc(by.slice(0, 5).join(", "))}${by.length > 5 ? ", ..." : ""}`}</span>`;
    parts.push(section(`comp-${c.name}`, summary, g.html, c.instructions.length <= collapseAbove));
  }
  return page(title, subtitle, parts.join("\n"), nodes, false);
}
