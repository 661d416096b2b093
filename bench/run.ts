/**
 * `pnpm bench`: the two engines against hand-written Float64Array loops doing
 * the same work, in one process. For each workload: the median time of the
 * reference evaluator (`evaluate`), of the compiled engine (`compile` once,
 * then `execute`) and of the hand loop; the compiled engine's ratio to the
 * hand loop; and the peak bytes each engine held during one execution
 * (arrays made during it, outputs included, arguments not). Every result is
 * checked bit for bit against the other engine and the hand loop first.
 * The hand loops are the plain loops a programmer would write first
 * (matmul: i-j-k with a local sum), not tuned ones.
 *
 * BENCH_REPEATS (default 15) sets the timed runs per measurement;
 * BENCH_ONLY=W3 runs the workloads whose name starts with that.
 */
import { XlaBuilder, type XlaOp } from "@minixla/builder";
import { type ArrayLiteral, type HloModule, type Literal, firstBitDifference, literal, lowerBroadcasts, shape } from "@minixla/hlo";
import { compile, evaluate } from "@minixla/interpreter";

const REPEATS = Number(process.env.BENCH_REPEATS ?? 15);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * Median times of several functions measured interleaved (one run of each per
 * round), so garbage collection and machine noise fall on all of them alike.
 */
function timeAll(fns: readonly (() => unknown)[]): number[] {
  // Warm up (at least 5 runs and 200 ms each) so V8 has optimized every side, generated loops included.
  for (const fn of fns) {
    const start = performance.now();
    for (let i = 0; i < 5 || performance.now() - start < 200; i++) fn();
  }
  const times: number[][] = fns.map(() => []);
  for (let r = 0; r < REPEATS; r++) {
    fns.forEach((fn, k) => {
      const t0 = performance.now();
      fn();
      times[k].push(performance.now() - t0);
    });
  }
  return times.map(median);
}

function random(n: number, seed: number): Float64Array {
  const out = new Float64Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) % 2147483648;
    out[i] = s / 2147483648 - 0.5;
  }
  return out;
}

interface Param {
  readonly dims: readonly number[];
  readonly data: Float64Array;
}

interface Workload {
  readonly name: string;
  /** Counted in the geometric mean (W1-W7 of the issue). */
  readonly core: boolean;
  readonly params: readonly Param[];
  readonly build: (b: XlaBuilder, ps: readonly XlaOp[]) => XlaOp;
  readonly hand: (inputs: readonly Float64Array[]) => Float64Array;
}

const param = (dims: readonly number[], seed: number): Param => ({ dims, data: random(dims.reduce((a, b) => a * b, 1), seed) });

/** out[i][j] = sum_p a[i][p] * b[p][j], the textbook loop. */
function matmul(a: Float64Array, b: Float64Array, m: number, k: number, n: number): Float64Array {
  const out = new Float64Array(m * n);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let p = 0; p < k; p++) s += a[i * k + p] * b[p * n + j];
      out[i * n + j] = s;
    }
  }
  return out;
}

const N = 1000;

const WORKLOADS: readonly Workload[] = [
  {
    name: "W1 [1000,1000] + [1000] {1}",
    core: true,
    params: [param([N, N], 1), param([N], 2)],
    build: (b, [x, v]) => b.add(x, v, [1]),
    hand: ([x, v]) => {
      const out = new Float64Array(N * N);
      for (let i = 0; i < N; i++) {
        const row = i * N;
        for (let j = 0; j < N; j++) out[row + j] = x[row + j] + v[j];
      }
      return out;
    },
  },
  {
    name: "W2 outer add [2000,1] + [1,2000]",
    core: true,
    params: [param([2000, 1], 3), param([1, 2000], 4)],
    build: (b, [a, c]) => b.add(a, c),
    hand: ([a, c]) => {
      const out = new Float64Array(2000 * 2000);
      for (let i = 0; i < 2000; i++) {
        const row = i * 2000;
        for (let j = 0; j < 2000; j++) out[row + j] = a[i] + c[j];
      }
      return out;
    },
  },
  {
    name: "W3 tanh(x*y+z)",
    core: true,
    params: [param([N, N], 5), param([N, N], 6), param([N, N], 7)],
    build: (b, [x, y, z]) => b.tanh(b.add(b.mul(x, y), z)),
    hand: ([x, y, z]) => {
      const out = new Float64Array(N * N);
      for (let i = 0; i < N * N; i++) out[i] = Math.tanh(x[i] * y[i] + z[i]);
      return out;
    },
  },
  {
    name: "W4 row sums of [1000,1000]",
    core: true,
    params: [param([N, N], 8)],
    build: (b, [x]) => b.reduce(x, b.constant(literal("f64", [], [0])), addComputation(), [1]),
    hand: ([x]) => {
      const out = new Float64Array(N);
      for (let i = 0; i < N; i++) {
        let s = 0;
        for (let j = 0; j < N; j++) s += x[i * N + j];
        out[i] = s;
      }
      return out;
    },
  },
  {
    name: "W5 matmul 256x256x256",
    core: true,
    params: [param([256, 256], 9), param([256, 256], 10)],
    build: (b, [x, y]) => b.dot(x, y),
    hand: ([x, y]) => matmul(x, y, 256, 256, 256),
  },
  {
    name: "W6 relu(x@W + b) 64x512 @ 512x512",
    core: true,
    params: [param([64, 512], 11), param([512, 512], 12), param([512], 13)],
    build: (b, [x, w, bias]) => b.max(b.add(b.dot(x, w), bias, [1]), b.constant(literal("f64", [], [0]))),
    hand: ([x, w, bias]) => {
      const out = new Float64Array(64 * 512);
      for (let i = 0; i < 64; i++) {
        for (let j = 0; j < 512; j++) {
          let s = 0;
          for (let p = 0; p < 512; p++) s += x[i * 512 + p] * w[p * 512 + j];
          const v = s + bias[j];
          out[i * 512 + j] = v < 0 ? 0 : v;
        }
      }
      return out;
    },
  },
  {
    name: "W7 transpose [1000,1000]",
    core: true,
    params: [param([N, N], 14)],
    build: (b, [x]) => b.transpose(x, [1, 0]),
    hand: ([x]) => {
      const out = new Float64Array(N * N);
      for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) out[j * N + i] = x[i * N + j];
      return out;
    },
  },
  {
    name: "MLP 32x784 -> 256 relu -> 10",
    core: false,
    params: [param([32, 784], 15), param([784, 256], 16), param([256], 17), param([256, 10], 18), param([10], 19)],
    build: (b, [x, w1, b1, w2, b2]) => {
      const h = b.max(b.add(b.dot(x, w1), b1, [1]), b.constant(literal("f64", [], [0])));
      return b.add(b.dot(h, w2), b2, [1]);
    },
    hand: ([x, w1, b1, w2, b2]) => {
      const h = matmul(x, w1, 32, 784, 256);
      for (let i = 0; i < 32; i++) {
        for (let j = 0; j < 256; j++) {
          const v = h[i * 256 + j] + b1[j];
          h[i * 256 + j] = v < 0 ? 0 : v;
        }
      }
      const out = matmul(h, w2, 32, 256, 10);
      for (let i = 0; i < 32; i++) for (let j = 0; j < 10; j++) out[i * 10 + j] += b2[j];
      return out;
    },
  },
  {
    name: "attention softmax(QK^T)V 128x64",
    core: false,
    params: [param([128, 64], 20), param([128, 64], 21), param([128, 64], 22)],
    build: (b, [q, k, v]) => {
      const scores = b.dotGeneral(q, k, { lhsContractingDimensions: [1], rhsContractingDimensions: [1], lhsBatchDimensions: [], rhsBatchDimensions: [] });
      const max = b.reduce(scores, b.constant(literal("f64", [], [-Infinity])), maxComputation(), [1]);
      const e = b.exp(b.sub(scores, max, [0]));
      const sum = b.reduce(e, b.constant(literal("f64", [], [0])), addComputation(), [1]);
      return b.dot(b.div(e, sum, [0]), v);
    },
    hand: ([q, k, v]) => {
      const s = new Float64Array(128 * 128);
      for (let i = 0; i < 128; i++) {
        for (let j = 0; j < 128; j++) {
          let acc = 0;
          for (let p = 0; p < 64; p++) acc += q[i * 64 + p] * k[j * 64 + p];
          s[i * 128 + j] = acc;
        }
      }
      for (let i = 0; i < 128; i++) {
        let m = -Infinity;
        for (let j = 0; j < 128; j++) m = m < s[i * 128 + j] ? s[i * 128 + j] : m;
        let sum = 0;
        for (let j = 0; j < 128; j++) {
          const e = Math.exp(s[i * 128 + j] - m);
          s[i * 128 + j] = e;
          sum += e;
        }
        for (let j = 0; j < 128; j++) s[i * 128 + j] /= sum;
      }
      return matmul(s, v, 128, 128, 64);
    },
  },
];

function scalarComputation(name: string, op: "add" | "max"): HloModule {
  const b = new XlaBuilder(name);
  const x = b.parameter(0, shape("f64", []), "x");
  const y = b.parameter(1, shape("f64", []), "y");
  if (op === "add") b.add(x, y);
  else b.max(x, y);
  return b.build();
}
const addComputation = (): HloModule => scalarComputation("add", "add");
const maxComputation = (): HloModule => scalarComputation("max", "max");

const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)}`;

function main(): void {
  const only = process.env.BENCH_ONLY;
  console.log(`minixla engines vs hand-written Float64Array loops (f64, median of ${REPEATS} runs, ms; peak MiB held during one execution)`);
  console.log(
    "workload".padEnd(36),
    "reference".padStart(10),
    "compiled".padStart(9),
    "hand".padStart(8),
    "ref/hand".padStart(9),
    "comp/hand".padStart(10),
    "peak ref".padStart(9),
    "peak comp".padStart(10),
    "out+in".padStart(7),
  );
  const ratios: number[] = [];
  for (const w of WORKLOADS) {
    if (only !== undefined && !w.name.startsWith(only)) continue;
    const b = new XlaBuilder("bench");
    const ps = w.params.map((p, i) => b.parameter(i, shape("f64", p.dims), `p${i}`));
    w.build(b, ps);
    const module = lowerBroadcasts(b.build());
    const args: Literal[] = w.params.map((p) => literal("f64", p.dims, p.data));
    const exe = compile(module);
    const opByOp = compile(module, { fuse: false, compiledLoops: false });
    const reference = evaluate(module, args) as ArrayLiteral;
    const compiled = exe.execute(args) as ArrayLiteral;
    opByOp.execute(args);
    const hand = w.hand(w.params.map((p) => p.data));
    const d = firstBitDifference(compiled, reference);
    if (d !== undefined) throw new Error(`${w.name}: compiled and reference differ: ${d.message}`);
    const h = firstBitDifference(compiled, { shape: compiled.shape, data: hand });
    if (h !== undefined) throw new Error(`${w.name}: compiled and the hand loop differ: ${h.message}`);
    const [tRef, tComp, tHand] = timeAll([() => evaluate(module, args), () => exe.execute(args), () => w.hand(w.params.map((p) => p.data))]);
    const ratio = tComp / tHand;
    if (w.core) ratios.push(ratio);
    const inputBytes = w.params.reduce((s, p) => s + p.data.byteLength, 0);
    console.log(
      w.name.padEnd(36),
      tRef.toFixed(2).padStart(10),
      tComp.toFixed(2).padStart(9),
      tHand.toFixed(2).padStart(8),
      `${(tRef / tHand).toFixed(2)}x`.padStart(9),
      `${ratio.toFixed(2)}x`.padStart(10),
      mib(opByOp.lastStats?.peakBytes ?? 0).padStart(9),
      mib(exe.lastStats?.peakBytes ?? 0).padStart(10),
      mib(compiled.data.byteLength + inputBytes).padStart(7),
    );
  }
  if (ratios.length > 0) {
    const geomean = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
    console.log(`geometric mean of compiled/hand over ${ratios.length} core workloads (W1-W7): ${geomean.toFixed(2)}x`);
  }
}

main();
