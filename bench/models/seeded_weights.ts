/**
 * Seeded weights for the elided constants (`constant({...})`) of XLA's TF
 * benchmark modules. Float tensors of rank 2 and more are drawn uniform in
 * [-1, 1) and scaled by 1/sqrt(fan-in) (every dimension but the last, as a
 * dense [in, out] or an HWIO kernel has it), as initializers scale them:
 * with unscaled weights ssd_mobilenet's activations grow layer by layer until
 * its box outputs reach 1e18, and any last-bit difference grows with them,
 * so a comparison with XLA would say nothing. Vectors (biases, scales) stay
 * in [-1, 1); integer constants get values in [0, 7]. Seeded, so minixla and
 * XLA (which is given the module printed with these values) see the same bits.
 */
import {
  type ArrayShape,
  type HloInstruction,
  type HloModule,
  type Literal,
  ELEMENT_TYPE_INFO,
  allocData,
  arrayLiteralFromData,
  createModule,
  elementCount,
  normalizeValue,
} from "@minixla/hlo";
import { prng } from "../../test/support/prng.ts";

function seededArray(s: ArrayShape, rand: () => number): Literal {
  const t = s.elementType;
  const n = elementCount(s);
  const data = allocData(t, n);
  const kind = ELEMENT_TYPE_INFO[t].kind;
  const last = s.dimensions.at(-1) ?? 1;
  const scale = s.dimensions.length >= 2 && last > 0 ? 1 / Math.sqrt(Math.max(1, n / last)) : 1;
  for (let i = 0; i < n; i++) {
    if (data instanceof BigInt64Array || data instanceof BigUint64Array) data[i] = BigInt(Math.floor(rand() * 8));
    else if (kind === "float") data[i] = normalizeValue(t, (rand() * 2 - 1) * scale);
    else if (kind === "pred") data[i] = rand() < 0.5 ? 0 : 1;
    else data[i] = Math.floor(rand() * 8);
  }
  return arrayLiteralFromData(s, data);
}

/** A copy of `m` whose elided array constants hold seeded weights (other constants untouched). */
export function withSeededWeights(m: HloModule, seed: number): HloModule {
  const rand = prng(seed);
  const computations = m.computations.map((c) => ({
    ...c,
    instructions: c.instructions.map((inst): HloInstruction => {
      if (inst.opcode !== "constant" || inst.attributes.elided !== true) return inst;
      const s = inst.shape;
      if (s.elementType === "tuple" || s.elementType === "token") throw new Error(`bench:models: elided constant ${inst.name} is not an array`);
      return { ...inst, attributes: { literal: seededArray(s, rand) } };
    }),
  }));
  return createModule({ name: m.name, computations, entry: m.entry, headerAttributes: m.headerAttributes, stackFrames: m.stackFrames });
}
