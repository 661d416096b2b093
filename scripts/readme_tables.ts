/**
 * Generates the README's op and element-type tables from the opcode table,
 * the builder's method table and the element-type table, so the README cannot
 * drift: test/readme_tables.test.ts compares, `pnpm readme-tables` rewrites.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { BUILDER_METHODS } from "@minixla/builder";
import { ALL_OPCODES, ELEMENT_TYPES, ELEMENT_TYPE_INFO, OPCODES, type ElementType } from "@minixla/hlo";

const VALUE_SETS: { readonly [K in ElementType]: string } = {
  pred: "0 / 1 (false / true)",
  s8: "wraps at 8 bits", s16: "wraps at 16 bits", s32: "wraps at 32 bits",
  s64: "exact within ±2^53; a value beyond is refused with EvalError",
  u8: "wraps at 8 bits", u16: "wraps at 16 bits", u32: "wraps at 32 bits",
  u64: "exact within 0..2^53; a value beyond (or a wrap below 0) is refused with EvalError",
  f16: "IEEE half: round to nearest even, subnormals, overflow to inf",
  bf16: "bfloat16: round to nearest even, subnormals, overflow to inf",
  f32: "IEEE single: Math.fround after every op",
  f64: "IEEE double",
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
    return `| \`${t}\` | ${info.kind} | ${info.bitWidth} | \`${info.numpy}\` | ${VALUE_SETS[t]} |`;
  });
  return ["| type | kind | bits | NumPy dtype | value set in minixla |", "| --- | --- | --- | --- | --- |", ...rows].join("\n");
}

const MARKERS = {
  ops: ["<!-- ops-table:start -->", "<!-- ops-table:end -->"],
  types: ["<!-- types-table:start -->", "<!-- types-table:end -->"],
} as const;

/** The README text with both generated sections replaced by fresh tables. */
export function withFreshTables(readme: string): string {
  let out = readme;
  for (const [key, table] of [["ops", opTable()], ["types", elementTypeTable()]] as const) {
    const [start, end] = MARKERS[key];
    const i = out.indexOf(start);
    const j = out.indexOf(end);
    if (i < 0 || j < i) throw new Error(`README lacks the ${start} ... ${end} markers`);
    out = `${out.slice(0, i + start.length)}\n${table}\n${out.slice(j)}`;
  }
  return out;
}

if (process.argv[1]?.endsWith("readme_tables.ts")) {
  const path = new URL("../README.md", import.meta.url);
  writeFileSync(path, withFreshTables(readFileSync(path, "utf8")));
  console.log("README tables regenerated");
}
