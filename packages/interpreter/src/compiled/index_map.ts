/**
 * Affine access maps: how a fused loop's iteration index i (a point of the
 * loop's iteration space) reaches an element of one node inside the fused
 * computation. Every data-movement op the compiler fuses moves such a map
 * from a node to its operand without leaving affine arithmetic:
 * - broadcast keeps the rows of the dimensions the operand has (the others
 *   are the broadcast's stride 0);
 * - transpose permutes the rows; slice scales and shifts them; reverse
 *   mirrors them;
 * - reshape regroups them: a node dimension that splits one operand dimension
 *   stays affine (k = Σ j_e·suffix product); where a reshape merges operand
 *   dimensions the index would need div/mod, so the map falls back to the
 *   operand's row-major linear offset, which every element-wise op and every
 *   array read (parameter, constant) can still use.
 * At an array read the map collapses to base + Σ_d stride_d·i_d, the one
 * form the loop code generator (loop_codegen.ts) sees.
 */
import { stridesOf } from "@minixla/hlo";

/** Node index j_e = offset[e] + Σ_d coef[e][d]·i_d, per dimension e of the node. */
export interface IndexMap {
  readonly kind: "index";
  readonly offset: readonly number[];
  readonly coef: readonly (readonly number[])[];
}

/** The node's row-major linear offset = offset + Σ_d coef[d]·i_d (after a reshape that merged dimensions). */
export interface LinearMap {
  readonly kind: "linear";
  readonly offset: number;
  readonly coef: readonly number[];
}

export type AccessMap = IndexMap | LinearMap;

/** An affine function of the iteration index: base + Σ_d strides[d]·i_d. */
export interface Affine {
  readonly base: number;
  readonly strides: readonly number[];
}

/** The identity over an iteration space of `rank` dimensions (j_e = i_e). */
export function identityMap(rank: number): IndexMap {
  const coef = Array.from({ length: rank }, (_, e) => Array.from({ length: rank }, (_, d) => (d === e ? 1 : 0)));
  return { kind: "index", offset: new Array<number>(rank).fill(0), coef };
}

/** The map of a rank-0 node (a scalar read by every iteration). */
export function scalarMap(): IndexMap {
  return { kind: "index", offset: [], coef: [] };
}

/** A key equal for equal maps, so a node reached twice through one map is generated once. */
export function mapKey(m: AccessMap): string {
  return m.kind === "index" ? `i${m.offset.join(",")}|${m.coef.map((r) => r.join(",")).join(";")}` : `l${m.offset}|${m.coef.join(",")}`;
}

/** The map as an index map over a node of the given dimensions, when it can be one (a linear map over rank <= 1). */
export function asIndexMap(m: AccessMap, dims: readonly number[]): IndexMap | undefined {
  if (m.kind === "index") return m;
  if (dims.length === 0) return scalarMap();
  if (dims.length === 1) return { kind: "index", offset: [m.offset], coef: [m.coef] };
  return undefined;
}

/** The node's row-major linear offset as an affine function of the iteration index. */
export function linearOffset(m: AccessMap, dims: readonly number[], iterationRank: number): Affine {
  if (m.kind === "linear") return { base: m.offset, strides: m.coef };
  const strides = stridesOf(dims);
  let base = 0;
  const out = new Array<number>(iterationRank).fill(0);
  m.coef.forEach((row, e) => {
    base += strides[e] * m.offset[e];
    row.forEach((c, d) => {
      out[d] += strides[e] * c;
    });
  });
  return { base, strides: out };
}

/** Row e of the map as an affine function (the index along one dimension: what iota reads). */
export function rowOf(m: IndexMap, e: number): Affine {
  return { base: m.offset[e], strides: m.coef[e] };
}

/** broadcast: operand dimension k is result dimension dimensions[k]. */
export function throughBroadcast(m: IndexMap, dimensions: readonly number[]): IndexMap {
  return { kind: "index", offset: dimensions.map((d) => m.offset[d]), coef: dimensions.map((d) => m.coef[d]) };
}

/** transpose: result dimension e is operand dimension permutation[e]. */
export function throughTranspose(m: IndexMap, permutation: readonly number[]): IndexMap {
  const offset = new Array<number>(permutation.length);
  const coef = new Array<readonly number[]>(permutation.length);
  permutation.forEach((k, e) => {
    offset[k] = m.offset[e];
    coef[k] = m.coef[e];
  });
  return { kind: "index", offset, coef };
}

/** slice: operand index = start + step·result index. */
export function throughSlice(m: IndexMap, starts: readonly number[], steps: readonly number[]): IndexMap {
  return {
    kind: "index",
    offset: m.offset.map((o, e) => starts[e] + steps[e] * o),
    coef: m.coef.map((row, e) => row.map((c) => steps[e] * c)),
  };
}

/** reverse: operand index = size - 1 - result index along the reversed dimensions. */
export function throughReverse(m: IndexMap, dims: readonly number[], reversed: readonly number[]): IndexMap {
  return {
    kind: "index",
    offset: m.offset.map((o, e) => (reversed.includes(e) ? dims[e] - 1 - o : o)),
    coef: m.coef.map((row, e) => (reversed.includes(e) ? row.map((c) => -c) : row)),
  };
}

/**
 * reshape from operand dimensions `from` to result dimensions `to` (row-major
 * relabelling). Size-1 dimensions carry index 0 and are dropped; the rest
 * pair up in groups of equal element count. A group with one operand
 * dimension is affine in the result's rows; any group that merges operand
 * dimensions turns the whole map linear (the linear offset is the same on
 * both sides of a row-major reshape).
 */
export function throughReshape(m: AccessMap, to: readonly number[], from: readonly number[], iterationRank: number): AccessMap {
  const linear = (): LinearMap => {
    const { base, strides } = linearOffset(m, to, iterationRank);
    return { kind: "linear", offset: base, coef: strides };
  };
  if (m.kind === "linear") return asIndexMap(m, from) ?? m;
  const zero = new Array<number>(iterationRank).fill(0);
  const offset = new Array<number>(from.length).fill(0);
  const coef: (readonly number[])[] = from.map(() => zero);
  const toDims = to.map((_, e) => e).filter((e) => to[e] !== 1);
  const fromDims = from.map((_, k) => k).filter((k) => from[k] !== 1);
  if (to.includes(0) || from.includes(0)) return linear(); // no element is ever read
  let a = 0;
  let b = 0;
  while (a < toDims.length && b < fromDims.length) {
    // One group: advance on the side with the smaller product until they match.
    const groupTo = [toDims[a++]];
    const groupFrom = [fromDims[b++]];
    let pt = to[groupTo[0]];
    let pf = from[groupFrom[0]];
    while (pt !== pf) {
      if (pt < pf) {
        const e = toDims[a++];
        if (e === undefined) return linear();
        groupTo.push(e);
        pt *= to[e];
      } else {
        const k = fromDims[b++];
        if (k === undefined) return linear();
        groupFrom.push(k);
        pf *= from[k];
      }
    }
    if (groupFrom.length > 1) return linear();
    const k = groupFrom[0];
    let o = 0;
    const row = new Array<number>(iterationRank).fill(0);
    let scale = 1;
    for (let g = groupTo.length - 1; g >= 0; g--) {
      const e = groupTo[g];
      o += scale * m.offset[e];
      m.coef[e].forEach((c, d) => {
        row[d] += scale * c;
      });
      scale *= to[e];
    }
    offset[k] = o;
    coef[k] = row;
  }
  if (a !== toDims.length || b !== fromDims.length) return linear();
  return { kind: "index", offset, coef };
}
