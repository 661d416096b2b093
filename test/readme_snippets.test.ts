/**
 * Everything README.md and the guides in docs/ show is run as a user would
 * run it: each ```ts
 * snippet with tsx from inside the repository (so `@minixla/*` resolve) and
 * type-checked under the workspace's tsconfig, its shown output (comments
 * after a console.log) compared with what it prints; each shell command of
 * an ```sh block, and each `$ ` line of a transcript with the output shown
 * under it, through the workspace's `minixla` bin with the documentation's own
 * arguments, from the repository root. Placeholders (MODULE.hlo, DIR, ...)
 * are replaced from one table; a command in neither COMMANDS nor SKIPPED
 * fails, so a new command in the documentation must be added here. The README
 * links to every guide, and every relative link of the documentation leads to
 * a file.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseHloModule } from "@minixla/hlo";
import { ROOT, scratch, type Outcome } from "./support/cli.ts";
import {
  fencedBlocks,
  guidePaths,
  missingGroup,
  normalized,
  placeOf,
  readDocs,
  readReadme,
  runTs,
  shellWords,
  shownOutput,
  spawnNode,
  withoutComment,
} from "./support/readme.ts";

const TIMEOUT_MS = 45_000;
/** tsc reads every package's source (about 16 s of CPU), so on a loaded machine it needs more than one command's time. */
const TYPECHECK_TIMEOUT_MS = 150_000;
const BIN = join(ROOT, "packages/cli/bin/minixla.js");
const readme = readReadme();
const docs = readDocs();
const blocks = docs.flatMap((d) => fencedBlocks(d.text, d.path));

// ---------------------------------------------------------------- TypeScript

const tsBlocks = blocks.filter((b) => b.lang === "ts");
/** Snippet files live in a dot folder of test/ (ignored by git and by tsconfig's globs), removed afterwards. */
const snippetDir = mkdtempSync(join(ROOT, "test", ".readme-snippets-"));
afterAll(() => rmSync(snippetDir, { recursive: true, force: true }));

/** What a fragment (a snippet that is not a whole program) may use without declaring it. */
const FRAGMENT_PRELUDE = [
  'import type { HloModule, Literal } from "@minixla/hlo";',
  "declare const m: HloModule;",
  "declare const args: readonly Literal[];",
  "",
].join("\n");

const snippetFiles = tsBlocks.map((block) => {
  const file = join(snippetDir, `${block.file.replace(/\W/g, "_")}_line${block.line}.ts`);
  writeFileSync(file, block.marker === "fragment" ? FRAGMENT_PRELUDE + block.body + "\n" : block.body + "\n");
  return file;
});
writeFileSync(
  join(snippetDir, "tsconfig.json"),
  JSON.stringify({
    extends: "../../tsconfig.base.json",
    // A snippet may bind values only to show them (`const got = exe.execute(args)`).
    compilerOptions: { noUnusedLocals: false },
    include: ["*.ts"],
  }),
);

describe("documentation TypeScript snippets", () => {
  it("are marked only with the markers this test knows", () => {
    // golden-walkthrough: docs/xla.md's shell block, which test/xla_walkthrough.test.ts runs as written.
    for (const b of blocks) expect([undefined, "fragment", "golden-walkthrough"], placeOf(b)).toContain(b.marker);
    expect(tsBlocks.length).toBeGreaterThanOrEqual(5);
  });

  it.concurrent("type-check under the workspace's tsconfig", { timeout: TYPECHECK_TIMEOUT_MS + 10_000 }, async () => {
    const r = await spawnNode([join(ROOT, "node_modules/typescript/bin/tsc"), "-p", join(snippetDir, "tsconfig.json")], TYPECHECK_TIMEOUT_MS);
    // Errors name the snippet's file, README_md_line<N>.ts for the fence at README.md:<N>. Errors in the
    // packages themselves are the workspace type-check's to report, not this test's.
    const reported = (r.stdout + r.stderr).split("\n").filter((l) => l !== "" && !/^\s/.test(l));
    expect(reported.filter((l) => l.includes(basename(snippetDir)) || !/^packages\/\S+\(\d+,\d+\): error TS/.test(l))).toEqual([]);
    expect(r.code).not.toBeNull();
  });

  tsBlocks.forEach((block, i) => {
    if (block.marker === "fragment") return;
    const shown = shownOutput(block.body);
    it.concurrent(`${placeOf(block)} runs${shown.length > 0 ? " and prints what it shows" : ""}`, async () => {
      const r = await runTs(snippetFiles[i]!, TIMEOUT_MS);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const printed = r.stdout.split("\n").map(normalized);
      expect(missingGroup(printed, shown.map((g) => g.map(normalized))), `stdout:\n${r.stdout}`).toBeUndefined();
    });
  });
});

// --------------------------------------------------------------- shell lines

/** A command line of the documentation (comment stripped) and the output shown under it, if any. */
interface Shown {
  readonly command: string;
  readonly output: readonly string[];
}

/** The commands of ```sh blocks (`a && b` gives two) and of plain blocks' `$ ` lines, per block. */
function commandsOf(lang: string, body: string): Shown[] {
  const lines = body.split("\n");
  if (lang === "sh") {
    return lines.flatMap((l) => withoutComment(l).split("&&")).map((c) => ({ command: c.trim(), output: [] })).filter((c) => c.command !== "");
  }
  const out: { command: string; output: string[] }[] = [];
  for (const l of lines) {
    if (l.startsWith("$ ")) out.push({ command: l.slice(2).trim(), output: [] });
    else out.at(-1)?.output.push(l);
  }
  return out;
}
const shellBlocks = blocks
  .filter((b) => b.lang === "sh" || (b.lang === "" && b.body.split("\n").some((l) => l.startsWith("$ "))))
  .map((b) => ({ place: placeOf(b), transcript: b.lang === "", commands: commandsOf(b.lang, b.body) }));
const readmeCommands = new Set(shellBlocks.flatMap((b) => b.commands.map((c) => c.command)));

const WALKTHROUGH = "docs/xla.md's golden walkthrough, run in order as written by test/xla_walkthrough.test.ts (its first two lines need Python with jax)";

/** Commands that CI runs itself (or that need what CI does not have), with the reason. */
const SKIPPED: Readonly<Record<string, string>> = {
  "npx -y pnpm@10 install": "installs the workspace: CI's first step (.ci/run)",
  "npx -y pnpm@10 test": "the whole suite, this file included: what CI runs (.ci/run)",
  "npx -y pnpm@10 playground": "serves until stopped; test/playground_browser.test.ts builds the site and drives it in Chromium",
  "npx -y pnpm@10 build:playground": "a Vite build of the site; test/playground_browser.test.ts runs the same build and drives the result",
  "npx -y pnpm@10 bench": "minutes of timing on an idle machine; bench/run.ts checks its engines agree when run",
  "npx -y pnpm@10 bench:models": "minutes of timing (and real XLA where installed); test/bench_models.test.ts runs every model once through the same code",
  "BENCH_MODELS_ONLY=transformer BENCH_MODELS_REPEATS=50 npx -y pnpm@10 bench:models": "timing, as the line above; test/bench_models.test.ts runs the transformer models once through the same code",
  "npx -y pnpm@10 bench:models:relaxed-simd": "timing, as the line above, with Node's relaxed SIMD on; fused_dot_f64.test.ts runs the hardware steps in a child Node with that flag",
  "npx -y pnpm@10 fuzz:xla --runs 1000 --seed 1 [--family unary,convert] [--mode both|xla-cpu|reference] [--no-shrink]":
    "needs Python with jax/jaxlib 0.10.2 (real XLA) and minutes; without it the fuzzer only says it skipped; test/xla_fuzz_corpus.test.ts runs its vendored corpus",
  "$PY examples/xla/shift_jax.py > shift.hlo": WALKTHROUGH,
  "npx -y pnpm@10 exec minixla golden shift.hlo --random-inputs --seed 1 -o goldens": WALKTHROUGH,
  "npx -y pnpm@10 exec minixla conformance goldens": WALKTHROUGH,
  "npx -y pnpm@10 exec minixla conformance goldens --passes default,reassociate-add --plugin examples/wrong_rules/reassociate_add.ts": WALKTHROUGH,
  "python3 test/corpus/xla-ops/run_hlo.py module.hlo in0.npy in1.npy":
    "needs Python with jax/jaxlib 0.10.2 (XLA itself), which neither CI nor the tests install",
};

const scratchDirs = scratch("minixla-readme-");
const softmax = "test/corpus/xla-jax/softmax/module.hlo";
/** f32 x ** broadcast(1): what the power-one plugin of the passes guide removes. */
const powerOfOne = scratchDirs.file(
  "power_of_one.hlo",
  [
    "HloModule power_of_one",
    "",
    "ENTRY main {",
    "  x = f32[3]{0} parameter(0)",
    "  one = f32[] constant(1)",
    "  ones = f32[3]{0} broadcast(one), dimensions={}",
    "  ROOT p = f32[3]{0} power(x, ones)",
    "}",
    "",
  ].join("\n"),
);
const pluginSnippet = snippetFiles[tsBlocks.findIndex((b) => b.body.includes("export const pass"))];

/**
 * Every placeholder the documentation's commands use, and what stands for it: a path
 * from the repository root, or a fresh empty folder per command (per
 * transcript for `out/`, which its `ls` and `cat` then read). A word ending in
 * `/` also replaces that prefix (`out/x.diff`).
 */
const PLACEHOLDERS: Readonly<Record<string, () => string>> = {
  "MODULE.hlo": () => "test/corpus/xla-jax/binary_add/module.hlo",
  "a.npy": () => "test/corpus/xla-jax/binary_add/in0.npy",
  "b.npy": () => "test/corpus/xla-jax/binary_add/in1.npy",
  DIR: () => mkdtempSync(join(scratchDirs.work, "dir-")),
  TAG: () => "binary",
  "out/": () => mkdtempSync(join(scratchDirs.work, "out-")) + "/",
  "m.hlo": () => softmax,
  "model.hlo": () => powerOfOne,
  "./power_one.ts": () => pluginSnippet ?? "(no snippet exports a pass)",
  "lowered.hlo": () => join(mkdtempSync(join(scratchDirs.work, "redirect-")), "lowered.hlo"),
};

interface Ran extends Outcome {
  /** The argument list after substitution. */
  readonly args: readonly string[];
}
interface CommandSpec {
  /** The exit code the documentation shows (default 0). */
  readonly code?: number;
  /** Checks on what the command printed or wrote, beyond the output the documentation shows. */
  readonly check?: (r: Ran) => void;
}
const argAfter = (r: Ran, flag: string): string => r.args[r.args.indexOf(flag) + 1]!;

/** Every command of the documentation this test runs, keyed by its text there. */
const COMMANDS: Readonly<Record<string, CommandSpec>> = {
  "npx -y pnpm@10 exec minixla run": {
    check: (r) => {
      // The demo: each example's recorded HLO, lowered HLO and result.
      expect(r.stdout).toMatch(/^== 1\. matrix \+ vector/);
      for (const part of ["recorded HLO:", "lowered HLO:", "result:"]) expect(r.stdout.split(part).length).toBeGreaterThan(6);
    },
  },
  "npx -y pnpm@10 exec minixla run MODULE.hlo --input a.npy --input b.npy [--output DIR]": {
    check: (r) => {
      expect(r.stdout).toMatch(/^out0: f64\[3,4\] = \[\[/);
      expect(readdirSync(argAfter(r, "--output"))).toEqual(["out0.npy"]);
    },
  },
  "npx -y pnpm@10 exec minixla run MODULE.hlo --random-inputs --seed 1 --iterations 10 --engine both": {
    check: (r) => {
      for (const engine of ["compiled", "reference"]) {
        expect(r.stderr).toMatch(new RegExp(`^timing ${engine}: 10 iterations, median [\\d.]+ ms, min [\\d.]+ ms`, "m"));
      }
    },
  },
  "npx -y pnpm@10 exec minixla run test/corpus/spmd/psum.hlo --replicas 2 --input-json '[1,2,3]'": {
    check: (r) => expect(r.stdout).toBe("== replica 0, partition 0 ==\nout0: f32[3] = [1. 2. 3.]\nout1: f32[3] = [3. 5. 7.]\n== replica 1, partition 0 ==\nout0: f32[3] = [2. 3. 4.]\nout1: f32[3] = [3. 5. 7.]\n"),
  },
  "npx -y pnpm@10 exec minixla run test/corpus/xla-jax/softmax/module.mlir --random-inputs --seed 1": {
    // Softmax of random inputs: probabilities, printed like NumPy.
    check: (r) => expect(r.stdout).toMatch(/^out0: f64\[4,10\] = \[\[0\.\d+ /),
  },
  "npx -y pnpm@10 exec minixla run test/corpus/stablehlo-mlir/interpret/while.mlir": {
    check: (r) => expect(r.stdout.trim().split("\n").at(-1)).toBe("2 passed, 0 failed"),
  },
  "npx -y pnpm@10 exec minixla lower MODULE.hlo": {
    check: (r) => expect(r.stdout).toMatch(/^HloModule jit_add[\s\S]*ROOT add\.1 = f64\[3,4\]/),
  },
  "npx -y pnpm@10 exec minixla lower MODULE.hlo > lowered.hlo": {
    // The redirected file is the module and nothing else: it parses back.
    check: (r) => expect(parseHloModule(readFileSync(r.args.at(-1)!, "utf8")).name).toBe("jit_add"),
  },
  "npx -y pnpm@10 exec minixla opt MODULE.hlo --passes='lower-broadcasts,fixpoint(simplify)' [--dump DIR]": {
    check: (r) => {
      expect(r.stdout).toMatch(/^HloModule /);
      expect(readdirSync(argAfter(r, "--dump"))).toEqual(expect.arrayContaining(["00-input.hlo", "01-lower-broadcasts.hlo"]));
    },
  },
  "npx -y pnpm@10 exec minixla conformance test/corpus/xla-jax [--filter TAG] [--json]": {
    check: (r) => {
      const report = JSON.parse(r.stdout) as unknown;
      expect(JSON.stringify(report)).toMatch(/binary_add/);
      expect(JSON.stringify(report)).not.toMatch(/softmax/);
    },
  },
  "npx -y pnpm@10 exec minixla help run": {
    // "every option of a command, described": each flag the README gives `run` is in its help.
    check: (r) => {
      for (const flag of ["--input", "--input-json", "--output", "--random-inputs", "--seed", "--iterations", "--engine", "--numerics", "--progress"]) {
        expect(r.stdout).toMatch(new RegExp(`^\\s+${flag} .*\\S`, "m"));
      }
    },
  },
  "npx -y pnpm@10 exec minixla --version": {
    check: (r) => {
      const version = (JSON.parse(readFileSync(join(ROOT, "packages/cli/package.json"), "utf8")) as { version: string }).version;
      expect(r.stdout.trim()).toContain(version);
    },
  },
  "npx -y pnpm@10 exec minixla graph docs/matrix_plus_vector.hlo --format svg -o out/before.svg": {
    // The SVG Graphviz laid out: one node per instruction (x, y, add).
    check: (r) => {
      const svg = readFileSync(argAfter(r, "-o"), "utf8");
      expect(svg.startsWith("<svg")).toBe(true);
      expect(svg.match(/class="node /g)?.length).toBe(3);
    },
  },
  "npx -y pnpm@10 exec minixla opt docs/matrix_plus_vector.hlo --report out/report.html": {
    check: (r) => {
      expect(r.stdout).toMatch(/^HloModule matrix_plus_vector/);
      expect(/data-pass="([^"]+)"/.exec(readFileSync(argAfter(r, "--report"), "utf8"))?.[1]).toBe("lower-broadcasts");
    },
  },
  "npx -y pnpm@10 exec minixla run --report out/demo.html": {
    check: (r) => expect(readFileSync(argAfter(r, "--report"), "utf8").match(/<details class="section" id="example-\d+"/g)?.length).toBe(9),
  },
  "npx -y pnpm@10 exec minixla graph test/corpus/xla-hlo/openxla-xla/xla/backends/cpu/benchmarks/hlo/ssd_mobilenet_tf.hlo --around depthwise.41 --depth 3 -o out/part.html": {
    // A part of a 508-instruction module: the centre and its neighbours only.
    check: (r) => {
      const nodes = readFileSync(argAfter(r, "-o"), "utf8").match(/class="node /g)?.length ?? 0;
      expect(nodes).toBeGreaterThan(5);
      expect(nodes).toBeLessThan(60);
    },
  },
  "npx -y pnpm@10 exec minixla run test/corpus/jax-models/lenet_forward_f32/module.hlo --input test/corpus/jax-models/lenet_forward_f32/in0.npy --input test/corpus/jax-models/lenet_forward_f32/in1.npy --input test/corpus/jax-models/lenet_forward_f32/in2.npy --input test/corpus/jax-models/lenet_forward_f32/in3.npy":
    {
      // One output, the model's [2,3] logits, and nothing on stderr.
      check: (r) => {
        expect(r.stdout).toMatch(/^out0: f32\[2,3\] = \[\[[^\n]*\n[^\n]*\]\]\n$/);
        expect(r.stderr).toBe("");
      },
    },
  "npx -y pnpm@10 exec minixla conformance test/corpus/jax-models --filter model": {
    // The four models of the corpus (tagged `model`), all within XLA's outputs' tolerance.
    check: (r) => expect(r.stdout.trim().split("\n").at(-1)).toBe("4 passed, 0 failed"),
  },
  "npx -y pnpm@10 exec minixla opt test/corpus/xla-jax/softmax/module.hlo --dump out/": {},
  "ls out/": {},
  "cat out/03-fixpoint-simplify.01-algsimp.diff": {},
  "npx -y pnpm@10 exec minixla opt m.hlo --passes='fixpoint(simplify'": { code: 2 },
  "npx -y pnpm@10 exec minixla opt examples/wrong_rules/mlp_grad_planted.hlo --plugin examples/wrong_rules/subtract_self.ts --passes=subtract-self > out/wrong.hlo": {
    check: (r) => expect(readFileSync(r.args.at(-1)!, "utf8")).toMatch(/planted\.out = f64\[8,4\]\{1,0\} broadcast\(zero\)/),
  },
  "npx -y pnpm@10 exec minixla compare examples/wrong_rules/mlp_grad_planted.hlo out/wrong.hlo --random 100": { code: 1 },
  "npx -y pnpm@10 exec minixla reduce examples/wrong_rules/mlp_grad_planted.hlo --until pass-changes-result=subtract-self --plugin examples/wrong_rules/subtract_self.ts -o out/small.hlo": {
    check: (r) => expect(r.stderr).toMatch(/^wrote .*small\.hlo$/m),
  },
  "cat out/small.hlo": {},
  "npx -y pnpm@10 exec minixla opt model.hlo --plugin ./power_one.ts --passes=lower-broadcasts,power-one,dce": {
    check: (r) => {
      expect(r.stdout).toMatch(/^HloModule power_of_one/);
      expect(r.stdout).not.toContain("power(");
    },
  },
};

/** The words of a command with its placeholders replaced; `dirs` keeps a block's replacements. */
function substitute(command: string, dirs: Map<string, string>): string[] {
  const value = (key: string): string => {
    if (!dirs.has(key)) dirs.set(key, PLACEHOLDERS[key]!());
    return dirs.get(key)!;
  };
  return shellWords(command).map((w) => {
    if (w in PLACEHOLDERS) return value(w);
    const prefix = Object.keys(PLACEHOLDERS).find((k) => k.endsWith("/") && w.startsWith(k));
    return prefix ? value(prefix) + w.slice(prefix.length) : w;
  });
}

/** Placeholder-like words left after substitution: capitals (DIR) or files that do not exist. */
function unmapped(words: readonly string[]): string[] {
  return words.filter(
    (w) => /^[A-Z][A-Z0-9_]*(\.\w+)?$/.test(w) || (/^[\w./-]+\.(hlo|npy|json|ts|js|mjs)$/.test(w) && !existsSync(join(ROOT, w)) && !existsSync(w)),
  );
}

/** Runs one documentation command (minixla through the workspace bin; `ls` and `cat` read the files). */
async function runCommand(command: string, dirs: Map<string, string>): Promise<Ran> {
  const words = substitute(command, dirs);
  // A redirect's target (or an -o output file) is written by the command, so it need not exist yet.
  expect(unmapped(words.filter((_w, i) => words[i - 1] !== ">" && words[i - 1] !== "-o")), `${command}: map these in PLACEHOLDERS`).toEqual([]);
  const minixla = words[0] === "minixla" ? 1 : words.slice(0, 5).join(" ") === "npx -y pnpm@10 exec minixla" ? 5 : -1;
  if (minixla > 0) {
    const all = words.slice(minixla);
    // `> FILE`: stdout goes to the file, as the shell would redirect it.
    const redirect = all.indexOf(">");
    const args = redirect < 0 ? all : all.slice(0, redirect);
    const ran = await spawnNode([BIN, ...args], TIMEOUT_MS);
    if (redirect >= 0) writeFileSync(all[redirect + 1]!, ran.stdout);
    return { ...ran, args: all };
  }
  const [tool, path] = words;
  if (tool === "ls" && path && words.length === 2) return { code: 0, stdout: readdirSync(path).sort().join("\n") + "\n", stderr: "", args: words };
  if (tool === "cat" && path && words.length === 2) return { code: 0, stdout: readFileSync(path, "utf8"), stderr: "", args: words };
  throw new Error(`${command}: this test runs minixla, ls and cat only; list the command in SKIPPED with a reason`);
}

/** The output a transcript shows is in what ran, line for line; a last line `...` shows a prefix only. */
function expectShown(r: Ran, shown: readonly string[]): void {
  const lines = shown.map((l) => l.trimEnd());
  while (lines.length > 0 && lines.at(-1) === "") lines.pop();
  if (lines.length === 0) return;
  const printed = (r.stdout + r.stderr).split("\n").map((l) => l.trimEnd());
  if (lines.at(-1)?.trim() === "...") {
    const head = lines.slice(0, -1);
    expect(printed.slice(0, head.length).join("\n")).toBe(head.join("\n"));
  } else {
    expect(missingGroup(printed, [lines]), `printed:\n${printed.join("\n")}`).toBeUndefined();
  }
}

describe("documentation shell commands", () => {
  it("are each run below or skipped with a reason, and the tables name only commands of the documentation", () => {
    const known = new Set([...Object.keys(COMMANDS), ...Object.keys(SKIPPED)]);
    expect([...readmeCommands].filter((c) => !known.has(c)), "commands missing from COMMANDS/SKIPPED").toEqual([]);
    expect([...known].filter((c) => !readmeCommands.has(c)), "table entries no longer in the documentation").toEqual([]);
    expect(Object.keys(SKIPPED).filter((c) => c in COMMANDS)).toEqual([]);
  });

  it("call pnpm one way everywhere, `npx -y pnpm@10`, which runs in a script without a prompt", () => {
    for (const d of docs) expect(d.text.match(/npx (?!-y pnpm@10 )\S*pnpm/g) ?? [], d.path).toEqual([]);
  });

  it("skip a script only where it exists", () => {
    expect(existsSync(join(ROOT, "test/corpus/xla-ops/run_hlo.py"))).toBe(true);
  });

  for (const block of shellBlocks) {
    const runnable = block.commands.filter((c) => !(c.command in SKIPPED));
    if (runnable.length === 0) continue;
    // A transcript's commands run in order (its `ls` reads what its `opt` wrote); an sh block's are independent.
    const transcript = block.transcript;
    const runOne = async (c: Shown, dirs: Map<string, string>): Promise<void> => {
      const spec = COMMANDS[c.command];
      expect(spec, `${c.command}: add it to COMMANDS or SKIPPED`).toBeDefined();
      const r = await runCommand(c.command, dirs);
      expect(r.code, `${c.command}\nstdout:\n${r.stdout}\nstderr:\n${r.stderr}`).toBe(spec?.code ?? 0);
      expectShown(r, c.output);
      spec?.check?.(r);
    };
    if (transcript) {
      it.concurrent(`${block.place}: ${runnable.map((c) => c.command.split(" ").slice(0, 2).join(" ")).join("; ")}`, async () => {
        const dirs = new Map<string, string>();
        for (const c of runnable) await runOne(c, dirs);
      });
    } else {
      for (const c of runnable) it.concurrent(`${block.place}: ${c.command}`, () => runOne(c, new Map()));
    }
  }
});

// ------------------------------------------------------------------- links

describe("documentation links", () => {
  it("lead from the README to every guide in docs/", () => {
    const linked = new Set([...readme.matchAll(/\]\((docs\/[^)#\s]+\.md)(#[^)]*)?\)/g)].map((m) => m[1]));
    expect(guidePaths().filter((g) => !linked.has(g))).toEqual([]);
  });

  it("lead to files that exist, each relative to the page it is on, and to headings those pages have", () => {
    /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
    const slug = (heading: string): string => heading.toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, "").replace(/ /g, "-");
    const anchors = new Map(docs.map((d) => [d.path, new Set([...d.text.matchAll(/^#{1,6} (.*)$/gm)].map((m) => slug(m[1]!)))]));
    const broken = docs.flatMap((d) =>
      [...d.text.matchAll(/\]\(([^)#\s]*)(?:#([^)\s]*))?\)/g)]
        .filter((m) => !/^[a-z]+:/.test(m[1]!))
        .filter((m) => {
          const target = join(dirname(d.path), m[1] === "" ? basename(d.path) : m[1]!);
          if (!existsSync(join(ROOT, target))) return true;
          return m[2] !== undefined && anchors.has(target) && !anchors.get(target)!.has(m[2]);
        })
        .map((m) => `${d.path}: ${m[0]}`),
    );
    expect(broken).toEqual([]);
  });
});
