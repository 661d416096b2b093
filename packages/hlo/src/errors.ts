/**
 * The error hierarchy. Every failure minixla reports on bad input is an HloError
 * subclass naming the stage that found it; nothing escapes as a bare TypeError.
 */

export class HloError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Shape inference failed: raised by the builder call, the parser or the verifier. */
export class ShapeError extends HloError {}

/** Text or .npy input is malformed. `line`/`column` are 1-based where they apply. */
export class ParseError extends HloError {
  readonly line: number | undefined;
  readonly column: number | undefined;
  constructor(message: string, line?: number, column?: number) {
    super(message);
    this.line = line;
    this.column = column;
  }
}

/** The module breaks a structural or typing invariant; `problems` lists every one found. */
export class VerifyError extends HloError {
  readonly problems: readonly string[];
  constructor(problems: readonly string[], header = "Module verification failed") {
    super(`${header}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.problems = problems;
  }
}

/** Evaluation refused or failed (unlowered module, wrong arguments, unsupported value). */
export class EvalError extends HloError {}
