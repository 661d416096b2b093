/**
 * XlaOp: a handle to one recorded instruction. It remembers its builder so an
 * op from another builder is refused, as XlaBuilder does.
 */
import type { Shape } from "@minixla/hlo";

export class XlaOp {
  constructor(
    /** The name of the builder that recorded it. */
    readonly builderName: string,
    /** Identity of the recording builder (names may repeat across builders). */
    readonly builderId: number,
    /** The instruction's name in the module being built. */
    readonly name: string,
    readonly shape: Shape,
  ) {}
}
