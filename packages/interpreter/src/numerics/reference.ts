/**
 * The reference numerics (EvalOptions.numerics "reference"): XLA's
 * HloEvaluator, which its constant folder also runs. The scalar table's own
 * functions are the evaluator's, so the record only names the two places
 * where the evaluator's value differs from the plain function of the type:
 * sign of ±0 and count-leading-zeros of a negative narrow integer.
 */
import { ELEMENT_TYPE_INFO, isFloatType } from "@minixla/hlo";
import { unaryScalar } from "../kernels/elementwise/unary.ts";
import type { NumericsRecord } from "./record.ts";

/** sign of a float as the evaluator computes it: ±0 give +0 (checked with XLA's constant folder on f16, bf16, f32 and f64). */
const evaluatorSign = (x: number): number => (x === 0 ? 0 : Math.sign(x));

export const REFERENCE_NUMERICS: NumericsRecord = {
  mode: "reference",
  keyPrefix: "",
  scalar: {
    sign: (t) => (isFloatType(t) ? { fn: evaluatorSign, selfFlushing: false } : undefined),
    /**
     * count-leading-zeros: a negative value of a signed type narrower than 64
     * bits is widened to 64 bits first, so it gives width - 64 (s8 clz(-4) =
     * -56, s32 clz(-1) = -32; checked with XLA's constant folder).
     */
    "count-leading-zeros": (t) => {
      const w = ELEMENT_TYPE_INFO[t].bitWidth;
      if (ELEMENT_TYPE_INFO[t].kind !== "signed" || w >= 64) return undefined;
      const f = unaryScalar("count-leading-zeros", t);
      return { fn: (x: number) => (x < 0 ? w - 64 : f(x)), selfFlushing: false };
    },
  },
  bigScalar: {},
  flush: undefined,
  fnuzNaNLowest: false,
  reducePrecision: { keepNaNAtZeroMantissa: false, f16OnOwnBits: false },
  dotFloat: undefined,
  reduceSumFlush: () => undefined,
  unaryTail: () => undefined,
  rewrites: [],
};
