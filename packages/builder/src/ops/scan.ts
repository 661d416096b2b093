/** scan: a carried loop over one dimension of its inputs (HLO's `scan`, which XLA's XlaBuilder does not record). */
import { type HloModule, type Shape, shape } from "@minixla/hlo";
import type { XlaOp } from "../op.ts";
import type { Recorder } from "../recorder.ts";
import type { ComputationOf } from "../sub_builder.ts";
import { arrayOf } from "./operand_shapes.ts";

/** Options of scan beyond its operands: direction and the associativity hint. */
export interface ScanOptions {
  /** Run from the last index down (default false). */
  readonly isReverse?: boolean;
  /** The combining may be reordered (XLA's hint; evaluation runs in order). Default false. */
  readonly isAssociative?: boolean;
}

/** The body as a module: a function is run on a sub-builder whose parameters are the slices, then the carries. */
function body<B>(r: Recorder<B>, c: ComputationOf<B>, params: readonly Shape[]): HloModule {
  if (typeof c !== "function") return c;
  const [sb, sr] = r.makeSub("scan_body");
  const args = params.map((s, i) => sr.parameter(i, s, `Arg_${i}`));
  const root = c(sb, ...args);
  return sr.build(Array.isArray(root) ? sr.add("tuple", root, {}) : (root as XlaOp));
}

export function scan<B>(
  r: Recorder<B>, inputs: readonly XlaOp[], inits: readonly XlaOp[], computation: ComputationOf<B>, dimension: number, options: ScanOptions,
): XlaOp {
  return r.atomically(() => {
    const xs = inputs.map((o) => r.typed(o, undefined, "scan"));
    const cs = inits.map((o) => r.typed(o, undefined, "scan"));
    const slices = xs.map((x) => {
      const a = arrayOf(x, "scan");
      return shape(a.elementType, a.dimensions.filter((_, i) => i !== dimension));
    });
    const called = body(r, computation, [...slices, ...cs.map((c) => c.shape)]);
    const attributes = { dimension, numCarries: cs.length, isReverse: options.isReverse ?? false, isAssociative: options.isAssociative ?? false };
    return r.add("scan", [...xs, ...cs], attributes, { called: [called] });
  });
}
