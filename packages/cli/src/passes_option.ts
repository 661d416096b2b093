/**
 * `--passes SPEC` with `--plugin FILE ...` for the commands that run a
 * pipeline as part of their work (compare, reduce): the names `minixla opt`
 * accepts (every pass of ALL_PASSES, xla-cpu-numerics, `simplify`,
 * `default`, fixpoint(...)) plus the passes of the plugins, in
 * pass_spec.ts's grammar.
 */
import { type HloPass, simplifyPass, xlaCpuNumerics } from "@minixla/hlo";
import { ALL_PASSES, constantFolding, defaultPipelineWithFolding } from "@minixla/interpreter";
import { loadPlugin } from "./commands/opt.ts";
import { parsePassSpec } from "./pass_spec.ts";

/** Loads each plugin file's pass (UsageError naming a file that cannot be loaded). */
export async function loadPlugins(files: readonly string[]): Promise<HloPass[]> {
  const out: HloPass[] = [];
  for (const f of files) out.push(await loadPlugin(f));
  return out;
}

/** The passes SPEC names, among the standard passes and the plugins' (UsageError with a caret on a mistake). */
export function parsePassesOption(spec: string, plugins: readonly HloPass[]): HloPass[] {
  const available = [...ALL_PASSES, xlaCpuNumerics, ...plugins];
  return parsePassSpec(
    spec,
    (name) => {
      if (name === "default") return defaultPipelineWithFolding();
      if (name === "simplify") return simplifyPass([constantFolding]);
      return available.find((p) => p.name === name);
    },
    available.map((p) => p.name),
  );
}
