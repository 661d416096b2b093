/**
 * The cost of @minixla/xla's bridge: per call on a small module (an f32[4]
 * add, compiled once; the median of 200 calls after a warm-up, measured in
 * Node around runOnXla, beside the worker's own execute time), and the
 * throughput of a 100 MB f32 argument (a negate: 100 MB out and 100 MB back).
 * Needs a Python with jax: $MINIXLA_XLA_PYTHON or /tmp/minixla-xla-venv.
 * Usage: npx tsx bench/xla_bridge.ts
 */
import { type ArrayLiteral, arrayLiteralFromData, parseHloModule } from "@minixla/hlo";
import { XlaSession } from "@minixla/xla";
import { testXlaPython } from "../test/support/xla.ts";

const python = testXlaPython();
if (python === undefined) {
  console.log("no Python with jax: set MINIXLA_XLA_PYTHON");
  process.exit(0);
}
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const t0 = performance.now();
const session = await XlaSession.start({ python, devices: 1 });
console.log(`worker start (Python + jax ${session.info.jax}): ${(performance.now() - t0).toFixed(0)} ms`);

const small = parseHloModule("HloModule small\n\nENTRY main {\n  a = f32[4] parameter(0)\n  b = f32[4] parameter(1)\n  ROOT c = f32[4] add(a, b)\n}\n");
const x = arrayLiteralFromData({ elementType: "f32", dimensions: [4] }, new Float64Array([1, 2, 3, 4]));
for (let i = 0; i < 20; i++) await session.run(small, [x, x]);
const calls: number[] = [];
const execute: number[] = [];
for (let i = 0; i < 200; i++) {
  const t = performance.now();
  const r = await session.run(small, [x, x]);
  calls.push(performance.now() - t);
  execute.push(r.executeSeconds[0] * 1000);
}
console.log(`small module: ${median(calls).toFixed(3)} ms per call (median of 200), of which XLA's execute ${median(execute).toFixed(3)} ms`);

const n = 25_000_000; // 100 MB of f32
const big = parseHloModule(`HloModule big\n\nENTRY main {\n  a = f32[${n}] parameter(0)\n  ROOT b = f32[${n}] negate(a)\n}\n`);
const data = new Float64Array(n);
for (let i = 0; i < n; i++) data[i] = (i % 1000) / 8;
const arg: ArrayLiteral = arrayLiteralFromData({ elementType: "f32", dimensions: [n] }, data);
await session.run(big, [arg]);
const times: number[] = [];
for (let k = 0; k < 3; k++) {
  const t = performance.now();
  const r = await session.run(big, [arg]);
  times.push(performance.now() - t);
  if ((r.result as ArrayLiteral).data[1] !== -data[1]) throw new Error("wrong result");
}
const ms = median(times);
console.log(`100 MB f32 argument (and 100 MB result): ${ms.toFixed(0)} ms per call, ${((200 / ms) * 1000).toFixed(0)} MB/s both ways together`);
session.close();
