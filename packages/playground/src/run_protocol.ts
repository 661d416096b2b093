/** The messages between the page and the evaluation worker. */

/** A run the page asks for. */
export interface RunRequest {
  readonly text: string;
  /** A JSON array with one nested array per entry parameter; "" for seeded random inputs. */
  readonly inputs: string;
  readonly seed: number;
  readonly engine: "compiled" | "reference";
  readonly numerics: "reference" | "xla-cpu";
}

/** What came of it. */
export type RunReply =
  | { readonly kind: "ok"; readonly inputTables: readonly string[]; readonly outputTables: readonly string[]; readonly ms: number }
  | { readonly kind: "error"; readonly message: string };
