/**
 * Run by packages/interpreter/src/compiled/wasm/fused_dot_f64.test.ts in a
 * child Node with relaxed SIMD on (--experimental-wasm-relaxed-simd): the
 * WebAssembly f64 dot in numerics "xla-cpu" with the host's fused
 * f64x2.relaxed_madd as its step (hardware_fma.ts), against the reference
 * kernel, over seeded shapes and values (ties of exact products, near-ties,
 * cancellations, zeros, denormals, NaN, infinities, values near overflow and
 * underflow). Prints one JSON line: whether the hardware step was taken, how
 * many products were checked and the first mismatch.
 */
import { type ArrayLiteral, type InstructionOf, literal, shape } from "@minixla/hlo";
import { compileDot } from "../../packages/interpreter/src/compiled/dot_kernel.ts";
import { hardwareFma64 } from "../../packages/interpreter/src/compiled/wasm/hardware_fma.ts";
import { instruction, run, testContext } from "../../packages/interpreter/src/kernels/support/test_support.ts";
import { prng } from "./prng.ts";

const XLA_CPU = testContext({}, { numerics: "xla-cpu" });
const rand = prng(Number(process.argv[2] ?? 64));
const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
const SPECIALS = [0, -0, NaN, Infinity, -Infinity, 5e-324, -1e-310, 2 ** -1022, -(2 ** -1022), Number.MAX_VALUE, 2 ** 1000, -(2 ** 1000), 2 ** -1000, 2 ** 511, 2 ** -511];

function value(): number {
  const kind = rand();
  if (kind < 0.35) return (rand() * 2 - 1) * 2 ** int(-20, 20);
  if (kind < 0.6) return int(-15, 15) * 2 ** int(-6, 6); // short: exact products, ties
  if (kind < 0.8) return int(-(2 ** 26), 2 ** 26) * 2 ** int(-60, 10); // 27 bits: 54-bit products, near-ties
  if (kind < 0.9) return (1 + int(0, 3) * 2 ** -30) * 2 ** int(-1000, -960) * pick([1, -1]); // tiny: denormal results
  return pick(SPECIALS);
}

let checked = 0;
let mismatch: string | undefined;
for (let c = 0; c < 400 && mismatch === undefined; c++) {
  const [m, k, n] = [int(1, 7), int(1, 20), int(1, 9)];
  const lhs = Array.from({ length: m * k }, value);
  const rhs = Array.from({ length: k * n }, value);
  // A third of the cases: each row's chain cancels (a, -a against b, b), then goes on: exact zeros and their signs.
  if (c % 3 === 0 && k >= 2) for (let i = 0; i < m; i++) lhs[i * k + 1] = -lhs[i * k]!;
  if (c % 3 === 0 && k >= 2) for (let j = 0; j < n; j++) rhs[n + j] = rhs[j]!;
  const inst = instruction("dot", shape("f64", [m, n]), {
    lhsBatchDimensions: [],
    lhsContractingDimensions: [1],
    rhsBatchDimensions: [],
    rhsContractingDimensions: [0],
  }) as InstructionOf<"dot">;
  const l = literal("f64", [m, k], lhs) as ArrayLiteral;
  const r = literal("f64", [k, n], rhs) as ArrayLiteral;
  const want = (run(inst, [l, r], XLA_CPU) as ArrayLiteral).data as Float64Array;
  const got = compileDot(inst, l.shape, r.shape, "xla-cpu", "always")!(l, r).data as Float64Array;
  const bad = Array.from(want).findIndex((v, i) => !Object.is(v, got[i]));
  if (bad >= 0) mismatch = `${m}x${k}x${n} element ${bad}: reference ${want[bad]}, compiled ${got[bad]}; lhs ${JSON.stringify(lhs)} rhs ${JSON.stringify(rhs)}`;
  checked++;
}
console.log(JSON.stringify({ hardware: hardwareFma64(), checked, mismatch }));
