/**
 * Kernels of the random family.
 *
 * rng-bit-generator(state) gives (new state, bits) bit for bit as XLA's CPU:
 * state[0] is the key; Threefry's counter is state[1]; Philox's 128-bit
 * counter is (state[1], state[2]) for a u64[3] state and (state[1], state[0])
 * for a u64[2] one (XLA reverses the state), of which only the low half is
 * written back. rng_default is Philox, as on XLA's CPU.
 *
 * rng(a, b) has no bit-exact meaning in XLA (its CPU draws from a process-wide
 * counter), so minixla's is seeded: Philox bits under a key made from the
 * evaluator's `rngSeed` option (default 0) and the instruction's name, counter
 * 0. The same module, seed and name give the same values. rng_uniform maps the
 * bits as XLA's prng library does: floats take the top mantissa-width bits as
 * u in [0, 1), then a + u (b - a), kept below b; integers and pred take
 * a + bits mod (b - a), in [a, b) (a when b <= a). rng_normal is
 * Box-Muller: mu + sigma sqrt(-2 ln(1 - u1)) cos(2 pi u2).
 */
import {
  type ArrayShape,
  ELEMENT_TYPE_INFO,
  EvalError,
  type InstructionOf,
  type Literal,
  type LiteralData,
  type TupleShape,
  allocData,
  arrayLiteralFromData,
  elementCount,
  isBigIntType,
  normalizeValue,
  tupleLiteral,
} from "@minixla/hlo";
import type { EvalContext, FamilyKernels } from "../../kernel.ts";
import { stochasticConvert } from "./stochastic_convert.ts";
import { arrayOperand, arrayResult } from "../support/view.ts";
import {
  type Counter128,
  type Words64,
  addCounter,
  addWords,
  bigintOf,
  philoxBits32,
  philoxBits64,
  threeFryBits32,
  threeFryBits64,
  wordsOf,
} from "./random_bits.ts";

/** 32-bit results cut to a narrower unsigned type (XLA converts u32 down to u16, u8, ...). */
function narrowed(bits: Uint32Array, width: number): Float64Array {
  const out = new Float64Array(bits.length);
  const mask = width >= 32 ? 0xffffffff : 2 ** width - 1;
  for (let i = 0; i < bits.length; i++) out[i] = width >= 32 ? bits[i] : bits[i] & mask;
  return out;
}

function rngBitGenerator(inst: InstructionOf<"rng-bit-generator">, operands: readonly Literal[]): Literal {
  const state = arrayOperand(inst, operands[0], 0);
  if (!(state.data instanceof BigUint64Array) || state.data.length < 2) {
    throw new EvalError(`${inst.name} (rng-bit-generator): the state must be a u64 vector of 2 or more values`);
  }
  const s = state.data;
  // XLA's verifier accepts any u64 vector, but its expander (and so its CPU)
  // runs only these sizes: a longer state fails there, and here. (jaxlib
  // 0.10.2 on rng_bit_generator_expander.hlo's u64[4] and u64[6] states: the
  // expansion returns a u64[2] / u64[3] state, and the verifier after the pass
  // rejects it, "Expected instruction to have shape equal to (u64[3], u32[]),
  // actual shape is (u64[6], u32[])"; XLA defines no bits for them.)
  const runnable = inst.attributes.algorithm === "rng_three_fry" ? s.length === 2 : s.length <= 3;
  if (!runnable) {
    throw new EvalError(
      `${inst.name} (rng-bit-generator): ${inst.attributes.algorithm} with a state of ${s.length} u64 values cannot run; XLA's RngBitGeneratorExpander takes ${inst.attributes.algorithm === "rng_three_fry" ? "2" : "2 or 3"} (XLA CPU rejects longer states after expanding)`,
    );
  }
  const result = inst.shape as TupleShape;
  const bitsShape = result.tupleShapes[1] as ArrayShape;
  const width = ELEMENT_TYPE_INFO[bitsShape.elementType].bitWidth;
  const n = elementCount(bitsShape);
  const key = wordsOf(s[0]);
  const newState = s.slice();
  let data: LiteralData;
  switch (inst.attributes.algorithm) {
    case "rng_three_fry": {
      const counter = wordsOf(s[1]);
      const out = width === 64 ? threeFryBits64(key, counter, n) : threeFryBits32(key, counter, bitsShape.dimensions);
      data = out.bits instanceof BigUint64Array ? out.bits : narrowed(out.bits, width);
      newState[1] = bigintOf(addWords(counter, out.advance));
      break;
    }
    case "rng_philox":
    case "rng_default": {
      const counter: Counter128 = { lo: wordsOf(s[1]), hi: wordsOf(s.length >= 3 ? s[2] : s[0]) };
      const out = width === 64 ? philoxBits64(key, counter, n) : philoxBits32(key, counter, n);
      data = out.bits instanceof BigUint64Array ? out.bits : narrowed(out.bits, width);
      const next = addCounter(counter, out.advance);
      newState[1] = bigintOf(next.lo);
      if (s.length >= 3) newState[2] = bigintOf(next.hi);
      break;
    }
    default:
      return inst.attributes.algorithm satisfies never;
  }
  return tupleLiteral([arrayLiteralFromData(result.tupleShapes[0] as ArrayShape, newState), arrayLiteralFromData(bitsShape, data)]);
}

/** FNV-1a of the name from two offsets, one word each, xor-ed with the seed's words. */
function rngKey(seed: number, name: string): Words64 {
  const hash = (offset: number): number => {
    let h = offset;
    for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
    return h;
  };
  const s = wordsOf(BigInt.asUintN(64, BigInt(Number.isFinite(seed) ? Math.trunc(seed) : 0)));
  return { lo: (hash(0x811c9dc5) ^ s.lo) >>> 0, hi: (hash(0x050c5d1f) ^ s.hi) >>> 0 };
}

const ZERO: Counter128 = { lo: { lo: 0, hi: 0 }, hi: { lo: 0, hi: 0 } };

/** n uniform values in [0, 1) from the top 52 (wide) or 23 bits of each draw, as XLA's prng maps bits to floats. */
function uniforms(key: Words64, n: number, wide: boolean): Float64Array {
  const u = new Float64Array(n);
  if (wide) {
    const bits = philoxBits64(key, ZERO, n).bits;
    for (let i = 0; i < n; i++) u[i] = Number(bits[i] >> 12n) * 2 ** -52;
  } else {
    const bits = philoxBits32(key, ZERO, n).bits;
    for (let i = 0; i < n; i++) u[i] = (bits[i] >>> 9) * 2 ** -23;
  }
  return u;
}

function rngKernel(inst: InstructionOf<"rng">, operands: readonly Literal[], ctx: EvalContext): Literal {
  const a = arrayOperand(inst, operands[0], 0);
  const b = arrayOperand(inst, operands[1], 1);
  const out = arrayResult(inst);
  const t = out.elementType;
  const info = ELEMENT_TYPE_INFO[t];
  const n = elementCount(out);
  const key = rngKey(ctx.options.rngSeed ?? 0, inst.name);
  const wide = info.bitWidth === 64;
  if (info.kind === "float") {
    const lo = Number(a.data[0]);
    const hi = Number(b.data[0]);
    const data = new Float64Array(n);
    switch (inst.attributes.distribution) {
      case "rng_uniform": {
        const u = uniforms(key, n, wide);
        for (let i = 0; i < n; i++) {
          const v = normalizeValue(t, u[i] * (hi - lo) + lo);
          // Rounding to a narrow type can reach b; the interval stays half-open.
          data[i] = !(v < hi) && lo < hi ? lo : v;
        }
        break;
      }
      case "rng_normal": {
        const u = uniforms(key, 2 * n, wide);
        for (let i = 0; i < n; i++) {
          const z = Math.sqrt(-2 * Math.log(1 - u[2 * i])) * Math.cos(2 * Math.PI * u[2 * i + 1]);
          data[i] = normalizeValue(t, lo + hi * z);
        }
        break;
      }
      default:
        return inst.attributes.distribution satisfies never;
    }
    return arrayLiteralFromData(out, data);
  }
  if (inst.attributes.distribution !== "rng_uniform" || (info.kind !== "signed" && info.kind !== "unsigned" && info.kind !== "pred")) {
    throw new EvalError(`${inst.name} (rng): ${inst.attributes.distribution} is not defined for ${t}`);
  }
  const lo = BigInt(a.data[0]);
  const range = BigInt(b.data[0]) - lo;
  const bits = wide ? philoxBits64(key, ZERO, n).bits : philoxBits32(key, ZERO, n).bits;
  const data = allocData(t, n);
  for (let i = 0; i < n; i++) {
    const v = range > 0n ? lo + (BigInt(bits[i]) % range) : lo;
    if (isBigIntType(t)) (data as BigInt64Array | BigUint64Array)[i] = v;
    else (data as Float64Array)[i] = Number(v);
  }
  return arrayLiteralFromData(out, data);
}

export const randomKernels: FamilyKernels<"random"> = {
  "rng-bit-generator": rngBitGenerator,
  rng: rngKernel,
  "stochastic-convert": stochasticConvert,
};
