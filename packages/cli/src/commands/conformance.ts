/**
 * `minixla conformance DIR [--filter TAG] [--json]`: runs a corpus of
 * XLA-computed cases (see conformance.ts) and prints one line per failing case,
 * then exactly `N passed, M failed`; --json prints the report as JSON instead.
 * --engine compiled (default), reference, or both (a case also fails on any
 * bit of difference between the two engines).
 * --passes SPEC [--plugin FILE ...] runs passes over each module before it
 * is evaluated, so that the corpus checks a pass (a wrong rewrite fails the
 * cases it fires in). A failing case's line names the output, the first
 * differing index, both values and the largest distance in ulps.
 * Exits 1 when any case fails (or a filter matches nothing).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { escapeControls } from "@minixla/hlo";
import { UsageError, parseArgs } from "../args.ts";
import { describeFailure, runConformance } from "../conformance.ts";
import { parseEngine, parseNumerics } from "../engine.ts";
import type { Command } from "./command.ts";
import { conformanceInfo } from "./conformance_info.ts";
import { defaultSpecWith, loadPlugins, parsePassesOption } from "../passes_option.ts";

export const conformanceCommand: Command = {
  ...conformanceInfo,
  async run(argv, io) {
    const args = parseArgs(argv, conformanceCommand.options);
    if (args.positionals.length !== 1) throw new UsageError("expected exactly one corpus DIR");
    const dir = args.positionals[0];
    if (!existsSync(join(dir, "manifest.json"))) throw new UsageError(`${dir} has no manifest.json`);
    const filter = args.values.get("filter");
    const numerics = parseNumerics(args.values.get("numerics"), "xla-cpu");
    const engine = parseEngine(args.values.get("engine"));
    const spec = args.values.get("passes");
    const plugins = await loadPlugins(args.ordered.filter((o) => o.name === "plugin").map((o) => o.value));
    // As in opt: a plugin without --passes runs after the default pipeline.
    const passes = spec === undefined ? (plugins.length === 0 ? undefined : parsePassesOption(defaultSpecWith(plugins), plugins)) : parsePassesOption(spec, plugins);
    const report = runConformance(dir, { numerics, engine, ...(filter === undefined ? {} : { filter }), ...(passes === undefined ? {} : { passes }) });
    if (args.values.has("json")) {
      // JSON has no NaN or infinities: spell them as strings so a mismatch on one stays visible.
      const json = JSON.stringify(report, (_k, v: unknown) => (typeof v === "number" && !Number.isFinite(v) ? String(v) : v), 2);
      io.out(`${json}\n`);
    } else {
      for (const r of report.cases) if (!r.passed) io.out(`${describeFailure(r)}\n`);
      io.out(`${report.passed} passed, ${report.failed} failed\n`);
    }
    if (report.cases.length === 0 && filter !== undefined) {
      io.err(`no case matches --filter ${escapeControls(filter, true)}\n`);
      return 1;
    }
    return report.failed === 0 ? 0 : 1;
  },
};
