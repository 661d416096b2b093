/**
 * reduceModule: a delta-debugging test-case reducer in the spirit of
 * llvm-reduce. It walks the reductions of @minixla/hlo's
 * `reductionCandidates` in order; each candidate that verifies (one that does
 * not is never offered to the condition) and is smaller is kept when the
 * condition still holds, and the walk goes on from the same place in the new
 * module's list. Rounds repeat until one keeps nothing, or time runs out;
 * the condition is checked once more on the result. Iterative, never
 * recursive; the condition decides everything else.
 */
import {
  HloError,
  type HloModule,
  type ReductionKind,
  type VerifyOptions,
  elementCount,
  instructionCount,
  isArrayShape,
  printHloModule,
  reductionCandidates,
  verificationProblems,
} from "@minixla/hlo";

/** A progress report: the module's size after an accepted reduction, or at the end. */
export interface ReduceProgress {
  readonly instructions: number;
  /** The reduction just kept ("start" and "done" at both ends). */
  readonly step: string;
  readonly tried: number;
  readonly accepted: number;
  readonly seconds: number;
}

/** Options of reduceModule. */
export interface ReduceOptions {
  /** Stop after this many seconds (default 60); the best module so far is the result. */
  readonly maxSeconds?: number;
  /** Called at the start, after each kept reduction, and at the end. */
  readonly onProgress?: (p: ReduceProgress) => void;
  /** Called with every candidate that verified, before the condition sees it. */
  readonly onCandidate?: (m: HloModule, kind: ReductionKind) => void;
  /** Verifier options for candidates (default: none; implicit broadcasts are refused). */
  readonly verify?: VerifyOptions;
  /** The clock, in milliseconds (default Date.now): tests replace it. */
  readonly now?: () => number;
}

/** What reduceModule did. */
export interface ReduceResult {
  readonly module: HloModule;
  readonly instructionsBefore: number;
  readonly instructionsAfter: number;
  /** Candidates built and verified, and offered to the condition. */
  readonly tried: number;
  /** Candidates that did not verify (never offered). */
  readonly rejected: number;
  readonly accepted: number;
  readonly seconds: number;
  /** Whether maxSeconds ran out before a round kept nothing. */
  readonly timedOut: boolean;
  /** The condition, checked again on the result. */
  readonly stillInteresting: boolean;
}

/** Elements of every array value and constant: what a cosmetic reduction must lower. */
function dataSize(m: HloModule): number {
  let n = 0;
  for (const c of m.computations) {
    for (const i of c.instructions) if (isArrayShape(i.shape)) n += elementCount(i.shape) * (i.opcode === "constant" ? 2 : 1);
  }
  return n;
}

function smaller(candidate: HloModule, current: HloModule, cosmetic: boolean): boolean {
  const a = instructionCount(candidate);
  const b = instructionCount(current);
  if (!cosmetic) return a < b;
  return a <= b + 1 && dataSize(candidate) < dataSize(current);
}

/** The condition, with minixla's own errors (and a condition's bugs) read as "not interesting". */
function holds(isInteresting: (m: HloModule) => boolean, m: HloModule): boolean {
  try {
    return isInteresting(m);
  } catch (e) {
    if (e instanceof Error) return false;
    throw e;
  }
}

/**
 * Shrinks `module` while `isInteresting` holds. Throws HloError when the
 * module does not meet the condition to begin with. Every module offered to
 * the condition verifies.
 */
export function reduceModule(module: HloModule, isInteresting: (m: HloModule) => boolean, options: ReduceOptions = {}): ReduceResult {
  const now = options.now ?? Date.now;
  const start = now();
  const deadline = start + (options.maxSeconds ?? 60) * 1000;
  const seconds = (): number => (now() - start) / 1000;
  if (!holds(isInteresting, module)) throw new HloError(`reduce: module ${module.name} does not meet the condition to begin with; nothing to reduce`);
  const before = instructionCount(module);
  let current = module;
  let tried = 0;
  let rejected = 0;
  let accepted = 0;
  let timedOut = false;
  const report = (step: string): void => options.onProgress?.({ instructions: instructionCount(current), step, tried, accepted, seconds: seconds() });
  report("start");
  // Every module kept so far, as text: one is never kept twice, so the walk cannot cycle.
  const seen = new Set<string>([printHloModule(module)]);
  let keptThisRound = true;
  while (keptThisRound && !timedOut) {
    keptThisRound = false;
    let list = reductionCandidates(current);
    for (let i = 0; i < list.length; i++) {
      if (now() > deadline) {
        timedOut = true;
        break;
      }
      const candidate = list[i];
      let next: HloModule | undefined;
      try {
        next = candidate.build();
      } catch (e) {
        if (!(e instanceof HloError)) throw e;
        next = undefined;
      }
      if (next === undefined || !smaller(next, current, candidate.cosmetic)) continue;
      if (verificationProblems(next, options.verify).length > 0) {
        rejected++;
        continue;
      }
      const text = printHloModule(next);
      if (seen.has(text)) continue;
      tried++;
      options.onCandidate?.(next, candidate.kind);
      if (!holds(isInteresting, next)) continue;
      seen.add(text);
      current = next;
      accepted++;
      keptThisRound = true;
      report(candidate.description);
      // Go on from the same place in the new module's list: what came before was tried already.
      list = reductionCandidates(current);
      i--;
    }
  }
  const stillInteresting = holds(isInteresting, current);
  report("done");
  return { module: current, instructionsBefore: before, instructionsAfter: instructionCount(current), tried, rejected, accepted, seconds: seconds(), timedOut, stillInteresting };
}
