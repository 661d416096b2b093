/**
 * `minixla conformance DIR [--filter TAG] [--json]`: runs a corpus of
 * XLA-computed cases (see conformance.ts) and prints one line per failing case,
 * then exactly `N passed, M failed`; --json prints the report as JSON instead.
 * --engine compiled (default), reference, or both (a case also fails on any
 * bit of difference between the two engines).
 * Exits 1 when any case fails (or a filter matches nothing).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { escapeControls } from "@minixla/hlo";
import { UsageError, parseArgs } from "../args.ts";
import { describeFailure, runConformance } from "../conformance.ts";
import { parseEngine, parseNumerics } from "../engine.ts";
import type { Command } from "./command.ts";

export const conformanceCommand: Command = {
  name: "conformance",
  summary: "run a conformance corpus (manifest.json + module.hlo + .npy per case) and compare with its outputs",
  usage: "minixla conformance DIR [--filter TAG] [--json] [--numerics xla-cpu|reference] [--engine compiled|reference|both]",
  options: {
    filter: { type: "string", value: "TAG", description: "run only the cases with this tag, or whose name contains it" },
    json: { type: "boolean", description: "print the whole report as JSON instead of failure lines and a count" },
    numerics: { type: "string", value: "xla-cpu|reference", description: "xla-cpu (default): XLA's CPU backend (float rewrites, denormal flushing, integer power); reference: XLA's evaluator, op by op" },
    engine: { type: "string", value: "compiled|reference|both", description: "which engine runs the cases (default compiled); both also fails a case on any bit of difference" },
  },
  run(argv, io) {
    const args = parseArgs(argv, conformanceCommand.options);
    if (args.positionals.length !== 1) throw new UsageError("expected exactly one corpus DIR");
    const dir = args.positionals[0];
    if (!existsSync(join(dir, "manifest.json"))) throw new UsageError(`${dir} has no manifest.json`);
    const filter = args.values.get("filter");
    const numerics = parseNumerics(args.values.get("numerics"), "xla-cpu");
    const engine = parseEngine(args.values.get("engine"));
    const report = runConformance(dir, { numerics, engine, ...(filter === undefined ? {} : { filter }) });
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
