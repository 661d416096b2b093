/**
 * `minixla run --replicas N --partitions M`: the module on N x M devices
 * with evaluateSpmd (the reference kernels), printing each device's outputs
 * under a `== replica r, partition p ==` line and, with --output, writing
 * them as r<r>p<p>_out<i>.npy. With --random-inputs each device draws its
 * own inputs, device d from a seed derived from S and d (device 0 from S
 * itself, so a 1 x 1 run prints what a plain run prints); --input and
 * --input-json give every device the same inputs.
 */
import { type HloModule, type Literal, escapeControls, formatLiteral, writeNpy } from "@minixla/hlo";
import { type EvalOptions, evaluateSpmd } from "@minixla/interpreter";
import { UsageError } from "./args.ts";
import type { CommandIo } from "./commands/command.ts";
import { ensureOutputDir, writeOutputFile } from "./output_dir.ts";
import { flattenOutputs } from "./pipeline.ts";

/** Device d's seed for --random-inputs: S for device 0, S and d mixed otherwise. */
export const deviceSeed = (seed: number, device: number): number => (device === 0 ? seed : (Math.imul(seed ^ 0x5bd1e995, 0x01000193) + device * 0x9e3779b1) >>> 0);

/** A device-count flag: a positive integer, or undefined when absent. */
export function deviceCount(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]+$/.test(value) || Number(value) < 1 || Number(value) > 4096) throw new UsageError(`--${flag} takes an integer from 1 to 4096, got '${value}'`);
  return Number(value);
}

/** What a multi-device run needs besides the module. */
export interface SpmdRunSpec {
  readonly replicas: number;
  readonly partitions: number;
  /** Device d's inputs, given d's seed (deviceSeed of --seed): seeded draws, or the same files for every device. */
  readonly inputsOf: (seed: number) => readonly Literal[];
  readonly seed: number;
  readonly options: EvalOptions;
  readonly outputDir?: string;
}

/** Device d's inputs for every device of the grid. */
export function deviceInputs(spec: Pick<SpmdRunSpec, "replicas" | "partitions" | "inputsOf" | "seed">): Literal[][] {
  return [...Array(spec.replicas * spec.partitions).keys()].map((d) => [...spec.inputsOf(deviceSeed(spec.seed, d))]);
}

/** Runs the module on every device and prints (and writes) each device's outputs. */
export function runOnDevices(io: CommandIo, module: HloModule, spec: SpmdRunSpec): void {
  const { replicas, partitions } = spec;
  const results = evaluateSpmd(module, deviceInputs(spec), { ...spec.options, replicaCount: replicas, numPartitions: partitions });
  printDeviceResults(io, results, partitions, spec.outputDir);
}

/** Prints each device's outputs under `== replica r, partition p ==` and, with `outputDir`, writes them. */
export function printDeviceResults(io: CommandIo, results: readonly Literal[], partitions: number, outputDir: string | undefined, quiet = false): void {
  const dir = outputDir === undefined ? undefined : ensureOutputDir(outputDir, "--output");
  let files = 0;
  const text = results.map((result, d) => {
    const r = Math.floor(d / partitions);
    const p = d % partitions;
    const outputs = flattenOutputs(result);
    if (dir !== undefined) {
      outputs.forEach((o, i) => writeOutputFile(dir, `r${r}p${p}_out${i}.npy`, writeNpy(o)));
      files += outputs.length;
    }
    return [`== replica ${r}, partition ${p} ==`, ...outputs.map((o, i) => formatLiteral(`out${i}`, o))].join("\n");
  });
  if (!quiet) io.out(`${text.join("\n")}\n`);
  if (outputDir !== undefined) io.err(`wrote ${files} file${files === 1 ? "" : "s"} to ${escapeControls(outputDir, true)}\n`);
}
