import { normalizeValue, roundToBF16 } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { uniformGenerator } from "../../elided_constants.ts";
import { bRowVectors, compileConvGemmF32, emitConvGemmF32 } from "./emit_conv_f32.ts";
import { wasmApi } from "./runtime.ts";

const SPECIALS = [NaN, 0, -0, Infinity, -Infinity, 1e-40, -1e-40, 3.4e38, -3.4e38, 1, -1];

function f32Values(n: number, next: () => number): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = next() < 0.15 ? SPECIALS[Math.floor(next() * SPECIALS.length)] : (next() - 0.5) * 2 ** Math.floor(next() * 40 - 20);
    out[i] = normalizeValue("f32", x);
  }
  return out;
}

/** Every output is round(the JavaScript chain fround(acc + fround(a·b)) from +0), bit for bit (any NaN for NaN). */
function expectChains(out: Float32Array, a: Float64Array, b: Float64Array, m: number, k: number, width: number, round: (x: number) => number): void {
  for (let r = 0; r < m; r++) {
    for (let c = 0; c < width; c++) {
      let acc = 0;
      for (let p = 0; p < k; p++) acc = Math.fround(acc + Math.fround(a[r * k + p] * b[p * width + c]));
      const want = round(acc);
      const got = out[r * width + c];
      expect(Object.is(got, want) || (Number.isNaN(got) && Number.isNaN(want)), `row ${r} column ${c}: ${got} vs ${want}`).toBe(true);
    }
  }
}

describe("WebAssembly f32 convolution product", () => {
  it("gives every output the JavaScript chain fround(acc + fround(a·b)) from +0, bit for bit", () => {
    // Row lengths of 64 and 128 vectors take B's padded rows (bRowVectors).
    const vectors = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 5 }) }, { weight: 1, arbitrary: fc.constantFrom(64, 128) });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 11 }), fc.integer({ min: 0, max: 40 }), vectors, fc.integer({ min: 1, max: 1 << 30 }), (m, k, nv, seed) => {
        const gemm = compileConvGemmF32({ m, k, nv });
        expect(gemm, "the host runs WebAssembly").toBeDefined();
        if (gemm === undefined) return;
        expect(gemm.bStride).toBe(bRowVectors(nv) * 4);
        const next = uniformGenerator(seed);
        const width = nv * 4;
        const a = f32Values(m * k, next);
        const b = f32Values(k * width, next);
        gemm.a.set(a);
        // B's rows bStride floats apart; the padding between them holds garbage, which no output reads.
        gemm.b.fill(NaN);
        for (let p = 0; p < k; p++) gemm.b.set(b.subarray(p * width, (p + 1) * width), p * gemm.bStride);
        gemm.run();
        expectChains(gemm.out, a, b, m, k, width, (x) => x);
      }),
      { numRuns: 60 },
    );
  });

  it("rounds each output to bf16 as it stores it, when asked, as roundToBF16 rounds the chain's f32 value", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 1 << 30 }), (m, k, nv, seed) => {
        const gemm = compileConvGemmF32({ m, k, nv, bf16: true });
        expect(gemm, "the host runs WebAssembly").toBeDefined();
        if (gemm === undefined) return;
        const next = uniformGenerator(seed);
        const width = nv * 4;
        const a = f32Values(m * k, next);
        const b = f32Values(k * width, next);
        gemm.a.set(a);
        for (let p = 0; p < k; p++) gemm.b.set(b.subarray(p * width, (p + 1) * width), p * gemm.bStride);
        gemm.run();
        expectChains(gemm.out, a, b, m, k, width, roundToBF16);
      }),
      { numRuns: 80, seed: 0xbf16 },
    );
  });

  it("validates and declines sizes past its memory bound", () => {
    const e = emitConvGemmF32({ m: 4, k: 3, nv: 2 });
    expect(e !== undefined && wasmApi !== undefined && wasmApi.validate(e.bytes)).toBe(true);
    expect(emitConvGemmF32({ m: 1 << 16, k: 1 << 10, nv: 4 })).toBeUndefined();
  });
});
