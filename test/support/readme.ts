/**
 * Reading README.md and the guides in docs/ as a user does, for the test that
 * runs what they show: their fenced blocks (with the `<!-- snippet: ... -->` marker before one),
 * shell words as sh splits them, the output a TypeScript snippet shows in
 * comments, and a TypeScript file run with tsx as `node --import tsx` does.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, type Outcome } from "./cli.ts";

export interface FencedBlock {
  /** The Markdown file it is in, relative to the repository root ("README.md", "docs/cli.md"). */
  readonly file: string;
  /** The info string after the opening fence ("ts", "sh", or "" for a plain block). */
  readonly lang: string;
  /** The text between the fences, without them. */
  readonly body: string;
  /** 1-based line of the opening fence, for messages. */
  readonly line: number;
  /** What a `<!-- snippet: WORD -->` comment just before the fence says, if one does. */
  readonly marker: string | undefined;
}

export function readReadme(): string {
  return readFileSync(join(ROOT, "README.md"), "utf8");
}

/** A Markdown file of the documentation and its text. */
export interface DocFile {
  /** Relative to the repository root. */
  readonly path: string;
  readonly text: string;
}

/** The guides: every `docs/*.md`, by name. */
export function guidePaths(): string[] {
  return readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => `docs/${f}`);
}

/** README.md, then every guide in docs/: the files whose snippets and commands are run. */
export function readDocs(): DocFile[] {
  return ["README.md", ...guidePaths()].map((path) => ({ path, text: readFileSync(join(ROOT, path), "utf8") }));
}

/** `file:line`, the place of a block in messages and test names. */
export function placeOf(b: FencedBlock): string {
  return `${b.file}:${b.line}`;
}

/** Every fenced block of a Markdown text, in order; `file` names the text in blocks and errors. */
export function fencedBlocks(markdown: string, file = "README.md"): FencedBlock[] {
  const lines = markdown.split("\n");
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    let end = i + 1;
    while (end < lines.length && !/^```\s*$/.test(lines[end]!)) end++;
    if (end === lines.length) throw new Error(`${file}:${i + 1}: fence never closed`);
    let before = i - 1;
    while (before >= 0 && lines[before]!.trim() === "") before--;
    const marker = before >= 0 ? /^<!-- snippet: (\S+) -->$/.exec(lines[before]!.trim())?.[1] : undefined;
    blocks.push({ file, lang: open[1]!, body: lines.slice(i + 1, end).join("\n"), line: i + 1, marker });
    i = end;
  }
  return blocks;
}

/**
 * A command line split into words as sh splits it (single and double quotes,
 * backslash escapes outside single quotes). Unquoted `[` and `]` are dropped:
 * in the README they mark optional parts of a usage line, which the test runs
 * included.
 */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === " " || c === "\t") {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === "'" || c === '"') {
      const close = line.indexOf(c, i + 1);
      if (close < 0) throw new Error(`unclosed ${c} in: ${line}`);
      word = (word ?? "") + line.slice(i + 1, close);
      i = close;
    } else if (c === "\\" && i + 1 < line.length) {
      word = (word ?? "") + line[++i];
    } else if (c === "[" || c === "]") {
      // optional part marker: dropped
    } else {
      word = (word ?? "") + c;
    }
  }
  if (word !== undefined && word !== "") words.push(word);
  return words.filter((w) => w !== "");
}

/** A line of an sh block without its trailing `# comment` (a `#` after a space, outside quotes). */
export function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "#" && (i === 0 || /\s/.test(line[i - 1]!))) return line.slice(0, i).trim();
  }
  return line.trim();
}

/**
 * The output a snippet shows: whole-line `// ...` comments right after a line
 * that calls `console.log`, one group per call (a further `  // note` on such a
 * comment line is a remark, not output).
 */
export function shownOutput(snippet: string): string[][] {
  const groups: string[][] = [];
  let current: string[] | undefined;
  for (const line of snippet.split("\n")) {
    const comment = /^\s*\/\/ ?(.*)$/.exec(line);
    if (comment && current) {
      current.push(comment[1]!.split(/\s{2,}\/\/ /)[0]!);
    } else {
      if (current && current.length > 0) groups.push(current);
      current = line.includes("console.log(") ? [] : undefined;
    }
  }
  if (current && current.length > 0) groups.push(current);
  return groups;
}

/** Whitespace runs collapsed to one space, ends trimmed. */
export function normalized(line: string): string {
  return line.replace(/\s+/g, " ").trim();
}

/**
 * Where the groups appear, each contiguous and in order, among `lines` (already
 * normalized); the first group not found, or undefined when all are.
 */
export function missingGroup(lines: readonly string[], groups: readonly (readonly string[])[]): readonly string[] | undefined {
  let from = 0;
  for (const group of groups) {
    let at = -1;
    for (let i = from; i + group.length <= lines.length && at < 0; i++) {
      if (group.every((g, k) => lines[i + k] === g)) at = i;
    }
    if (at < 0) return group;
    from = at + group.length;
  }
  return undefined;
}

/** Runs `node --import tsx FILE` from the repository root (so workspace imports resolve). */
export function runTs(file: string, timeoutMs: number): Promise<Outcome> {
  return spawnNode(["--import", "tsx", file], timeoutMs);
}

/** Runs `node ARGS...` from the repository root, killed at the timeout (then code null). */
export function spawnNode(args: readonly string[], timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, timeout: timeoutMs });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
