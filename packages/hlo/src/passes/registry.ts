/**
 * The pass registry: the one list of passes by name, and the pipelines built
 * from it. `minixla opt --list`, every `--passes` option, the default
 * pipeline and the pass-equivalence test all read a registry; a new pass is
 * added here (or, for a pass that needs the interpreter, in the interpreter's
 * extension of this registry: constant folding reuses the kernels, which
 * @minixla/hlo cannot import).
 */
import { HloError } from "../errors.ts";
import { algsimp } from "./algsimp.ts";
import { cse } from "./cse.ts";
import { dce } from "./dce.ts";
import { fuse } from "./fuse.ts";
import { inline } from "./inline.ts";
import { lowerBroadcastsPass } from "./lower_broadcasts_pass.ts";
import { type HloPass, fixpoint, sequence } from "./pass.ts";
import { tupleSimplify } from "./tuple_simplify.ts";
import { xlaCpuNumerics } from "./xla_cpu_numerics.ts";

/** fuse is listed (for --passes and the pass-equivalence test) but stays out of the default pipeline: the compiled engine runs it. */
export const STANDARD_PASSES: readonly HloPass[] = [lowerBroadcastsPass, inline, tupleSimplify, algsimp, cse, dce, fuse];

/** The pass of that name among the standard ones and `extra`; HloError listing the known names otherwise. */
export function passByName(name: string, extra: readonly HloPass[] = []): HloPass {
  const all = [...STANDARD_PASSES, ...extra];
  const found = all.find((p) => p.name === name);
  if (!found) throw new HloError(`unknown pass '${name}'; known passes: ${all.map((p) => p.name).join(", ")}`);
  return found;
}

/**
 * The default pipeline's simplification step, named "simplify": tuple-simplify,
 * algsimp, `simplifiers` (e.g. constant folding from the interpreter), cse, dce.
 */
export function simplifyPass(simplifiers: readonly HloPass[] = []): HloPass {
  const steps = [tupleSimplify, algsimp, ...simplifiers, cse, dce];
  return sequence("simplify", steps.map((p) => p.name).join(", "), steps);
}

/**
 * lower-broadcasts, inline, then `simplifyPass(simplifiers)` to a fixed point
 * (named "fixpoint(simplify)").
 */
export function defaultPipeline(simplifiers: readonly HloPass[] = []): readonly HloPass[] {
  return [lowerBroadcastsPass, inline, fixpoint(simplifyPass(simplifiers))];
}

/** What a name given to `--passes` stands for: one pass, or a pipeline of them ("default"). */
export type PassMeaning = HloPass | readonly HloPass[];

/** The parts a registry is made of (see PassRegistry); an extension adds to each. */
export interface PassRegistryParts {
  /** Passes that keep a module's results (the pass-equivalence test runs each), in listing order. */
  readonly passes: readonly HloPass[];
  /** Passes offered by name that change results on purpose (xla-cpu-numerics): in no default pipeline. */
  readonly resultChanging: readonly HloPass[];
  /** Passes the "simplify" step runs between algsimp and cse. */
  readonly simplifiers: readonly HloPass[];
}

/** Every pass offered by name, and the "simplify" step and default pipeline built from them. */
export interface PassRegistry extends PassRegistryParts {
  /** `passes`, then `resultChanging`, then `plugins`: what --list shows and --passes accepts. */
  available(plugins?: readonly HloPass[]): readonly HloPass[];
  /** The "simplify" step with this registry's simplifiers. */
  simplify(): HloPass;
  /** The default pipeline (`--passes=default`) with this registry's simplifiers. */
  defaultPipeline(): readonly HloPass[];
  /** A pass of `available(plugins)` by name, "simplify", or "default" (the whole default pipeline); undefined otherwise. */
  lookup(name: string, plugins?: readonly HloPass[]): PassMeaning | undefined;
  /** This registry with `more`'s passes appended to each part. */
  extend(more: Partial<PassRegistryParts>): PassRegistry;
}

/** A registry of `parts`. */
export function passRegistry(parts: PassRegistryParts): PassRegistry {
  const { passes, resultChanging, simplifiers } = parts;
  const available = (plugins: readonly HloPass[] = []): readonly HloPass[] => [...passes, ...resultChanging, ...plugins];
  const registry: PassRegistry = {
    passes,
    resultChanging,
    simplifiers,
    available,
    simplify: () => simplifyPass(simplifiers),
    defaultPipeline: () => defaultPipeline(simplifiers),
    lookup(name, plugins = []) {
      if (name === "default") return registry.defaultPipeline();
      if (name === "simplify") return registry.simplify();
      return available(plugins).find((p) => p.name === name);
    },
    extend: (more) =>
      passRegistry({
        passes: [...passes, ...(more.passes ?? [])],
        resultChanging: [...resultChanging, ...(more.resultChanging ?? [])],
        simplifiers: [...simplifiers, ...(more.simplifiers ?? [])],
      }),
  };
  return registry;
}

/** The passes of @minixla/hlo: the standard ones, and xla-cpu-numerics offered by name only. */
export const HLO_PASS_REGISTRY: PassRegistry = passRegistry({ passes: STANDARD_PASSES, resultChanging: [xlaCpuNumerics], simplifiers: [] });
