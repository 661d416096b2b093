/**
 * The pictures' HTML pages in a real browser: headless Chromium (Debian's
 * `chromium`, or CHROMIUM_PATH) driven by playwright-core. The pages are
 * written by the minixla command itself (`opt --report`, `run --report`,
 * `graph --format html`); each must render without console errors or network
 * requests, draw one SVG node per instruction, highlight exactly what a diff
 * computed here from the printed HLO text says each pass added, removed and
 * changed, and show a node's details on hover and click. Screenshots go to
 * out/browser/ (ignored by git); the README's PNGs under docs/ are copies.
 * Without a Chromium the tests are skipped, saying how to enable them.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type HloModule, type PipelineStep, parseHloModule, printHloModule, runPipeline } from "@minixla/hlo";
import { defaultPipelineWithFolding } from "@minixla/interpreter";
import { stepNumber } from "@minixla/viz";
import { type Browser, type Page, chromium } from "playwright-core";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, cliRunner } from "./support/cli.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const HOW = `no Chromium at ${CHROMIUM}: install Debian's package (apt-get install -y chromium, as .ci/run does) or set CHROMIUM_PATH to enable the browser tests`;
const OUT = join(ROOT, "out/browser");
const minixla = cliRunner(60_000);

/** Each instruction's printed line keyed "computation/name", read from printHloModule's text (not from the IR). */
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

/** Added, removed and changed instructions by comparing printed lines. */
function textDiff(before: HloModule, after: HloModule): { added: string[]; removed: string[]; changed: string[] } {
  const a = printedLines(before);
  const b = printedLines(after);
  return {
    added: [...b.keys()].filter((k) => !a.has(k)).sort(),
    removed: [...a.keys()].filter((k) => !b.has(k)).sort(),
    changed: [...b.keys()].filter((k) => a.has(k) && a.get(k) !== b.get(k)).sort(),
  };
}

const computationOf = (key: string): string => key.slice(0, key.indexOf("/"));

/** The instructions of the computations a diff touches on one side (the entry when none): what that side's graph must draw. */
function drawnKeys(m: HloModule, touchedKeys: readonly string[]): string[] {
  const names = new Set(touchedKeys.map(computationOf));
  if (names.size === 0) names.add(m.entry);
  return m.computations.filter((c) => names.has(c.name)).flatMap((c) => c.instructions.map((i) => `${c.name}/${i.name}`)).sort();
}

/** The pipeline's steps as `opt --report` sees them, and the ones that get a section: each pass run that changed the module. */
function reportedSteps(file: string): PipelineStep[] {
  const steps: PipelineStep[] = [];
  runPipeline(parseHloModule(readFileSync(join(ROOT, file), "utf8")), defaultPipelineWithFolding(), { dump: (s) => steps.push(s), innerSteps: true });
  const composite = new Set(steps.filter((s) => s.inner !== undefined).map((s) => s.index));
  return steps.filter((s) => s.index > 0 && s.changed && !(s.inner === undefined && composite.has(s.index)));
}

interface Opened {
  readonly page: Page;
  readonly errors: string[];
  readonly requests: string[];
}

let browser: Browser | undefined;

async function open(file: string, deviceScaleFactor = 1): Promise<Opened> {
  const page = await browser!.newPage({ viewport: { width: 1400, height: 1000 }, deviceScaleFactor });
  const errors: string[] = [];
  const requests: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("request", (r) => {
    if (!r.url().startsWith("file:")) requests.push(r.url());
  });
  await page.goto(`file://${file}`);
  await page.waitForLoadState("load");
  return { page, errors, requests };
}

/** The node names (Graphviz writes each node's name, "computation/name", as its <title>) under a selector, with a class filter. */
async function titles(page: Page, scope: string, cls = ""): Promise<string[]> {
  const all = await page.locator(`${scope} g.node${cls}`).evaluateAll((gs) => gs.map((g) => g.querySelector("title")?.textContent ?? ""));
  return all.sort();
}

describe.skipIf(!HAVE_CHROMIUM)("HTML pages in headless Chromium", () => {
  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  for (const file of ["docs/matrix_plus_vector.hlo", "test/corpus/xla-jax/softmax/module.hlo", "test/corpus/xla-jax/mlp_grad/module.hlo"]) {
    it(`opt --report on ${file}: a section per changing pass, one node per drawn instruction, highlights = the text diff`, async () => {
      const html = join(OUT, `report_${file.split("/").at(-2) === "docs" ? "matrix_plus_vector" : file.split("/").at(-2)}.html`);
      const r = await minixla("opt", file, "--report", html);
      expect(r.code, r.stderr).toBe(0);
      // The README's picture of the lowering is taken at twice the pixels.
      const { page, errors, requests } = await open(html, file.startsWith("docs/") ? 2 : 1);
      const steps = reportedSteps(file);
      expect(steps.length).toBeGreaterThan(0);
      const sections = await page.locator("div.step").evaluateAll((ds) => ds.map((d) => [d.getAttribute("data-step"), d.getAttribute("data-pass")]));
      expect(sections).toEqual(steps.map((s) => [stepNumber(s), s.name]));
      // The seed's example (implicit broadcasts) is first changed by lowering them; JAX's modules have none.
      if (file.startsWith("docs/")) expect(sections[0]?.[1]).toBe("lower-broadcasts");
      for (const s of steps) {
        const d = textDiff(s.previous!, s.module);
        const scope = `[id="step-${stepNumber(s)}"]`;
        expect(await titles(page, `${scope} .before`)).toEqual(drawnKeys(s.previous!, [...d.removed, ...d.changed]));
        expect(await titles(page, `${scope} .after`)).toEqual(drawnKeys(s.module, [...d.added, ...d.changed]));
        expect(await titles(page, `${scope} .after`, ".hlo-added")).toEqual(d.added);
        expect(await titles(page, `${scope} .before`, ".hlo-removed")).toEqual(d.removed);
        expect(await titles(page, `${scope} .after`, ".hlo-changed")).toEqual(d.changed);
        expect(await titles(page, `${scope} .before`, ".hlo-changed")).toEqual(d.changed);
        expect(await titles(page, `${scope} .before`, ".hlo-added")).toEqual([]);
        expect(await titles(page, `${scope} .after`, ".hlo-removed")).toEqual([]);
      }
      if (file.startsWith("docs/")) {
        await page.locator('[id="step-01"] .pair').screenshot({ path: join(OUT, "matrix_plus_vector_lowering.png") });
      }
      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
      await page.close();
    }, 60_000);
  }

  it("run --report: the demo page draws every recorded and lowered instruction, shows details on hover and click, and is screenshot", async () => {
    const html = join(OUT, "demo.html");
    const r = await minixla("run", "--report", html);
    expect(r.code, r.stderr).toBe(0);
    const { page, errors, requests } = await open(html);
    expect(await page.locator("details.section").count()).toBe(9);
    // Example 1, matrix + vector: x, y, add before; x, y, broadcast, add after, the broadcast added and the add changed.
    expect(await titles(page, '[id="example-1"] .before')).toEqual(["matrix_plus_vector/add", "matrix_plus_vector/x", "matrix_plus_vector/y"]);
    expect(await titles(page, '[id="example-1"] .after')).toEqual(["matrix_plus_vector/add", "matrix_plus_vector/broadcast", "matrix_plus_vector/x", "matrix_plus_vector/y"]);
    expect(await titles(page, '[id="example-1"] .after', ".hlo-added")).toEqual(["matrix_plus_vector/broadcast"]);
    expect(await titles(page, '[id="example-1"] .after', ".hlo-changed")).toEqual(["matrix_plus_vector/add"]);
    expect(await titles(page, '[id="example-1"] .before', ".hlo-implicit-broadcast")).toEqual(["matrix_plus_vector/add"]);
    expect(await titles(page, '[id="example-1"] .after', ".hlo-implicit-broadcast")).toEqual([]);
    // The result table: [[8, 10, 12], [11, 13, 15]].
    expect(await page.locator('[id="example-1"] .result table.values td').allTextContents()).toEqual(["8", "10", "12", "11", "13", "15"]);
    // Hover shows a node's details; a click pins them while the mouse moves on.
    const add = page.locator('[id="example-1"] .after g.node', { has: page.locator("title", { hasText: /^matrix_plus_vector\/add$/ }) });
    const broadcast = page.locator('[id="example-1"] .after g.node', { has: page.locator("title", { hasText: /broadcast$/ }) });
    await broadcast.hover();
    await expect.poll(() => page.locator("#details .node-name").textContent()).toBe("broadcast");
    expect(await page.locator("#details .node-line").textContent()).toBe("broadcast = f64[2,3] broadcast(y), dimensions={1}");
    await add.click();
    await broadcast.hover();
    expect(await page.locator("#details .node-name").textContent()).toBe("add");
    expect(await page.locator("#details").textContent()).toContain("changed");
    expect(await add.getAttribute("class")).toContain("hlo-selected");
    await page.keyboard.press("Escape");
    await page.mouse.move(0, 0);
    expect(await page.locator("g.hlo-selected").count()).toBe(0);
    await page.screenshot({ path: join(OUT, "demo_report.png") });
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
    await page.close();
  }, 60_000);

  it("graph --format html: one node per instruction in each computation's section; sections collapse and expand", async () => {
    const html = join(OUT, "graph_mlp_grad.html");
    const file = "test/corpus/xla-jax/mlp_grad/module.hlo";
    const r = await minixla("graph", file, "--format", "html", "--output", html);
    expect(r.code, r.stderr).toBe(0);
    const m = parseHloModule(readFileSync(join(ROOT, file), "utf8"));
    const { page, errors, requests } = await open(html);
    for (const c of m.computations) {
      expect(await titles(page, `[id="comp-${c.name}"]`)).toEqual(c.instructions.map((i) => `${c.name}/${i.name}`).sort());
    }
    await page.click("#collapse-all");
    expect(await page.locator("details.section[open]").count()).toBe(0);
    await page.click("#expand-all");
    expect(await page.locator("details.section[open]").count()).toBe(m.computations.length);
    // A reduce's details link to its reducer's section.
    const reduce = page.locator("g.node.hlo-reduction").first();
    await reduce.click();
    expect(await page.locator("#details a[href^='#comp-']").count()).toBe(1);
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
    await page.close();
  }, 60_000);
});

if (!HAVE_CHROMIUM) {
  describe("HTML pages in headless Chromium", () => {
    it.skip(HOW, () => {});
  });
}
