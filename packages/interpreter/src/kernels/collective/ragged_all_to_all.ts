/**
 * ragged-all-to-all's exchange within one group (XLA's operation semantics
 * of RaggedAllToAll; jax.lax.ragged_all_to_all). Operands per participant:
 * (input, output, input_offsets, send_sizes, output_offsets, recv_sizes).
 * Participant i sends rows input[input_offsets[j] : input_offsets[j] +
 * send_sizes[j]] of its outer dimension to participant j, which writes them
 * into its copy of `output` at rows output_offsets[j] (an offset into the
 * receiver's output, given by the sender) onward; rows nobody writes keep
 * output's values. recv_sizes[i] of the receiver must equal what i sends.
 * On one device this is a dynamic-update-slice whose size is data.
 *
 * Offsets and sizes must be rank 1 with one entry per participant; XLA's
 * rank-2 form (several updates per peer) is refused with EvalError, as are
 * slices out of range (XLA's runtime leaves them undefined).
 */
import { type ArrayLiteral, EvalError, type InstructionOf, type Literal, elementLanes, isTupleLiteral, sameDimensions, shapeToString, storageOf } from "@minixla/hlo";
import { copySlots, product } from "../support/view.ts";

type Inst = InstructionOf<"ragged-all-to-all">;

function arrayAt(inst: Inst, ops: readonly Literal[], k: number, what: string): ArrayLiteral {
  const l = ops[k];
  if (l === undefined || isTupleLiteral(l)) throw new EvalError(`${inst.name} (ragged-all-to-all): ${what} (operand ${k}) must be an array`);
  return l;
}

/** The integer entries of an offsets/sizes operand, which must hold one per participant. */
function entries(inst: Inst, l: ArrayLiteral, what: string, n: number): number[] {
  if (l.shape.dimensions.length !== 1) {
    throw new EvalError(`${inst.name} (ragged-all-to-all): ${what} is ${shapeToString(l.shape)}; minixla supports rank-1 offsets and sizes (one update per peer), not XLA's rank-2 form`);
  }
  if (l.shape.dimensions[0] !== n) {
    throw new EvalError(`${inst.name} (ragged-all-to-all): ${what} is ${shapeToString(l.shape)}, but the group has ${n} participant(s); it needs one entry per participant`);
  }
  return Array.from(l.data as ArrayLike<number | bigint>, Number);
}

/** Every participant's result, in group order, from every participant's six operands. */
export function raggedAllToAllGroup(inst: Inst, group: readonly (readonly Literal[])[]): ArrayLiteral[] {
  const n = group.length;
  const parts = group.map((ops) => ({
    input: arrayAt(inst, ops, 0, "input"),
    output: arrayAt(inst, ops, 1, "output"),
    inputOffsets: entries(inst, arrayAt(inst, ops, 2, "input_offsets"), "input_offsets", n),
    sendSizes: entries(inst, arrayAt(inst, ops, 3, "send_sizes"), "send_sizes", n),
    outputOffsets: entries(inst, arrayAt(inst, ops, 4, "output_offsets"), "output_offsets", n),
    recvSizes: entries(inst, arrayAt(inst, ops, 5, "recv_sizes"), "recv_sizes", n),
  }));
  const results = parts.map((p) => ({ shape: p.output.shape, data: p.output.data.slice() }) as ArrayLiteral);
  parts.forEach((from, i) => {
    const inDims = from.input.shape.dimensions;
    if (inDims.length === 0) throw new EvalError(`${inst.name} (ragged-all-to-all): input ${shapeToString(from.input.shape)} has no outer dimension to slice`);
    const lanes = elementLanes(from.input.shape.elementType);
    const row = product(inDims.slice(1)) * lanes;
    results.forEach((to, j) => {
      const outDims = to.shape.dimensions;
      if (!sameDimensions(inDims.slice(1), outDims.slice(1)) || storageOf(to.shape.elementType) !== storageOf(from.input.shape.elementType)) {
        throw new EvalError(`${inst.name} (ragged-all-to-all): rows of input ${shapeToString(from.input.shape)} do not fit rows of output ${shapeToString(to.shape)}`);
      }
      const size = from.sendSizes[j];
      const src = from.inputOffsets[j];
      const dst = from.outputOffsets[j];
      if (size < 0 || src < 0 || src + size > inDims[0] || dst < 0 || dst + size > outDims[0]) {
        throw new EvalError(
          `${inst.name} (ragged-all-to-all): participant ${i} sends rows [${src}, ${src + size}) of its input (${inDims[0]} rows) to rows [${dst}, ${dst + size}) of participant ${j}'s output (${outDims[0]} rows): out of range`,
        );
      }
      if (parts[j].recvSizes[i] !== size) {
        throw new EvalError(`${inst.name} (ragged-all-to-all): participant ${i} sends ${size} row(s) to participant ${j}, whose recv_sizes[${i}] is ${parts[j].recvSizes[i]}`);
      }
      copySlots(to.data, dst * row, from.input.data, src * row, size * row);
    });
  });
  return results;
}
