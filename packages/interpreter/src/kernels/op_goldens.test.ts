/**
 * fft, topk, cholesky, triangular-solve and the batch-norm ops against the
 * values XLA CPU (jaxlib 0.10.2) computed for the same modules and inputs
 * (testdata/op_goldens.json, made by testdata/gen_op_goldens.py). Exact
 * cases compare bit for bit, the sign of NaN included; the others within the
 * case's tolerance (|got - want| <= atol + rtol |want| per part).
 */
import { readFileSync } from "node:fs";
import { type ArrayLiteral, type ElementType, type Literal, allocData, elementCount, isTupleLiteral, parseHloModule, shape } from "@minixla/hlo";
import { describe, expect, test } from "vitest";
import { evaluate } from "../evaluate.ts";

type Value = number | "nan" | "-nan" | "inf" | "-inf";
interface Tensor {
  readonly type: ElementType;
  readonly shape: readonly number[];
  readonly values: readonly Value[];
}
interface GoldenCase {
  readonly family: string;
  readonly name: string;
  readonly hlo: string;
  readonly tolerance: { readonly exact: true } | { readonly rtol: number; readonly atol: number };
  readonly inputs: readonly Tensor[];
  readonly outputs: readonly Tensor[];
}

const golden = JSON.parse(readFileSync(new URL("../../testdata/op_goldens.json", import.meta.url), "utf8")) as { readonly cases: readonly GoldenCase[] };

/** A NaN with the sign bit set, as XLA's -nan. */
const NEGATIVE_NAN = (() => {
  const a = new Float64Array([NaN]);
  new Uint32Array(a.buffer)[1] |= 0x80000000;
  return a[0];
})();

function decode(v: Value): number {
  switch (v) {
    case "nan": return NaN;
    case "-nan": return NEGATIVE_NAN;
    case "inf": return Infinity;
    case "-inf": return -Infinity;
    default: return v;
  }
}

function toLiteral(t: Tensor): ArrayLiteral {
  const s = shape(t.type, t.shape);
  const data = allocData(t.type, elementCount(s));
  if (data instanceof Float64Array) {
    t.values.forEach((v, i) => (data[i] = decode(v)));
  } else {
    t.values.forEach((v, i) => (data[i] = BigInt(v as number)));
  }
  return { shape: s, data };
}

const leaves = (l: Literal): ArrayLiteral[] => (isTupleLiteral(l) ? l.elements.flatMap(leaves) : [l]);

const signBit = (x: number): boolean => new Uint32Array(new Float64Array([x]).buffer)[1] >>> 31 === 1;

/** The sign bit of slot i, read from storage (a JS array of doubles may canonicalize NaN). */
const storedSignBit = (d: Float64Array, i: number): boolean => new Uint32Array(d.buffer, d.byteOffset, 2 * d.length)[2 * i + 1] >>> 31 === 1;

function mismatches(got: ArrayLiteral, want: Tensor, tol: GoldenCase["tolerance"]): string[] {
  const out: string[] = [];
  const data = Array.from(got.data as ArrayLike<number | bigint>, Number);
  if (data.length !== want.values.length) return [`${data.length} values, want ${want.values.length}`];
  want.values.forEach((raw, i) => {
    const w = decode(raw);
    const g = data[i];
    let ok: boolean;
    if (Number.isNaN(w)) ok = Number.isNaN(g) && (!("exact" in tol) || storedSignBit(got.data as Float64Array, i) === signBit(w));
    else if ("exact" in tol || !Number.isFinite(w)) ok = Object.is(g, w);
    else ok = Math.abs(g - w) <= tol.atol + tol.rtol * Math.abs(w);
    if (!ok) out.push(`[${i}] got ${g}, want ${raw}`);
  });
  return out;
}

const families = [...new Set(golden.cases.map((c) => c.family))];

describe.each(families)("%s matches XLA CPU", (family) => {
  test.each(golden.cases.filter((c) => c.family === family).map((c) => [c.name, c] as const))("%s", (_, c) => {
    const result = leaves(evaluate(parseHloModule(c.hlo), c.inputs.map(toLiteral)));
    expect(result.map((l) => [l.shape.elementType, l.shape.dimensions])).toEqual(c.outputs.map((o) => [o.type, o.shape]));
    result.forEach((l, i) => expect(mismatches(l, c.outputs[i], c.tolerance), `output ${i}`).toEqual([]));
  });
});
