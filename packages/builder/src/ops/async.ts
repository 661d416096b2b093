/** Asynchronous ops: copy-start/-done and async-start/-update/-done. */
import type { HloModule } from "@minixla/hlo";
import type { XlaOp } from "../op.ts";
import type { Recorder } from "../recorder.ts";

export function copyStart(r: Recorder, operand: XlaOp, crossProgramPrefetchIndex: number | undefined): XlaOp {
  return r.add("copy-start", [operand], crossProgramPrefetchIndex === undefined ? {} : { crossProgramPrefetchIndex });
}

export function copyDone(r: Recorder, start: XlaOp): XlaOp {
  return r.add("copy-done", [start], {});
}

export function asyncStart(r: Recorder, callee: HloModule, operands: readonly XlaOp[], asyncExecutionThread: string): XlaOp {
  return r.add("async-start", operands, { asyncExecutionThread }, { called: [callee] });
}

/** async-update or async-done of an async-start's state. */
export function asyncNext(r: Recorder, opcode: "async-update" | "async-done", start: XlaOp, asyncExecutionThread: string): XlaOp {
  return r.add(opcode, [start], { asyncExecutionThread });
}
