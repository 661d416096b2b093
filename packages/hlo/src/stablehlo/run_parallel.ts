/**
 * `interpreter.run_parallel`, the StableHLO interpreter's op that runs a
 * grid of processes: `programs = [[@f00, @f01], [@f10, @f11]]` names the
 * function of each (replica, partition); its operands are the processes'
 * arguments and its results their results, each flattened in process order
 * (replica-major), and `infeed = [@q0, @q1, ...]` lists functions whose
 * values the infeed ops take, in turn. The reader checks the op as the
 * interpreter's verifier does and records what a runner needs: a module
 * computing the operands, a module per grid position (its header naming
 * the grid, so replica-id and partition-id and the collectives see it) and
 * a module per infeed value. The grid itself is run by the test runner.
 */
import type { HloModule } from "../module.ts";
import type { Attr } from "./attributes.ts";
import type { MlirLexer } from "./lexer.ts";
import type { Func, MlirModule, Op } from "./syntax.ts";

/** The function run at one grid position. */
export interface ParallelProgram {
  /** The function's name (without `@`). */
  readonly name: string;
  /** The function as the entry of a module whose header gives the grid's replica and partition counts. */
  readonly module: HloModule;
  readonly argCount: number;
  readonly resultCount: number;
}

/** What an `interpreter.run_parallel` asks: its grid, its inputs and its infeed queue. */
export interface ParallelRun {
  readonly line: number;
  readonly column: number;
  /** Computes the op's operands: the root is the tuple of them. */
  readonly inputs: HloModule;
  /** programs[replica][partition]; every row has the same length. */
  readonly programs: readonly (readonly ParallelProgram[])[];
  /** Each infeed value, in queue order: a module without parameters that computes it. */
  readonly infeed: readonly HloModule[];
}

/** How the reader turns a function into a module: entry `f` on a grid of that size. */
export type ReadFunction = (f: Func, replicas: number, partitions: number) => HloModule;

function symbols(lx: MlirLexer, op: Op, a: Attr | undefined, what: string): string[] {
  if (a?.kind !== "array") throw lx.error(op.at, `interpreter.run_parallel: ${what} must be an array of @function symbols`);
  return a.items.map((s) => {
    if (s.kind !== "symbol") throw lx.error("at" in s ? s.at : op.at, `interpreter.run_parallel: ${what} must hold @function symbols`);
    return s.name;
  });
}

function funcNamed(lx: MlirLexer, m: MlirModule, op: Op, name: string): Func {
  const f = m.funcs.find((g) => g.name === name && g.body !== undefined);
  if (f === undefined) throw lx.error(op.at, `interpreter.run_parallel: function @${name} not found`);
  return f;
}

/**
 * Reads the grid of a run_parallel op, checked as StableHLO's verifier checks
 * it: a non-empty rectangular `programs`, as many operands and results as the
 * programs take and give together, infeed functions that return one tensor.
 */
export function readParallelRun(lx: MlirLexer, m: MlirModule, op: Op, inputs: HloModule, read: ReadFunction): ParallelRun {
  const p = op.attrs.get("programs");
  if (p?.kind !== "array" || p.items.length === 0) throw lx.error(op.at, "interpreter.run_parallel: `programs` must be a non-empty array of arrays of @function symbols");
  const rows = p.items.map((row) => symbols(lx, op, row, "each row of `programs`"));
  const partitions = rows[0].length;
  if (partitions === 0) throw lx.error(op.at, "interpreter.run_parallel: `programs` cannot be empty");
  rows.forEach((row, r) => {
    if (row.length !== partitions) throw lx.error(op.at, `interpreter.run_parallel: every row of \`programs\` must have ${partitions} functions, row ${r} has ${row.length}`);
  });
  const modules = new Map<string, HloModule>();
  let args = 0;
  let results = 0;
  const programs = rows.map((row) =>
    row.map((name): ParallelProgram => {
      const f = funcNamed(lx, m, op, name);
      let module = modules.get(name);
      if (module === undefined) {
        module = read(f, rows.length, partitions);
        modules.set(name, module);
      }
      args += f.args.length;
      results += f.results.length;
      return { name, module, argCount: f.args.length, resultCount: f.results.length };
    }),
  );
  const operandCount = op.operands.length;
  if (operandCount !== args) throw lx.error(op.at, `interpreter.run_parallel: ${operandCount} inputs, but the programs take ${args} arguments together`);
  const resultCount = op.results.reduce((a, g) => a + g.count, 0);
  if (resultCount !== results) throw lx.error(op.at, `interpreter.run_parallel: ${resultCount} results, but the programs return ${results} values together`);
  const infeedAttr = op.attrs.get("infeed");
  const infeed = infeedAttr === undefined ? [] : symbols(lx, op, infeedAttr, "`infeed`").map((name) => {
    const f = funcNamed(lx, m, op, name);
    if (f.results.length !== 1 || f.results[0].type.kind !== "tensor" || f.args.length !== 0) {
      throw lx.error(op.at, `interpreter.run_parallel: infeed function @${name} must take no arguments and return one tensor`);
    }
    return read(f, 1, 1);
  });
  if (infeedAttr !== undefined && infeed.length === 0) throw lx.error(op.at, "interpreter.run_parallel: `infeed` is optional but cannot be empty");
  const pos = lx.error(op.at, "");
  return { line: pos.line ?? 0, column: pos.column ?? 0, inputs, programs, infeed };
}
