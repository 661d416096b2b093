/**
 * The evaluator: runs a lowered module's entry computation on arguments.
 * Each computation is one flat loop over its instructions in order (operands
 * always come first), so graph depth never touches the JS stack; a value is
 * dropped after its last use. Nested computations (reducers, loop bodies) are
 * evaluated through the same loop.
 */
import {
  EvalError,
  HloError,
  type HloComputation,
  type HloModule,
  type Literal,
  VerifyError,
  entryComputation,
  getComputation,
  getInstruction,
  implicitBroadcastProblems,
  verificationProblems,
  type ElementType,
  type Shape,
  assertStructure,
  checkShape,
  dataFits,
  elementCount,
  elementLanes,
  isTupleShape,
  parametersOf,
  shapeToString,
  shapesEqual,
  storageOf,
} from "@minixla/hlo";
import type { EvalContext, EvalOptions, Kernel } from "./kernel.ts";
import { KERNELS } from "./kernels/kernel_table.ts";
import { propagateDynamicSizes } from "./dynamic_sizes.ts";
import { resolveElidedConstants } from "./elided_constants.ts";
import { checkBudget, resolveMaxBytes, storageBytes } from "./memory_budget.ts";

export interface Schedule {
  /** For each instruction, the positions of its operands' instructions. */
  readonly operandIndex: readonly (readonly number[])[];
  /** For each instruction, the values last used by it, which can be dropped after it runs. */
  readonly lastUse: readonly (readonly number[])[];
  readonly rootIndex: number;
  /** For each instruction, the bytes its result allocates (0 where it allocates nothing new). */
  readonly resultBytes: readonly number[];
}

/** Opcodes whose result is an existing value (an argument, a constant, operands regrouped). */
const ALLOCATES_NOTHING: ReadonlySet<string> = new Set(["parameter", "constant", "tuple", "get-tuple-element"]);

const schedules = new WeakMap<HloComputation, Schedule>();

/** Resolves operand names to positions once per computation, and where each value dies. */
export function scheduleOf(c: HloComputation): Schedule {
  const cached = schedules.get(c);
  if (cached) return cached;
  const position = new Map<string, number>();
  const operandIndex: number[][] = [];
  c.instructions.forEach((inst, i) => {
    operandIndex.push(
      inst.operands.map((o) => {
        const p = position.get(o);
        if (p === undefined) throw new EvalError(`${inst.name}: operand ${o} is not defined before its use in computation ${c.name}`);
        return p;
      }),
    );
    position.set(inst.name, i);
  });
  const rootIndex = position.get(c.root);
  if (rootIndex === undefined) throw new EvalError(`computation ${c.name}: root ${c.root} does not exist`);
  const last = new Map<number, number>();
  operandIndex.forEach((ops, i) => ops.forEach((p) => last.set(p, i)));
  const lastUse: number[][] = c.instructions.map(() => []);
  for (const [value, user] of last) if (value !== rootIndex) lastUse[user].push(value);
  const resultBytes = c.instructions.map((inst) => (ALLOCATES_NOTHING.has(inst.opcode) ? 0 : storageBytes(inst.shape)));
  const s = { operandIndex, lastUse, rootIndex, resultBytes };
  schedules.set(c, s);
  return s;
}

/** The context the kernels of computation `c` see when it runs on `args`: its parameters, and calls into the module's other computations. */
export function computationContext(m: HloModule, c: HloComputation, args: readonly Literal[], options: EvalOptions): EvalContext {
  return {
    options,
    parameter(n) {
      const v = args[n];
      if (v === undefined) throw new EvalError(`computation ${c.name}: parameter ${n} was not given`);
      return v;
    },
    call(name, callArgs) {
      return evaluateComputation(m, getComputation(m, name), callArgs, options);
    },
    computation(name) {
      return getComputation(m, name);
    },
    instructionShape(name) {
      return getInstruction(c, name).shape;
    },
  };
}

/** Evaluates one computation of the module on arguments (as `evaluate` does for the entry). */
export function evaluateComputation(m: HloModule, c: HloComputation, args: readonly Literal[], options: EvalOptions): Literal {
  const { operandIndex, lastUse, rootIndex, resultBytes } = scheduleOf(c);
  const maxBytes = options.maxBytes ?? resolveMaxBytes(undefined);
  const values: (Literal | undefined)[] = new Array(c.instructions.length);
  const ctx = computationContext(m, c, args, options);
  // Bytes held by this computation's live results (arguments are the caller's).
  let live = 0;
  for (let i = 0; i < c.instructions.length; i++) {
    const inst = c.instructions[i];
    const operands = operandIndex[i].map((p) => values[p] as Literal);
    if (live + resultBytes[i] > maxBytes) checkBudget(inst, live, maxBytes);
    live += resultBytes[i];
    const kernel = KERNELS[inst.opcode] as Kernel<typeof inst.opcode>;
    try {
      values[i] = kernel(inst as never, operands, ctx);
      propagateDynamicSizes(inst, operands, values[i] as Literal);
    } catch (e) {
      if (e instanceof HloError) throw e;
      // The original exception stays as the cause, so a kernel bug is told from a refusal.
      throw Object.assign(new EvalError(`${inst.name} (${inst.opcode}): ${e instanceof Error ? e.message : String(e)}`), { cause: e });
    }
    for (const dead of lastUse[i]) {
      values[dead] = undefined;
      live -= resultBytes[dead];
    }
  }
  options.onProgress?.({ kind: "instructions", count: c.instructions.length });
  return values[rootIndex] as Literal;
}

const lowered = new WeakSet<HloModule>();

/** Why `arg` cannot stand for a value of shape `s`, or undefined if it can; walks tuples without recursion. */
function argumentProblem(arg: unknown, s: Shape): string | undefined {
  const stack: { value: unknown; shape: Shape; path: string }[] = [{ value: arg, shape: s, path: "" }];
  while (stack.length > 0) {
    const { value, shape, path } = stack.pop() as { value: unknown; shape: Shape; path: string };
    const at = path === "" ? "" : ` at tuple index ${path}`;
    if (typeof value !== "object" || value === null) return `expected a literal of shape ${shapeToString(shape)}${at}, got ${String(value)}`;
    const l = value as { shape?: unknown; data?: unknown; elements?: unknown };
    if (typeof l.shape !== "object" || l.shape === null) return `expected a literal of shape ${shapeToString(shape)}${at}, got an object without a shape`;
    let given: Shape;
    try {
      given = checkShape(l.shape as Shape, "shape");
    } catch (e) {
      if (e instanceof HloError) return `its shape${at} is malformed: ${e.message}`;
      throw e;
    }
    if (!shapesEqual(given, shape)) {
      // An unbounded dimension ('?') is held at size 0 (shape.ts): its arguments are empty along it.
      const unbounded = !isTupleShape(shape) && shape.unboundedDimensions?.includes(true) === true;
      const rule = unbounded ? " (minixla holds an unbounded dimension '?' at size 0, so an argument must be empty along it)" : "";
      return `must have shape ${shapeToString(shape)}${at}, but has ${shapeToString(given)}${rule}`;
    }
    if (isTupleShape(shape)) {
      if (!Array.isArray(l.elements) || l.elements.length !== shape.tupleShapes.length) {
        return `a tuple literal of shape ${shapeToString(shape)}${at} needs an elements array of ${shape.tupleShapes.length}, got ${Array.isArray(l.elements) ? `${l.elements.length} elements` : String(l.elements)}`;
      }
      shape.tupleShapes.forEach((e, k) => stack.push({ value: (l.elements as unknown[])[k], shape: e, path: path === "" ? String(k) : `${path}.${k}` }));
      continue;
    }
    const n = elementCount(shape);
    if (!dataFits(shape.elementType, n, l.data)) {
      const want = `${storageArrayName(shape.elementType)} of ${n * elementLanes(shape.elementType)} values`;
      const got = ArrayBuffer.isView(l.data) ? `${l.data.constructor.name} of ${(l.data as unknown as { length: number }).length} values` : l.data === undefined ? "no data" : typeof l.data;
      return `a ${shapeToString(shape)} literal${at} needs its data as a ${want}, got ${got}`;
    }
  }
  return undefined;
}

function storageArrayName(t: ElementType): string {
  const kind = storageOf(t);
  switch (kind) {
    case "f64": return "Float64Array";
    case "s64": return "BigInt64Array";
    case "u64": return "BigUint64Array";
    case "complex": return "Float64Array (re, im interleaved)";
    default: return kind satisfies never;
  }
}

/**
 * The module `evaluate` and `compile` run: structure checked, elided constants
 * resolved, no implicit broadcast, verified (each module object once).
 */
export function prepareModule(module: HloModule, options: EvalOptions, who: string): HloModule {
  if (!lowered.has(module)) assertStructure(module, who);
  const m = resolveElidedConstants(module, options.elidedConstants, options.elidedSeed);
  if (!lowered.has(m)) {
    assertStructure(m, who);
    const implicit = implicitBroadcastProblems(m);
    if (implicit.length > 0) {
      throw new EvalError(`module ${m.name} holds an implicit broadcast; run lowerBroadcasts first:\n  ${implicit[0].trimEnd()}`);
    }
    // A module that breaks a typing rule (an out-of-bounds slice, a wrong result
    // shape) would compute garbage: refuse it before any kernel runs.
    const problems = verificationProblems(m);
    if (problems.length > 0) throw new VerifyError(problems, `${who}: module ${m.name} does not verify`);
    lowered.add(m);
  }
  return m;
}

/** EvalError unless `args` match the entry computation's parameters (count, shapes, data kind and length, tuple structure). */
export function checkArguments(m: HloModule, args: readonly Literal[]): void {
  argumentChecker(m)(args);
}

/** checkArguments with the entry's parameters looked up once, for an executable that checks every run. */
export function argumentChecker(m: HloModule): (args: readonly Literal[]) => void {
  const params = parametersOf(entryComputation(m));
  return (args) => {
    if (!Array.isArray(args) || args.length !== params.length) {
      const given = Array.isArray(args) ? `${args.length} were` : `${String(args)} was`;
      throw new EvalError(`module ${m.name} takes ${params.length} argument${params.length === 1 ? "" : "s"}, but ${given} given`);
    }
    for (let i = 0; i < params.length; i++) {
      const problem = argumentProblem(args[i], params[i].shape);
      if (problem !== undefined) throw new EvalError(`argument ${i} (parameter ${params[i].name}): ${problem}`);
    }
  };
}

/**
 * Evaluates the entry computation of an explicit (lowered) module. Refuses
 * with EvalError a module with implicit broadcasts, a wrong argument count, an
 * argument whose shape, data (kind and length) or tuple structure does not
 * match its parameter, and any instruction whose result would pass the memory
 * budget (EvalOptions.maxBytes), and elided constants (`constant({...})`)
 * unless EvalOptions.elidedConstants says what they hold. Arguments are never written to.
 * A module object made by hand whose structure is unsound (unknown opcode,
 * dangling name, malformed shape or attributes) or that breaks a typing rule
 * is a VerifyError; each module object is verified once.
 * The result is an array or, for a tuple root, a tuple: `asArray`/`asTuple`,
 * `toNested`, `toTypedArray` and `formatLiteral` (in @minixla/hlo) read it.
 */
export function evaluate(module: HloModule, args: readonly Literal[], options: EvalOptions = {}): Literal {
  const m = prepareModule(module, options, "evaluate");
  checkArguments(m, args);
  return evaluateComputation(m, entryComputation(m), args, { ...options, maxBytes: resolveMaxBytes(options.maxBytes) });
}
