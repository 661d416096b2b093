/**
 * The binary encoder: LEB128 numbers decode back to themselves, and modules
 * built with it validate and compute what their instructions say (each
 * SIMD opcode used by the emitter checked against the scalar it stands for).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { F64, FunctionBody, I32, Op, Simd, type SimdOp, V128, encodeModule, signedLeb, unsignedLeb } from "./encoder.ts";
import { exportedBuffer, wasmApi } from "./runtime.ts";

function decodeUnsigned(bytes: readonly number[]): number {
  let n = 0;
  let scale = 1;
  for (const b of bytes) {
    n += (b & 0x7f) * scale;
    scale *= 128;
  }
  return n;
}

function decodeSigned(bytes: readonly number[]): number {
  let n = 0;
  let scale = 1;
  for (const b of bytes) {
    n += (b & 0x7f) * scale;
    scale *= 128;
  }
  return (bytes[bytes.length - 1] & 0x40) !== 0 ? n - scale : n;
}

/** A module whose one function maps two f64 parameters to f64: lanes (x, y) through `op`, lane 0 out. */
function laneModule(op: SimdOp, binary: boolean): (x: number, y: number) => number {
  const f = new FunctionBody(2);
  const v = f.local(V128);
  f.opU(Op.localGet, 0).simd(Simd.f64x2Splat).opU(Op.localGet, 1).simdLane(Simd.f64x2ReplaceLane, 1).opU(Op.localSet, v);
  f.opU(Op.localGet, v);
  if (binary) f.opU(Op.localGet, 1).simd(Simd.f64x2Splat);
  f.simd(op).simdLane(Simd.f64x2ExtractLane, 0);
  const bytes = encodeModule({ types: [{ params: [F64, F64], results: [F64] }], functions: [{ type: 0, body: f }], exports: [{ name: "f", kind: "function", index: 0 }] });
  expect(wasmApi?.validate(bytes)).toBe(true);
  const instance = new (wasmApi as NonNullable<typeof wasmApi>).Instance(new (wasmApi as NonNullable<typeof wasmApi>).Module(bytes));
  return instance.exports.f as (x: number, y: number) => number;
}

const anyDouble = fc.double();

describe("WebAssembly encoder", () => {
  it("LEB128 numbers decode to themselves, in the fewest bytes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (n) => {
        const bytes = unsignedLeb(n);
        expect(decodeUnsigned(bytes)).toBe(n);
        expect(bytes.length).toBe(Math.max(1, Math.ceil(Math.log2(n + 1) / 7)));
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -0x80000000, max: 0x7fffffff }), (n) => {
        expect(decodeSigned(signedLeb(n))).toBe(n);
      }),
    );
    expect(() => unsignedLeb(-1)).toThrow(RangeError);
  });

  it("builds a module with memory, loops and exports that validates and runs", () => {
    // sum of i*3 for i < n, written into memory at 8 and returned.
    const f = new FunctionBody(1);
    const i = f.local(I32);
    const acc = f.local(I32);
    f.structured(Op.block).structured(Op.loop);
    f.opU(Op.localGet, i).opU(Op.localGet, 0).op(Op.i32GeS).opU(Op.brIf, 1);
    f.opU(Op.localGet, acc).opU(Op.localGet, i).i32Const(3).op(Op.i32Mul).op(Op.i32Add).opU(Op.localSet, acc);
    f.opU(Op.localGet, i).i32Const(1).op(Op.i32Add).opU(Op.localSet, i).opU(Op.br, 0);
    f.op(Op.end).op(Op.end);
    f.i32Const(0).opU(Op.localGet, acc).op(Op.f64ConvertI32S).mem(Op.f64Store, 3, 8);
    f.opU(Op.localGet, acc);
    const bytes = encodeModule({
      types: [{ params: [I32], results: [I32] }],
      functions: [{ type: 0, body: f }],
      memoryPages: 1,
      exports: [
        { name: "run", kind: "function", index: 0 },
        { name: "memory", kind: "memory", index: 0 },
      ],
    });
    expect(wasmApi?.validate(bytes)).toBe(true);
    const api = wasmApi as NonNullable<typeof wasmApi>;
    const instance = new api.Instance(new api.Module(bytes));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), (n) => {
        const want = (3 * n * Math.max(n - 1, 0)) / 2;
        expect((instance.exports.run as (n: number) => number)(n)).toBe(want);
        expect(new Float64Array(exportedBuffer(instance, "memory") as ArrayBuffer)[1]).toBe(want);
      }),
    );
  });

  it("encodes each f64x2 op the emitter uses as the IEEE op it names", () => {
    const cases: [SimdOp, boolean, (x: number, y: number) => number][] = [
      [Simd.f64x2Add, true, (x, y) => x + y],
      [Simd.f64x2Sub, true, (x, y) => x - y],
      [Simd.f64x2Mul, true, (x, y) => x * y],
      [Simd.f64x2Div, true, (x, y) => x / y],
      [Simd.f64x2Sqrt, false, (x) => Math.sqrt(x)],
      [Simd.f64x2Neg, false, (x) => -x],
      [Simd.f64x2Abs, false, (x) => Math.abs(x)],
    ];
    for (const [op, binary, want] of cases) {
      const f = laneModule(op, binary);
      fc.assert(fc.property(anyDouble, anyDouble, (x, y) => Object.is(f(x, y), want(x, y))));
    }
  });

  it("rejects export names outside printable ASCII", () => {
    expect(() => encodeModule({ types: [], functions: [], exports: [{ name: "é", kind: "memory", index: 0 }] })).toThrow(RangeError);
  });
});
