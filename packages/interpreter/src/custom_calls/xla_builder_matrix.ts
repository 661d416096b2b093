/**
 * The `xla_builder.matrix.*`, `xla_builder.tridiagonal.*` and
 * `xla_builder.prng.*` custom-call targets: XLA builder-library functions that
 * XLA's own tests (xla/hlo/builder/tests/) call through custom calls.
 * - Einsum (lib/matrix.cc): `backend_config` holds the equation ("ij,jk->ik");
 *   labels missing from the output are summed over, a label repeated in an
 *   operand reads its diagonal, one repeated in the output writes the
 *   diagonal and zeros elsewhere (the library's iota-equality mask). Sums are
 *   taken in float64 and rounded once (XLA rounds after its reduce and dot).
 * - GetMatrixDiagonalViaGather (lib/matrix.cc): the main diagonal of the two
 *   minor dimensions, [..., m, n] -> [..., min(m, n)].
 * - TridiagonalSolver (lib/tridiagonal.cc, the Thomas algorithm): either the
 *   stacked diagonals [..., 3, M] (rows upper, main, lower) and rhs [..., M, K],
 *   solving for each column, or lower, main, upper [..., 1, M] and rhs
 *   [..., K, M], solving for each row; the result is the solution, shaped
 *   like rhs. Each step rounds into the element type, in the library's order
 *   of operations. (The four-operand expansion in XLA's own test returns the
 *   eliminated main diagonal, f32[1,3], for its declared f32[3,3] result, a
 *   bug of that version; minixla returns the solution the library documents.)
 * - ScramblePhiloxKey (lib/prng.cc): the u64 key k as the Philox counter
 *   (lo(k), 0, hi(k), 0), hashed by Philox-4x32-10 under the key
 *   (0x3ec8f720, 0x02461e29); the first two words, low first, are the
 *   scrambled key (the u64 the test's expansion returns).
 */
import {
  type ArrayShape,
  ELEMENT_TYPE_INFO,
  type Literal,
  arrayLiteralFromData,
  shapeToString,
} from "@minixla/hlo";
import { type CustomCall, fail } from "./custom_call_error.ts";
import { philox4x32 } from "../kernels/random/random_bits.ts";
import { arrayOperand, product } from "../kernels/support/view.ts";

type TargetKernel = (inst: CustomCall, operands: readonly Literal[]) => Literal;

function resultShape(inst: CustomCall): ArrayShape {
  if (inst.shape.elementType === "tuple") fail(inst, `the result must be an array, got ${shapeToString(inst.shape)}`);
  return inst.shape;
}

const sameDims = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((d, i) => d === b[i]);

/** Numeric element types stored one float64 per element (every real float and integer up to 32 bits). */
function numericData(inst: CustomCall, l: Literal, i: number): { readonly shape: ArrayShape; readonly data: Float64Array } {
  const x = arrayOperand(inst, l, i);
  if (!(x.data instanceof Float64Array) || ELEMENT_TYPE_INFO[x.shape.elementType].storage !== "f64" || x.shape.elementType === "pred") {
    fail(inst, `operand ${i} must be a real number type, got ${shapeToString(x.shape)}`);
  }
  return { shape: x.shape, data: x.data };
}

/** The equation of an einsum custom call: its backend_config string. */
function einsumEquation(inst: CustomCall): string {
  const config = inst.annotations?.backendConfig;
  if (config === undefined || config === "") fail(inst, `needs the equation as backend_config="...", e.g. "ij,jk->ik"`);
  return config;
}

const einsum: TargetKernel = (inst, operands) => {
  const equation = einsumEquation(inst).replace(/\s+/g, "");
  const arrow = equation.indexOf("->");
  if (arrow < 0 || equation.includes("...")) fail(inst, `equation "${equation}" must be explicit, "inputs->output", without "..."`);
  const inputs = equation.slice(0, arrow).split(",");
  const output = equation.slice(arrow + 2);
  if (inputs.length !== operands.length) fail(inst, `equation "${equation}" names ${inputs.length} operands, got ${operands.length}`);
  const ops = operands.map((o, i) => numericData(inst, o, i));
  const sizes = new Map<string, number>();
  inputs.forEach((labels, i) => {
    if (labels.length !== ops[i].shape.dimensions.length) fail(inst, `"${labels}" labels ${labels.length} dimensions of operand ${i} ${shapeToString(ops[i].shape)}`);
    [...labels].forEach((l, d) => {
      const n = ops[i].shape.dimensions[d];
      if (sizes.has(l) && sizes.get(l) !== n) fail(inst, `label ${l} has sizes ${sizes.get(l)} and ${n}`);
      sizes.set(l, n);
    });
  });
  const out = resultShape(inst);
  const outDims = [...output].map((l) => {
    const n = sizes.get(l);
    if (n === undefined) fail(inst, `output label ${l} names no operand dimension`);
    return n;
  });
  if (!sameDims(outDims, out.dimensions)) fail(inst, `"${equation}" gives dimensions [${outDims.join(",")}], the result is ${shapeToString(out)}`);
  const labels = [...sizes.keys()];
  const summed = labels.filter((l) => !output.includes(l));
  const slot = new Map(labels.map((l, i) => [l, i]));
  const index = new Int32Array(labels.length);
  // Each operand's element offset as a sum over labels of index * stride (a repeated label adds its strides).
  const strides = inputs.map((ls, i) => {
    const s = new Float64Array(labels.length);
    const dims = ops[i].shape.dimensions;
    let stride = 1;
    for (let d = dims.length - 1; d >= 0; d--) {
      s[slot.get(ls[d]) as number] += stride;
      stride *= dims[d];
    }
    return s;
  });
  const offset = (k: number): number => {
    let o = 0;
    for (let j = 0; j < labels.length; j++) o += index[j] * strides[k][j];
    return o;
  };
  const summedSlots = summed.map((l) => slot.get(l) as number);
  const summedCount = product(summed.map((l) => sizes.get(l) as number));
  const norm = ELEMENT_TYPE_INFO[out.elementType].normalize;
  const result = new Float64Array(product(outDims));
  const outIndex = new Int32Array(output.length);
  for (let e = 0; e < result.length; e++) {
    let rest = e;
    for (let d = output.length - 1; d >= 0; d--) {
      outIndex[d] = rest % outDims[d];
      rest = Math.floor(rest / outDims[d]);
    }
    // A label repeated in the output is its diagonal: off it the value is zero.
    let onDiagonal = true;
    for (let d = 0; d < output.length; d++) {
      const j = slot.get(output[d]) as number;
      if (d > 0 && output.indexOf(output[d]) < d && index[j] !== outIndex[d]) onDiagonal = false;
      index[j] = outIndex[d];
    }
    if (!onDiagonal) continue;
    let sum = 0;
    for (let s = 0; s < summedCount; s++) {
      let r = s;
      for (let q = summedSlots.length - 1; q >= 0; q--) {
        const n = sizes.get(summed[q]) as number;
        index[summedSlots[q]] = r % n;
        r = Math.floor(r / n);
      }
      let term = 1;
      for (let k = 0; k < ops.length; k++) term *= ops[k].data[offset(k)];
      sum += term;
    }
    result[e] = norm(sum);
  }
  return arrayLiteralFromData(out, result);
};

const matrixDiagonal: TargetKernel = (inst, operands) => {
  if (operands.length !== 1) fail(inst, `takes one operand, got ${operands.length}`);
  const x = arrayOperand(inst, operands[0], 0);
  const dims = x.shape.dimensions;
  if (dims.length < 2) fail(inst, `operand ${shapeToString(x.shape)} needs two minor dimensions`);
  const m = dims[dims.length - 2];
  const n = dims[dims.length - 1];
  const k = Math.min(m, n);
  const want: ArrayShape = { elementType: x.shape.elementType, dimensions: [...dims.slice(0, -2), k] };
  const out = resultShape(inst);
  // XLA's own test declares f32[2,2] for the diagonal of f32[2,2]; its expansion returns f32[2], as here.
  if (out.elementType !== want.elementType || !sameDims(out.dimensions, want.dimensions)) {
    fail(inst, `the diagonal of ${shapeToString(x.shape)} is ${shapeToString(want)}, but the result is declared ${shapeToString(out)}`);
  }
  const batches = product(dims.slice(0, -2));
  const src = x.data;
  const data = src instanceof Float64Array ? new Float64Array(batches * k) : src instanceof BigInt64Array ? new BigInt64Array(batches * k) : new BigUint64Array(batches * k);
  const width = x.shape.elementType === "c64" || x.shape.elementType === "c128" ? 2 : 1;
  const dst = width === 2 ? new Float64Array(2 * batches * k) : data;
  for (let b = 0; b < batches; b++) {
    for (let i = 0; i < k; i++) {
      for (let c = 0; c < width; c++) (dst as Float64Array)[(b * k + i) * width + c] = (src as Float64Array)[(b * m * n + i * n + i) * width + c];
    }
  }
  return arrayLiteralFromData(out, dst);
};

const REAL_FLOATS = new Set(["f16", "bf16", "f32", "f64"]);

const tridiagonalSolver: TargetKernel = (inst, operands) => {
  const out = resultShape(inst);
  if (operands.length !== 2 && operands.length !== 4) fail(inst, `takes (diagonals, rhs) or (lower, main, upper, rhs), got ${operands.length} operands`);
  const ops = operands.map((o, i) => numericData(inst, o, i));
  const t = out.elementType;
  if (!REAL_FLOATS.has(t) || ops.some((o) => o.shape.elementType !== t)) fail(inst, `operands and result must share one real float type, got ${ops.map((o) => shapeToString(o.shape)).join(", ")} -> ${shapeToString(out)}`);
  const rhs = ops[ops.length - 1];
  const rank = rhs.shape.dimensions.length;
  if (rank < 2) fail(inst, `Arguments must have rank >=2; got rank ${rank}.`);
  if (!sameDims(out.dimensions, rhs.shape.dimensions)) fail(inst, `the result ${shapeToString(out)} must have the rhs's shape ${shapeToString(rhs.shape)}`);
  const stacked = ops.length === 2;
  // Stacked form: rhs [..., M, K], one system per column; separate form: rhs [..., K, M], one per row.
  const m = stacked ? rhs.shape.dimensions[rank - 2] : rhs.shape.dimensions[rank - 1];
  const kCount = stacked ? rhs.shape.dimensions[rank - 1] : rhs.shape.dimensions[rank - 2];
  const batchDims = rhs.shape.dimensions.slice(0, -2);
  const diagDims = stacked ? [...batchDims, 3, m] : [...batchDims, 1, m];
  for (let i = 0; i < ops.length - 1; i++) {
    if (!sameDims(ops[i].shape.dimensions, diagDims)) {
      fail(inst, `operand ${i} ${shapeToString(ops[i].shape)} must be ${t}[${diagDims.join(",")}] for rhs ${shapeToString(rhs.shape)}`);
    }
  }
  const r = ELEMENT_TYPE_INFO[t].normalize;
  const batches = product(batchDims);
  const x = new Float64Array(rhs.data.length);
  const mainE = new Float64Array(m);
  const upperC = new Float64Array(m);
  const rhsE = new Float64Array(m);
  for (let b = 0; b < batches; b++) {
    const diag = (which: 0 | 1 | 2, i: number): number =>
      stacked ? ops[0].data[(b * 3 + which) * m + i] : ops[which === 0 ? 2 : which === 1 ? 1 : 0].data[b * m + i];
    const upper = (i: number) => diag(0, i);
    const main = (i: number) => diag(1, i);
    const lower = (i: number) => diag(2, i);
    for (let k = 0; k < kCount; k++) {
      const at = (i: number): number => (stacked ? b * m * kCount + i * kCount + k : b * kCount * m + k * m + i);
      if (m === 0) continue;
      mainE[0] = main(0);
      rhsE[0] = rhs.data[at(0)];
      for (let i = 0; i < m; i++) upperC[i] = i < m - 1 ? upper(i) : 0;
      for (let i = 1; i < m; i++) {
        const w = r(lower(i) / mainE[i - 1]);
        mainE[i] = r(main(i) - r(w * upperC[i - 1]));
        rhsE[i] = r(rhs.data[at(i)] - r(w * rhsE[i - 1]));
      }
      x[at(m - 1)] = r(rhsE[m - 1] / mainE[m - 1]);
      for (let i = m - 2; i >= 0; i--) x[at(i)] = r(r(rhsE[i] - r(upperC[i] * x[at(i + 1)])) / mainE[i]);
    }
  }
  return arrayLiteralFromData(out, x);
};

const scramblePhiloxKey: TargetKernel = (inst, operands) => {
  if (operands.length !== 1) fail(inst, `takes one operand, got ${operands.length}`);
  const k = arrayOperand(inst, operands[0], 0);
  const out = resultShape(inst);
  if (!(k.data instanceof BigUint64Array) || out.elementType !== "u64" || !sameDims(out.dimensions, k.shape.dimensions)) {
    fail(inst, `maps u64 keys to u64 keys of the same shape, got ${shapeToString(k.shape)} -> ${shapeToString(out)}`);
  }
  const words = new Uint32Array(4);
  const data = new BigUint64Array(k.data.length);
  for (let i = 0; i < data.length; i++) {
    const key = k.data[i];
    words[0] = Number(key & 0xffffffffn);
    words[1] = 0;
    words[2] = Number(key >> 32n);
    words[3] = 0;
    philox4x32(0x3ec8f720, 0x02461e29, words);
    data[i] = BigInt(words[0]) | (BigInt(words[1]) << 32n);
  }
  return arrayLiteralFromData(out, data);
};

/** The kernels of the matrix, tridiagonal and prng `xla_builder.*` targets, by target name. */
export const XLA_BUILDER_MATRIX_TARGETS: ReadonlyMap<string, TargetKernel> = new Map([
  ["xla_builder.matrix.Einsum", einsum],
  ["xla_builder.matrix.GetMatrixDiagonalViaGather", matrixDiagonal],
  ["xla_builder.tridiagonal.TridiagonalSolver", tridiagonalSolver],
  ["xla_builder.prng.ScramblePhiloxKey", scramblePhiloxKey],
]);
