/**
 * XlaOp: a handle to one recorded instruction. It remembers its builder so an
 * op from another builder is refused, as XlaBuilder does.
 */
import type { Shape } from "@minixla/hlo";
import type { WeakConstant } from "./weak_constant.ts";

/** A handle to a value recorded by an `XlaBuilder`: only valid with the builder that made it. */
export class XlaOp {
  constructor(
    /** The name of the builder that recorded it. */
    readonly builderName: string,
    /** Identity of the recording builder (names may repeat across builders). */
    readonly builderId: number,
    /** The instruction's name in the module being built. */
    readonly name: string,
    /** For a weak constant, the shape it takes when it meets no typed operand (f64, or pred for booleans). */
    readonly shape: Shape,
    /**
     * Set for a constant made without an element type: it is recorded when
     * used, with the type of the operand it meets (see the builder's constantR0).
     */
    readonly weak?: WeakConstant,
  ) {}
}
