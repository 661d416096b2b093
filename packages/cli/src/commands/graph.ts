/**
 * `minixla graph FILE.hlo [--format dot|svg|html] [--output FILE] [--around NAME [--depth K]]`:
 * draws a module as XLA's hlo_graph_dumper does (@minixla/viz): Graphviz DOT
 * text, SVG laid out by Graphviz (WebAssembly), or a self-contained HTML page
 * with one collapsible section per computation and the details of a node on
 * hover and click. --around draws only the instructions at most K edges
 * (default 2) from NAME, for modules too large to read whole. The format
 * defaults to the output file's extension, else dot. `-o` is --output.
 */
import { type HloModule, parseModule, verifyModule } from "@minixla/hlo";
import { computationsHolding, graphHtml, moduleToDot, renderSvg } from "@minixla/viz";
import { UsageError, parseArgs } from "../args.ts";
import { aboutFile } from "../module_file.ts";
import { checkOutputFile, writeOutput } from "../report_file.ts";
import type { Command } from "./command.ts";
import { graphInfo } from "./graph_info.ts";
import { readTextFile } from "./files.ts";

/** The picture formats of `minixla graph`. */
export type GraphFormat = "dot" | "svg" | "html";
const FORMATS: readonly GraphFormat[] = ["dot", "svg", "html"];

/** Above this many instructions a whole-module layout may take long: say so, and how to draw a part. */
const LARGE = 1500;

function formatOf(given: string | undefined, output: string | undefined): GraphFormat {
  if (given !== undefined) {
    const f = FORMATS.find((x) => x === given);
    if (f === undefined) throw new UsageError(`--format takes ${FORMATS.join(", ")}, got '${given}'`);
    return f;
  }
  const ext = output?.match(/\.([A-Za-z]+)$/)?.[1]?.toLowerCase();
  return FORMATS.find((x) => x === ext) ?? (ext === "htm" ? "html" : "dot");
}

function depthOf(value: string | undefined): number {
  if (value === undefined) return 2;
  if (!/^[0-9]+$/.test(value) || Number(value) > 1000) throw new UsageError(`--depth takes an integer from 0 to 1000, got '${value}'`);
  return Number(value);
}

/** The picture of a module in a format (the text that is written). */
export async function drawModule(m: HloModule, format: GraphFormat, around: { name: string; depth: number } | undefined): Promise<string> {
  const options = around === undefined ? {} : { around };
  switch (format) {
    case "dot": return moduleToDot(m, options);
    case "svg": return `${await renderSvg(moduleToDot(m, options))}\n`;
    case "html": return graphHtml(m, options);
  }
  return format satisfies never;
}

export const graphCommand: Command = {
  ...graphInfo,
  async run(argv, io) {
    const { positionals, values } = parseArgs(argv.map((a) => (a === "-o" ? "--output" : a)), graphCommand.options);
    if (positionals.length !== 1) throw new UsageError("expected exactly one FILE.hlo");
    const output = values.get("output");
    const format = formatOf(values.get("format"), output);
    const name = values.get("around");
    if (name === undefined && values.has("depth")) throw new UsageError("--depth goes with --around NAME");
    const depth = depthOf(values.get("depth"));
    if (output !== undefined) checkOutputFile(output, "--output");
    const file = positionals[0];
    const text = readTextFile(file);
    const module = await aboutFile(file, () => {
      const m = parseModule(text);
      verifyModule(m, { allowImplicitBroadcast: true });
      return m;
    });
    if (name !== undefined && computationsHolding(module, name).length === 0) {
      const some = module.computations.find((c) => c.name === module.entry)?.instructions.slice(-5).map((i) => i.name) ?? [];
      throw new UsageError(`--around ${name}: no instruction of that name in ${file} (the entry's last ones: ${some.join(", ")})`);
    }
    const count = module.computations.reduce((n, c) => n + c.instructions.length, 0);
    if (name === undefined && format !== "dot" && count > LARGE) {
      io.err(`note: laying out ${count} instructions may take a while; --around NAME --depth K draws a part\n`);
    }
    const picture = await aboutFile(file, () => drawModule(module, format, name === undefined ? undefined : { name, depth }));
    if (output === undefined) io.out(picture);
    else writeOutput(output, "--output", picture);
    return 0;
  },
};
