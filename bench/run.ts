/**
 * `pnpm bench`: interpreter throughput on 1000x1000 f64 programs, each against
 * a hand-written Float64Array loop computing the same values in the same run.
 * Prints the median time of each and the ratio (minixla / hand loop).
 */
import { XlaBuilder, type XlaOp } from "@minixla/builder";
import { type ArrayLiteral, type Literal, literal, lowerBroadcasts, shape } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";

const N = 1000;
const REPEATS = Number(process.env.BENCH_REPEATS ?? 15);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(fn: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) fn(); // warm up: let V8 optimize both sides
  for (let i = 0; i < REPEATS; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return median(times);
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

interface Case {
  readonly name: string;
  readonly params: readonly { readonly dims: readonly number[]; readonly data: Float64Array }[];
  readonly build: (b: XlaBuilder, ps: readonly XlaOp[]) => XlaOp;
  readonly hand: (inputs: readonly Float64Array[]) => Float64Array;
}

const CASES: readonly Case[] = [
  {
    name: "matrix + broadcast vector (dims {1})",
    params: [{ dims: [N, N], data: random(N * N, 1) }, { dims: [N], data: random(N, 2) }],
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
    name: "outer add (1000x1 + 1x1000)",
    params: [{ dims: [N, 1], data: random(N, 3) }, { dims: [1, N], data: random(N, 4) }],
    build: (b, [a, c]) => b.add(a, c),
    hand: ([a, c]) => {
      const out = new Float64Array(N * N);
      for (let i = 0; i < N; i++) {
        const ai = a[i];
        const row = i * N;
        for (let j = 0; j < N; j++) out[row + j] = ai + c[j];
      }
      return out;
    },
  },
  {
    name: "tanh(x*y+z)",
    params: [{ dims: [N, N], data: random(N * N, 5) }, { dims: [N, N], data: random(N * N, 6) }, { dims: [N, N], data: random(N * N, 7) }],
    build: (b, [x, y, z]) => b.tanh(b.add(b.mul(x, y), z)),
    hand: ([x, y, z]) => {
      const out = new Float64Array(N * N);
      for (let i = 0; i < N * N; i++) out[i] = Math.tanh(x[i] * y[i] + z[i]);
      return out;
    },
  },
];

function main(): void {
  console.log(`minixla interpreter vs hand-written Float64Array loops (${N}x${N} f64, median of ${REPEATS})`);
  console.log("case".padEnd(40), "minixla ms".padStart(11), "hand ms".padStart(9), "ratio".padStart(7));
  for (const c of CASES) {
    const b = new XlaBuilder("bench");
    const ps = c.params.map((p, i) => b.parameter(i, shape("f64", p.dims), `p${i}`));
    c.build(b, ps);
    const module = lowerBroadcasts(b.build());
    const args: Literal[] = c.params.map((p) => literal("f64", p.dims, p.data));
    const ours = evaluate(module, args) as ArrayLiteral;
    const theirs = c.hand(c.params.map((p) => p.data));
    for (let i = 0; i < theirs.length; i++) {
      if (!Object.is(ours.data[i], theirs[i])) throw new Error(`${c.name}: results differ at ${i}: ${ours.data[i]} vs ${theirs[i]}`);
    }
    const tOurs = time(() => evaluate(module, args));
    const tHand = time(() => c.hand(c.params.map((p) => p.data)));
    console.log(c.name.padEnd(40), tOurs.toFixed(2).padStart(11), tHand.toFixed(2).padStart(9), `${(tOurs / tHand).toFixed(2)}x`.padStart(7));
  }
}

main();
