/**
 * The xla_builder.* custom-call targets against XLA CPU's values for the same
 * functions (test/corpus/xla-builder-lib/goldens.json: make_goldens.py runs
 * the expansions that XLA's own builder tests record in their CHECK lines,
 * compiled by jaxlib 0.10.2's CPU backend). Each target is called the way the
 * corpus module calls it; every golden input is compared, and the distance
 * to XLA is asserted in units in the last place of the result type: bit for
 * bit where minixla's float64 evaluation rounds to XLA's value, else within
 * the bound stated per function (XLA evaluates the expansions in the element
 * type, with its own log/exp/atan2/pow, so f32 results carry XLA's rounding
 * error; each bound above 1 ulp is explained below).
 */
import { readFileSync } from "node:fs";
import {
  type ArrayLiteral,
  ELEMENT_TYPE_INFO,
  type ElementType,
  EvalError,
  type Literal,
  literal,
  parseHloModule,
} from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";
import { describe, expect, it } from "vitest";

interface Case {
  readonly args: readonly (readonly (string | readonly [string, string])[])[];
  readonly out: readonly (string | readonly [string, string])[];
  readonly out_shape: readonly number[];
}
interface Golden {
  readonly params: readonly (readonly [string, readonly number[]])[];
  readonly cases: readonly Case[];
}
const GOLDENS = JSON.parse(readFileSync(new URL("corpus/xla-builder-lib/goldens.json", import.meta.url), "utf8")) as Record<string, Golden>;

const TARGETS: Readonly<Record<string, string>> = {
  math_acos: "xla_builder.math.Acos",
  math_acosh: "xla_builder.math.Acosh",
  math_asin: "xla_builder.math.Asin",
  math_asinh: "xla_builder.math.Asinh",
  math_atan: "xla_builder.math.Atan",
  math_cosh: "xla_builder.math.Cosh",
  math_next_after: "xla_builder.math.NextAfter",
  math_polygamma: "xla_builder.math.Polygamma",
  math_igamma_grad_a: "xla_builder.math.IgammaGradA",
  math_random_gamma_grad: "xla_builder.math.RandomGammaGrad",
  math_regularized_incomplete_beta: "xla_builder.math.RegularizedIncompleteBeta",
  matrix_einsum: "xla_builder.matrix.Einsum",
  matrix_get_matrix_diagonal_via_gather: "xla_builder.matrix.GetMatrixDiagonalViaGather",
  prng_scramble_philox_key: "xla_builder.prng.ScramblePhiloxKey",
  tridiagonal_tridiagonal_solve: "xla_builder.tridiagonal.TridiagonalSolver",
};
const EINSUM: Readonly<Record<string, string>> = { einsum_diag: "ii,ii->i", einsum_inverse_diag: "i,ij->ii" };

/**
 * Largest distance to XLA, in ulps of the result type, per golden key (the
 * rest are bit for bit). In each worst case checked with mpmath (30 digits),
 * minixla's value is the closer one; XLA's differs by its f32 evaluation:
 * acos(0.999) = 0.04472479921 (XLA 0.04472479597, minixla 0.04472479969);
 * cosh(88) = 8.2581812750e37 (XLA 8.2581929931e37: f32 x + log ½ is off by
 * 88·2^-24); polygamma(4, -1.5) = -0.3137559995 (XLA -0.3139703, its f32
 * cos(π/2) = -4.4e-8 in the reflection term; minixla -0.3137560);
 * IgammaGradA(10, 0.5) = -5.2130887e-10 (XLA -5.2130694e-10);
 * betainc(5, 0.5, 0.9) = 0.3166428542 (XLA 0.3166419864, minixla 0.3166428208);
 * atan(1e-3 + 1e-3i) = 0.0010000007 + 0.00099999938i (XLA's complex atan2 in
 * f32 gives 0.0010000102i). Complex distances are norm-wise (complexUlps).
 *
 * XLA's own tests of these functions (xla/hlo/builder/lib/math_test.cc)
 * accept an absolute error of 1e-4 (`ErrorSpec error_spec_{0.0001}`), far
 * looser than any bound here but polygamma's near its poles (where XLA's
 * value is the wrong one, above). So the bounds are held tight instead: each
 * is the ceiling of the worst distance on these inputs, and the test fails
 * when minixla gets closer, until the bound is lowered.
 */
const ULPS: Readonly<Record<string, number>> = {
  "math_acos:acos_f32": 1,
  // XLA CPU contracts the expansion's 1 - x*x into one fused multiply-add (README divergence table, "add/subtract of a
  // multiply"), exact where minixla's float64 1 - x*x cancels: acos(0.999) = 0.044725087168733451 (mpmath), XLA
  // 0.04472508716873345, minixla 0.04472508716873313.
  "math_acos:acos_f64": 46,
  // glibc's asin/log/exp against JavaScript's Math, 1 ulp apart (README ulp table): asin(0.5), asinh(1), cosh(1.5).
  "math_asin:asin_f64": 1,
  "math_asinh:asinh_f64": 1,
  "math_cosh:cosh_f64": 1,
  "math_acos:acos_complex64": 18,
  "math_acos:acos_complex128": 2,
  "math_acosh:acosh_f32": 1,
  "math_acosh:acosh_complex64": 9,
  "math_acosh:acosh_complex128": 1,
  "math_asin:asin_complex64": 1,
  "math_asin:asin_complex128": 2,
  "math_asinh:asinh_f32": 1,
  "math_asinh:asinh_complex64": 1,
  "math_asinh:asinh_complex128": 1,
  "math_atan:atan_complex64": 93,
  "math_atan:atan_complex128": 2,
  "math_cosh:cosh_f32": 23,
  "math_cosh:cosh_complex64": 7,
  "math_cosh:cosh_complex128": 2,
  "math_igamma_grad_a:main": 35,
  "math_polygamma:main": 7191,
  "math_random_gamma_grad:main": 8,
  "math_regularized_incomplete_beta:main": 28,
  // XLA sums the reduced row first, then multiplies; minixla sums the products in float64.
  "matrix_einsum:einsum_inverse_diag": 1,
  // Same operations in the same order, rounded to f32 each; XLA CPU's compiled loop still differs by up to 4 ulps.
  "tridiagonal_tridiagonal_solve:tridiagonal_tridiagonal_solve": 4,
};

/** Keys whose XLA expansion does not compute the function: checked by their defining property instead. */
const NOT_COMPARABLE = new Set(["tridiagonal_tridiagonal_solve:tridiagonal_tridiagonal_solve_all_args"]);

const num = (s: string): number => (s === "nan" ? Number.NaN : s === "inf" ? Infinity : s === "-inf" ? -Infinity : Number(s));
const shapeText = (t: string, dims: readonly number[]): string => `${t}[${dims.join(",")}]`;

function argLiteral(t: string, dims: readonly number[], data: readonly (string | readonly [string, string])[]): Literal {
  const type = t as ElementType;
  if (type === "u64") return literal(type, dims, data.map((v) => BigInt(v as string)));
  if (type === "c64" || type === "c128") {
    return { shape: { elementType: type, dimensions: dims }, data: Float64Array.from(data.flatMap((v) => (v as readonly string[]).map(num))) };
  }
  return { shape: { elementType: type, dimensions: dims }, data: Float64Array.from(data.map((v) => num(v as string))) };
}

/**
 * Ordered integer of a value of a float type: adjacent values differ by 1.
 * f64 and f32 read their bits (a float64 sum of exponent and mantissa
 * steps would round away the last bits of an f64's index); the narrower
 * types count their few mantissa steps exactly in float64.
 */
function ulpIndex(x: number, t: ElementType): bigint {
  if (t === "f64" || t === "c128" || t === "f32" || t === "c64") {
    const view = new DataView(new ArrayBuffer(8));
    if (t === "f64" || t === "c128") {
      view.setFloat64(0, x);
      const bits = view.getBigInt64(0);
      return bits < 0n ? -(bits & 0x7fffffffffffffffn) : bits;
    }
    view.setFloat32(0, x);
    const bits = view.getInt32(0);
    return BigInt(bits < 0 ? -(bits & 0x7fffffff) : bits);
  }
  const info = ELEMENT_TYPE_INFO[t];
  const mantissa = t === "f16" ? 10 : t === "bf16" ? 7 : 2;
  const minExp = -15;
  if (x === 0) return 0n;
  if (!Number.isFinite(x)) return BigInt(Math.sign(x) * (info.max * 2 ** (mantissa + 2)));
  const a = Math.abs(x);
  const e = Math.max(Math.floor(Math.log2(a)), minExp);
  return BigInt(Math.sign(x) * (a / 2 ** (e - mantissa) + (e - minExp) * 2 ** mantissa));
}

/** Distance in ulps; 0 when both are NaN or equal (signed zeros compared by sign), Infinity for NaN against a number. */
function ulps(got: number, want: number, t: ElementType): number {
  if (Number.isNaN(want) || Number.isNaN(got)) return Number.isNaN(want) && Number.isNaN(got) ? 0 : Infinity;
  if (want === 0 && got === 0) return Object.is(want, got) ? 0 : 1;
  if (got === want) return 0;
  const d = ulpIndex(got, t) - ulpIndex(want, t);
  return Number(d < 0n ? -d : d);
}

/**
 * A complex result's distance, norm-wise: |got - want| in ulps of |want|'s
 * component type (a component far below the other carries the other's
 * rounding error, so XLA's acos(0.5) = 1.047 + 1.3e-8i is 1 ulp from 1.047 + 0i).
 */
function complexUlps(gr: number, gi: number, wr: number, wi: number, t: ElementType): number {
  if ([gr, gi, wr, wi].some(Number.isNaN) || ![gr, gi, wr, wi].every(Number.isFinite)) {
    return Math.max(ulps(gr, wr, t), ulps(gi, wi, t));
  }
  const mag = Math.hypot(wr, wi);
  if (mag === 0) return gr === 0 && gi === 0 ? 0 : Infinity;
  const ulp = 2 ** (Math.floor(Math.log2(mag)) - (t === "c64" ? 23 : 52));
  return Math.hypot(gr - wr, gi - wi) / ulp;
}

/** The largest absolute difference from XLA over a key's real outputs: XLA's own math tests accept 1e-4 (below). */
function run(key: string, g: Golden): { readonly worst: number; readonly where: string; readonly worstAbs: number } {
  const [file, label] = key.split(":");
  const target = TARGETS[file];
  const params = g.params.map(([t, d], i) => `p${i} = ${shapeText(t, d)} parameter(${i})`);
  const outType = g.params[g.params.length - 1][0];
  const config = EINSUM[label] === undefined ? "" : `, backend_config="${EINSUM[label]}"`;
  let worst = 0;
  let worstAbs = 0;
  let where = "";
  for (const c of g.cases) {
    const text = `HloModule t\nENTRY e {\n  ${params.join("\n  ")}\n  ROOT r = ${shapeText(outType, c.out_shape)} custom-call(${g.params.map((_, i) => `p${i}`).join(", ")}), custom_call_target="${target}"${config}\n}\n`;
    const args = g.params.map(([t, d], i) => argLiteral(t, d, c.args[i]));
    const r = evaluate(parseHloModule(text), args) as ArrayLiteral;
    const t = r.shape.elementType;
    const got = Array.from(r.data as ArrayLike<number | bigint>);
    // The result must have XLA's shape and as many elements as XLA's output: a shorter result must not pass unread.
    expect(r.shape.dimensions, `${key}: result dimensions`).toEqual(c.out_shape);
    expect(got.length, `${key}: result length`).toBe(c.out.length * (t === "c64" || t === "c128" ? 2 : 1));
    c.out.forEach((w, i) => {
      let d: number;
      if (t === "u64") d = got[i] === BigInt(w as string) ? 0 : Infinity;
      else if (t === "c64" || t === "c128") d = complexUlps(got[2 * i] as number, got[2 * i + 1] as number, num((w as readonly string[])[0]), num((w as readonly string[])[1]), t);
      else {
        d = ulps(got[i] as number, num(w as string), t);
        const diff = Math.abs((got[i] as number) - num(w as string));
        if (Number.isFinite(diff) && diff > worstAbs) worstAbs = diff;
      }
      // A NaN distance (never expected: ulps() maps NaN against a number to Infinity) counts as the worst there is.
      if (Number.isNaN(d) || d > worst) {
        worst = Number.isNaN(d) ? Infinity : d;
        where = `${c.args.map((a) => JSON.stringify(a)).join(" ")} -> ${JSON.stringify(c.out[i])}, got ${t === "c64" || t === "c128" ? `${got[2 * i]},${got[2 * i + 1]}` : String(got[i])}`;
      }
    });
  }
  return { worst, where, worstAbs };
}

describe("xla_builder.* custom calls give XLA CPU's values", () => {
  for (const [key, g] of Object.entries(GOLDENS)) {
    if (NOT_COMPARABLE.has(key)) continue;
    const bound = ULPS[key] ?? 0;
    it(`${key} is within ${bound} ulp of XLA on ${g.cases.length} inputs`, () => {
      const { worst, where, worstAbs } = run(key, g);
      expect(worst, `worst ${worst} ulp at ${where}`).toBeLessThanOrEqual(bound);
      // A bound is the worst distance rounded up, never slack: closer values must lower it.
      expect(Math.ceil(worst), `worst ${worst} ulp (absolute ${worstAbs}) at ${where}: lower the bound`).toBe(bound);
    });
  }
});

describe("TridiagonalSolver with separate diagonals (whose expansion in XLA's test returns the eliminated diagonal, f32[1,3])", () => {
  it("returns x with T x = rhs row by row, on the golden inputs", () => {
    const g = GOLDENS["tridiagonal_tridiagonal_solve:tridiagonal_tridiagonal_solve_all_args"];
    const m = parseHloModule(`HloModule t
ENTRY e {
  lo = f32[1,3] parameter(0)
  d = f32[1,3] parameter(1)
  up = f32[1,3] parameter(2)
  b = f32[3,3] parameter(3)
  ROOT r = f32[3,3] custom-call(lo, d, up, b), custom_call_target="xla_builder.tridiagonal.TridiagonalSolver"
}`);
    for (const c of g.cases) {
      const [lo, d, up, b] = c.args.map((a) => a.map((v) => num(v as string)));
      const args = g.params.map(([t, dims], i) => argLiteral(t, dims, c.args[i]));
      const x = Array.from((evaluate(m, args) as ArrayLiteral).data as Float64Array);
      for (let k = 0; k < 3; k++) {
        for (let i = 0; i < 3; i++) {
          const tx = (i > 0 ? lo[i] * x[3 * k + i - 1] : 0) + d[i] * x[3 * k + i] + (i < 2 ? up[i] * x[3 * k + i + 1] : 0);
          expect(Math.abs(tx - b[3 * k + i])).toBeLessThan(1e-5 * (1 + Math.abs(b[3 * k + i])));
        }
      }
    }
  });
});

describe("xla_builder.* custom calls beyond XLA's test inputs", () => {
  const one = (text: string, args: readonly Literal[]): number[] => Array.from((evaluate(parseHloModule(`HloModule t\nENTRY e {\n${text}\n}`), args) as ArrayLiteral).data as Float64Array);

  it("Einsum contracts, traces and transposes by its equation", () => {
    const a = literal("f32", [2, 3], [1, 2, 3, 4, 5, 6]);
    const b = literal("f32", [3, 2], [1, 0, 0, 1, 1, 1]);
    expect(one(`a = f32[2,3] parameter(0)\nb = f32[3,2] parameter(1)\nROOT r = f32[2,2] custom-call(a, b), custom_call_target="xla_builder.matrix.Einsum", backend_config="ij,jk->ik"`, [a, b])).toEqual([4, 5, 10, 11]);
    expect(one(`a = f32[2,3] parameter(0)\nROOT r = f32[3,2] custom-call(a), custom_call_target="xla_builder.matrix.Einsum", backend_config="ij->ji"`, [a])).toEqual([1, 4, 2, 5, 3, 6]);
    const sq = literal("f32", [3, 3], [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(one(`a = f32[3,3] parameter(0)\nROOT r = f32[] custom-call(a), custom_call_target="xla_builder.matrix.Einsum", backend_config="ii->"`, [sq])).toEqual([15]);
  });

  it("NextAfter steps one encoding in f64, bf16 and f16, and keeps the sign of a zero target", () => {
    const step = (t: string, from: number, to: number): number =>
      one(`a = ${t}[] parameter(0)\nb = ${t}[] parameter(1)\nROOT r = ${t}[] custom-call(a, b), custom_call_target="xla_builder.math.NextAfter"`, [
        literal(t as "f64", [], [from]),
        literal(t as "f64", [], [to]),
      ])[0];
    expect(step("f64", 1, 2)).toBe(1 + 2 ** -52);
    expect(step("f64", 1, 0)).toBe(1 - 2 ** -53);
    expect(step("bf16", 1, 2)).toBe(1 + 2 ** -7);
    expect(step("f16", 65504, Infinity)).toBe(Infinity);
    expect(Object.is(step("f32", 0, -0), -0)).toBe(true);
    expect(step("f32", -0, 1)).toBe(2 ** -149);
  });
});

describe("xla_builder.* custom calls refuse what XLA's library rejects", () => {
  it("GetMatrixDiagonalViaGather declared f32[2,2] (XLA's test) is refused: the diagonal of f32[2,2] is f32[2]", () => {
    const m = parseHloModule(`HloModule t
ENTRY e {
  p = f32[2,2] parameter(0)
  ROOT r = f32[2,2] custom-call(p), custom_call_target="xla_builder.matrix.GetMatrixDiagonalViaGather"
}`);
    expect(() => evaluate(m, [literal("f32", [2, 2], [1, 2, 3, 4])])).toThrow(EvalError);
    expect(() => evaluate(m, [literal("f32", [2, 2], [1, 2, 3, 4])])).toThrow(/the diagonal of f32\[2,2\] is f32\[2\]/);
  });

  it("an element-wise target needs operands shaped like its result", () => {
    const m = parseHloModule(`HloModule t
ENTRY e {
  a = f32[2] parameter(0)
  b = f32[3] parameter(1)
  ROOT r = f32[2] custom-call(a, b), custom_call_target="xla_builder.math.NextAfter"
}`);
    expect(() => evaluate(m, [literal("f32", [2], [1, 2]), literal("f32", [3], [1, 2, 3])])).toThrow(/operand 1 f32\[3\] must have the result's shape f32\[2\]/);
  });
});
