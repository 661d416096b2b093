/**
 * Builds a large StableHLO module (about 10 MB by default) out of real
 * JAX-lowered text, as the StableHLO read benchmark's input:
 * - the functions of every test/corpus/xla-jax and jax-models `module.mlir`
 *   (convolutions, reduce_window, dot_general, sort, while, scan ...), copied
 *   many times under fresh names, each copy called from @main;
 * - the `@inputs` / `@expected` functions of the vendored StableHLO test data
 *   (test/corpus/stablehlo-mlir/testdata): dense constants as JAX prints
 *   them, large ones in hex (`dense<"0x...">`), small ones as nested lists.
 * @main takes the arguments of each source module's @main once, calls every
 * copy, and returns what they all return. The text is deterministic.
 *
 *   npx tsx scripts/stablehlo_bench_input.ts OUT.mlir [MEGABYTES]
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const CORPUS = new URL("../test/corpus/", import.meta.url).pathname;

/** The text between a module's opening line and its closing brace. */
function moduleBody(text: string): string {
  const open = text.indexOf("{\n", text.indexOf("module"));
  return text.slice(open + 2, text.lastIndexOf("}"));
}

/** Top-level functions of a module body: name, signature line and the whole text. */
function functions(body: string): { name: string; text: string; header: string }[] {
  const out: { name: string; text: string; header: string }[] = [];
  const starts = [...body.matchAll(/^ {2}func\.func (?:public |private )?@([\w$.]+)/gm)];
  starts.forEach((m, i) => {
    const end = i + 1 < starts.length ? (starts[i + 1].index ?? body.length) : body.length;
    const text = body.slice(m.index ?? 0, end).trimEnd();
    out.push({ name: m[1], text, header: text.slice(0, text.indexOf("\n")) });
  });
  return out;
}

/** Splits `a, b, c` at top-level commas (not inside <>, (), [] or {}). */
function splitTop(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if ("<([{".includes(c)) depth++;
    else if (">)]}".includes(c) && !(c === ">" && s[i - 1] === "-")) depth--;
    else if (c === "," && depth === 0) {
      parts.push(s.slice(last, i).trim());
      last = i + 1;
    }
  }
  if (s.slice(last).trim() !== "") parts.push(s.slice(last).trim());
  return parts;
}

/** The argument and result types of a `func.func` header line. */
function signature(header: string): { args: string[]; results: string[] } {
  const open = header.indexOf("(");
  let depth = 0;
  let close = open;
  for (; close < header.length; close++) {
    if (header[close] === "(") depth++;
    else if (header[close] === ")" && --depth === 0) break;
  }
  const args = splitTop(header.slice(open + 1, close)).map((a) => a.replace(/^%\w+:\s*/, "").replace(/\s*\{.*$/, ""));
  let rest = header.slice(close + 1).replace(/^\s*->\s*/, "").replace(/\s*\{\s*$/, "").trim();
  if (rest.startsWith("(")) rest = rest.slice(1, -1);
  const results = rest === "" ? [] : splitTop(rest).map((r) => r.replace(/\s*\{.*$/, ""));
  return { args, results };
}

interface Source {
  readonly id: string;
  readonly funcs: { name: string; text: string; header: string }[];
  readonly entry: string;
  readonly sig: { args: string[]; results: string[] };
}

function sources(): { programs: Source[]; constants: Source[] } {
  const programs: Source[] = [];
  for (const corpus of ["xla-jax", "jax-models"]) {
    for (const d of readdirSync(join(CORPUS, corpus)).sort()) {
      let text: string;
      try {
        text = readFileSync(join(CORPUS, corpus, d, "module.mlir"), "utf8");
      } catch {
        continue;
      }
      const funcs = functions(moduleBody(text));
      const main = funcs.find((f) => f.name === "main");
      // CHLO ops are left out so that the input reads whatever CHLO the reader maps.
      if (main === undefined || /\bchlo\./.test(text)) continue;
      programs.push({ id: `${corpus}/${d}`, funcs, entry: "main", sig: signature(main.header) });
    }
  }
  const constants: Source[] = [];
  const dir = join(CORPUS, "stablehlo-mlir", "testdata");
  for (const f of readdirSync(dir).filter((n) => n.endsWith(".mlir")).sort()) {
    // The two fft files alone are 3.6 MB; the rest give a spread of sizes and element types.
    if (f.startsWith("fft_")) continue;
    const funcs = functions(moduleBody(readFileSync(join(dir, f), "utf8")));
    for (const name of ["inputs", "expected"]) {
      const fn = funcs.find((x) => x.name === name);
      if (fn === undefined || !/^ {2}func\.func private @\w+\(\)/.test(fn.header)) continue;
      if (/\bcall\b|custom_call/.test(fn.text)) continue;
      constants.push({ id: `${f}:${name}`, funcs: [fn], entry: name, sig: signature(fn.header) });
    }
  }
  return { programs, constants };
}

/** Renames every function symbol of a source copy; makes each private. */
function renamed(src: Source, tag: string): string {
  const names = new Set(src.funcs.map((f) => f.name));
  return src.funcs
    .map((f) => f.text.replace(/@([\w$.]+)/g, (m, n: string) => (names.has(n) ? `@${n}_${tag}` : m)).replace(/^ {2}func\.func public /, "  func.func private "))
    .join("\n");
}

/** A StableHLO module of about `bytes` characters (see the file comment). */
export function buildBenchModule(bytes = 10_000_000): string {
  const { programs, constants } = sources();
  const mainArgs: string[] = [];
  const argBase = new Map<string, number>();
  for (const p of programs) {
    argBase.set(p.id, mainArgs.length);
    mainArgs.push(...p.sig.args);
  }
  const funcs: string[] = [];
  const body: string[] = [];
  const results: { name: string; type: string }[] = [];
  let size = 0;
  let value = 0;
  const call = (src: Source, tag: string, args: string[]): void => {
    const text = renamed(src, tag);
    funcs.push(text);
    size += text.length;
    const r = `%r${value++}`;
    const n = src.sig.results.length;
    const ty = `(${src.sig.args.join(", ")}) -> ${n === 1 ? src.sig.results[0] : `(${src.sig.results.join(", ")})`}`;
    const line = `    ${r}${n > 1 ? `:${n}` : ""} = call @${src.entry}_${tag}(${args.join(", ")}) : ${ty}`;
    body.push(line);
    size += line.length;
    src.sig.results.forEach((t, i) => results.push({ name: n > 1 ? `${r}#${i}` : r, type: t }));
  };
  // Half the text is programs, half constants, taken round-robin until each half is full.
  for (let i = 0; size < bytes / 2; i++) {
    const p = programs[i % programs.length];
    const base = argBase.get(p.id) ?? 0;
    call(p, `p${i}`, p.sig.args.map((_, k) => `%arg${base + k}`));
  }
  for (let i = 0; size < bytes; i++) call(constants[i % constants.length], `c${i}`, []);
  const resultTypes = results.map((r) => r.type);
  const main = [
    `  func.func public @main(${mainArgs.map((t, i) => `%arg${i}: ${t}`).join(", ")}) -> (${resultTypes.join(", ")}) {`,
    ...body,
    `    return ${results.map((r) => r.name).join(", ")} : ${resultTypes.join(", ")}`,
    "  }",
  ].join("\n");
  return `module @jit_bench attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {\n${main}\n${funcs.join("\n")}\n}\n`;
}

if (process.argv[1]?.endsWith("stablehlo_bench_input.ts")) {
  const out = process.argv[2];
  if (out === undefined) throw new Error("usage: stablehlo_bench_input.ts OUT.mlir [MEGABYTES]");
  const text = buildBenchModule(Number(process.argv[3] ?? 10) * 1_000_000);
  writeFileSync(out, text);
  console.log(`${out}: ${(text.length / 1e6).toFixed(2)} MB, ${text.split("\n").length} lines`);
}
