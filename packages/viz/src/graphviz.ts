/**
 * A module as a Graphviz DOT graph, in the manner of XLA's hlo_graph_dumper:
 * one node per instruction (name, opcode, shape and the attributes that
 * matter), coloured by op family (op_style.ts); edges from operand to user,
 * numbered where operand order matters (a non-commutative op of two or more
 * operands); implicit broadcasts drawn as a double border and a dashed orange
 * edge from the broadcast operand. Called computations (reducers, while
 * bodies, branches, fusions) are clusters, with a dashed edge from the
 * callee's root to the caller labelled with its role. A pass report's
 * highlights (added, removed, changed) are a thick coloured border and an
 * SVG class. The layout is Graphviz's, done by render.ts.
 */
import { type HloComputation, type HloInstruction, type HloModule, OPCODES, hasTrait, instructionMap, shapeToString } from "@minixla/hlo";
import { attributeEntries, constantValueText, instructionLine, truncated } from "./instruction_text.ts";
import { type ChangeKind, instructionKey } from "./module_diff.ts";
import { neighbourhood } from "./neighbourhood.ts";
import { type PinnedLayout, edgeKey } from "./pinned_layout.ts";
import { type ColourGroup, GROUP_STYLES, colourGroup, implicitBroadcastOperands, isImplicitBroadcast } from "./op_style.ts";

/** What to draw and how. */
export interface DotOptions {
  /** The computations to draw (default: all of them); ignored with `around`. */
  readonly computations?: readonly string[];
  /** Draw only the instructions at most `depth` edges from the one named `name` (and what they call). */
  readonly around?: { readonly name: string; readonly depth: number };
  /** Highlights by instruction key ("computation/name"), e.g. from `changeMap(diffModules(a, b), "after")`. */
  readonly changes?: ReadonlyMap<string, ChangeKind>;
  /** Prefix of the SVG element ids, so several graphs can share one page (default ""). */
  readonly idPrefix?: string;
  /** A title drawn above the graph (default: none). */
  readonly title?: string;
  /**
   * Positions from another layout (e.g. of the union of a step's before and
   * after): every node, edge and cluster found there is placed there, for
   * `renderPinnedSvg`, which draws without laying out anew.
   */
  readonly pinned?: PinnedLayout;
}

/** One drawn instruction, as the HTML page's details panel shows it. */
export interface GraphNode {
  /** "computation/name": the DOT node name and the diff's key. */
  readonly key: string;
  /** The SVG element id of the node's group (`idPrefix` + "n:" + key). */
  readonly id: string;
  readonly computation: string;
  readonly name: string;
  readonly opcode: string;
  readonly shape: string;
  /** The instruction as one line of text (instruction_text.ts). */
  readonly line: string;
  readonly group: ColourGroup;
  readonly change?: ChangeKind;
  readonly implicitBroadcast: boolean;
  readonly isRoot: boolean;
  /** The computations it calls. */
  readonly called: readonly string[];
  /** Operands and users not drawn (an `around` view's border), 0 otherwise. */
  readonly hiddenOperands: number;
  readonly hiddenUsers: number;
}

/** A module's DOT text with what it draws. */
export interface ModuleGraph {
  readonly dot: string;
  /** One per drawn instruction, in module order. */
  readonly nodes: readonly GraphNode[];
  /** The drawn computations; the first is drawn at the top level, the others as clusters. */
  readonly computations: readonly string[];
}

/** Border colours of the highlights. */
export const CHANGE_COLOURS: { readonly [K in ChangeKind]: string } = { added: "#1a9641", removed: "#d7191c", changed: "#f28e00" };
const BROADCAST_COLOUR = "#e66101";
/**
 * Above this many nodes, Graphviz is told to spend less on crossing
 * minimisation and network simplex, and to draw straight edges: measured on
 * the 802- and 460-instruction computations of a Llama 405B module, the
 * defaults take over 100 s and over 60 s, these settings 6 s and 1.2 s (each
 * change alone is not enough); a 184-node one takes 1.1 s with the defaults.
 */
const LARGE_GRAPH = 250;
const LARGE_GRAPH_ATTRIBUTES = "mclimit=0.1, nslimit=1, nslimit1=1, splines=line";
/** Points added around a pinned layout's box (three rows of a label, a third of its widest). */
const PINNED_MARGIN = 36;
/** Largest called computation drawn in full beside an `around` view. */
const MAX_CALLEE_IN_VIEW = 200;

/** A DOT quoted string. */
const q = (s: string): string => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;
/** Text inside a DOT HTML-like label. */
const h = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The role of an instruction's k-th called computation, as its opcode's CallsKind reads `called`. */
function callRole(inst: HloInstruction, k: number): string {
  const kind = OPCODES[inst.opcode].calls;
  switch (kind) {
    case "to_apply": return "to_apply";
    case "while": return k === 0 ? "condition" : "body";
    case "branches": return `branch ${k}`;
    case "select_scatter": return k === 0 ? "select" : "scatter";
    case "fused": return "fused";
    case "async": return "async";
    case "none": return "calls";
  }
  return kind satisfies never;
}

function nodeLabel(inst: HloInstruction, isRoot: boolean, implicit: boolean, hidden: { operands: number; users: number }): string {
  const rows: string[] = [`<b>${h(truncated(`${isRoot ? "ROOT " : ""}${inst.name}`, 44))}</b>`];
  const value = constantValueText(inst);
  const opText = inst.opcode === "parameter" ? `parameter(${inst.attributes.parameterNumber})` : value === undefined ? inst.opcode : `${inst.opcode} ${value}`;
  rows.push(h(truncated(opText, 44)));
  rows.push(`<font point-size="9">${h(truncated(shapeToString(inst.shape), 48))}</font>`);
  const attributes = attributeEntries(inst);
  for (const a of attributes.slice(0, 4)) rows.push(`<font point-size="9">${h(truncated(a, 52))}</font>`);
  if (attributes.length > 4) rows.push(`<font point-size="9">+${attributes.length - 4} more attributes</font>`);
  if (inst.called.length > 0) rows.push(`<font point-size="9">calls ${h(truncated(inst.called.join(", "), 44))}</font>`);
  if (implicit) rows.push(`<font point-size="9" color="${BROADCAST_COLOUR}"><i>implicit broadcast</i></font>`);
  if (hidden.operands + hidden.users > 0) {
    const parts = [hidden.operands > 0 ? `${hidden.operands} operand${hidden.operands === 1 ? "" : "s"}` : "", hidden.users > 0 ? `${hidden.users} user${hidden.users === 1 ? "" : "s"}` : ""];
    rows.push(`<font point-size="9"><i>+${parts.filter((p) => p !== "").join(", ")} not shown</i></font>`);
  }
  return `<${rows.join("<br/>")}>`;
}

interface Plan {
  readonly computations: readonly HloComputation[];
  /** Per computation, the instruction names drawn (all when absent). */
  readonly only: ReadonlyMap<string, ReadonlySet<string>>;
  readonly hidden: ReadonlyMap<string, { readonly operands: number; readonly users: number }>;
}

/** Which computations and instructions to draw. */
function plan(m: HloModule, options: DotOptions): Plan {
  const byName = new Map(m.computations.map((c) => [c.name, c]));
  if (options.around !== undefined) {
    const view = neighbourhood(m, options.around.name, options.around.depth);
    const callees = new Set<string>();
    for (const inst of view.computation.instructions) if (view.names.has(inst.name)) for (const c of inst.called) callees.add(c);
    const extra = [...callees].map((c) => byName.get(c)).filter((c): c is HloComputation => c !== undefined && c !== view.computation && c.instructions.length <= MAX_CALLEE_IN_VIEW);
    const hidden = new Map([...view.hidden].map(([n, v]) => [instructionKey(view.computation.name, n), v]));
    return { computations: [view.computation, ...extra], only: new Map([[view.computation.name, view.names]]), hidden };
  }
  const wanted = options.computations;
  const chosen = wanted === undefined ? m.computations : m.computations.filter((c) => wanted.includes(c.name));
  // The entry first (at the top level), then the callees, callers before callees as in a reading order.
  const entry = chosen.filter((c) => c.name === m.entry);
  const rest = chosen.filter((c) => c.name !== m.entry).reverse();
  return { computations: [...entry, ...rest], only: new Map(), hidden: new Map() };
}

/** The DOT text of a module and the instructions it draws. */
export function moduleGraph(m: HloModule, options: DotOptions = {}): ModuleGraph {
  const prefix = options.idPrefix ?? "";
  const { computations, only, hidden } = plan(m, options);
  const drawn = new Set(computations.map((c) => c.name));
  const clusterOf = new Map(computations.map((c, i) => [c.name, i === 0 ? undefined : `cluster_${i}`]));
  const nodes: GraphNode[] = [];
  const lines: string[] = [
    `digraph ${q(m.name)} {`,
    `  graph [id=${q(`${prefix}graph`)}, rankdir=TB, compound=true, newrank=true, fontname="Helvetica", fontsize=12, nodesep=0.25, ranksep=0.35, bgcolor="white"${options.title === undefined ? "" : `, label=${q(options.title)}, labelloc=t`}];`,
    '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=10, margin="0.08,0.04", penwidth=1];',
    '  edge [fontname="Helvetica", fontsize=9, color="#555555", arrowsize=0.6];',
  ];
  const edges: string[] = [];
  let edgeCount = 0;
  const edgeId = (): string => q(`${prefix}e:${edgeCount++}`);
  // Pinned edges are taken in order, per (tail, head): parallel edges come in operand order in both graphs.
  const edgeSeen = new Map<string, number>();
  const edgePlace = (tail: string, head: string): string[] => {
    const k = edgeKey(tail, head);
    const n = edgeSeen.get(k) ?? 0;
    edgeSeen.set(k, n + 1);
    const e = options.pinned?.edges.get(k)?.[n];
    return e === undefined ? [] : [`pos=${q(e.pos)}`, ...(e.lp === undefined ? [] : [`lp=${q(e.lp)}`])];
  };
  computations.forEach((comp) => {
    const cluster = clusterOf.get(comp.name);
    const indent = cluster === undefined ? "  " : "    ";
    if (cluster !== undefined) {
      lines.push(`  subgraph ${cluster} {`);
      const box = options.pinned?.clusters.get(comp.name);
      const placed = box === undefined ? "" : `, bb=${q(box.bb)}${box.lp === undefined ? "" : `, lp=${q(box.lp)}`}`;
      lines.push(`    graph [id=${q(`${prefix}c:${comp.name}`)}, class="hlo-computation", label=${q(comp.name)}, style="rounded,dashed", color="#888888", fontsize=11${placed}];`);
    }
    const map = instructionMap(comp);
    const keep = only.get(comp.name);
    const shapeOf = (name: string) => map.get(name)?.shape;
    for (const inst of comp.instructions) {
      if (keep !== undefined && !keep.has(inst.name)) continue;
      const key = instructionKey(comp.name, inst.name);
      const id = `${prefix}n:${key}`;
      const change = options.changes?.get(key);
      const implicit = isImplicitBroadcast(inst, shapeOf);
      const isRoot = comp.root === inst.name;
      const group = colourGroup(inst);
      const style = GROUP_STYLES[group];
      const hiddenHere = hidden.get(key) ?? { operands: 0, users: 0 };
      const classes = ["hlo-node", `hlo-${group}`, ...(change === undefined ? [] : [`hlo-${change}`]), ...(implicit ? ["hlo-implicit-broadcast"] : [])];
      const attrs = [
        `id=${q(id)}`,
        `class=${q(classes.join(" "))}`,
        `label=${nodeLabel(inst, isRoot, implicit, hiddenHere)}`,
        `fillcolor=${q(style.fill)}`,
        `color=${q(change === undefined ? style.border : CHANGE_COLOURS[change])}`,
        ...(change === undefined ? [] : ["penwidth=3.5"]),
        ...(implicit ? ["peripheries=2"] : []),
        ...(hiddenHere.operands + hiddenHere.users > 0 ? ['style="rounded,filled,dashed"'] : []),
        ...(isRoot && change === undefined ? ["penwidth=2"] : []),
        ...(options.pinned?.nodes.has(key) === true ? [`pos=${q(options.pinned.nodes.get(key) ?? "")}`] : []),
      ];
      lines.push(`${indent}${q(key)} [${attrs.join(", ")}];`);
      nodes.push({
        key, id, computation: comp.name, name: inst.name, opcode: inst.opcode, shape: shapeToString(inst.shape), line: instructionLine(inst), group,
        ...(change === undefined ? {} : { change }), implicitBroadcast: implicit, isRoot, called: inst.called,
        hiddenOperands: hiddenHere.operands, hiddenUsers: hiddenHere.users,
      });
      // Operand edges: numbered where order matters; a broadcast operand's edge is dashed orange.
      const numbered = inst.operands.length > 1 && !hasTrait(inst.opcode, "commutative");
      const broadcast = new Set(implicitBroadcastOperands(inst, shapeOf));
      inst.operands.forEach((o, k) => {
        if (keep !== undefined && !keep.has(o)) return;
        const ea = [`id=${edgeId()}`, ...edgePlace(instructionKey(comp.name, o), key)];
        if (numbered || broadcast.has(k)) ea.push(`label=${q(broadcast.has(k) ? `${numbered ? `${k} ` : ""}broadcast` : String(k))}`);
        if (broadcast.has(k)) ea.push(`color=${q(BROADCAST_COLOUR)}`, `fontcolor=${q(BROADCAST_COLOUR)}`, 'style="dashed"', "penwidth=1.6");
        edges.push(`  ${q(instructionKey(comp.name, o))} -> ${q(key)} [${ea.join(", ")}];`);
      });
      // Called computations: from the callee's root, out of its cluster, to the caller.
      inst.called.forEach((c, k) => {
        const calleeCluster = clusterOf.get(c);
        const callee = computations.find((x) => x.name === c);
        if (!drawn.has(c) || callee === undefined || calleeCluster === undefined) return;
        edges.push(
          `  ${q(instructionKey(c, callee.root))} -> ${q(key)} [id=${edgeId()}, ${[...edgePlace(instructionKey(c, callee.root), key), ""].join(", ")}ltail=${calleeCluster}, style="dashed", color="#7a6bb5", fontcolor="#5b4a9b", label=${q(callRole(inst, k))}];`,
        );
      });
    }
    if (cluster !== undefined) lines.push("  }");
  });
  if (nodes.length > LARGE_GRAPH) lines.push(`  graph [${LARGE_GRAPH_ATTRIBUTES}];`);
  if (options.pinned !== undefined) {
    // Two invisible corners of the pinned layout's box, with a margin (a changed node's label may be wider or
    // taller than the one laid out): every graph drawn from it spans the same box, so they line up.
    const [llx, lly, urx, ury] = options.pinned.bb.split(",").map(Number);
    lines.push(`  "pinned corner ll" [pos=${q(`${llx - PINNED_MARGIN},${lly - PINNED_MARGIN}`)}, style=invis, shape=point, width=0.01, height=0.01, label=""];`);
    lines.push(`  "pinned corner ur" [pos=${q(`${urx + PINNED_MARGIN},${ury + PINNED_MARGIN}`)}, style=invis, shape=point, width=0.01, height=0.01, label=""];`);
  }
  lines.push(...edges, "}");
  return { dot: `${lines.join("\n")}\n`, nodes, computations: computations.map((c) => c.name) };
}

/** A module as Graphviz DOT text (see {@link moduleGraph} for what it draws alongside). */
export function moduleToDot(m: HloModule, options: DotOptions = {}): string {
  return moduleGraph(m, options).dot;
}
