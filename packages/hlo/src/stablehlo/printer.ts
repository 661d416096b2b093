/**
 * The StableHLO printer: an HLO module as MLIR text that JAX's MLIR parser
 * reads and XLA compiles. The entry computation becomes `func.func public
 * @main`; computations reached by call, fusion and async-start become
 * `func.func private` functions called with `func.call`; every other called
 * computation (reducers, comparators, loop bodies, branches) is printed inline
 * as the region StableHLO's op takes. Tuples are opened wherever StableHLO
 * wants separate values (multi-result ops, loops, returns) and built with
 * stablehlo.tuple only where an HLO user needs the tuple whole.
 */
import type { HloInstruction } from "../instruction.ts";
import { type HloComputation, type HloModule, assertStructure, computationMap, entryComputation, parametersOf } from "../module.ts";
import { isTupleShape } from "../shape.ts";
import { hasImplicitBroadcast } from "../verify/verifier.ts";
import { lowerBroadcasts } from "../passes/lower_broadcasts.ts";
import { OP_PRINTERS, type OpContext } from "./print_ops.ts";
import { mlirString, mlirType, symbol } from "./print_types.ts";
import { shardingText } from "../text/annotation_text.ts";
import { Scope, StableHloPrintError, type Value, Writer, fromLeaves, shapeLeaves, ssa } from "./print_writer.ts";

export { StableHloPrintError } from "./print_writer.ts";

/** What the op printers need from the module: its computations, inlined as regions or called as functions. */
export interface ModulePrinter {
  /** Prints `comp`'s instructions into `w` with its parameters bound to `params`; returns the root's value. */
  body(comp: HloComputation, params: readonly Value[], w: Writer): Value;
  /** The name of the private function printed for `comp` (printed once, on first use). */
  functionFor(comp: HloComputation): string;
  computation(name: string): HloComputation;
  /** The module's replica count (the group size of collectives whose groups are left empty). */
  readonly replicaCount: number;
  /** The module's partition count (the group size of cross-partition collectives whose groups are left empty). */
  readonly partitionCount: number;
  /** The name of the module's `sdy.mesh` of these axes (declared once, on first use). */
  meshFor(axes: readonly { readonly name: string; readonly size: number }[]): string;
}

/**
 * The module as StableHLO text: `module @name attributes {mhlo.num_partitions,
 * mhlo.num_replicas}` holding `func.func public @main` and the private
 * functions it calls. Implicit broadcasts are made explicit first. Throws
 * StableHloPrintError naming the op where StableHLO has no form for it.
 */
export function printStableHlo(module: HloModule): string {
  assertStructure(module, "printStableHlo");
  const m = hasImplicitBroadcast(module) ? lowerBroadcasts(module) : module;
  const comps = computationMap(m);
  const functions = new Map<string, string>();
  const pending: HloComputation[] = [];
  const taken = new Set<string>(["main"]);
  const header = headerAttributes(m);
  const meshes = new Map<string, string>();
  const printer: ModulePrinter = {
    meshFor(axes) {
      const body = `<[${axes.map((a) => `${mlirString(a.name)}=${a.size}`).join(", ")}]>`;
      let name = meshes.get(body);
      if (name === undefined) {
        name = meshes.size === 0 ? "mesh" : `mesh_${meshes.size}`;
        meshes.set(body, name);
      }
      return name;
    },
    replicaCount: header.replicas,
    partitionCount: header.partitions,
    body: (comp, params, w) => printBody(printer, comp, params, w),
    functionFor(comp) {
      let name = functions.get(comp.name);
      if (name === undefined) {
        name = comp.name;
        for (let k = 1; taken.has(name); k++) name = `${comp.name}_${k}`;
        taken.add(name);
        functions.set(comp.name, name);
        pending.push(comp);
      }
      return name;
    },
    computation(name) {
      const c = comps.get(name);
      if (c === undefined) throw new StableHloPrintError(`printStableHlo: computation ${name} does not exist`);
      return c;
    },
  };
  const attributes = [`mhlo.num_partitions = ${header.partitions} : i32`, `mhlo.num_replicas = ${header.replicas} : i32`];
  const out: string[] = [`module ${symbol(m.name)} attributes {${attributes.join(", ")}} {`];
  out.push(...printFunction(printer, entryComputation(m), "main", true));
  // Functions are printed as they are first called; a function may call more (a worklist, not recursion).
  for (let i = 0; i < pending.length; i++) out.push(...printFunction(printer, pending[i], functions.get(pending[i].name) as string, false));
  out.splice(1, 0, ...[...meshes].map(([body, name]) => `  sdy.mesh ${symbol(name)} = ${body}`));
  out.push("}");
  return `${out.join("\n")}\n`;
}

/** mhlo.num_partitions and mhlo.num_replicas from the module header (1 where the header leaves them out). */
function headerAttributes(m: HloModule): { readonly partitions: number; readonly replicas: number } {
  const read = (name: string) => {
    const v = m.headerAttributes.find((a) => a.name === name)?.value;
    return v !== undefined && /^\d+$/.test(v) ? Number(v) : 1;
  };
  return { partitions: read("num_partitions"), replicas: read("replica_count") };
}

/**
 * One function. `main` takes and returns arrays and tokens only (as XLA wants
 * its entry): a tuple parameter arrives as its leaves, in order, and a tuple
 * root leaves as its leaves. A private function takes and returns values of
 * the computation's own types, tuples included.
 */
function printFunction(printer: ModulePrinter, comp: HloComputation, name: string, isEntry: boolean): string[] {
  const lines: string[] = [];
  const w = new Writer(lines, "    ", new Scope(), { n: 0 });
  const args: Value[] = [];
  const params = parametersOf(comp).map((p) => {
    const shapes = isEntry ? shapeLeaves(p.shape) : [p.shape];
    const leaves = shapes.map((s) => {
      const v = ssa(`%arg${args.length}`, s);
      args.push(v);
      return v;
    });
    return isEntry ? fromLeaves(p.shape, leaves) : leaves[0];
  });
  const root = printer.body(comp, params, w);
  const results = isEntry ? w.leaves(root) : [root];
  w.line(results.length === 0 ? "return" : `return ${results.map((r) => w.ref(r)).join(", ")} : ${results.map((r) => mlirType(r.shape)).join(", ")}`);
  // Shardings of the entry's parameters and results, as JAX writes them (mhlo.sharding holds HLO sharding text).
  const argAttrs = args.map(() => "");
  const resultAttrs = results.map(() => "");
  if (isEntry && parametersOf(comp).every((p) => !isTupleShape(p.shape))) {
    parametersOf(comp).forEach((p, i) => {
      const s = p.annotations?.sharding;
      if (s !== undefined && !isTupleShape(p.shape) && s.kind !== "tuple") argAttrs[i] = ` {mhlo.sharding = ${mlirString(shardingText(s))}}`;
    });
    const rootSharding = comp.instructions.find((x) => x.name === comp.root)?.annotations?.sharding;
    if (rootSharding !== undefined) {
      const each = rootSharding.kind === "tuple" ? rootSharding.elements : [rootSharding];
      if (each.length === results.length) each.forEach((s, i) => (resultAttrs[i] = ` {mhlo.sharding = ${mlirString(shardingText(s))}}`));
    }
  }
  const signature = args.map((a, i) => `${w.ref(a)}: ${mlirType(a.shape)}${argAttrs[i] ?? ""}`).join(", ");
  const resultTypes = results.map((r, i) => `${mlirType(r.shape)}${resultAttrs[i] ?? ""}`);
  const ret = resultTypes.length === 1 && !isTupleShape(results[0].shape) && resultAttrs[0] === "" ? resultTypes[0] : `(${resultTypes.join(", ")})`;
  return [`  func.func ${isEntry ? "public" : "private"} ${symbol(name)}(${signature}) -> ${ret} {`, ...lines, "  }"];
}

/** Prints a computation's instructions in order (operands come first), binding its parameters to `params`. */
function printBody(printer: ModulePrinter, comp: HloComputation, params: readonly Value[], w: Writer): Value {
  const values = new Map<string, Value>();
  for (const inst of comp.instructions) {
    const value = printInstruction(printer, comp, inst, params, values, w);
    values.set(inst.name, value);
  }
  const root = values.get(comp.root);
  if (root === undefined) throw new StableHloPrintError(`printStableHlo: computation ${comp.name} has no root ${comp.root}`);
  return root;
}

function printInstruction(
  printer: ModulePrinter,
  comp: HloComputation,
  inst: HloInstruction,
  params: readonly Value[],
  values: ReadonlyMap<string, Value>,
  w: Writer,
): Value {
  if (inst.opcode === "parameter") {
    const p = params[inst.attributes.parameterNumber];
    if (p === undefined) throw new StableHloPrintError(`printStableHlo: ${comp.name}: parameter ${inst.attributes.parameterNumber} is not bound`);
    return p;
  }
  const operands = inst.operands.map((o) => {
    const v = values.get(o);
    if (v === undefined) throw new StableHloPrintError(`printStableHlo: ${comp.name}: operand ${o} of ${inst.name} is not defined before it`);
    return v;
  });
  const context: OpContext<typeof inst.opcode> = { inst, operands, w, printer };
  const print = OP_PRINTERS[inst.opcode] as (c: OpContext<typeof inst.opcode>) => Value;
  const from = w.mark;
  const value = print(context);
  // An op's sharding rides on the op that makes its value, as JAX writes it; an alias (copy, tuple) has no op of its own.
  const sharding = inst.annotations?.sharding;
  if (sharding !== undefined) {
    const ref = definingRef(value);
    if (ref !== undefined) w.annotate(from, ref, `mhlo.sharding = ${mlirString(shardingText(sharding))}`);
  }
  return value;
}

/** The SSA name of the op result a value comes from (one op's results for a tuple of them); none for a tuple built of several. */
function definingRef(v: Value): string | undefined {
  if (v.kind === "ssa") return v.ref;
  const bases = new Set(v.elements.map((e) => (e.kind === "ssa" ? e.ref.replace(/#\d+$/, "") : "")));
  return bases.size === 1 && !bases.has("") ? [...bases][0] : undefined;
}
