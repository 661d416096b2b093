/**
 * The StableHLO printer's emitter: the values an HLO instruction stands for
 * (one SSA value, or a tree of them for a tuple that was never built), the
 * scopes that say which SSA values a region may use, and the writer that
 * prints ops in MLIR's generic or pretty form with their regions.
 */
import { HloError } from "../errors.ts";
import { type Shape, type TupleShape, isTupleShape } from "../shape.ts";
import { mlirType } from "./print_types.ts";

/** An HLO op that StableHLO cannot express (or that XLA would not take back); names the op. */
export class StableHloPrintError extends HloError {}

/**
 * What an HLO instruction's value is in the printed function: an SSA value of
 * its type, or, for a tuple whose elements are at hand (a tuple instruction,
 * the results of a multi-result op), the tree of its elements; such a tuple is
 * built with stablehlo.tuple only where a user needs it whole.
 */
export type Value =
  | { readonly kind: "ssa"; readonly ref: string; readonly shape: Shape }
  | { readonly kind: "tuple"; readonly elements: readonly Value[]; readonly shape: TupleShape };

/** `line` with `attribute` added to the dictionary before the last `signature` marker (made where there is none). */
function withAttribute(line: string, signature: string, attribute: string): string {
  const at = line.lastIndexOf(signature);
  const head = line.slice(0, at);
  // An attribute dictionary ends in `}` (properties end in `}>`, regions in `})`).
  if (head.endsWith("}") && !head.endsWith("}>") && !head.endsWith("})")) return `${head.slice(0, -1)}, ${attribute}}${line.slice(at)}`;
  return `${head} {${attribute}}${line.slice(at)}`;
}

/** An SSA value of this shape. */
export function ssa(ref: string, shape: Shape): Value {
  return { kind: "ssa", ref, shape };
}

/** The SSA values made in one region (and those of the regions around it), so that each is built once where it is visible. */
export class Scope {
  private readonly made = new Map<Value, string>();
  private readonly parts = new Map<Value, readonly Value[]>();
  constructor(readonly parent?: Scope) {}
  lookup(v: Value): string | undefined {
    for (let s: Scope | undefined = this; s !== undefined; s = s.parent) {
      const r = s.made.get(v);
      if (r !== undefined) return r;
    }
    return undefined;
  }
  remember(v: Value, ref: string): void {
    this.made.set(v, ref);
  }
  lookupParts(v: Value): readonly Value[] | undefined {
    for (let s: Scope | undefined = this; s !== undefined; s = s.parent) {
      const r = s.parts.get(v);
      if (r !== undefined) return r;
    }
    return undefined;
  }
  rememberParts(v: Value, parts: readonly Value[]): void {
    this.parts.set(v, parts);
  }
}

/** A region's printer: given the writer (indented and scoped for the region), prints the block. */
export type RegionBody = (w: Writer) => void;

/** One op to print in generic form: `"name"(operands) <{properties}> ({regions}) : (types) -> (types)`. */
export interface GenericOp {
  readonly name: string;
  readonly operands: readonly Value[];
  readonly properties?: readonly string[];
  /** Attributes outside the properties (discardable ones such as mhlo.frontend_attributes). */
  readonly attributes?: readonly string[];
  readonly regions?: readonly RegionBody[];
  readonly results: readonly Shape[];
}

/** Prints the ops of one function, with a counter shared by its regions so that every SSA name is unique. */
export class Writer {
  constructor(
    private readonly lines: string[],
    readonly indent: string,
    readonly scope: Scope,
    private readonly counter: { n: number },
  ) {}

  /** A writer for a region nested in this one. */
  nested(): Writer {
    return new Writer(this.lines, `${this.indent}  `, new Scope(this.scope), this.counter);
  }

  line(text: string): void {
    this.lines.push(`${this.indent}${text}`);
  }

  fresh(prefix = ""): string {
    return `%${prefix}${this.counter.n++}`;
  }

  /** How many lines are printed so far: where the next op's text starts. */
  get mark(): number {
    return this.lines.length;
  }

  /**
   * Adds a discardable attribute (`mhlo.sharding = "..."`) to the op printed at
   * or after line `from` that defines `ref`, in whichever form it was printed;
   * false where no such op was printed there (the value is an earlier one's).
   */
  annotate(from: number, ref: string, attribute: string): boolean {
    const base = ref.replace(/#\d+$/, "");
    for (let i = this.lines.length - 1; i >= from; i--) {
      const line = this.lines[i];
      const indent = line.length - line.trimStart().length;
      const text = line.slice(indent);
      if (!text.startsWith(`${base} = `) && !text.startsWith(`${base}:`)) continue;
      const op = text.slice(text.indexOf("= ") + 2);
      if (op.startsWith('"')) {
        // Generic form: the attribute dictionary sits just before the signature, after the regions if any.
        let k = i;
        if (text.endsWith(" ({")) {
          const close = `${line.slice(0, indent)}})`;
          k = this.lines.findIndex((l, j) => j > i && l.startsWith(close));
          if (k < 0) return false;
        }
        this.lines[k] = withAttribute(this.lines[k], " : (", attribute);
        return true;
      }
      // Pretty forms: `stablehlo.constant {attrs} dense<...> : T`; every other one `... {attrs} : T`.
      if (op.startsWith("stablehlo.constant ")) {
        const at = indent + text.indexOf("stablehlo.constant ") + "stablehlo.constant ".length;
        this.lines[i] = `${line.slice(0, at)}{${attribute}} ${line.slice(at)}`;
        return true;
      }
      this.lines[i] = withAttribute(line, " : ", attribute);
      return true;
    }
    return false;
  }

  /** The SSA name of a value, building its tuple (once per scope) if it is a tree. */
  ref(v: Value): string {
    if (v.kind === "ssa") return v.ref;
    const known = this.scope.lookup(v);
    if (known !== undefined) return known;
    const [r] = this.generic({ name: "stablehlo.tuple", operands: v.elements, results: [v.shape] });
    this.scope.remember(v, r);
    return r;
  }

  /** The elements of a tuple value, read with get_tuple_element (once per scope) where it is one SSA value. */
  elements(v: Value): readonly Value[] {
    if (v.kind === "tuple") return v.elements;
    if (!isTupleShape(v.shape)) throw new HloError(`printStableHlo: expected a tuple value, got ${mlirType(v.shape)}`);
    const known = this.scope.lookupParts(v);
    if (known !== undefined) return known;
    const parts = v.shape.tupleShapes.map((s, i) => {
      const [r] = this.generic({ name: "stablehlo.get_tuple_element", operands: [v], properties: [`index = ${i} : i32`], results: [s] });
      return ssa(r, s);
    });
    this.scope.rememberParts(v, parts);
    return parts;
  }

  /** The array and token leaves of a value, tuples opened at every level, in order. */
  leaves(v: Value): Value[] {
    const out: Value[] = [];
    const stack: Value[] = [v];
    while (stack.length > 0) {
      const x = stack.pop() as Value;
      if (isTupleShape(x.shape)) stack.push(...[...this.elements(x)].reverse());
      else out.push(x);
    }
    return out;
  }

  /** Prints an op in generic form and returns its results' SSA references. */
  generic(op: GenericOp): string[] {
    const refs = op.operands.map((o) => this.ref(o));
    const types = op.operands.map((o) => mlirType(o.shape));
    const base = op.results.length === 0 ? "" : this.fresh();
    const lhs = op.results.length === 0 ? "" : op.results.length === 1 ? `${base} = ` : `${base}:${op.results.length} = `;
    const props = op.properties !== undefined && op.properties.length > 0 ? ` <{${op.properties.join(", ")}}>` : "";
    const attrs = op.attributes !== undefined && op.attributes.length > 0 ? ` {${op.attributes.join(", ")}}` : "";
    const resultTypes = op.results.length === 1 && !isTupleShape(op.results[0]) ? mlirType(op.results[0]) : `(${op.results.map(mlirType).join(", ")})`;
    const signature = `: (${types.join(", ")}) -> ${resultTypes}`;
    const head = `${lhs}"${op.name}"(${refs.join(", ")})${props}`;
    const regions = op.regions ?? [];
    if (regions.length === 0) this.line(`${head}${attrs} ${signature}`);
    else {
      this.line(`${head} ({`);
      regions.forEach((body, i) => {
        body(this.nested());
        if (i < regions.length - 1) this.line("}, {");
      });
      this.line(`})${attrs} ${signature}`);
    }
    if (op.results.length === 1) return [base];
    return op.results.map((_, i) => `${base}#${i}`);
  }

  /** `%r = stablehlo.op %a, %b : T`: the pretty form of an op whose operands and result share one type. */
  pretty(name: string, operands: readonly Value[], result: Shape): string {
    const r = this.fresh();
    this.line(`${r} = ${name} ${operands.map((o) => this.ref(o)).join(", ")} : ${mlirType(result)}`);
    return r;
  }

  /** `%r = <text>` for an op's custom (pretty) form with one result; `text` is everything after `=`. */
  prettyText(text: (ref: (v: Value) => string) => string): string {
    const body = text((v) => this.ref(v));
    const r = this.fresh();
    this.line(`${r} = ${body}`);
    return r;
  }

  /** A block header `^bb0(%a: T, ...):` with fresh argument names; returns the arguments as values. */
  block(args: readonly Shape[]): Value[] {
    if (args.length === 0) return [];
    const values = args.map((s) => ssa(this.fresh("a"), s));
    this.lines.push(`${this.indent.slice(2)}^bb0(${values.map((v) => `${(v as { ref: string }).ref}: ${mlirType(v.shape)}`).join(", ")}):`);
    return values;
  }

  /** `stablehlo.return` of these values (a region's terminator). */
  ret(values: readonly Value[], op = "stablehlo.return"): void {
    const refs = values.map((v) => this.ref(v));
    this.line(`"${op}"(${refs.join(", ")}) : (${values.map((v) => mlirType(v.shape)).join(", ")}) -> ()`);
  }
}

/** A value of `shape` made from its leaves in order (the inverse of Writer.leaves). */
export function fromLeaves(shape: Shape, leaves: readonly Value[]): Value {
  let next = 0;
  const build = (s: Shape): Value => {
    if (!isTupleShape(s)) {
      const v = leaves[next++];
      if (v === undefined) throw new HloError("printStableHlo: fewer results than the tuple has leaves");
      return v;
    }
    return { kind: "tuple", elements: s.tupleShapes.map(build), shape: s };
  };
  return build(shape);
}

/** The array and token leaves of a shape, tuples opened at every level. */
export function shapeLeaves(shape: Shape): Shape[] {
  const out: Shape[] = [];
  const stack: Shape[] = [shape];
  while (stack.length > 0) {
    const s = stack.pop() as Shape;
    if (isTupleShape(s)) stack.push(...[...s.tupleShapes].reverse());
    else out.push(s);
  }
  return out;
}
