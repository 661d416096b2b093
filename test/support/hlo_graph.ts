/** The graph of an HLO module with names left out, for tests that compare two readings of one program. */
import { type HloModule, shapeToString } from "@minixla/hlo";

/** Per computation, each instruction's opcode, shape, attributes and operand positions (names are not compared). */
export function graphOf(m: HloModule): unknown {
  return m.computations.map((c) => {
    const index = new Map(c.instructions.map((inst, k) => [inst.name, k]));
    return c.instructions.map((inst) => ({
      opcode: inst.opcode,
      shape: shapeToString(inst.shape),
      operands: inst.operands.map((o) => index.get(o)),
      called: inst.called.length,
      attributes: JSON.stringify(inst.attributes, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v instanceof Float64Array ? [...v] : v)),
    }));
  });
}
