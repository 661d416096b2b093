/**
 * `minixla golden FILE.hlo [--input F ... | --input-json JSON ... | --random-inputs [--seed S]] -o DIR [--name N] [--tag T ...]`:
 * makes a conformance case in one command. Runs the module on real XLA
 * (@minixla/xla, through jaxlib) and writes DIR/NAME/{module.hlo, in<i>.npy,
 * out<i>.npy}, adding its entry (with a tolerance chosen from the outputs'
 * element types, golden_case.ts) to DIR/manifest.json, which it makes when
 * absent; `minixla conformance DIR` then runs minixla against it. The module
 * file is copied as written: XLA's own parser reads it.
 */
import { basename, extname } from "node:path";
import { entryComputation, escapeControls, parametersOf, toleranceText } from "@minixla/hlo";
import { UsageError, parseArgs } from "../args.ts";
import { writeGoldenCase } from "../golden_case.ts";
import { type InputSpec, loadInputs } from "../inputs.ts";
import { aboutFile } from "../module_file.ts";
import { flattenOutputs, loadModule } from "../pipeline.ts";
import { runXla, startXla } from "../xla_engine.ts";
import type { Command } from "./command.ts";
import { goldenInfo } from "./golden_info.ts";
import { readTextFile } from "./files.ts";
import { randomInputs } from "./run.ts";

const NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

export const goldenCommand: Command = {
  ...goldenInfo,
  async run(argv, io) {
    // `-o DIR` as well as `--o DIR` / `--output DIR`.
    const args = parseArgs(argv.map((a) => (a === "-o" ? "--o" : a)), goldenCommand.options);
    if (args.positionals.length !== 1) throw new UsageError(`expected one FILE.hlo, got ${args.positionals.length} files`);
    const dir = args.values.get("o") ?? args.values.get("output");
    if (dir === undefined) throw new UsageError("give the corpus folder with -o DIR");
    if (args.values.has("o") && args.values.has("output")) throw new UsageError("-o and --output are the same option; give one");
    const file = args.positionals[0];
    const name = args.values.get("name") ?? basename(file, extname(file));
    if (!NAME.test(name)) throw new UsageError(`the case name '${escapeControls(name, true)}' must be letters, digits, '_', '.' or '-' (give --name)`);
    const specs: InputSpec[] = args.ordered.flatMap((o): InputSpec[] =>
      o.name === "input" ? [{ kind: "file", path: o.value }] : o.name === "input-json" ? [{ kind: "json", text: o.value }] : [],
    );
    const random = args.values.has("random-inputs");
    if (random && specs.length > 0) throw new UsageError("--random-inputs replaces --input and --input-json; give one or the other");
    const seedText = args.values.get("seed");
    if (seedText !== undefined && !random) throw new UsageError("--seed seeds --random-inputs; give it too");
    if (seedText !== undefined && (!/^[0-9]+$/.test(seedText) || Number(seedText) > 0xffffffff)) throw new UsageError(`--seed takes an integer from 0 to 4294967295, got '${seedText}'`);
    // Without Python or jaxlib this stops here, at once, with the install command.
    const xlaReady = startXla();
    xlaReady.catch(() => undefined);
    const text = readTextFile(file);
    const module = await aboutFile(file, () => loadModule(text));
    const parameters = parametersOf(entryComputation(module));
    const inputs = random ? randomInputs(parameters, Number(seedText ?? 0)) : loadInputs(specs, parameters);
    await xlaReady;
    const onXla = await aboutFile(file, () => runXla(module, inputs));
    const outputs = flattenOutputs(onXla.result);
    const arrays = inputs.flatMap((a) => flattenOutputs(a));
    const session = await xlaReady;
    const entry = writeGoldenCase(
      dir,
      { name, moduleText: text, inputs: arrays, outputs, tags: args.ordered.filter((o) => o.name === "tag").map((o) => o.value) },
      `minixla golden (jax ${session.info.jax}, jaxlib ${session.info.jaxlib}, XLA ${session.info.platform} backend)`,
    );
    io.out(`wrote ${escapeControls(dir, true)}/${name}: ${arrays.length} input${arrays.length === 1 ? "" : "s"}, ${outputs.length} output${outputs.length === 1 ? "" : "s"} from XLA; tolerance ${toleranceText(entry.tolerance)}\n`);
    return 0;
  },
};
