/**
 * `--passes SPEC` for the commands that run a pipeline (opt, compare,
 * reduce): the names of the pass registry (every pass it offers,
 * `simplify`, `default`, fixpoint(...)) plus the passes of the plugins, in
 * pass_spec.ts's grammar.
 */
import type { HloPass } from "@minixla/hlo";
import { PASS_REGISTRY } from "@minixla/interpreter";
import { parsePassSpec } from "./pass_spec.ts";

export { loadPlugins } from "./plugin.ts";

/** The passes SPEC names, among the registry's passes and the plugins' (UsageError with a caret on a mistake). */
export function parsePassesOption(spec: string, plugins: readonly HloPass[]): HloPass[] {
  return parsePassSpec(
    spec,
    (name) => PASS_REGISTRY.lookup(name, plugins),
    PASS_REGISTRY.available(plugins).map((p) => p.name),
  );
}

/** --passes when none is given: the default pipeline, then each plugin's pass in the order given (so a plugin always runs). */
export const defaultSpecWith = (plugins: readonly HloPass[]): string => ["default", ...plugins.map((p) => p.name)].join(",");
