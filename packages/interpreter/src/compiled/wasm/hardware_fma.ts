/**
 * Whether the host's WebAssembly has a fused f64x2.relaxed_madd: relaxed
 * SIMD (on by default from V8 11.4, Node 22; behind
 * --experimental-wasm-relaxed-simd in Node 20) lets the engine compute
 * a·b + c fused (x86 vfmadd where the CPU has FMA3) or as a multiply then
 * an add, its choice, fixed for the process. A probe, run once, settles
 * which: it holds cases whose fused and unfused results differ, and only a
 * host that gives every fused result in both lanes is taken as fused. There,
 * one instruction is the exact step XLA CPU's fma64 emulates with a few
 * dozen (fused_steps.ts); anywhere else the emulation runs.
 */
import { FunctionBody, Simd, encodeModule } from "./encoder.ts";
import { exportedBuffer, instantiate, wasmApi } from "./runtime.ts";

/** [a, b, c, a·b + c rounded once]: the unfused results differ (0, 0, 2^53 + 3·2^26 + 2, and so on). */
const CASES: readonly (readonly [number, number, number, number])[] = [
  [1 + 2 ** -30, 1 - 2 ** -30, -1, -(2 ** -60)],
  [0.1, 10, -1, 2 ** -54],
  [2 ** 27 + 1, 2 ** 26 + 1, -(2 ** -20), 2 ** 53 + 3 * 2 ** 26],
  [2 ** 27 + 1, 2 ** 26 + 1, 2 ** -20, 2 ** 53 + 3 * 2 ** 26 + 2],
];

/** The probe: out = relaxed_madd(a, b, c) for the lane pairs at bytes 0 (a), 16 (b), 32 (c), written at 48. */
function probeBytes(): Uint8Array {
  const f = new FunctionBody();
  f.i32Const(0);
  for (const at of [0, 16, 32]) f.i32Const(0).simdMem(Simd.v128Load, 3, at);
  f.simd(Simd.f64x2RelaxedMadd).simdMem(Simd.v128Store, 3, 48);
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

function probe(): boolean {
  if (wasmApi === undefined) return false;
  const bytes = probeBytes();
  try {
    if (!wasmApi.validate(bytes)) return false;
  } catch {
    return false;
  }
  const instance = instantiate(bytes);
  const buffer = instance && exportedBuffer(instance, "memory");
  const run = instance?.exports.run;
  if (buffer === undefined || typeof run !== "function") return false;
  const heap = new Float64Array(buffer);
  for (let i = 0; i < CASES.length; i++) {
    // Each case in both lanes, beside the next case in the other lane.
    const pair = [CASES[i]!, CASES[(i + 1) % CASES.length]!];
    for (let lane = 0; lane < 2; lane++) for (let k = 0; k < 3; k++) heap[2 * k + lane] = pair[lane]![k]!;
    (run as () => void)();
    if (!Object.is(heap[6], pair[0]![3]) || !Object.is(heap[7], pair[1]![3])) return false;
  }
  return true;
}

let fused: boolean | undefined;
let disabled = false;

/** Whether the fused dots may use f64x2.relaxed_madd as their exact step (probed once). */
export function hardwareFma64(): boolean {
  if (disabled) return false;
  fused ??= probe();
  return fused;
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
