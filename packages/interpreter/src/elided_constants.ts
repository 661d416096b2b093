/**
 * Elided constants: XLA prints large constants as `constant({...})`, and its
 * parser reads them back with unknown values. minixla keeps them that way
 * (attributes.elided) and evaluates such a module only when told what to put
 * there: `elidedConstants: "zeros"` (every element 0), or "random"
 * (deterministic values from `elidedSeed`: floats in [-1, 1), integers in a
 * small range, so that indices and loop bounds stay near the shapes' sizes).
 * Without a choice, evaluation refuses with an EvalError naming the constants.
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  EvalError,
  type HloInstruction,
  type HloModule,
  type Literal,
  type Shape,
  ELEMENT_TYPE_INFO,
  allocData,
  arrayLiteralFromData,
  createModule,
  elementCount,
  normalizeValue,
  tupleLiteral,
} from "@minixla/hlo";

/** Values for constants whose text elided them: zeros, or seeded random values. */
export type ElidedConstantsChoice = "zeros" | "random";

/** The elided constants of a module, as `computation/instruction` names. */
export function elidedConstantNames(m: HloModule): string[] {
  const out: string[] = [];
  for (const c of m.computations) {
    for (const inst of c.instructions) if (inst.opcode === "constant" && inst.attributes.elided === true) out.push(`${c.name}/${inst.name}`);
  }
  return out;
}

/** mulberry32: a small deterministic generator of uniform numbers in [0, 1), replayable from its seed. */
export function uniformGenerator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomArray(s: ArrayShape, rand: () => number): ArrayLiteral {
  const t = s.elementType;
  const info = ELEMENT_TYPE_INFO[t];
  const data = allocData(t, elementCount(s));
  const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
  for (let i = 0; i < data.length; i++) {
    if (data instanceof BigInt64Array) data[i] = BigInt(int(-4, 7));
    else if (data instanceof BigUint64Array) data[i] = BigInt(int(0, 7));
    else if (info.kind === "pred") data[i] = int(0, 1);
    else if (info.kind === "signed") data[i] = int(Math.max(info.min, -4), Math.min(info.max, 7));
    else if (info.kind === "unsigned") data[i] = int(0, Math.min(info.max, 7));
    // Floats and complex parts: [-1, 1) in the type's value set ([0, 1) for unsigned formats such as f8e8m0fnu).
    else data[i] = normalizeValue(t, info.min < 0 ? rand() * 2 - 1 : rand());
  }
  return arrayLiteralFromData(s, data);
}

function randomLiteral(l: Literal, rand: () => number): Literal {
  if (l.shape.elementType === "tuple") return tupleLiteral((l as { elements: readonly Literal[] }).elements.map((e) => randomLiteral(e, rand)));
  return randomArray(l.shape as ArrayShape, rand);
}

/**
 * Seeded values of shape `s` (tuples element by element), drawn as the
 * "random" elided constants are: floats in [-1, 1), integers in [-4, 7]
 * clipped to the type, pred 0 or 1. The same seed gives the same bits
 * (`minixla run --random-inputs --seed S` uses it, seed per parameter).
 */
export function randomLiteralOfShape(s: Shape, seed: number): Literal {
  const rand = uniformGenerator(seed);
  const build = (x: Shape): Literal => (x.elementType === "tuple" ? tupleLiteral(x.tupleShapes.map(build)) : randomArray(x, rand));
  return build(s);
}

const resolved = new WeakMap<HloModule, Map<string, HloModule>>();

/**
 * The module to evaluate: `m` itself when it has no elided constants (or
 * `choice` is "zeros": the placeholders are zeros already), else a copy whose
 * elided constants hold seeded random values. Throws EvalError when `m` has
 * elided constants and no choice is given.
 */
export function resolveElidedConstants(m: HloModule, choice: ElidedConstantsChoice | undefined, seed = 0): HloModule {
  const names = elidedConstantNames(m);
  if (names.length === 0) return m;
  if (choice === undefined) {
    const shown = names.slice(0, 5).join(", ") + (names.length > 5 ? `, ... (${names.length} in all)` : "");
    throw new EvalError(
      `module ${m.name} has elided constants (written constant({...}), values unknown): ${shown}; ` +
        `evaluate with the option elidedConstants: "zeros" or "random" (minixla run --elided zeros|random)`,
    );
  }
  if (choice === "zeros") return m;
  if (choice !== "random") throw new EvalError(`elidedConstants must be "zeros" or "random", got ${JSON.stringify(choice)}`);
  const key = `${choice}:${seed}`;
  const cached = resolved.get(m)?.get(key);
  if (cached !== undefined) return cached;
  const rand = uniformGenerator(seed);
  const computations = m.computations.map((c) => ({
    ...c,
    instructions: c.instructions.map((inst): HloInstruction => {
      if (inst.opcode !== "constant" || inst.attributes.elided !== true) return inst;
      return { ...inst, attributes: { literal: randomLiteral(inst.attributes.literal as Literal, rand) } };
    }),
  }));
  const out = createModule({ name: m.name, computations, entry: m.entry, headerAttributes: m.headerAttributes, stackFrames: m.stackFrames });
  if (!resolved.has(m)) resolved.set(m, new Map());
  resolved.get(m)?.set(key, out);
  return out;
}
