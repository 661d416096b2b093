/**
 * Test-case reduction over modules: the pure edits a reducer tries and the
 * order it tries them in. The driver, which evaluates a condition on each
 * candidate, lives with the interpreter (reduceModule).
 */
export { type ReductionCandidate, type ReductionKind, reductionCandidates } from "./candidates.ts";
export {
  conditionalToBranch,
  constantToScalarBroadcast,
  dropTupleElement,
  inlineCalls,
  removeUnusedParameters,
  replaceByConstant,
  replaceByOperand,
  replaceByParameter,
} from "./edits.ts";
export { shrinkDimension } from "./shrink.ts";
