/**
 * Layout by Graphviz's `dot`, compiled to WebAssembly (@hpcc-js/wasm-graphviz:
 * Graphviz 16 in one self-contained ES module of about 2 MB with the wasm
 * inlined, nothing downloaded at run time). The engine is loaded once per
 * process, on first use (about 0.1 s).
 */
import { Graphviz } from "@hpcc-js/wasm-graphviz";
import { HloError } from "@minixla/hlo";

/** A DOT text that Graphviz refused, or a layout that failed. */
export class VizError extends HloError {}

let engine: Promise<Graphviz> | undefined;
const graphviz = (): Promise<Graphviz> => (engine ??= Graphviz.load());

function refused(what: string, e: unknown): VizError {
  return new VizError(`Graphviz ${what}: ${e instanceof Error ? e.message : String(e)}`);
}

/** Lays the graph out with Graphviz's dot and returns the `<svg>` element's text (no XML prolog), ready to inline in HTML. */
export async function renderSvg(dot: string): Promise<string> {
  const g = await graphviz();
  let svg: string;
  try {
    svg = g.layout(dot, "svg", "dot");
  } catch (e) {
    throw refused("could not lay out the graph", e);
  }
  const start = svg.indexOf("<svg");
  if (start < 0) throw new VizError("Graphviz returned no <svg> element");
  return svg.slice(start);
}

/** Lays the graph out with Graphviz's dot and returns Graphviz's JSON of it (every node's, edge's and cluster's position). */
export async function layoutJson(dot: string): Promise<string> {
  const g = await graphviz();
  try {
    return g.layout(dot, "json", "dot");
  } catch (e) {
    throw refused("could not lay out the graph", e);
  }
}

/**
 * Draws a graph whose nodes, edges and clusters carry their positions
 * (`pos`, `bb`, `lp`) as SVG, placing nothing anew: Graphviz's neato with
 * -n2, which keeps the given positions and routes only the edges that have none.
 */
export async function renderPinnedSvg(dot: string): Promise<string> {
  const g = await graphviz();
  let svg: string;
  try {
    svg = g.layout(dot, "svg", "neato", { nop: 2 });
  } catch (e) {
    throw refused("could not draw the pinned graph", e);
  }
  const start = svg.indexOf("<svg");
  if (start < 0) throw new VizError("Graphviz returned no <svg> element");
  return svg.slice(start);
}

/** Parses the DOT text with Graphviz itself (no layout); throws VizError with Graphviz's message when it is not valid DOT. */
export async function validateDot(dot: string): Promise<void> {
  const g = await graphviz();
  try {
    g.layout(dot, "canon", "dot");
  } catch (e) {
    throw refused("rejected the DOT text", e);
  }
}

/** The Graphviz version doing the layout (e.g. "16.1.0"). */
export async function graphvizVersion(): Promise<string> {
  return (await graphviz()).version();
}
