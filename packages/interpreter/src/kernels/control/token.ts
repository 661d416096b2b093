/**
 * Kernels of the ordering and state ops. after-all makes a token (tokens
 * carry no data), add-dependency and domain pass their operand through.
 * rng-get-and-update-state follows XLA's CPU runtime (xla/backends/cpu's
 * RngState): each instruction owns a 128-bit state that starts at 0x7012395;
 * an execution returns the state as u64[2] (low word, high word) and then
 * advances it by `delta`. XLA's HloEvaluator has no handler for the op. The
 * state lives for one `evaluate` call, so a loop that runs the instruction
 * again sees it advanced, as it would on XLA.
 */
import { type EvalOptions, type FamilyKernels } from "../../kernel.ts";
import { arrayLiteralFromData, shape, zeroLiteral } from "@minixla/hlo";

const RNG_STATE_INITIAL = 0x7012395n;
const MASK_128 = (1n << 128n) - 1n;
const MASK_64 = (1n << 64n) - 1n;
const TOKEN = shape("token", []);
const STATE_SHAPE = shape("u64", [2]);

/** Per evaluation (keyed by its options object), per instruction: the current state. */
const states = new WeakMap<EvalOptions, WeakMap<object, bigint>>();

export const tokenKernels: FamilyKernels<"token"> = {
  "after-all": () => zeroLiteral(TOKEN),
  "add-dependency": (_inst, [x]) => x,
  domain: (_inst, [x]) => x,
  "rng-get-and-update-state": (inst, _operands, ctx) => {
    let perInstruction = states.get(ctx.options);
    if (perInstruction === undefined) {
      perInstruction = new WeakMap();
      states.set(ctx.options, perInstruction);
    }
    const state = perInstruction.get(inst) ?? RNG_STATE_INITIAL;
    // delta is an unsigned 64-bit amount in XLA; the state wraps at 128 bits.
    perInstruction.set(inst, (state + (BigInt(inst.attributes.delta) & MASK_64)) & MASK_128);
    return arrayLiteralFromData(STATE_SHAPE, BigUint64Array.of(state & MASK_64, state >> 64n));
  },
};
