/**
 * A cache-blocked transpose (any permutation, any rank) of one-float64-per-
 * element data: a bit-for-bit copy, result dimension i being operand
 * dimension permutation[i] as in XLA's transpose.
 *
 * The permutation is first simplified: size-1 dimensions are dropped and
 * result dimensions that stay adjacent in the operand are merged, so a
 * transpose of [1000,1000] by {1,0} is one 2-D plane and a permutation that
 * keeps the operand's minor dimension minor is a sequence of contiguous row
 * copies. Otherwise two dimensions matter: the result's minor one (written
 * contiguously) and the operand's minor one (read contiguously); the copy
 * walks the other dimensions with counters and moves each plane over those
 * two in tiles, eight result-contiguous elements at a time, so that both the
 * reads and the writes stay within a few cache lines per tile.
 */
import { EvalError } from "@minixla/hlo";

/**
 * Tile edge of a large plane, in elements: an 8-row strip of a tile writes to
 * at most 512 result lines, revisited by the next strip while still cached.
 * Best of 32/64/128/512 on 2000x2000 and 3000x3000 f64 (at 3000x3000 512 took
 * 0.75 of the time of 64-element tiles).
 */
export const TILE = 512;

/**
 * Tile edge of a plane of at most SMALL_PLANE elements: 64x64 tiles (32 KiB
 * of reads and of writes, within L1 and L2 while a tile is copied) took 0.70
 * of 512-element tiles' time at 1000x1000 and 0.74 at 1500x1500 f64 into a
 * result whose pages were already touched; from 2000x2000 on the larger
 * tiles win again.
 */
export const SMALL_TILE = 64;
export const SMALL_PLANE = 3 << 20;

/** The tile edge for a plane of nR x nC elements (the whole plane's, so every range of a split tiles alike). */
export function tileFor(nR: number, nC: number): number {
  return nR * nC <= SMALL_PLANE ? SMALL_TILE : TILE;
}

export interface Simplified {
  /** Result dimensions after dropping size-1 ones and merging adjacent runs. */
  readonly dims: number[];
  /** Operand stride of each simplified result dimension. */
  readonly srcStrides: number[];
}

/** Row-major strides of dims. */
function rowMajorStrides(dims: readonly number[]): number[] {
  const s = new Array<number>(dims.length);
  let acc = 1;
  for (let d = dims.length - 1; d >= 0; d--) {
    s[d] = acc;
    acc *= dims[d];
  }
  return s;
}

/** The transpose as result dimensions with operand strides, size-1 dimensions dropped and adjacent runs merged. */
export function simplify(dims: readonly number[], permutation: readonly number[]): Simplified {
  const strides = rowMajorStrides(dims);
  const out: number[] = [];
  const src: number[] = [];
  for (const d of permutation) {
    if (dims[d] === 1) continue;
    const last = out.length - 1;
    // Result dims i, i+1 merge when operand dim i+1's run continues operand dim i's.
    if (last >= 0 && src[last] === strides[d] * dims[d]) {
      out[last] *= dims[d];
      src[last] = strides[d];
    } else {
      out.push(dims[d]);
      src.push(strides[d]);
    }
  }
  return { dims: out, srcStrides: src };
}

/** The permutation's checks, as EvalError naming the shapes. */
function checkPermutation(srcLength: number, dims: readonly number[], permutation: readonly number[], out: Float64Array | undefined): number {
  let n = 1;
  for (const d of dims) n *= d;
  const sorted = [...permutation].sort((x, y) => x - y);
  if (permutation.length !== dims.length || sorted.some((d, i) => d !== i)) throw new EvalError(`transpose: {${permutation.join(",")}} is not a permutation of the ${dims.length} dimensions of [${dims.join(",")}]`);
  if (srcLength !== n) throw new EvalError(`transpose: operand [${dims.join(",")}] needs ${n} elements, got ${srcLength}`);
  if (out !== undefined && out.length !== n) throw new EvalError(`transpose: result buffer holds ${out.length} elements, [${dims.join(",")}] needs ${n}`);
  return n;
}

/**
 * One plane: out[o0 + c*oC + r] = src[s0 + r*sR + c] for r < nR, c < nC
 * (r runs along the result's minor dimension, c along the operand's).
 */
function copyPlane(src: Float64Array, s0: number, sR: number, out: Float64Array, o0: number, oC: number, nR: number, nC: number, tile: number): void {
  for (let r0 = 0; r0 < nR; r0 += tile) {
    const r1 = Math.min(r0 + tile, nR);
    const r8 = r0 + ((r1 - r0) & ~7);
    for (let c0 = 0; c0 < nC; c0 += tile) {
      const c1 = Math.min(c0 + tile, nC);
      let r = r0;
      // Eight operand rows at a time: each visit to a result line writes a whole 64-byte cache line
      // (1.2-1.4x faster than four rows at 1000x1000, 200x5000 and 3000x3000).
      for (; r < r8; r += 8) {
        const a = s0 + r * sR;
        for (let j = c0, o = o0 + c0 * oC + r; j < c1; j++, o += oC) {
          const k = a + j;
          out[o] = src[k];
          out[o + 1] = src[k + sR];
          out[o + 2] = src[k + 2 * sR];
          out[o + 3] = src[k + 3 * sR];
          out[o + 4] = src[k + 4 * sR];
          out[o + 5] = src[k + 5 * sR];
          out[o + 6] = src[k + 6 * sR];
          out[o + 7] = src[k + 7 * sR];
        }
      }
      for (; r < r1; r++) {
        const a = s0 + r * sR;
        for (let j = c0, o = o0 + c0 * oC + r; j < c1; j++, o += oC) out[o] = src[a + j];
      }
    }
  }
}

/**
 * The transpose of `src` (row-major, dimensions `dims`) by `permutation`:
 * result dimension i is operand dimension permutation[i]. Writes every
 * element of `out` when given (it must not be `src`), else of a new array.
 */
export function transposeInto(src: Float64Array, dims: readonly number[], permutation: readonly number[], out?: Float64Array): Float64Array {
  const n = checkPermutation(src.length, dims, permutation, out);
  const dst = out ?? new Float64Array(n);
  if (dst === src && n > 1) throw new EvalError("transpose: the result buffer must not be the operand");
  if (n === 0) return dst;
  const { dims: od, srcStrides: ss } = simplify(dims, permutation);
  const rank = od.length;
  if (rank <= 1) {
    // Merged into one run: the permutation moves nothing.
    dst.set(src);
    return dst;
  }
  const outStrides = rowMajorStrides(od);
  const minor = rank - 1;
  const rowCopy = ss[minor] === 1;
  // Operand's minor dimension, as a result dimension (a plane's c).
  const q = rowCopy ? minor : ss.indexOf(1);
  // The dimensions walked by the counters: all but the minor one (and q).
  const outer: number[] = [];
  for (let d = 0; d < minor; d++) if (d !== q) outer.push(d);
  const count = new Array<number>(outer.length).fill(0);
  const tile = tileFor(od[minor], od[q]);
  let s = 0;
  let o = 0;
  for (;;) {
    if (rowCopy) {
      const len = od[minor];
      for (let j = 0; j < len; j++) dst[o + j] = src[s + j];
    } else {
      copyPlane(src, s, ss[minor], dst, o, outStrides[q], od[minor], od[q], tile);
    }
    // Odometer over the outer dimensions, last fastest.
    let t = outer.length - 1;
    for (; t >= 0; t--) {
      const d = outer[t];
      count[t]++;
      s += ss[d];
      o += outStrides[d];
      if (count[t] < od[d]) break;
      s -= ss[d] * od[d];
      o -= outStrides[d] * od[d];
      count[t] = 0;
    }
    if (t < 0) return dst;
  }
}
