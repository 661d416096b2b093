/** `minixla golden`: its name, summary, usage and options (what help shows; the command itself is in golden.ts, loaded when it runs). */
import type { CommandInfo } from "./command.ts";

export const goldenInfo: CommandInfo = {
  name: "golden",
  summary: "run a module on real XLA and write it, its inputs and XLA's outputs as a conformance case",
  usage: "minixla golden FILE.hlo [--input FILE ... | --input-json JSON ... | --random-inputs [--seed S]] -o DIR [--name NAME] [--tag TAG ...]",
  options: {
    input: { type: "string", value: "FILE", multiple: true, description: "an input from .npy or .json; one per parameter, in order" },
    "input-json": { type: "string", value: "JSON", multiple: true, description: "an input written inline as JSON nested arrays" },
    "random-inputs": { type: "boolean", description: "seeded random inputs for every parameter (as run --random-inputs)" },
    seed: { type: "string", value: "S", description: "seed of --random-inputs (default 0)" },
    o: { type: "string", value: "DIR", description: "the corpus folder: the case goes to DIR/NAME, its entry to DIR/manifest.json (made when absent)" },
    output: { type: "string", value: "DIR", description: "the same as -o" },
    name: { type: "string", value: "NAME", description: "the case's name and folder (default: the file's name without its extension)" },
    tag: { type: "string", value: "TAG", multiple: true, description: "a tag for the manifest entry (conformance --filter selects by tag)" },
  },
};
