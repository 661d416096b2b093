/**
 * A reader for StableHLO's JAX-generated interpreter tests
 * (stablehlo/testdata/*.mlir, vendored in testdata/, see ORIGIN.md): each
 * file holds one `@main` that applies one JAX primitive to the constants of
 * `@inputs` and checks the results against the constants of `@expected` with
 * a `check.expect_*` custom call. The primitive is named by the file
 * (`acosh_float32_20_20_chlo.mlir`); `@main` spells it as a chlo op or as
 * JAX's decomposition of it, so this reader takes the op from the file name
 * and the inputs and expected values from the constants.
 *
 * Constants come as MLIR literals or as hex blobs of the little-endian
 * element bytes (`dense<"0x...">`, one element after another; complex as
 * real then imaginary part).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ElementType, isBigIntType, normalizeValue } from "@minixla/hlo";
import { type TensorType, type Value, Skip, dense, literalText, shapeText, tensorType } from "./mlir_cases.ts";

export const TESTDATA_DIR = fileURLToPath(new URL("./testdata/", import.meta.url));

/**
 * How StableHLO's test driver compares (stablehlo/tools/StablehloTranslateMain.cpp):
 * expect_eq exactly, expect_almost_eq within 0.001 absolute, expect_close
 * within 3 units in the last place (per part of a complex number).
 */
export type CheckKind = "eq" | "almost_eq" | "close";

export interface TestdataCheck {
  readonly type: TensorType;
  readonly expected: readonly Value[];
}

export interface TestdataCase {
  /** The file name. */
  readonly id: string;
  /** The HLO opcode the case runs. */
  readonly opcode: string;
  readonly hlo: string;
  readonly kind: CheckKind;
  /** One per result, in order (top-k: values, then indices). */
  readonly checks: readonly TestdataCheck[];
}

/** JAX primitive (file-name prefix) -> HLO opcode. */
const PRIMITIVES: Readonly<Record<string, string>> = {
  acos: "acos", acosh: "acosh", asin: "asin", asinh: "asinh", atanh: "atanh", cosh: "cosh", sinh: "sinh", top_k: "topk",
};

/** Bytes per element of a hex blob. */
function byteWidth(t: ElementType): number {
  switch (t) {
    case "pred": case "s8": case "u8": return 1;
    case "s16": case "u16": case "f16": case "bf16": return 2;
    case "s32": case "u32": case "f32": return 4;
    case "s64": case "u64": case "f64": case "c64": return 8;
    case "c128": return 16;
    default: throw new Skip(`hex blob of ${t}`);
  }
}

function f16Value(bits: number): number {
  const negative = bits >> 15 === 1;
  const e = (bits >> 10) & 0x1f;
  const m = bits & 0x3ff;
  const magnitude = e === 0x1f ? (m === 0 ? Infinity : NaN) : e === 0 ? m * 2 ** -24 : (1 + m / 1024) * 2 ** (e - 15);
  return negative ? -magnitude : magnitude;
}

/** One real element of type t read little-endian at byte offset o. */
function realFromBytes(v: DataView, o: number, t: ElementType): number | bigint {
  switch (t) {
    case "pred": return v.getUint8(o) !== 0 ? 1 : 0;
    case "s8": return v.getInt8(o);
    case "u8": return v.getUint8(o);
    case "s16": return v.getInt16(o, true);
    case "u16": return v.getUint16(o, true);
    case "s32": return v.getInt32(o, true);
    case "u32": return v.getUint32(o, true);
    case "s64": return v.getBigInt64(o, true);
    case "u64": return v.getBigUint64(o, true);
    case "f16": return f16Value(v.getUint16(o, true));
    case "bf16": {
      const w = new DataView(new ArrayBuffer(4));
      w.setUint32(0, v.getUint16(o, true) << 16);
      return w.getFloat32(0);
    }
    case "f32": return v.getFloat32(o, true);
    case "f64": return v.getFloat64(o, true);
    default: throw new Skip(`hex blob of ${t}`);
  }
}

function hexBlob(hex: string, t: TensorType): Value[] {
  const bytes = Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16));
  const v = new DataView(bytes.buffer);
  const width = byteWidth(t.elementType);
  const n = t.dimensions.reduce((a, d) => a * d, 1);
  if (bytes.length !== n * width) throw new Skip(`hex blob of ${bytes.length} bytes for ${n} elements of ${t.elementType}`);
  const out: Value[] = [];
  for (let i = 0; i < n; i++) {
    const o = i * width;
    if (t.elementType === "c64") out.push([v.getFloat32(o, true), v.getFloat32(o + 4, true)]);
    else if (t.elementType === "c128") out.push([v.getFloat64(o, true), v.getFloat64(o + 8, true)]);
    else {
      const x = realFromBytes(v, o, t.elementType);
      out.push(typeof x === "bigint" || isBigIntType(t.elementType) ? x : normalizeValue(t.elementType, x));
    }
  }
  return out;
}

function constantValues(body: string, t: TensorType): Value[] {
  const hex = /^"0x([0-9A-Fa-f]*)"$/.exec(body.trim());
  return hex ? hexBlob(hex[1], t) : dense(body, t);
}

/** The constants a private function returns, in return order. */
function returned(text: string, fn: string): { type: TensorType; values: Value[] }[] {
  const m = new RegExp(`func\\.func private @${fn}\\(\\)[^\\n]*\\n([\\s\\S]*?)\\n  \\}`).exec(text);
  if (!m) throw new Skip(`no @${fn}`);
  const constants = new Map<string, { type: TensorType; values: Value[] }>();
  for (const c of m[1].matchAll(/(%\w+) = stablehlo\.constant dense<(.*)> : (tensor<[^\n]*>)\n/g)) {
    const type = tensorType(c[3]);
    constants.set(c[1], { type, values: constantValues(c[2], type) });
  }
  const ret = /return ([^:]*) :/.exec(m[1]);
  if (!ret) throw new Skip(`@${fn} returns nothing`);
  return ret[1].split(",").map((s) => {
    const c = constants.get(s.trim());
    if (c === undefined) throw new Skip(`@${fn} returns ${s.trim()}, not a constant`);
    return c;
  });
}

/** One vendored file as a case. */
export function readTestdata(file: string, text: string): TestdataCase {
  const prim = Object.keys(PRIMITIVES).sort((a, b) => b.length - a.length).find((p) => file.startsWith(`${p}_`));
  if (prim === undefined) throw new Skip(`no primitive named by ${file}`);
  const opcode = PRIMITIVES[prim];
  const check = /@check\.expect_(eq|almost_eq|close)\(/.exec(text);
  if (!check) throw new Skip("no check.expect_* call");
  const [input] = returned(text, "inputs");
  const expected = returned(text, "expected");
  const lines = [`  x = ${shapeText(input.type)} constant(${literalText(input.type, input.values)})`];
  if (opcode === "topk") {
    const k = /chlo\.top_k\(%\w+, k = (\d+)\)/.exec(text)?.[1];
    if (k === undefined) throw new Skip("top_k without k");
    const [values, indices] = expected.map((e) => shapeText(e.type));
    lines.push(
      `  t = (${values}, ${indices}) topk(x), k=${k}, largest=true`,
      `  values = ${values} get-tuple-element(t), index=0`,
      `  indices = ${indices} get-tuple-element(t), index=1`,
      `  ROOT result = (${values}, ${indices}) tuple(values, indices)`,
    );
  } else {
    const out = shapeText(expected[0].type);
    lines.push(`  y = ${out} ${opcode}(x)`, `  ROOT result = (${out}) tuple(y)`);
  }
  const hlo = [`HloModule ${file.replace(/\.mlir$/, "").replace(/\W/g, "_")}`, "", "ENTRY main {", ...lines, "}", ""].join("\n");
  return { id: file, opcode, hlo, kind: check[1] as CheckKind, checks: expected.map((e) => ({ type: e.type, expected: e.values })) };
}

/** Every vendored testdata file, read or skipped with the reason. */
export function readTestdataCorpus(): { cases: TestdataCase[]; skipped: { id: string; reason: string }[] } {
  const cases: TestdataCase[] = [];
  const skipped: { id: string; reason: string }[] = [];
  for (const file of readdirSync(TESTDATA_DIR).filter((f) => f.endsWith(".mlir")).sort()) {
    try {
      cases.push(readTestdata(file, readFileSync(join(TESTDATA_DIR, file), "utf8")));
    } catch (e) {
      if (!(e instanceof Skip)) throw e;
      skipped.push({ id: file, reason: e.message });
    }
  }
  return { cases, skipped };
}
