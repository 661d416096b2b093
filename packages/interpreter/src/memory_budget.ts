/**
 * The evaluator's memory budget: before an instruction allocates its result,
 * the bytes that result needs in minixla's storage (8 per element, 16 per
 * complex element, tuples summed) are checked against `maxBytes`, so an
 * absurd shape is refused with an EvalError instead of filling memory; so is
 * one that would take a computation's live results past the budget.
 * Default: a quarter of the machine's memory, at most 8 GiB; the
 * MINIXLA_MAX_BYTES environment variable or the maxBytes option override it.
 */
import { totalmem } from "node:os";
import { ELEMENT_TYPE_INFO, EvalError, type Shape, isTupleShape, shapeToString } from "@minixla/hlo";

const DEFAULT_CAP = 8 * 2 ** 30;

/** Bytes that a value of shape `s` occupies in minixla's storage. */
export function storageBytes(s: Shape): number {
  let total = 0;
  const stack: Shape[] = [s];
  while (stack.length > 0) {
    const t = stack.pop() as Shape;
    if (isTupleShape(t)) {
      stack.push(...t.tupleShapes);
      continue;
    }
    let n = ELEMENT_TYPE_INFO[t.elementType].storage === "complex" ? 16 : 8;
    for (const d of t.dimensions) n *= d;
    total += n;
  }
  return total;
}

/**
 * The budget in force: the option if given, else MINIXLA_MAX_BYTES, else the
 * default. Infinity turns the guard off.
 */
export function resolveMaxBytes(option: number | undefined): number {
  if (option !== undefined) {
    if (!(option > 0)) throw new EvalError(`maxBytes must be a positive number of bytes, got ${String(option)}`);
    return option;
  }
  const env = process.env.MINIXLA_MAX_BYTES;
  if (env !== undefined && env.trim() !== "") {
    const v = Number(env);
    if (!Number.isFinite(v) || v <= 0) throw new EvalError(`MINIXLA_MAX_BYTES must be a positive number of bytes, got '${env}'`);
    return v;
  }
  return Math.min(Math.floor(totalmem() / 4), DEFAULT_CAP);
}

const gib = (b: number): string => `${(b / 2 ** 30).toFixed(1)} GiB`;

/**
 * Throws EvalError because `inst`'s result would not fit: alone it needs more
 * than `maxBytes`, or together with the `live` bytes of the computation's
 * values still in use. Called before the kernel allocates anything.
 */
export function checkBudget(inst: { readonly name: string; readonly opcode: string; readonly shape: Shape }, live: number, maxBytes: number): void {
  const bytes = storageBytes(inst.shape);
  const head = `${inst.name} (${inst.opcode}): result ${shapeToString(inst.shape)} needs ${bytes} bytes (${gib(bytes)})`;
  const raise = "; raise it with the maxBytes option or MINIXLA_MAX_BYTES";
  if (bytes > maxBytes) {
    throw new EvalError(`${head}, more than the memory budget of ${maxBytes} bytes (${gib(maxBytes)})${raise}`);
  }
  if (live + bytes > maxBytes) {
    throw new EvalError(
      `${head}, which with the ${live} bytes (${gib(live)}) of values still in use passes the memory budget of ${maxBytes} bytes (${gib(maxBytes)})${raise}`,
    );
  }
}
