/**
 * Generates the documentation's op and element-type tables (between marker
 * comments, in README.md or a guide in docs/) from the opcode table, the
 * builder's method table and the element-type table, so the text cannot
 * drift: test/readme_tables.test.ts compares, `pnpm readme-tables` rewrites.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { BUILDER_METHODS } from "@minixla/builder";
import { ALL_OPCODES, ELEMENT_TYPES, ELEMENT_TYPE_INFO, OPCODES, type ElementType } from "@minixla/hlo";

const VALUE_SETS: { readonly [K in ElementType]: string } = {
  pred: "0 / 1 (false / true)",
  s2: "wraps at 2 bits", s4: "wraps at 4 bits", s8: "wraps at 8 bits", s16: "wraps at 16 bits", s32: "wraps at 32 bits",
  s64: "wraps at 64 bits; stored in a BigInt64Array, exact over the full range",
  u2: "wraps at 2 bits", u4: "wraps at 4 bits", u8: "wraps at 8 bits", u16: "wraps at 16 bits", u32: "wraps at 32 bits",
  u64: "wraps at 64 bits; stored in a BigUint64Array, exact over the full range",
  // Checked against ml_dtypes 0.6.0 and XLA's convert (f32/f64 -> type -> back): packages/hlo/src/minifloat.test.ts.
  f4e2m1fn: "ml_dtypes float4_e2m1fn: no inf, no NaN; overflow and ±inf saturate to ±6, NaN converts to -0",
  f8e3m4: "ml_dtypes float8_e3m4: IEEE-like; overflow to ±inf, NaN",
  f8e4m3: "ml_dtypes float8_e4m3: IEEE-like; overflow to ±inf, NaN",
  f8e4m3fn: "ml_dtypes float8_e4m3fn: max ±448, no inf; overflow and ±inf become NaN",
  f8e4m3fnuz: "ml_dtypes float8_e4m3fnuz: no inf, no -0 (becomes 0); overflow and ±inf become NaN",
  f8e4m3b11fnuz: "ml_dtypes float8_e4m3b11fnuz: bias 11, no inf, no -0 (becomes 0); overflow and ±inf become NaN",
  f8e5m2: "ml_dtypes float8_e5m2: IEEE-like; overflow to ±inf, NaN",
  f8e5m2fnuz: "ml_dtypes float8_e5m2fnuz: no inf, no -0 (becomes 0); overflow and ±inf become NaN",
  f8e8m0fnu: "ml_dtypes float8_e8m0fnu: powers of two 2^-127..2^127; no sign, no zero (0, negatives, ±inf and overflow become NaN)",
  f16: "IEEE half: round to nearest even, subnormals, overflow to inf",
  bf16: "bfloat16: round to nearest even, subnormals, overflow to inf",
  f32: "IEEE single: Math.fround after every op",
  f64: "IEEE double",
  c64: "complex of two f32, stored as interleaved (re, im) pairs",
  c128: "complex of two f64, stored as interleaved (re, im) pairs",
  token: "no value: orders side effects",
};

export function opTable(): string {
  const rows = ALL_OPCODES.map((op) => {
    const spec = OPCODES[op];
    const arity = spec.arity === "variadic" ? `${spec.minOperands ?? 0}+` : String(spec.arity);
    const methods = BUILDER_METHODS[op].map((m) => `\`${m}\``).join(", ");
    return `| \`${op}\` | ${spec.family.replace("_", " ")} | ${arity} | ${methods} |`;
  });
  return ["| HLO opcode | family | operands | XlaBuilder method |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

export function elementTypeTable(): string {
  const rows = ELEMENT_TYPES.map((t) => {
    const info = ELEMENT_TYPE_INFO[t];
    return `| \`${t}\` | ${info.kind} | ${info.bitWidth} | ${info.numpy === "" ? "—" : `\`${info.numpy}\``} | ${VALUE_SETS[t]} |`;
  });
  return ["| type | kind | bits | NumPy dtype | value set in minixla |", "| --- | --- | --- | --- | --- |", ...rows].join("\n");
}

export const MARKERS = {
  ops: ["<!-- ops-table:start -->", "<!-- ops-table:end -->"],
  types: ["<!-- types-table:start -->", "<!-- types-table:end -->"],
} as const;

/** The Markdown files that may hold generated tables: README.md and every docs/*.md, relative to the repository root. */
export function tableFiles(): string[] {
  const docs = readdirSync(new URL("../docs", import.meta.url)).filter((f) => f.endsWith(".md")).sort();
  return ["README.md", ...docs.map((f) => `docs/${f}`)];
}

/** A Markdown text with each generated section it holds (between its markers) replaced by a fresh table. */
export function withFreshTables(markdown: string): string {
  let out = markdown;
  for (const [key, table] of [["ops", opTable()], ["types", elementTypeTable()]] as const) {
    const [start, end] = MARKERS[key];
    const i = out.indexOf(start);
    if (i < 0) continue;
    const j = out.indexOf(end, i);
    if (j < 0) throw new Error(`${start} without ${end}`);
    out = `${out.slice(0, i + start.length)}\n${table}\n${out.slice(j)}`;
  }
  return out;
}

if (process.argv[1]?.endsWith("readme_tables.ts")) {
  for (const file of tableFiles()) {
    const path = new URL(`../${file}`, import.meta.url);
    const text = readFileSync(path, "utf8");
    const fresh = withFreshTables(text);
    if (fresh !== text) writeFileSync(path, fresh);
  }
  console.log("documentation tables regenerated");
}
