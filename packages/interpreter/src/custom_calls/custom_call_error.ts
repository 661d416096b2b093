/** What the custom-call kernels share: the instruction type and the error that names the call and its target. */
import { EvalError, type InstructionOf } from "@minixla/hlo";

/** A custom-call instruction. */
export type CustomCall = InstructionOf<"custom-call">;

/** Throws an EvalError naming the instruction and its custom-call target. */
export function fail(inst: CustomCall, message: string): never {
  throw new EvalError(`${inst.name} (custom-call ${inst.attributes.customCallTarget}): ${message}`);
}
