/**
 * Runs a fuzz program on minixla in one numerics mode and compares it with
 * XLA's answer bit for bit (every NaN equal to every NaN), except for the
 * documented entries of ULP_TOLERANCES: ops whose XLA CPU values minixla
 * reproduces only to within an ulp (README, "Reference numerics and XLA's
 * CPU numerics").
 */
import {
  type ArrayLiteral,
  ELEMENT_TYPE_INFO,
  type ElementType,
  type Literal,
  firstBitDifference,
  isTupleLiteral,
  parseHloModule,
  xlaCpuNumerics,
} from "@minixla/hlo";
import { type EvalOptions, compile, evaluate } from "@minixla/interpreter";
import { type FuzzProgram, paramLiteral, parameterText } from "./program.ts";

/** The two numerics modes. */
export type Mode = "reference" | "xla-cpu";

/** An op and type whose XLA value minixla gives only to within `ulps` in a mode (README divergence table). */
export interface UlpTolerance {
  readonly mode: Mode;
  readonly op: string;
  readonly types: readonly ElementType[];
  readonly ulps: number;
}

/**
 * The documented entries (README divergence table): in xla-cpu mode the f64
 * functions XLA CPU takes from glibc that minixla computes with JavaScript's
 * Math (log, sine, cosine, tan, atan2, power; log-plus-one for |x| ≥ 0.4142
 * and erf on [1.25, 6), numerics/xla_cpu/math.ts), all within 1 ulp, and f32/f64 rsqrt,
 * which XLA CPU refines from the CPU's estimate (within 2 ulps of
 * 1/sqrt(x)); in reference mode minixla's f64 erf and cbrt against the C
 * library's that XLA's evaluator calls.
 */
export const ULP_TOLERANCES: readonly UlpTolerance[] = [
  { mode: "xla-cpu", op: "log", types: ["f64"], ulps: 1 },
  { mode: "xla-cpu", op: "sine", types: ["f64"], ulps: 1 },
  { mode: "xla-cpu", op: "cosine", types: ["f64"], ulps: 1 },
  { mode: "xla-cpu", op: "tan", types: ["f64"], ulps: 1 },
  { mode: "xla-cpu", op: "atan2", types: ["f64"], ulps: 1 },
  { mode: "xla-cpu", op: "power", types: ["f64"], ulps: 1 },
  { mode: "xla-cpu", op: "log-plus-one", types: ["f64"], ulps: 1 },
  { mode: "xla-cpu", op: "erf", types: ["f64"], ulps: 1 },
  { mode: "xla-cpu", op: "rsqrt", types: ["f32", "f64"], ulps: 2 },
  { mode: "reference", op: "erf", types: ["f64"], ulps: 1 },
  { mode: "reference", op: "cbrt", types: ["f64"], ulps: 1 },
];

const ulpsOf = (mode: Mode, op: string, type: string): number =>
  ULP_TOLERANCES.find((e) => e.mode === mode && e.op === op && e.types.includes(type as ElementType))?.ulps ?? 0;

/** minixla's result of a program in a mode: the xla-cpu-numerics rewrite first in xla-cpu mode, then the engine. */
export function runMinixla(p: FuzzProgram, mode: Mode, engine: "reference" | "compiled" = "reference"): readonly ArrayLiteral[] {
  const parsed = parseHloModule(parameterText(p));
  const m = mode === "xla-cpu" ? xlaCpuNumerics.run(parsed) : parsed;
  const options: EvalOptions = { numerics: mode };
  const args = p.params.map(paramLiteral);
  const out: Literal = engine === "reference" ? evaluate(m, args, options) : compile(m, options).execute(args);
  return isTupleLiteral(out) ? (out.elements as ArrayLiteral[]) : [out];
}

/** The float's position on the line of representable values of its type (so neighbours differ by 1). */
function ordinal(x: number, t: ElementType): number {
  if (t === "f64") {
    const v = new DataView(new ArrayBuffer(8));
    v.setFloat64(0, x);
    const b = v.getBigInt64(0);
    return Number(b < 0n ? -(b & 0x7fffffffffffffffn) : b);
  }
  if (t === "f32") {
    const v = new DataView(new ArrayBuffer(4));
    v.setFloat32(0, x);
    const b = v.getInt32(0);
    return b < 0 ? -(b & 0x7fffffff) : b;
  }
  return Number.NaN; // narrow types: no ulp tolerance
}

/**
 * The tolerance of a program: its op's table entry for a one-op unary or
 * binary program ("unary log f64"); for a chain ("chain f64 cosine,tan") the
 * sum of its steps' entries, since a step's ulp is carried on (a chain of
 * exact ops stays exact); every other program is exact.
 */
export function toleranceOf(p: FuzzProgram, mode: Mode): number {
  if (p.family === "chain") {
    const [, type, steps] = p.label.split(" ");
    return steps.split(",").reduce((sum, op) => sum + ulpsOf(mode, op, type), 0);
  }
  const [family, ops, type] = p.label.split(" ");
  if (p.family !== "unary" && p.family !== "binary") return 0;
  return family === p.family ? ulpsOf(mode, ops, type) : 0;
}

/** Whether a literal holds a denormal of f32, bf16 or f64 (the types the x86 flush flags reach). */
export function holdsDenormal(l: ArrayLiteral): boolean {
  const t = l.shape.elementType;
  const min = t === "f64" ? 2 ** -1022 : t === "f32" || t === "bf16" ? 2 ** -126 : 0;
  if (min === 0) return false;
  return (l.data as Float64Array).some((x) => x !== 0 && x > -min && x < min);
}

/** A divergence: where the outputs first differ and by how much. */
export interface Divergence {
  readonly output: number;
  readonly message: string;
}

/** The first divergence between minixla's and XLA's outputs beyond `ulps`, or undefined when they agree. */
export function compareOutputs(got: readonly ArrayLiteral[], want: readonly ArrayLiteral[], ulps = 0): Divergence | undefined {
  if (got.length !== want.length) return { output: -1, message: `${got.length} outputs, XLA ${want.length}` };
  for (let o = 0; o < got.length; o++) {
    const d = firstBitDifference(got[o], want[o]);
    if (d === undefined) continue;
    if (d.index < 0) return { output: o, message: d.message };
    const t = got[o].shape.elementType;
    if (ulps > 0 && ELEMENT_TYPE_INFO[t].storage === "f64") {
      const a = got[o].data as Float64Array;
      const b = want[o].data as Float64Array;
      let worst = 0;
      for (let i = 0; i < a.length; i++) {
        if (Object.is(a[i], b[i]) || (a[i] !== a[i] && b[i] !== b[i])) continue;
        worst = Math.max(worst, Math.abs(ordinal(a[i], t) - ordinal(b[i], t)));
      }
      if (worst <= ulps) continue;
    }
    return { output: o, message: d.message };
  }
  return undefined;
}
