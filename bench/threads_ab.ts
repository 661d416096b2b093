/**
 * `npx tsx bench/threads_ab.ts`: W1-W7 of bench/run.ts on the compiled
 * engine with threads off and on (compile(m, { threads: false }) against the
 * default), interleaved in one process, each checked bit for bit against
 * the reference first; prints the medians, the speedup, and how many shares
 * one run posted to a worker. R sets the timed runs (default 15), ONLY=W3
 * one workload, T the workers started first (default 1). A split pays only
 * while another core is free: run it on a quiet machine.
 */
import { XlaBuilder, type XlaOp } from "@minixla/builder";
import { type Literal, firstBitDifference, type ArrayLiteral, literal, lowerBroadcasts, shape, type HloModule } from "@minixla/hlo";
import { compile, evaluate } from "@minixla/interpreter";
import { threadedJobCount, startThreads } from "../packages/interpreter/src/compiled/threads/worker_pool.ts";
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function random(n: number, seed: number): Float64Array { const out = new Float64Array(n); let s = seed; for (let i = 0; i < n; i++) { s = (s * 1103515245 + 12345) % 2147483648; out[i] = s / 2147483648 - 0.5; } return out; }
function addC(): HloModule { const b = new XlaBuilder("add"); b.add(b.parameter(0, shape("f64", []), "x"), b.parameter(1, shape("f64", []), "y")); return b.build(); }
const N = 1000;
const W: [string, number[][], (b: XlaBuilder, p: XlaOp[]) => XlaOp][] = [
  ["W1", [[N, N], [N]], (b, [x, v]) => b.add(x, v, [1])],
  ["W2", [[2000, 1], [1, 2000]], (b, [a, c]) => b.add(a, c)],
  ["W3", [[N, N], [N, N], [N, N]], (b, [x, y, z]) => b.tanh(b.add(b.mul(x, y), z))],
  ["W4", [[N, N]], (b, [x]) => b.reduce(x, b.constant(literal("f64", [], [0])), addC(), [1])],
  ["W5", [[256, 256], [256, 256]], (b, [x, y]) => b.dot(x, y)],
  ["W6", [[64, 512], [512, 512], [512]], (b, [x, w, bias]) => b.max(b.add(b.dot(x, w), bias, [1]), b.constant(literal("f64", [], [0])))],
  ["W7", [[N, N]], (b, [x]) => b.transpose(x, [1, 0])],
];
console.log("workers ready:", startThreads(Number(process.env.T ?? 1)));
const R = Number(process.env.R ?? 15);
for (const [name, dims, build] of W) {
  if (process.env.ONLY && !name.startsWith(process.env.ONLY)) continue;
  const b = new XlaBuilder("bench");
  const ps = dims.map((d, i) => b.parameter(i, shape("f64", d), `p${i}`));
  build(b, ps);
  const m = lowerBroadcasts(b.build());
  const args: Literal[] = dims.map((d, i) => literal("f64", d, random(d.reduce((a, c) => a * c, 1), i + 1)));
  const off = compile(m, { threads: false }), on = compile(m);
  const ref = evaluate(m, args) as ArrayLiteral;
  const j0 = threadedJobCount();
  for (const e of [off, on]) { const d = firstBitDifference(e.execute(args) as ArrayLiteral, ref); if (d) throw new Error(name + d.message); }
  const jobs = threadedJobCount() - j0;
  const t: number[][] = [[], []];
  for (let i = 0; i < 5; i++) { off.execute(args); on.execute(args); }
  for (let r = 0; r < R; r++) [off, on].forEach((e, k) => { const t0 = performance.now(); e.execute(args); t[k].push(performance.now() - t0); });
  const [a, c] = t.map(median);
  console.log(name, "off", a.toFixed(2), "on", c.toFixed(2), "speedup", (a / c).toFixed(2), "worker jobs in one run:", jobs);
}
