/**
 * Whether the host's WebAssembly has a fused f64x2.relaxed_madd: relaxed
 * SIMD (on by default from V8 11.4, Node 22; behind
 * --experimental-wasm-relaxed-simd in Node 20) lets the engine compute
 * a·b + c fused (x86 vfmadd where the CPU has FMA3) or as a multiply then
 * an add, its choice, fixed for the process (and f32x4.relaxed_madd
 * likewise in f32). A probe per width, run once, settles which: it holds
 * cases whose fused and unfused results differ, and only a host that gives
 * every fused result in every lane is taken as fused. There, one
 * instruction is the exact step XLA CPU's fma64 emulates with a few dozen
 * (fused_steps.ts), and fma32 on four lanes at once; anywhere else the
 * emulated steps run.
 */
import { FunctionBody, Simd, encodeModule } from "./encoder.ts";
import { exportedBuffer, instantiate, wasmApi } from "./runtime.ts";

/** [a, b, c, a·b + c rounded once] in f64: the unfused results differ (0, 0, 2^53 + 3·2^26 + 2, and so on). */
const CASES64: readonly (readonly [number, number, number, number])[] = [
  [1 + 2 ** -30, 1 - 2 ** -30, -1, -(2 ** -60)],
  [0.1, 10, -1, 2 ** -54],
  [2 ** 27 + 1, 2 ** 26 + 1, -(2 ** -20), 2 ** 53 + 3 * 2 ** 26],
  [2 ** 27 + 1, 2 ** 26 + 1, 2 ** -20, 2 ** 53 + 3 * 2 ** 26 + 2],
];

/** The same in f32 (every value an f32): unfused, the first two give 0. */
const CASES32: readonly (readonly [number, number, number, number])[] = [
  [1 + 2 ** -13, 1 - 2 ** -13, -1, -(2 ** -26)],
  [Math.fround(0.1), 10, -1, 2 ** -26],
  [2 ** 12 + 1, 2 ** 12 - 1, -(2 ** 24), -1],
  [2 ** 13 + 1, 2 ** 11 + 1, 2 ** -6, 2 ** 24 + 5 * 2 ** 11 + 2],
];

/** The probe: out = relaxed_madd(a, b, c) for the vectors at bytes 0 (a), 16 (b), 32 (c), written at 48. */
function probeBytes(madd: typeof Simd.f64x2RelaxedMadd | typeof Simd.f32x4RelaxedMadd): Uint8Array {
  const f = new FunctionBody();
  f.i32Const(0);
  for (const at of [0, 16, 32]) f.i32Const(0).simdMem(Simd.v128Load, 3, at);
  f.simd(madd).simdMem(Simd.v128Store, 3, 48);
  return encodeModule({
    types: [{ params: [], results: [] }],
    functions: [{ type: 0, body: f }],
    memoryPages: 1,
    exports: [
      { name: "run", kind: "function", index: 0 },
      { name: "memory", kind: "memory", index: 0 },
    ],
  });
}

/** Whether every case comes out fused in every lane (`lanes` 2: f64x2, 4: f32x4). */
function probe(lanes: 2 | 4): boolean {
  if (wasmApi === undefined) return false;
  const bytes = probeBytes(lanes === 2 ? Simd.f64x2RelaxedMadd : Simd.f32x4RelaxedMadd);
  try {
    if (!wasmApi.validate(bytes)) return false;
  } catch {
    return false;
  }
  const instance = instantiate(bytes);
  const buffer = instance && exportedBuffer(instance, "memory");
  const run = instance?.exports.run;
  if (buffer === undefined || typeof run !== "function") return false;
  const heap = lanes === 2 ? new Float64Array(buffer) : new Float32Array(buffer);
  const cases = lanes === 2 ? CASES64 : CASES32;
  for (let i = 0; i < cases.length; i++) {
    // Each case in every lane position once, beside the other cases.
    const row = Array.from({ length: lanes }, (_, lane) => cases[(i + lane) % cases.length]!);
    for (let lane = 0; lane < lanes; lane++) for (let k = 0; k < 3; k++) heap[k * lanes + lane] = row[lane]![k]!;
    (run as () => void)();
    for (let lane = 0; lane < lanes; lane++) if (!Object.is(heap[3 * lanes + lane], row[lane]![3])) return false;
  }
  return true;
}

let fused64: boolean | undefined;
let fused32: boolean | undefined;
let disabled = false;

/** Whether the fused f64 dots may use f64x2.relaxed_madd as their exact step (probed once). */
export function hardwareFma64(): boolean {
  if (disabled) return false;
  fused64 ??= probe(2);
  return fused64;
}

/** Whether the fused f32 dots may use f32x4.relaxed_madd as their exact step (probed once). */
export function hardwareFma32(): boolean {
  if (disabled) return false;
  fused32 ??= probe(4);
  return fused32;
}

/** Runs `f` with the hardware step off, so that the emulated steps are compiled (tests of those steps). */
export function withoutHardwareFma<T>(f: () => T): T {
  const before = disabled;
  disabled = true;
  try {
    return f();
  } finally {
    disabled = before;
  }
}
