import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validateDot } from "@minixla/viz";
import { UsageError } from "../args.ts";
import { main } from "../main.ts";
import type { CommandIo } from "./command.ts";
import { graphCommand } from "./graph.ts";
import { optCommand } from "./opt.ts";
import { runCommand } from "./run.ts";

const MODULE = `HloModule m

sum {
  a = f64[] parameter(0)
  b = f64[] parameter(1)
  ROOT c = f64[] add(a, b)
}

ENTRY main {
  x = f64[2,3] parameter(0)
  v = f64[3] parameter(1)
  s = f64[2,3] add(x, v), broadcast_dimensions={1}
  z = f64[] constant(0)
  ROOT r = f64[2] reduce(s, z), dimensions={1}, to_apply=sum
}
`;

function setup(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "minixla-graph-"));
  const file = join(dir, "in.hlo");
  writeFileSync(file, MODULE);
  return { dir, file };
}

async function run(command: typeof graphCommand, argv: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CommandIo = { out: (t) => void (out += t), err: (t) => void (err += t) };
  const code = await command.run(argv, io);
  return { code, out, err };
}

const nodeCount = (svg: string): number => (svg.match(/<g id="[^"]*" class="node /g) ?? []).length;

describe("minixla graph", () => {
  it("prints DOT by default: one node per instruction, the reducer as a cluster; Graphviz accepts it", async () => {
    const { file } = setup();
    const r = await run(graphCommand, [file]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^digraph "m" \{/);
    expect((r.out.match(/^\s+"(main|sum)\/[^"]+" \[id=/gm) ?? []).length).toBe(8);
    expect(r.out).toContain("subgraph cluster_1");
    await validateDot(r.out);
  });

  it("writes SVG and HTML, the format taken from --format or from the -o file's extension", async () => {
    const { dir, file } = setup();
    expect((await run(graphCommand, [file, "-o", join(dir, "g.svg")])).code).toBe(0);
    const svg = readFileSync(join(dir, "g.svg"), "utf8");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(nodeCount(svg)).toBe(8);
    expect((await run(graphCommand, [file, "--format", "html", "--output", join(dir, "page.out")])).code).toBe(0);
    const html = readFileSync(join(dir, "page.out"), "utf8");
    expect(html).toMatch(/^<!DOCTYPE html>/);
    // One section per computation, each with its own graph.
    expect(html).toContain('id="comp-main"');
    expect(html).toContain('id="comp-sum"');
    expect(nodeCount(html)).toBe(8);
  });

  it("--around NAME --depth K draws the neighbourhood only", async () => {
    const { file } = setup();
    const r = await run(graphCommand, [file, "--around", "s", "--depth", "1"]);
    expect(r.code).toBe(0);
    const nodes = (r.out.match(/^\s+"([^"]+)" \[id=/gm) ?? []).map((l) => l.trim().split('"')[1]);
    // s, its operands x and v, its user r; and the reducer r calls.
    expect(nodes.sort()).toEqual(["main/r", "main/s", "main/v", "main/x", "sum/a", "sum/b", "sum/c"]);
  });

  it("refuses bad arguments as usage errors", async () => {
    const { file } = setup();
    await expect(run(graphCommand, [file, "--format", "png"])).rejects.toThrow(/--format takes dot, svg, html, got 'png'/);
    await expect(run(graphCommand, [file, "--around", "nope"])).rejects.toThrow(UsageError);
    await expect(run(graphCommand, [file, "--around", "nope"])).rejects.toThrow(/--around nope: no instruction of that name/);
    await expect(run(graphCommand, [file, "--depth", "2"])).rejects.toThrow(/--depth goes with --around/);
    await expect(run(graphCommand, [file, "--around", "s", "--depth", "x"])).rejects.toThrow(/--depth takes an integer/);
    await expect(run(graphCommand, [])).rejects.toThrow(/expected exactly one FILE.hlo/);
  });

  it("is listed by minixla help", async () => {
    let out = "";
    await main(["help"], { out: (t) => void (out += t), err: () => undefined });
    expect(out).toMatch(/^\s+graph\s+draw a module/m);
  });
});

describe("minixla opt --report and minixla run --report", () => {
  it("opt --report writes the pass explorer; lowering is the first changed step", async () => {
    const { dir, file } = setup();
    const report = join(dir, "out", "report.html");
    const r = await run(optCommand, [file, "--report", report]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^HloModule m/);
    const html = readFileSync(report, "utf8");
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(/data-pass="([^"]+)"/.exec(html)?.[1]).toBe("lower-broadcasts");
    // The text diff beside the graphs is the CLI's unified diff.
    expect(html).toContain('<span class="add">+  broadcast');
  });

  it("run --report writes the demo page; with a FILE.hlo it is refused", async () => {
    const { dir, file } = setup();
    const r = await run(runCommand, ["--report", join(dir, "demo.html")]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^== 1\. matrix \+ vector/);
    const html = readFileSync(join(dir, "demo.html"), "utf8");
    expect((html.match(/<details class="section" id="example-\d+"/g) ?? []).length).toBe(9);
    await expect(run(runCommand, [file, "--report", join(dir, "x.html")])).rejects.toThrow(/--report writes the demo's page/);
  });
});
