/**
 * Run by packages/interpreter/src/compiled/wasm/fused_dot_f64.test.ts in a
 * child Node with relaxed SIMD on (--experimental-wasm-relaxed-simd): the
 * WebAssembly dots in numerics "xla-cpu" (f64, and f32, f16, bf16 through
 * fma32) with the host's fused relaxed_madd as their step (hardware_fma.ts),
 * against the reference kernel, over seeded shapes and values (ties of exact
 * products, near-ties, cancellations, zeros, denormals, NaN, infinities,
 * values near overflow and underflow). Prints one JSON line: whether the
 * hardware steps were taken, how many products were checked and the first
 * mismatch.
 */
import { type ArrayLiteral, type InstructionOf, literal, normalizeValue, shape } from "@minixla/hlo";
import { compileDot } from "../../packages/interpreter/src/compiled/dot_kernel.ts";
import { hardwareFma32, hardwareFma64 } from "../../packages/interpreter/src/compiled/wasm/hardware_fma.ts";
import { instruction, run, testContext } from "../../packages/interpreter/src/kernels/support/test_support.ts";
import { prng } from "./prng.ts";

const XLA_CPU = testContext({}, { numerics: "xla-cpu" });
const rand = prng(Number(process.argv[2] ?? 64));
const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
const SPECIALS = [0, -0, NaN, Infinity, -Infinity, 5e-324, -1e-310, 2 ** -1022, -(2 ** -1022), Number.MAX_VALUE, 2 ** 1000, -(2 ** 1000), 2 ** -1000, 2 ** 511, 2 ** -511];
const SPECIALS32 = [0, -0, NaN, Infinity, -Infinity, 1e-45, -1e-40, 2 ** -126, -(2 ** -126), 3.4e38, 2 ** 120, 2 ** -120, 2 ** 63, 2 ** -63, 65504];
type Float = "f64" | "f32" | "f16" | "bf16";

function value(t: Float): number {
  const kind = rand();
  const wide = t === "f64";
  let v: number;
  if (kind < 0.35) v = (rand() * 2 - 1) * 2 ** int(-20, 20);
  else if (kind < 0.6) v = int(-15, 15) * 2 ** int(-6, 6); // short: exact products, ties
  else if (kind < 0.8) v = wide ? int(-(2 ** 26), 2 ** 26) * 2 ** int(-60, 10) : int(-(2 ** 12), 2 ** 12) * 2 ** int(-30, 5); // half-width: products of full width, near-ties
  else if (kind < 0.9) v = (1 + int(0, 3) * 2 ** (wide ? -30 : -12)) * 2 ** (wide ? int(-1000, -960) : int(-130, -100)) * pick([1, -1]); // tiny: denormal results
  else v = pick(wide ? SPECIALS : SPECIALS32);
  return normalizeValue(t, v);
}

let checked = 0;
let mismatch: string | undefined;
for (let c = 0; c < 400 && mismatch === undefined; c++) {
  const t: Float = c % 2 === 0 ? "f64" : pick(["f32", "f32", "f16", "bf16"] as const);
  const [m, k, n] = [int(1, 9), int(1, 20), int(1, 19)];
  const lhs = Array.from({ length: m * k }, () => value(t));
  const rhs = Array.from({ length: k * n }, () => value(t));
  // A third of the cases: each row's chain cancels (a, -a against b, b), then goes on: exact zeros and their signs.
  if (c % 3 === 0 && k >= 2) for (let i = 0; i < m; i++) lhs[i * k + 1] = -lhs[i * k]!;
  if (c % 3 === 0 && k >= 2) for (let j = 0; j < n; j++) rhs[n + j] = rhs[j]!;
  const inst = instruction("dot", shape(t, [m, n]), {
    lhsBatchDimensions: [],
    lhsContractingDimensions: [1],
    rhsBatchDimensions: [],
    rhsContractingDimensions: [0],
  }) as InstructionOf<"dot">;
  const l = literal(t, [m, k], lhs) as ArrayLiteral;
  const r = literal(t, [k, n], rhs) as ArrayLiteral;
  const want = (run(inst, [l, r], XLA_CPU) as ArrayLiteral).data as Float64Array;
  const got = compileDot(inst, l.shape, r.shape, "xla-cpu", "always")!(l, r).data as Float64Array;
  const bad = Array.from(want).findIndex((v, i) => !Object.is(v, got[i]));
  if (bad >= 0) mismatch = `${t} ${m}x${k}x${n} element ${bad}: reference ${want[bad]}, compiled ${got[bad]}; lhs ${JSON.stringify(lhs)} rhs ${JSON.stringify(rhs)}`;
  checked++;
}
console.log(JSON.stringify({ hardware: hardwareFma64() && hardwareFma32(), checked, mismatch }));
