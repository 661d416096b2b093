/** Tokens and ordering: after-all, add-dependency, domain, rng-get-and-update-state. */
import type { XlaOp } from "../op.ts";
import type { Recorder } from "../recorder.ts";

export function afterAll(r: Recorder, tokens: readonly XlaOp[]): XlaOp {
  return r.add("after-all", tokens, {});
}

export function addDependency(r: Recorder, operand: XlaOp, token: XlaOp): XlaOp {
  return r.add("add-dependency", [operand, token], {});
}

export function domain(r: Recorder, operand: XlaOp, text: string): XlaOp {
  return r.add("domain", [operand], { domain: text });
}

export function rngGetAndUpdateState(r: Recorder, delta: number): XlaOp {
  return r.add("rng-get-and-update-state", [], { delta });
}
