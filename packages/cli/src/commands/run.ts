/**
 * `minixla run FILE.hlo [--input F ...] [--input-json JSON ...] [--output DIR]`:
 * parses, lowers and verifies the module, evaluates it on the inputs and
 * prints each output as NumPy would; --output writes out0.npy, out1.npy, ...
 * --elided zeros|random gives elided constants (`constant({...})`) values.
 * --engine compiled (default), reference, or both (engine.ts).
 * With no file it runs the built-in broadcasting demo (demo.ts).
 */
import { entryComputation, escapeControls, lowerBroadcasts, parametersOf, printHloModule, verifyModule, writeNpy } from "@minixla/hlo";
import { UsageError, parseArgs } from "../args.ts";
import { DEMO_PROGRAMS } from "../demo.ts";
import { type Engine, parseEngine, runWithEngine } from "../engine.ts";
import { formatLiteral } from "../format.ts";
import { type InputSpec, loadInputs } from "../inputs.ts";
import { checkOutputDir, ensureOutputDir, writeOutputFile } from "../output_dir.ts";
import { flattenOutputs, loadModule } from "../pipeline.ts";
import type { Command, CommandIo } from "./command.ts";
import { readTextFile } from "./files.ts";

const indented = (text: string): string =>
  text.trimEnd().split("\n").map((l) => (l === "" ? l : `  ${l}`)).join("\n");

function runDemo(io: CommandIo, engine: Engine): number {
  DEMO_PROGRAMS.forEach((p, k) => {
    const { module, args } = p.build();
    verifyModule(module, { allowImplicitBroadcast: true });
    const lowered = lowerBroadcasts(module);
    verifyModule(lowered);
    const result = runWithEngine(engine, lowered, args);
    const parts = [
      `${k === 0 ? "" : "\n"}== ${k + 1}. ${p.title} ==`,
      "inputs:",
      indented(args.map((a, i) => formatLiteral(["x", "y"][i] ?? `arg${i}`, a)).join("\n")),
      "recorded HLO:",
      indented(printHloModule(module)),
      "lowered HLO:",
      indented(printHloModule(lowered)),
      "result:",
      indented(formatLiteral("out0", result)),
    ];
    io.out(`${parts.join("\n")}\n`);
  });
  return 0;
}

export const runCommand: Command = {
  name: "run",
  summary: "evaluate a module on .npy/JSON inputs and print the results (no file: the broadcasting demo)",
  usage: [
    "minixla run FILE.hlo [--input FILE.npy|FILE.json ...] [--input-json JSON ...] [--output DIR] [--elided zeros|random] [--engine compiled|reference|both]",
    "minixla run                      (the built-in demo of XLA's broadcasting)",
  ].join("\n"),
  run(argv, io) {
    const args = parseArgs(argv, {
      input: { type: "string", multiple: true },
      "input-json": { type: "string", multiple: true },
      output: { type: "string" },
      elided: { type: "string" },
      engine: { type: "string" },
    });
    if (args.positionals.length > 1) throw new UsageError(`expected one FILE.hlo, got ${args.positionals.length} files`);
    const specs: InputSpec[] = args.ordered.flatMap((o): InputSpec[] =>
      o.name === "input" ? [{ kind: "file", path: o.value }] : o.name === "input-json" ? [{ kind: "json", text: o.value }] : [],
    );
    const outputDir = args.values.get("output");
    const elided = args.values.get("elided");
    if (elided !== undefined && elided !== "zeros" && elided !== "random") throw new UsageError(`--elided takes zeros or random, got '${elided}'`);
    const engine = parseEngine(args.values.get("engine"));
    if (args.positionals.length === 0) {
      if (specs.length > 0 || outputDir !== undefined) throw new UsageError("the demo takes no --input or --output; give a FILE.hlo");
      return runDemo(io, engine);
    }
    // A bad --output is reported before the module is evaluated.
    if (outputDir !== undefined) checkOutputDir(outputDir, "--output");
    const module = loadModule(readTextFile(args.positionals[0]));
    const inputs = loadInputs(specs, parametersOf(entryComputation(module)));
    const outputs = flattenOutputs(runWithEngine(engine, module, inputs, elided === undefined ? {} : { elidedConstants: elided }));
    io.out(`${outputs.map((o, i) => formatLiteral(`out${i}`, o)).join("\n")}\n`);
    if (outputDir !== undefined) {
      const dir = ensureOutputDir(outputDir, "--output");
      outputs.forEach((o, i) => writeOutputFile(dir, `out${i}.npy`, writeNpy(o)));
      io.err(`wrote ${outputs.length} file${outputs.length === 1 ? "" : "s"} to ${escapeControls(outputDir, true)}\n`);
    }
    return 0;
  },
};
