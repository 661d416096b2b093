/**
 * The pass explorer (`minixla opt --report`): one page listing every pass the
 * pipeline ran, and for each pass that changed the module the graph before
 * and after, with the instructions it added (green), removed (red) and
 * changed (orange) highlighted, the text diff beside them and the instruction
 * counts. Only the computations a pass touched are drawn. The steps are the
 * pipeline's own dump steps (runPipeline's `dump` with `innerSteps`), so a
 * fixpoint's changing inner passes each get their section.
 */
import { type HloModule, type PipelineStep, instructionCount, printHloModule } from "@minixla/hlo";
import type { GraphNode } from "./graphviz.ts";
import { drawGraph } from "./graph_page.ts";
import { esc, page, section } from "./html_shell.ts";
import { type ModuleDiff, changeMap, diffModules } from "./module_diff.ts";

/** Options of {@link passReportHtml}. */
export interface PassReportOptions {
  /** The page's title (default: "Passes over MODULE"). */
  readonly title?: string;
  /** A unified diff of two HLO texts (the CLI passes its own); without it the page shows the text after the pass. */
  readonly textDiff?: (before: string, after: string, beforeName: string, afterName: string) => string;
  /** A step whose drawn computations hold more instructions than this shows no graph, only its diff (default 600). */
  readonly maxNodes?: number;
}

/** "03" for a step, "03.02" for the second change inside step 03. */
export const stepNumber = (s: PipelineStep): string =>
  `${String(s.index).padStart(2, "0")}${s.inner === undefined ? "" : `.${String(s.inner.index).padStart(2, "0")}`}`;

/** "lower-broadcasts", or "fixpoint-simplify › algsimp" for an inner step. */
export const stepTitle = (s: PipelineStep): string => (s.inner === undefined ? s.name : `${s.inner.parent} › ${s.name}`);

const computationOf = (key: string): string => key.slice(0, key.indexOf("/"));

/** The computations a side of the diff touches (the entry when none). */
function touched(m: HloModule, keys: readonly string[]): string[] {
  const names = new Set(keys.map(computationOf));
  const out = m.computations.map((c) => c.name).filter((c) => names.has(c));
  return out.length > 0 ? out : [m.entry];
}

function safePrint(m: HloModule): string {
  try {
    return printHloModule(m);
  } catch (e) {
    return `(cannot print this module: ${e instanceof Error ? e.message : String(e)})\n`;
  }
}

function diffHtml(text: string): string {
  const lines = text.split("\n").map((l) => {
    const cls = l.startsWith("+++") || l.startsWith("---") ? "" : l.startsWith("+") ? "add" : l.startsWith("-") ? "del" : l.startsWith("@@") ? "hunk" : "";
    return cls === "" ? esc(l) : `<span class="${cls}">${esc(l)}</span>`;
  });
  return `<pre class="diff">${lines.join("\n")}</pre>`;
}

function counts(d: ModuleDiff): string {
  return [`<span class="badge added">+${d.added.length} added</span>`, `<span class="badge removed">−${d.removed.length} removed</span>`, `<span class="badge changed">~${d.changed.length} changed</span>`].join(" ");
}

/** One changed step: both graphs with highlights, the text diff and the counts. */
async function stepSection(step: PipelineStep, before: HloModule, k: number, options: PassReportOptions): Promise<{ html: string; nodes: GraphNode[] }> {
  const after = step.module;
  const d = diffModules(before, after);
  const beforeComps = touched(before, [...d.removed, ...d.changed]);
  const afterComps = touched(after, [...d.added, ...d.changed]);
  const size = (m: HloModule, names: readonly string[]) => m.computations.filter((c) => names.includes(c.name)).reduce((n, c) => n + c.instructions.length, 0);
  const max = options.maxNodes ?? 600;
  const nodes: GraphNode[] = [];
  let graphs: string;
  if (size(before, beforeComps) > max || size(after, afterComps) > max) {
    graphs = `<p class="muted">The computations this pass changed hold more than ${max} instructions: no graph (draw a part with <code>minixla graph FILE --around NAME --depth K</code>).</p>`;
  } else {
    const b = await drawGraph(before, { computations: beforeComps, changes: changeMap(d, "before"), idPrefix: `s${k}b:` });
    const a = await drawGraph(after, { computations: afterComps, changes: changeMap(d, "after"), idPrefix: `s${k}a:` });
    nodes.push(...b.nodes, ...a.nodes);
    graphs = `<div class="pair"><div class="before"><h3>before (${instructionCount(before)} instructions)</h3>${b.html}</div><div class="after"><h3>after (${instructionCount(after)} instructions)</h3>${a.html}</div></div>`;
  }
  const beforeText = safePrint(before);
  const afterText = safePrint(after);
  const text =
    options.textDiff === undefined
      ? `<h3>after</h3><pre class="diff">${esc(afterText)}</pre>`
      : `<h3>text diff</h3>${diffHtml(options.textDiff(beforeText, afterText, "before.hlo", `${stepNumber(step)}-${step.name}.hlo`))}`;
  const summary = `${stepNumber(step)} ${esc(stepTitle(step))} <span class="muted">${instructionCount(before)} → ${instructionCount(after)} instructions</span> ${counts(d)}`;
  const body = `<div class="step" data-step="${esc(stepNumber(step))}" data-pass="${esc(step.name)}">${graphs}${text}</div>`;
  return { html: section(`step-${stepNumber(step)}`, summary, body), nodes };
}

/**
 * A self-contained HTML page of a pipeline run from its dump steps (in the
 * order runPipeline reported them, the input first): the list of passes and,
 * for each that changed the module, its before/after graphs, diff and counts.
 */
export async function passReportHtml(steps: readonly PipelineStep[], options: PassReportOptions = {}): Promise<string> {
  const input = steps.find((s) => s.index === 0)?.module ?? steps[0]?.module;
  const title = options.title ?? `Passes over ${input?.name ?? "a module"}`;
  // A composite step whose changing inner passes were reported is shown through them.
  const withInner = new Set(steps.filter((s) => s.inner !== undefined).map((s) => s.index));
  const rows: string[] = [];
  const parts: string[] = [];
  const nodes: GraphNode[] = [];
  let k = 0;
  for (const step of steps) {
    if (step.index === 0) continue;
    const before = step.previous;
    const composite = step.inner === undefined && withInner.has(step.index);
    const drawn = step.changed && before !== undefined && !composite;
    const d = step.changed && before !== undefined ? diffModules(before, step.module) : undefined;
    const label = drawn ? `<a href="#step-${stepNumber(step)}">${esc(stepTitle(step))}</a>` : esc(stepTitle(step));
    const what = !step.changed ? "no change" : composite ? "changed (its passes are listed above)" : "changed";
    rows.push(
      `<tr class="${step.changed ? "changed" : "unchanged"}"><td>${stepNumber(step)}</td><td>${label}</td><td>${what}</td><td>${before === undefined ? "" : instructionCount(before)} → ${instructionCount(step.module)}</td>` +
        `<td>${d === undefined ? "" : `+${d.added.length} −${d.removed.length} ~${d.changed.length}`}</td></tr>`,
    );
    if (drawn) {
      const s = await stepSection(step, before, k++, options);
      parts.push(s.html);
      nodes.push(...s.nodes);
    }
  }
  const table = `<table class="steps"><thead><tr><th>step</th><th>pass</th><th>result</th><th>instructions</th><th>added, removed, changed</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
  const changedCount = parts.length;
  const subtitle = `${steps.length - 1} pass runs, ${changedCount} changed the module${input === undefined ? "" : `; input ${instructionCount(input)} instructions`}`;
  return page(title, subtitle, `${table}\n${parts.join("\n")}`, nodes, true);
}
