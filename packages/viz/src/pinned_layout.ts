/**
 * Positions read from a Graphviz layout (its JSON output), to draw other
 * graphs with the same nodes in the same places: the before and after graphs
 * of a pass step are both drawn at the positions of one layout of their union,
 * so an instruction that a pass left alone sits at the same spot in both.
 */
import { VizError } from "./render.ts";

/** One edge's route and label position, in points. */
export interface PinnedEdge {
  readonly pos: string;
  readonly lp?: string;
}

/** Where a layout put everything, in Graphviz's points (y up), keyed as moduleGraph names them. */
export interface PinnedLayout {
  /** The whole drawing's bounding box: "llx,lly,urx,ury". */
  readonly bb: string;
  /** Node centres ("x,y") by instruction key ("computation/name"). */
  readonly nodes: ReadonlyMap<string, string>;
  /** Cluster boxes and label positions by computation name. */
  readonly clusters: ReadonlyMap<string, { readonly bb: string; readonly lp?: string }>;
  /** Edge routes by `edgeKey(tail, head)`, in the order the layout's DOT listed them (parallel edges in operand order). */
  readonly edges: ReadonlyMap<string, readonly PinnedEdge[]>;
}

/** The key of the edges from `tail` to `head` in {@link PinnedLayout.edges}. */
export const edgeKey = (tail: string, head: string): string => `${tail}\u0000${head}`;

interface JsonObject {
  readonly name?: unknown;
  readonly pos?: unknown;
  readonly bb?: unknown;
  readonly lp?: unknown;
  readonly id?: unknown;
  readonly nodes?: unknown;
}
interface JsonEdge {
  readonly tail?: unknown;
  readonly head?: unknown;
  readonly pos?: unknown;
  readonly lp?: unknown;
}

const text = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/**
 * Reads Graphviz's JSON (`layoutJson`) of a graph drawn by moduleGraph with
 * `idPrefix`: clusters are found by their id (`idPrefix` + "c:" + computation).
 */
export function readPinnedLayout(json: string, idPrefix: string): PinnedLayout {
  const g = JSON.parse(json) as { bb?: unknown; objects?: readonly JsonObject[]; edges?: readonly JsonEdge[] };
  const bb = text(g.bb);
  if (bb === undefined) throw new VizError("Graphviz's JSON has no bounding box");
  const objects = g.objects ?? [];
  const nodes = new Map<string, string>();
  const clusters = new Map<string, { bb: string; lp?: string }>();
  const clusterId = `${idPrefix}c:`;
  for (const o of objects) {
    const name = text(o.name);
    const box = text(o.bb);
    const id = text(o.id);
    if (box !== undefined && id?.startsWith(clusterId)) {
      const lp = text(o.lp);
      clusters.set(id.slice(clusterId.length), lp === undefined ? { bb: box } : { bb: box, lp });
    } else if (o.nodes === undefined && name !== undefined) {
      const pos = text(o.pos);
      if (pos !== undefined) nodes.set(name, pos);
    }
  }
  const edges = new Map<string, PinnedEdge[]>();
  for (const e of g.edges ?? []) {
    // An edge names its ends by their index in `objects` (Graphviz's _gvid).
    const tail = typeof e.tail === "number" ? text(objects[e.tail]?.name) : undefined;
    const head = typeof e.head === "number" ? text(objects[e.head]?.name) : undefined;
    const pos = text(e.pos);
    if (tail === undefined || head === undefined || pos === undefined) continue;
    const lp = text(e.lp);
    const key = edgeKey(tail, head);
    const list = edges.get(key) ?? [];
    list.push(lp === undefined ? { pos } : { pos, lp });
    edges.set(key, list);
  }
  return { bb, nodes, clusters, edges };
}
