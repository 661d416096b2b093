/**
 * The complex inverse trig and hyperbolic CHLO ops (asin, acos, asinh,
 * acosh, atan, atanh) and complex square, as StableHLO's generated patterns
 * (ChloDecompositionPatternsMath.td) write them: asin and acos from Hull,
 * Fairgrieve and Tang's algorithm ("Implementing the complex arcsine and
 * arccosine functions using exception handling", 1997) in the shared
 * asin/acos kernel, asinh and acosh through that kernel, atanh with its safe
 * region and the 1/x and infinity branches, atan through atanh. Every
 * formula runs in the part type (f32 for c64, f64 for c128), with the same
 * thresholds and operation order, so that the numbers are XLA's.
 */
import type { ElementType } from "../element_type.ts";
import { Elementwise, elementOf } from "./chlo_decompositions.ts";
import type { Comp, Val } from "./emitter.ts";
import type { MlirToken } from "./lexer.ts";
import type { MlirType } from "./types.ts";

/** The complex ops written out here. */
export type ComplexChloOp = "asin" | "acos" | "asinh" | "acosh" | "atan" | "atanh" | "square";
const COMPLEX_OPS: ReadonlySet<string> = new Set(["asin", "acos", "asinh", "acosh", "atan", "atanh", "square"]);

/** Whether chlo.`short` on `elementType` is written out here. */
export function isComplexChlo(short: string, elementType: ElementType | undefined): short is ComplexChloOp {
  return COMPLEX_OPS.has(short) && (elementType === "c64" || elementType === "c128");
}

const MAX_FINITE = { f32: 3.4028234663852886e38, f64: Number.MAX_VALUE } as const;
const SMALLEST_NORMAL = { f32: 2 ** -126, f64: 2 ** -1022 } as const;

/**
 * The type's limits, and `round`, which rounds to the part type: the
 * patterns' constant subexpressions (sqrt(max) / 8, its multiples, log 2,
 * sqrt(smallest normal) * 4, atanh's 1/eps and its square) are folded by
 * MLIR before XLA sees them, each step rounded to the type.
 */
function limits(x: Val): { max: number; tiny: number; round: (v: number) => number } {
  const et = elementOf(x) === "f32" ? "f32" : "f64";
  return { max: MAX_FINITE[et], tiny: SMALLEST_NORMAL[et], round: et === "f32" ? Math.fround : (v: number) => v };
}

/** hypot(a, y) as the kernel writes it: mx sqrt(1 + (mn/mx)²), exact at mx = mn and where the root rounds to 1. */
function hypot(e: Elementwise, a: Val, y: Val, one: Val): Val {
  const mx = e.bin("maximum", a, y);
  const mn = e.bin("minimum", a, y);
  const q = e.div(mn, mx);
  const r = e.mul(q, q);
  const sqa = e.un("sqrt", e.add(one, r));
  const tiny = e.and(e.cmp(sqa, one, "EQ"), e.cmp(r, e.c(a, 0), "GT"));
  const general = e.select(tiny, e.add(mx, e.div(e.mul(mx, r), e.c(a, 2))), e.mul(mx, sqa));
  return e.select(e.cmp(mx, mn, "EQ"), e.mul(e.c(a, Math.SQRT2), mx), general);
}

/**
 * The asin/acos kernel on z = signedX + i signedY: its real part is the
 * real part of asin's argument to atan2, its imaginary part asin's
 * imaginary magnitude (Hull et al.'s A and B regions, with the overflow-safe
 * branches past sqrt(max)/8).
 */
function asinAcosKernel(e: Elementwise, signedX: Val, signedY: Val): { re: Val; im: Val } {
  const { max, tiny, round } = limits(signedX);
  const x = e.un("abs", signedX);
  const y = e.un("abs", signedY);
  const one = e.c(x, 1);
  const half = e.c(x, 0.5);
  const zero = e.c(x, 0);
  const safeMaxValue = round(round(Math.sqrt(max)) / 8);
  const safeMax = e.c(x, safeMaxValue);
  const xp1 = e.add(x, one);
  const r = hypot(e, e.un("abs", xp1), y, one);
  const xm1 = e.sub(x, one);
  const s = hypot(e, e.un("abs", xm1), y, one);
  const a = e.mul(half, e.add(r, s));
  const halfApx = e.mul(half, e.add(a, x));
  const yy = e.mul(y, y);
  const rpxp1 = e.add(r, xp1);
  const smxm1 = e.sub(s, xm1);
  const spxm1 = e.add(s, xm1);
  const re = e.select(
    e.cmp(e.bin("maximum", x, y), safeMax, "GE"),
    y,
    e.select(
      e.cmp(x, one, "LE"),
      e.un("sqrt", e.mul(halfApx, e.add(e.div(yy, rpxp1), smxm1))),
      e.mul(y, e.un("sqrt", e.add(e.div(halfApx, rpxp1), e.div(halfApx, spxm1)))),
    ),
  );
  const times = (k: number) => e.c(x, round(safeMaxValue * round(k)));
  const safeMaxOpt = e.select(e.cmp(x, times(1e12), "LT"), times(1e-6), times(100));
  const yBig = e.cmp(y, safeMaxOpt, "GE");
  const mx = e.select(yBig, y, x);
  const xoy = e.select(e.and(yBig, e.not(e.cmp(y, e.c(x, Infinity), "EQ"))), e.div(x, y), zero);
  const big = e.add(e.add(e.c(x, Math.log(2)), e.un("log", mx)), e.mul(half, e.un("log-plus-one", e.mul(xoy, xoy))));
  const smallY = e.and(e.cmp(y, e.c(x, round(round(Math.sqrt(tiny)) * 4)), "LT"), e.cmp(x, one, "LT"));
  const ap1 = e.add(a, one);
  const halfYy = e.mul(half, yy);
  const halfYyOverRpxp1 = e.div(halfYy, rpxp1);
  const am1 = e.select(
    smallY,
    e.un("negate", e.div(e.mul(xp1, xm1), ap1)),
    e.select(
      e.cmp(x, one, "GE"),
      e.add(halfYyOverRpxp1, e.mul(half, spxm1)),
      e.select(e.cmp(a, e.c(x, 1.5), "LE"), e.add(halfYyOverRpxp1, e.div(halfYy, smxm1)), e.sub(a, one)),
    ),
  );
  const sq = e.un("sqrt", e.mul(am1, ap1));
  const im = e.select(
    e.cmp(mx, e.select(yBig, safeMaxOpt, safeMax), "GE"),
    big,
    e.select(smallY, e.div(y, sq), e.un("log-plus-one", e.add(am1, sq))),
  );
  return { re, im };
}

/** atanh on parts x + i y: the safe region, 1/|x| past 1/eps, zero at infinities. */
function atanhParts(e: Elementwise, x: Val, y: Val): { re: Val; im: Val } {
  const { max, round } = limits(x);
  const zero = e.c(x, 0);
  const one = e.c(x, 1);
  const negOne = e.c(x, -1);
  const ax = e.un("abs", x);
  const ay = e.un("abs", y);
  // The pattern picks 1/eps by comparing the largest finite value with 1e308 and 1e38 in the type.
  const invNegEpsValue = max > round(1e308) ? 9007199254740994.0 : max > round(1e38) ? 16777218.0 : 2050.0;
  const invNegEps = e.c(x, invNegEpsValue);
  const safeMax = e.c(x, round(invNegEpsValue * invNegEpsValue));
  const safe = e.and(e.cmp(ax, safeMax, "LT"), e.cmp(ay, safeMax, "LT"));
  const naxm1 = e.sub(one, ax);
  const y2 = e.mul(y, y);
  const posInf = e.c(x, Infinity);
  const negInf = e.c(x, -Infinity);
  const infinite = e.or(e.or(e.cmp(x, posInf, "EQ"), e.cmp(x, negInf, "EQ")), e.or(e.cmp(y, posInf, "EQ"), e.cmp(y, negInf, "EQ")));
  const arg = e.select(
    safe,
    e.div(ax, e.add(e.mul(naxm1, naxm1), y2)),
    e.select(
      e.cmp(e.mul(ay, invNegEps), ax, "LT"),
      e.div(one, ax),
      e.select(infinite, zero, e.div(e.div(one, e.add(e.div(ax, y), e.div(y, ax))), y)),
    ),
  );
  const sign = e.select(e.cmp(x, zero, "GE"), one, negOne);
  const re = e.mul(e.mul(sign, e.un("log-plus-one", e.mul(e.c(x, 4), arg))), e.c(x, 0.25));
  const im = e.mul(
    e.select(
      safe,
      e.atan2(e.add(y, y), e.sub(e.mul(naxm1, e.add(one, ax)), y2)),
      e.mul(e.select(e.cmp(y, e.c(y, 0), "GE"), one, negOne), e.c(x, Math.PI)),
    ),
    e.c(x, 0.5),
  );
  return { re, im };
}

/** Writes complex chlo.`short` on `operands` into `comp` (isComplexChlo holds for it and the result type). */
export function decomposeComplexChlo(comp: Comp, short: ComplexChloOp, operands: readonly Val[], resultType: MlirType, at: MlirToken | number): Val {
  const fail = (why: string) => comp.out.lx.error(at, `chlo.${short} ${why}`);
  if (operands.length !== 1) throw fail(`takes 1 operand, not ${operands.length}`);
  const z = operands[0];
  if (resultType.kind !== "tensor" || z.type.kind !== "tensor" || z.type.elementType !== resultType.elementType || z.type.dims.join("x") !== resultType.dims.join("x")) {
    throw fail("needs an operand of its result type");
  }
  return complexFormula(new Elementwise(comp, resultType.dims, at), short, z);
}

/** Writes complex chlo.`short` of `z` (c64 or c128). */
function complexFormula(e: Elementwise, short: ComplexChloOp, z: Val): Val {
  const signedX = e.part("real", z);
  const signedY = e.part("imag", z);
  const zero = e.c(signedX, 0);
  switch (short) {
    case "asin": {
      const k = asinAcosKernel(e, e.part("real", z), e.part("imag", z));
      return e.complex(e.atan2(signedX, k.re), e.select(e.cmp(signedY, zero, "LT"), e.un("negate", k.im), k.im));
    }
    case "acos": {
      const k = asinAcosKernel(e, e.part("real", z), e.part("imag", z));
      return e.complex(e.atan2(k.re, signedX), e.select(e.cmp(signedY, zero, "LT"), k.im, e.un("negate", k.im)));
    }
    case "acosh": {
      const w = asinAcosKernel(e, e.part("real", z), e.part("imag", z));
      const imag = e.atan2(w.re, signedX);
      return e.complex(w.im, e.select(e.cmp(signedY, zero, "LT"), e.un("negate", imag), imag));
    }
    case "asinh": {
      // The kernel of i z: real part -y, imaginary part x.
      const w = asinAcosKernel(e, e.un("negate", signedY), signedX);
      return e.complex(e.select(e.cmp(signedX, zero, "LT"), e.un("negate", w.im), w.im), e.atan2(signedY, w.re));
    }
    case "atanh": {
      const w = atanhParts(e, signedX, signedY);
      return e.complex(w.re, w.im);
    }
    case "atan": {
      // atan z = -i atanh(i z).
      const w = atanhParts(e, e.un("negate", signedY), signedX);
      return e.complex(w.im, e.un("negate", w.re));
    }
    case "square": {
      const same = e.and(e.isFinite(signedX), e.cmp(e.un("abs", signedX), e.un("abs", signedY), "EQ"));
      const re = e.select(same, zero, e.mul(e.sub(signedX, signedY), e.add(signedX, signedY)));
      return e.complex(re, e.mul(e.c(signedX, 2), e.mul(signedX, signedY)));
    }
    default: {
      const never: never = short;
      return never;
    }
  }
}
