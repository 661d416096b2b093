/** The verifier (being written; only the implicit-broadcast rule so far). */
import { VerifyError } from "../errors.ts";
import { hasTrait } from "../opcode.ts";
import type { HloModule } from "../module.ts";
import { instructionMap } from "../module.ts";
import { isArrayShape, sameDimensions, shapeToString } from "../shape.ts";

export interface VerifyOptions {
  readonly allowImplicitBroadcast?: boolean;
}

export function verifyModule(m: HloModule, opts: VerifyOptions = {}): void {
  const problems: string[] = [];
  for (const c of m.computations) {
    const byName = instructionMap(c);
    for (const inst of c.instructions) {
      if (opts.allowImplicitBroadcast || !hasTrait(inst.opcode, "elementwise") || inst.opcode === "select" || inst.opcode === "clamp") continue;
      for (const o of inst.operands) {
        const os = byName.get(o)?.shape;
        if (os && isArrayShape(os) && isArrayShape(inst.shape) && !sameDimensions(os.dimensions, inst.shape.dimensions)) {
          problems.push(
            `Implicit broadcast is not allowed in HLO.Found different shapes for instruction ${inst.opcode}.\noutput: ${shapeToString(inst.shape)}\noperand: ${shapeToString(os)}\n`,
          );
        }
      }
    }
  }
  if (problems.length > 0) throw new VerifyError(problems);
}
