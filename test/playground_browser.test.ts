/**
 * The playground (packages/playground) in a real browser: headless Chromium
 * (Debian's `chromium`, or CHROMIUM_PATH) driven by playwright-core. The site
 * is built with Vite into out/playground-site and served on 127.0.0.1 by a
 * small static server here. A module typed with an implicit broadcast and a
 * typo shows the error underline at the typo; fixed, lower-broadcasts
 * highlights exactly the instructions it added (computed here from the printed
 * text); .npy files dropped on the inputs become its JSON; the run shows the
 * interpreter's numbers; the share link reopens the
 * same view. No console errors, no request leaves 127.0.0.1. Without a
 * Chromium the tests are skipped, saying how to enable them.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { type ArrayLiteral, type HloModule, dce, literal, lowerBroadcasts, parseHloModule, printHloModule, writeNpy } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";
import { type Browser, type Page, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "./support/cli.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const HOW = `no Chromium at ${CHROMIUM}: install Debian's package (apt-get install -y chromium, as .ci/run does) or set CHROMIUM_PATH to enable the browser tests`;
const SITE = join(ROOT, "out/playground-site");
const SHOTS = join(ROOT, "out/browser");
const PLAYGROUND = join(ROOT, "packages/playground");
const LLAMA = join(ROOT, "test/corpus/xla-hlo/openxla-xla/xla/tools/benchmarks/hlo/hlo_llama31_405b_bf16_64x8.hlo");

const MIME: Readonly<Record<string, string>> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".png": "image/png", ".svg": "image/svg+xml", ".wasm": "application/wasm" };

/** Builds the site with the playground's own Vite (its build script), into SITE. */
function buildSite(): Promise<void> {
  return new Promise((resolve, reject) => {
    const vite = join(PLAYGROUND, "node_modules/vite/bin/vite.js");
    const child = spawn(process.execPath, [vite, "build", "--outDir", SITE, "--emptyOutDir", "--logLevel", "warn"], { cwd: PLAYGROUND, timeout: 240_000 });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}: ${stderr}`))));
  });
}

/** A static server of SITE on 127.0.0.1 (an ephemeral port). */
function serve(): Promise<Server> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://127.0.0.1").pathname)).replace(/^(\.\.[/\\])+/, "");
    const file = join(SITE, path.endsWith("/") ? `${path}index.html` : path);
    if (!file.startsWith(SITE) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": MIME[extname(file)] ?? "application/octet-stream" }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const TYPO = `HloModule bcast

ENTRY main {
  x = f32[2,3] parameter(0)
  y = f32[3] parameter(1)
  ROOT sum = f32[2,3] ad(x, y), broadcast_dimensions={1}
}
`;
const FIXED = TYPO.replace(" ad(", " add(");
/** A while loop whose condition is always true. */
const FOREVER = `HloModule forever

cond {
  p = s32[] parameter(0)
  ROOT t = pred[] constant(true)
}

body {
  p = s32[] parameter(0)
  one = s32[] constant(1)
  ROOT n = s32[] add(p, one)
}

ENTRY main {
  z = s32[] constant(0)
  ROOT w = s32[] while(z), condition=cond, body=body
}
`;
/** 101 instructions: a parameter and a chain of 100 element-wise ops, each on the two before it. */
const CHAIN = [
  "HloModule chain",
  "",
  "ENTRY main {",
  "  a0 = f32[4] parameter(0)",
  ...Array.from({ length: 100 }, (_, i) => `  ${i === 99 ? "ROOT " : ""}a${i + 1} = f32[4] ${["add", "multiply", "subtract", "maximum"][i % 4]}(a${i}, a${Math.max(0, i - 1)})`),
  "}",
  "",
].join("\n");
const INPUTS = "[[[1, 2, 3], [4, 5, 6]], [10, 20, 30]]";
/** Dead code for dce and an implicit broadcast for lower-broadcasts. */
const DEAD_AND_BROADCAST = `HloModule pipeline

ENTRY main {
  x = f32[2,3] parameter(0)
  y = f32[3] parameter(1)
  dead = f32[2,3] negate(x)
  s = f32[2,3] add(x, y), broadcast_dimensions={1}
  ROOT p = f32[2,3] multiply(s, y), broadcast_dimensions={1}
}
`;

/** Each instruction's printed line keyed "computation/name", read from printHloModule's text. */
function printedLines(m: HloModule): Map<string, string> {
  const out = new Map<string, string>();
  let computation: string | undefined;
  for (const line of printHloModule(m).split("\n")) {
    const header = /^(?:ENTRY )?(\S+) \{$/.exec(line);
    if (header) {
      computation = header[1];
      continue;
    }
    const inst = /^ {2}(?:ROOT )?(\S+) = /.exec(line);
    if (inst && computation !== undefined) out.set(`${computation}/${inst[1]}`, line.trim());
  }
  return out;
}

let browser: Browser | undefined;
let server: Server | undefined;
let base = "";

interface Watched {
  readonly page: Page;
  readonly errors: string[];
  readonly requests: string[];
}

/** Opens `url`, recording console errors and every request that is not to the page's own place (`base`, or the file itself). */
async function watched(url: string): Promise<Watched> {
  const page = await browser!.newPage({ viewport: { width: 1500, height: 950 } });
  const errors: string[] = [];
  const requests: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("request", (r) => {
    const u = r.url();
    const own = url.startsWith("file:") ? u.split("#")[0] === url.split("#")[0] : u.startsWith(base);
    if (!own && !u.startsWith("blob:") && !u.startsWith("data:")) requests.push(u);
  });
  await page.goto(url);
  await page.waitForLoadState("load");
  return { page, errors, requests };
}

/** Replaces the editor's text as a user would: select all, then type (insertText: one input event per call). */
async function typeModule(page: Page, text: string): Promise<void> {
  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
}

const editorText = (page: Page): Promise<string> => page.locator(".cm-line").evaluateAll((ls) => ls.map((l) => l.textContent ?? "").join("\n"));

/** The titles (Graphviz writes each node's "computation/name" as its <title>) of the SVG nodes a selector finds. */
async function titles(page: Page, nodes: string): Promise<string[]> {
  const all = await page.locator(nodes).evaluateAll((gs) => gs.map((g) => g.querySelector("title")?.textContent ?? ""));
  return all.sort();
}

/** Each drawn node's box (SVG units, from its <title>'s key) on each side of the step. */
async function boxes(page: Page): Promise<{ before: Record<string, number[]>; after: Record<string, number[]> }> {
  const side = (which: string) =>
    page.locator(`#graphs .${which} g.node`).evaluateAll((gs) => {
      const out: Record<string, number[]> = {};
      for (const g of gs) {
        // Runs in the page (this file's tsconfig has no DOM types): an SVG group's box in its own units.
        const box = (g as unknown as { getBBox(): { x: number; y: number; width: number; height: number } }).getBBox();
        out[g.querySelector("title")?.textContent ?? ""] = [box.x, box.y, box.width, box.height].map((v) => Math.round(v * 10) / 10);
      }
      return out;
    });
  return { before: await side("before"), after: await side("after") };
}

/** The durations (ms) of the page's performance measures named `name`. */
const measures = (page: Page, name: string): Promise<number[]> =>
  page.evaluate((n) => performance.getEntriesByName(n, "measure").map((e) => e.duration), name);

/** The view a share link must restore: text, spec, inputs, step table, the drawn graphs and their highlights. */
async function view(page: Page) {
  return {
    text: await editorText(page),
    spec: await page.locator("#spec").inputValue(),
    inputs: await page.locator("#inputs").inputValue(),
    steps: await page.locator("#steps-body tr").allInnerTexts(),
    before: await titles(page, "#graphs .before g.node"),
    after: await titles(page, "#graphs .after g.node"),
    added: await titles(page, "#graphs .after g.node.hlo-added"),
  };
}

describe.skipIf(!HAVE_CHROMIUM)("the playground in headless Chromium", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    await buildSite();
    server = await serve();
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server === undefined ? resolve(undefined) : server.close(resolve)));
  });

  it("underlines a typo where it is, lowers the broadcast with the added nodes highlighted, runs, and shares", async () => {
    const { page, errors, requests } = await watched(base);
    // The first example draws once the page has run its pipeline.
    await page.waitForSelector("#graphs svg", { timeout: 60_000 });

    await typeModule(page, TYPO);
    const mark = page.locator(".cm-lintRange-error");
    await mark.first().waitFor({ timeout: 30_000 });
    expect(await mark.allTextContents()).toEqual(["ad"]);
    // The underline sits on line 6 (the ROOT line), where the parser found the unknown opcode.
    const line = await mark.first().evaluate((el) => {
      const l = el.closest(".cm-line");
      return [...(l?.parentElement?.children ?? [])].indexOf(l!) + 1;
    });
    expect(line).toBe(6);
    await expect.poll(() => page.locator("#status").textContent(), { timeout: 30_000 }).toMatch(/unknown opcode 'ad'/);

    // Fixed: the underline goes and the pipeline runs lower-broadcasts.
    await page.locator("#spec").fill("lower-broadcasts");
    await typeModule(page, FIXED);
    await expect.poll(() => mark.count(), { timeout: 30_000 }).toBe(0);
    await page.locator("#run-passes").click();
    const before = parseHloModule(FIXED);
    const after = lowerBroadcasts(before);
    const a = printedLines(before);
    const b = printedLines(after);
    const added = [...b.keys()].filter((k) => !a.has(k)).sort();
    expect(added.length).toBeGreaterThan(0);
    await expect.poll(() => titles(page, "#graphs .after g.node.hlo-added").catch(() => []), { timeout: 60_000 }).toEqual(added);
    // Stable layout: every instruction the pass left alone is drawn at the same place before and after.
    const placed = await boxes(page);
    const unchanged = [...a.keys()].filter((k) => b.get(k) === a.get(k));
    expect(unchanged.length).toBeGreaterThan(0);
    for (const k of unchanged) expect(placed.after[k], k).toEqual(placed.before[k]);
    for (const k of added) expect(placed.before[k]).toBeUndefined();
    const addedText = await page.locator("#graphs .after g.node.hlo-added").allTextContents();
    expect(addedText.join(" ")).toMatch(/broadcast/);
    expect(await page.locator("#steps-body tr").allInnerTexts()).toEqual([expect.stringMatching(/input/), expect.stringMatching(/lower-broadcasts.*changed/)]);
    expect(await page.locator("#diff").textContent()).toMatch(/\n\+.*broadcast\(/);

    // Inputs dropped as .npy files (written here) become the inputs' JSON.
    const args = [literal("f32", [2, 3], [[1, 2, 3], [4, 5, 6]]), literal("f32", [3], [10, 20, 30])];
    const npys = args.map((a, i) => ({ name: `in${i}.npy`, bytes: [...writeNpy(a)] }));
    const dropped = await page.evaluateHandle((files) => {
      // Runs in the page, with its DataTransfer and File (this file's tsconfig has no DOM types).
      const page = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } };
        File: new (parts: readonly Uint8Array[], name: string) => unknown;
      };
      const dt = new page.DataTransfer();
      // Named in reverse: the page orders them by name.
      for (const f of [...files].reverse()) dt.items.add(new page.File([new Uint8Array(f.bytes)], f.name));
      return dt;
    }, npys);
    await page.locator("#inputs").dispatchEvent("drop", { dataTransfer: dropped });
    await expect.poll(() => page.locator("#inputs").inputValue(), { timeout: 30_000 }).not.toBe("");
    expect(JSON.parse(await page.locator("#inputs").inputValue())).toEqual(JSON.parse(INPUTS));

    // Run: the numbers the interpreter gives here, in the output table.
    await page.locator("#engine").selectOption("reference");
    await page.locator("#run").click();
    await page.locator("#run-status:is(.ok, .bad)").waitFor({ timeout: 60_000 });
    expect(await page.locator("#run-status").textContent(), errors.join("\n")).toMatch(/ms per run/);
    const want = evaluate(after, args) as ArrayLiteral;
    const cells = await page.locator("#outputs .tables").first().locator("td").allTextContents();
    expect(cells.map(Number)).toEqual([...want.data]);
    await page.screenshot({ path: join(SHOTS, "playground.png") });

    // The share link, opened in a new page, restores the same view.
    await page.locator("#share").click();
    await expect.poll(() => page.locator("#share-link").inputValue(), { timeout: 30_000 }).toMatch(/#v1=/);
    const link = await page.locator("#share-link").inputValue();
    const shown = await view(page);
    const other = await watched(link);
    await expect.poll(() => view(other.page), { timeout: 60_000 }).toEqual(shown);
    expect(shown.added).toEqual(added);

    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
    expect(other.errors).toEqual([]);
    expect(other.requests).toEqual([]);
    await other.page.close();
    await page.close();
  }, 240_000);

  it("Cancel stops a run that never ends (the worker is terminated) and the page stays live; a 100-instruction module re-renders as it is typed", async () => {
    const { page, errors, requests } = await watched(base);
    await page.waitForSelector("#graphs svg", { timeout: 60_000 });
    await page.locator("#spec").fill("dce");
    await typeModule(page, FOREVER);
    await expect.poll(() => page.locator("#steps-body tr").count(), { timeout: 30_000 }).toBe(2);
    await page.locator("#run").click();
    await expect.poll(() => page.locator("#run-status").textContent(), { timeout: 30_000 }).toBe("running…");
    await page.locator("#cancel").click();
    expect(await page.locator("#run-status").textContent()).toBe("cancelled");
    expect(await page.locator("#run").isEnabled()).toBe(true);

    // The trace of typing into a 100-instruction module: reported, not asserted.
    await page.locator("#spec").fill("lower-broadcasts");
    await typeModule(page, CHAIN);
    await expect.poll(() => titles(page, "#graphs .after g.node"), { timeout: 60_000 }).toHaveLength(101);
    const times: number[] = [];
    await page.evaluate(() => performance.clearMeasures());
    for (let k = 0; k < 3; k++) {
      const seen = await page.locator("body").getAttribute("data-rendered");
      await page.keyboard.press("End");
      await page.keyboard.insertText(" ");
      await expect.poll(() => page.locator("body").getAttribute("data-rendered"), { timeout: 30_000 }).not.toBe(seen);
      times.push(Number(await page.locator("body").getAttribute("data-render-ms")));
    }
    const typed = await measures(page, "keystroke-to-graph");
    const checked = await measures(page, "check-to-graph");
    expect(checked.length).toBeGreaterThanOrEqual(3);
    console.log(
      `playground: typing into a 101-instruction module: keystroke to redrawn graph ${typed.map((t) => `${t.toFixed(0)} ms`).join(", ")} ` +
        `(the editor's 200 ms pause included); check to redrawn graph ${checked.map((t) => `${t.toFixed(0)} ms`).join(", ")}`,
    );

    // The pass picker: ticking writes the spec (in the order ticked), and a typed list ticks the boxes.
    await page.locator("#picker summary").click();
    await page.locator("#spec").fill("");
    await page.locator('#pass-boxes input[value="dce"]').check();
    await page.locator('#pass-boxes input[value="cse"]').check();
    await page.locator("#fixpoint").check();
    expect(await page.locator("#spec").inputValue()).toBe("fixpoint(dce,cse)");
    await expect.poll(() => page.locator("#steps-body tr").allInnerTexts(), { timeout: 30_000 }).toContainEqual(expect.stringMatching(/fixpoint/));
    await page.locator("#spec").fill("lower-broadcasts");
    await page.locator("#spec").press("Enter");
    expect(await page.locator("#pass-boxes input:checked").evaluateAll((bs) => bs.map((b) => (b as unknown as { value: string }).value))).toEqual(["lower-broadcasts"]);
    expect(await page.locator("#fixpoint").isChecked()).toBe(false);

    // Across steps: each version of the module is drawn at the same places in every step that shows it.
    await page.locator("#spec").fill("lower-broadcasts,dce");
    await typeModule(page, DEAD_AND_BROADCAST);
    await expect.poll(() => page.locator("#steps-body tr").count(), { timeout: 30_000 }).toBe(3);
    const drawnStep = async (row: number) => {
      const seen = await page.locator("body").getAttribute("data-rendered");
      await page.locator(`#steps-body tr[data-row="${row}"]`).click();
      await expect.poll(() => page.locator("body").getAttribute("data-rendered"), { timeout: 30_000 }).not.toBe(seen);
      return boxes(page);
    };
    const [input, lowered, pruned] = [await drawnStep(0), await drawnStep(1), await drawnStep(2)];
    const m0 = parseHloModule(DEAD_AND_BROADCAST);
    const m1 = lowerBroadcasts(m0);
    const l0 = printedLines(m0);
    const l1 = printedLines(m1);
    expect(Object.keys(lowered.after).sort()).toEqual([...l1.keys()].sort());
    expect(Object.keys(pruned.before).sort()).toEqual([...l1.keys()].sort());
    for (const k of l1.keys()) expect(pruned.before[k], k).toEqual(lowered.after[k]);
    for (const k of l0.keys()) expect(input.after[k], k).toEqual(lowered.before[k]);
    expect(Object.keys(pruned.after)).not.toContain("main/dead");
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
    await page.close();
  }, 180_000);

  it("opens the 1,814-instruction Llama module, draws its 802-instruction entry with the called computations collapsed, and expands one on a click", async () => {
    const { page, errors, requests } = await watched(base);
    await page.waitForSelector("#graphs svg", { timeout: 60_000 });
    const llama = parseHloModule(readFileSync(LLAMA, "utf8"));
    const total = llama.computations.reduce((n, c) => n + c.instructions.length, 0);
    const entry = llama.computations.find((c) => c.name === llama.entry)!;
    expect(total).toBe(1814);
    const seen = await page.locator("body").getAttribute("data-rendered");
    const t0 = Date.now();
    await page.locator("#examples").selectOption({ label: "XLA benchmark: Llama 3.1 405B, SPMD (1,814 instructions)" });
    await expect.poll(() => page.locator("body").getAttribute("data-rendered"), { timeout: 120_000 }).not.toBe(seen);
    const opened = Date.now() - t0;
    await expect.poll(() => page.locator("#status").textContent(), { timeout: 30_000 }).toMatch(/^1814 instructions/);
    // dce's step drops whole computations (unreachable copies of reducers): before draws exactly them, all
    // highlighted removed; after, which lacks them, draws nothing.
    const pruned = dce.run(llama);
    const gone = llama.computations.filter((c) => !pruned.computations.some((p) => p.name === c.name)).flatMap((c) => c.instructions.map((i) => `${c.name}/${i.name}`));
    expect(gone.length).toBeGreaterThan(0);
    expect(await titles(page, "#graphs .before g.node.hlo-removed")).toEqual(gone.sort());
    expect(await titles(page, "#graphs .before g.node")).toEqual(gone.sort());
    expect(await page.locator("#graphs .after g.node").count()).toBe(0);

    // The input: the entry alone (802 nodes), its reducers and loop collapsed into their callers.
    const before = await page.locator("body").getAttribute("data-rendered");
    const t1 = Date.now();
    await page.locator('#steps-body tr[data-row="0"]').click();
    // The page answers while Graphviz works in its worker.
    const answered = Date.now();
    await page.evaluate(() => 1 + 1);
    const answer = Date.now() - answered;
    await expect.poll(() => page.locator("body").getAttribute("data-rendered"), { timeout: 120_000 }).not.toBe(before);
    const drawn = Date.now() - t1;
    expect(await page.locator("#graphs g.node").count()).toBe(entry.instructions.length);
    expect(await page.locator("#graphs g.cluster").count()).toBe(0);
    expect(await page.locator("#graphs h3").first().textContent()).toMatch(/called computations? collapsed/);

    // A click on a caller draws what it calls, as a cluster.
    const caller = entry.instructions.find((i) => i.opcode === "reduce" && i.called.length === 1)!;
    const clicked = await page.locator("body").getAttribute("data-rendered");
    await page.locator(`#graphs g.node.hlo-calls:has(title:text-is("${entry.name}/${caller.name}"))`).click();
    await expect.poll(() => page.locator("body").getAttribute("data-rendered"), { timeout: 120_000 }).not.toBe(clicked);
    const callee = llama.computations.find((c) => c.name === caller.called[0])!;
    expect(await page.locator("#graphs g.cluster title").allTextContents()).toHaveLength(1);
    expect(await page.locator("#graphs g.node").count()).toBe(entry.instructions.length + callee.instructions.length);
    console.log(
      `playground: the Llama module (1,814 instructions) opened in ${(opened / 1000).toFixed(1)} s (example chosen to graphs drawn, the first changed step's); ` +
        `its 802-instruction entry drew in ${(drawn / 1000).toFixed(1)} s, the page answering in ${answer} ms meanwhile`,
    );
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
    await page.close();
  }, 300_000);

  it("opens from file:// (one self-contained index.html): draws the first example and runs it on random inputs", async () => {
    const { page, errors, requests } = await watched(`file://${join(SITE, "index.html")}`);
    await page.waitForSelector("#graphs .after g.node.hlo-added", { timeout: 60_000 });
    await page.locator("#run").click();
    await page.locator("#run-status:is(.ok, .bad)").waitFor({ timeout: 60_000 });
    expect(await page.locator("#run-status").textContent()).toMatch(/ms per run/);
    expect(await page.locator("#outputs td").count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
    await page.close();
  }, 120_000);
});

describe.skipIf(HAVE_CHROMIUM)("the playground in headless Chromium (skipped)", () => {
  it.skip(HOW, () => {});
});
