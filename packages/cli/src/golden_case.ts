/**
 * `minixla golden`'s case writing: a conformance case folder (module.hlo,
 * in<i>.npy, out<i>.npy) and its manifest entry, added to DIR/manifest.json
 * (made when absent). The tolerance comes from the outputs' element types:
 * exact when every output is an integer or pred; otherwise rtol/atol loose
 * enough for the narrowest float type among them, since XLA's CPU backend
 * fuses multiply-adds and uses its own approximations of transcendentals.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type ArrayLiteral, type ElementType, type Tolerance, ELEMENT_TYPE_INFO, writeNpy } from "@minixla/hlo";
import { type ConformanceCase, type Manifest, loadManifest } from "./conformance.ts";
import { CliError } from "./errors.ts";

/** Tolerances by float width: a few ulps of the type, and an atol for results that cancel to near zero. */
const FLOAT_TOLERANCE: readonly { readonly maxBits: number; readonly tolerance: Tolerance }[] = [
  { maxBits: 8, tolerance: { rtol: 0.125, atol: 0.0625 } },
  { maxBits: 16, tolerance: { rtol: 1e-2, atol: 1e-3 } },
  { maxBits: 32, tolerance: { rtol: 1e-5, atol: 1e-6 } },
  { maxBits: 64, tolerance: { rtol: 1e-10, atol: 1e-12 } },
];

/** The tolerance of a case with these output types: exact for integers and pred, else that of the narrowest float. */
export function toleranceForTypes(types: readonly ElementType[]): Tolerance {
  const floatBits = types
    .filter((t) => ELEMENT_TYPE_INFO[t].kind === "float" || ELEMENT_TYPE_INFO[t].kind === "complex")
    .map((t) => (ELEMENT_TYPE_INFO[t].kind === "complex" ? ELEMENT_TYPE_INFO[t].bitWidth / 2 : ELEMENT_TYPE_INFO[t].bitWidth));
  if (floatBits.length === 0) return { exact: true };
  const narrowest = Math.min(...floatBits);
  return (FLOAT_TOLERANCE.find((f) => narrowest <= f.maxBits) ?? FLOAT_TOLERANCE[FLOAT_TOLERANCE.length - 1]).tolerance;
}

/** What one golden case holds. */
export interface GoldenCase {
  readonly name: string;
  readonly moduleText: string;
  readonly inputs: readonly ArrayLiteral[];
  readonly outputs: readonly ArrayLiteral[];
  readonly tags: readonly string[];
  readonly notes?: string;
}

const fileEntry = (file: string, a: ArrayLiteral): { file: string; dtype: string; shape: number[] } => ({
  file,
  dtype: ELEMENT_TYPE_INFO[a.shape.elementType].numpy,
  shape: [...a.shape.dimensions],
});

/** Writes the case under DIR/NAME and adds it to DIR/manifest.json; returns the manifest entry. A name already there is a CliError. */
export function writeGoldenCase(dir: string, c: GoldenCase, generator: string): ConformanceCase {
  const manifestPath = join(dir, "manifest.json");
  const manifest: Manifest = existsSync(manifestPath) ? loadManifest(dir) : { generator, cases: [] };
  if (manifest.cases.some((x) => x.name === c.name)) throw new CliError(`${manifestPath} already has a case named ${c.name}; give --name another`);
  const caseDir = join(dir, c.name);
  if (existsSync(caseDir)) throw new CliError(`${caseDir} already exists; give --name another, or remove it`);
  mkdirSync(caseDir, { recursive: true });
  writeFileSync(join(caseDir, "module.hlo"), c.moduleText);
  c.inputs.forEach((a, i) => writeFileSync(join(caseDir, `in${i}.npy`), writeNpy(a)));
  c.outputs.forEach((a, i) => writeFileSync(join(caseDir, `out${i}.npy`), writeNpy(a)));
  const entry: ConformanceCase = {
    name: c.name,
    dir: c.name,
    inputs: c.inputs.map((a, i) => fileEntry(`in${i}.npy`, a)),
    outputs: c.outputs.map((a, i) => fileEntry(`out${i}.npy`, a)),
    tolerance: toleranceForTypes(c.outputs.map((o) => o.shape.elementType)),
    tags: [...c.tags],
    ...(c.notes === undefined ? {} : { notes: c.notes }),
  };
  writeFileSync(manifestPath, `${JSON.stringify({ ...manifest, cases: [...manifest.cases, entry] }, null, 2)}\n`);
  return entry;
}
