/**
 * emit_v8_tanh.ts's lanes against Math.tanh itself, bit for bit (NaNs as one
 * value): the edge cases (±0, denormals, ±inf, NaN, the 2^-28, 1 and 22
 * thresholds and their neighbours, the expm1 reduction's 0.5·ln2 and
 * 1.5·ln2 edges and its k = 20 and k = 57 steps), a deterministic sweep of
 * two million doubles (random significands at every exponent from 2^-40 to
 * 2^6, and random bit patterns), fast-check's doubles, and the lanes in a
 * compiled reference-numerics tanh (the engine's cross-check), and pairs mixing
 * lanes inside and outside the small-pair path's range; with the
 * constants inline (v128.const) and in immutable globals (as modules hold them).
 */
import { parseHloModule, getComputation } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planFusedComputation } from "../kernel_plan.ts";
import { FunctionBody, I32, Op, Simd, V128, encodeModule } from "./encoder.ts";
import { V128Globals, v8TanhLanes } from "./emit_v8_tanh.ts";
import { mathKindOf } from "./emit_xla_cpu_math.ts";
import { exportedBuffer, instantiate } from "./runtime.ts";
import { compileWasmLoop } from "./wasm_kernel.ts";

/** A module whose run(n) replaces the n doubles at the start of its memory (n even) with their tanh, two at a time. */
function tanhLanes(capacity: number, withGlobals: boolean): (xs: Float64Array) => Float64Array {
  const globals = withGlobals ? new V128Globals() : undefined;
  const f = new FunctionBody(1);
  const i = f.local(I32);
  const v = f.local(V128);
  f.i32Const(0).opU(Op.localSet, i);
  f.structured(Op.block).structured(Op.loop);
  f.opU(Op.localGet, i).opU(Op.localGet, 0).op(Op.i32GeS).opU(Op.brIf, 1);
  f.opU(Op.localGet, i).i32Const(8).op(Op.i32Mul).simdMem(Simd.v128Load, 3).opU(Op.localSet, v);
  const out = v8TanhLanes(f, v, globals);
  f.opU(Op.localGet, i).i32Const(8).op(Op.i32Mul).opU(Op.localGet, out).simdMem(Simd.v128Store, 3);
  f.opU(Op.localGet, i).i32Const(2).op(Op.i32Add).opU(Op.localSet, i).opU(Op.br, 0);
  f.op(Op.end).op(Op.end);
  const bytes = encodeModule({
    types: [{ params: [I32], results: [] }],
    functions: [{ type: 0, body: f }],
    v128Globals: globals?.values,
    memoryPages: Math.ceil((capacity * 8 + 16) / 65536),
    exports: [
      { name: "run", kind: "function", index: 0 },
      { name: "memory", kind: "memory", index: 0 },
    ],
  });
  const instance = instantiate(bytes);
  const buffer = instance && exportedBuffer(instance, "memory");
  if (instance === undefined || buffer === undefined) throw new Error("no WebAssembly");
  const heap = new Float64Array(buffer);
  const run = instance.exports.run as (n: number) => void;
  return (xs) => {
    heap.set(xs);
    run(xs.length + (xs.length % 2));
    return heap.slice(0, xs.length);
  };
}

const f64OfBits = (hi: number, lo: number): number => new Float64Array(new Uint32Array([lo >>> 0, hi >>> 0]).buffer)[0]!;
/** The double next to x towards `to`. */
function nextAfter(x: number, to: number): number {
  if (x === to || x !== x) return x;
  if (x === 0) return to > 0 ? 2 ** -1074 : -(2 ** -1074);
  const b = new BigInt64Array(new Float64Array([x]).buffer);
  b[0] += (to > x) === (x > 0) ? 1n : -1n;
  return new Float64Array(b.buffer)[0]!;
}

/** Where Math.tanh (and the expm1 it calls) branch, each with its neighbours, both signs. */
function edges(): number[] {
  const ln2 = Math.LN2;
  const points = [0, 2 ** -1074, 2 ** -1022, 2 ** -54, 2 ** -28, 2 ** -27, 0.25 * ln2, 0.75 * ln2, 0.5, 0.5198603854199589, 0.52, 1, 1.5, 2, 10 * ln2, 28 * ln2, 19, 22, 1e300, Number.MAX_VALUE];
  const out = [Infinity, -Infinity, Number.NaN, -0];
  for (const p of points) {
    let lo = p;
    let hi = p;
    for (let s = 0; s < 4; s++) {
      out.push(lo, -lo, hi, -hi);
      lo = nextAfter(lo, -Infinity);
      hi = nextAfter(hi, Infinity);
    }
  }
  // The high-word thresholds of the reduction (0x3fd62e42, 0x3ff0a2b2, halved as tanh's argument doubles them), each word's ends.
  for (const word of [0x3fd62e42, 0x3fd62e43, 0x3ff0a2b1, 0x3ff0a2b2, 0x3e300000, 0x3ff00000, 0x40360000]) {
    for (const x of [f64OfBits(word, 0), f64OfBits(word, -1), f64OfBits(word - 1, -1)]) out.push(x, -x, x / 2, -x / 2);
  }
  // k = 20 and k = 57 steps of expm1(2|x|): 2|x| near (k - 0.5)·ln2.
  for (const k of [3, 19, 20, 21, 56, 57, 58, 63, 64]) {
    const x = ((k - 0.5) * ln2) / 2;
    out.push(x, nextAfter(x, 0), nextAfter(x, Infinity), -x);
  }
  return out;
}

function same(xs: Float64Array, got: Float64Array): number[] {
  const bad: number[] = [];
  for (let j = 0; j < xs.length; j++) if (!Object.is(got[j], Math.tanh(xs[j]!))) bad.push(xs[j]!);
  return bad;
}

/** A small deterministic generator (xorshift), so the sweep is the same on every run. */
function* words(seed: number): Generator<number> {
  let s = seed >>> 0 || 1;
  for (;;) {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    yield s;
  }
}

describe.each([
  ["constants inline", false],
  ["constants in globals", true],
])("V8's tanh in f64x2 lanes (%s)", (_, withGlobals) => {
  const lanes = tanhLanes(1 << 20, withGlobals);

  it("gives Math.tanh's bits at the edges of every branch", () => {
    const xs = Float64Array.from(edges());
    expect(same(xs, lanes(xs))).toEqual([]);
  });

  it("gives Math.tanh's bits on a sweep of two million doubles across exponents and bit patterns", () => {
    const w = words(0x9e3779b9);
    const next = (): number => w.next().value as number;
    const n = 1 << 20;
    for (let round = 0; round < 2; round++) {
      const xs = new Float64Array(n);
      for (let j = 0; j < n; j++) {
        // Half: random significand, exponent in [-40, 6) (every branch of tanh and of its expm1); half: any bit pattern.
        const exponent = round === 0 ? (next() % 46) - 40 : 0;
        xs[j] = round === 0 ? (1 + next() / 2 ** 32 + next() / 2 ** 64) * 2 ** exponent * (next() & 1 ? -1 : 1) : f64OfBits(next(), next());
      }
      expect(same(xs, lanes(xs)).slice(0, 5)).toEqual([]);
    }
  });

  it("gives Math.tanh's bits on pairs of every mix of the small-pair path's range [2^-28, 1) and outside it", () => {
    // Lanes in [2^-28, 1) (k = 0, -1, -2, -3 of the reduction) next to each other and next to values outside (NaN, ±0, denormals, 2^-28's and 1's neighbours, large).
    const inside = [2 ** -28, nextAfter(1, 0), 0.1, 0.25 * Math.LN2, 0.5, 0.75 * Math.LN2, 0.3465735902799727, 0.9, -0.6, -(2 ** -27)];
    const outside = [Number.NaN, 0, -0, 2 ** -1074, nextAfter(2 ** -28, 0), 1, -1, 1.5, 22, -Infinity];
    const all = [...inside, ...outside];
    const pairs: number[] = [];
    for (const a of all) for (const b of all) pairs.push(a, b);
    const xs = Float64Array.from(pairs);
    expect(same(xs, lanes(xs))).toEqual([]);
  });

  it("gives Math.tanh's bits on fast-check's doubles", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.double(), fc.double({ min: -25, max: 25 }), fc.double({ min: -1e-7, max: 1e-7 })), { minLength: 1, maxLength: 64 }), (values) => {
        const xs = Float64Array.from(values);
        expect(same(xs, lanes(xs))).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it("is what the reference numerics' compiled f64 tanh runs, with the reference's bits", () => {
    const m = parseHloModule(`HloModule t
ENTRY e {
  p0 = f64[37] parameter(0)
  ROOT r = f64[37] tanh(p0)
}`);
    const plan = planFusedComputation(getComputation(m, m.entry), m, [], "reference");
    expect(plan).toBeDefined();
    if (plan === undefined) return;
    const node = plan.nodes.find((n) => n.kind === "op");
    expect(node?.kind === "op" && mathKindOf(node.fn, node.norm, node.operands.length)).toBe("tanhV8");
    const kernel = compileWasmLoop(plan, "reference", true);
    expect(kernel).toBeDefined();
    const xs = Float64Array.from({ length: 37 }, (_, j) => [Number.NaN, -0, 2 ** -1074, 0.3, -0.7, 1, 5, -21.9, 22, Infinity][j % 10]! * (1 + j / 64));
    const out = new Float64Array(37);
    kernel?.([xs], out);
    expect(Array.from(out)).toEqual(Array.from(xs, Math.tanh));
  });
});
