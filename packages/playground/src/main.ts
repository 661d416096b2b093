/**
 * The playground page: the editor, the pipeline (step table, before/after
 * graphs with the changes highlighted, text diff), the run panel (evaluated
 * in a worker that Cancel terminates) and the share link.
 */
import type { HloModule, PipelineStep } from "@minixla/hlo";
import { changeMap, diffModules, moduleGraph, renderSvg, stepTitle } from "@minixla/viz";
import { unifiedDiff } from "../../cli/src/commands/line_diff.ts";
import type { Checked } from "./diagnostics.ts";
import { createEditor, setText } from "./editor.ts";
import EvalWorker from "./eval_worker.ts?worker&inline";
import { EXAMPLES } from "./examples.ts";
import { npyFilesAsJson } from "./json_inputs.ts";
import { PASS_NAMES, listedSteps, runSteps, stepNumber } from "./pipeline.ts";
import type { RunReply, RunRequest } from "./run_protocol.ts";
import { decodeShared, encodeShared } from "./share.ts";
import { printHloModule } from "@minixla/hlo";

const $ = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (el === null) throw new Error(`the page has no #${id}`);
  return el as T;
};

const examplesMenu = $<HTMLSelectElement>("examples");
const specInput = $<HTMLInputElement>("spec");
const specError = $("spec-error");
const stepsBody = $("steps-body");
const graphs = $("graphs");
const diffView = $("diff");
const statusLine = $("status");
const inputsText = $<HTMLTextAreaElement>("inputs");
const engineMenu = $<HTMLSelectElement>("engine");
const numericsMenu = $<HTMLSelectElement>("numerics");
const runButton = $<HTMLButtonElement>("run");
const cancelButton = $<HTMLButtonElement>("cancel");
const runStatus = $("run-status");
const outputs = $("outputs");
const shareButton = $<HTMLButtonElement>("share");
const shareLink = $<HTMLInputElement>("share-link");

specInput.title = `passes: ${PASS_NAMES.join(", ")}; fixpoint(a,b) repeats a list until nothing changes`;
for (const [i, ex] of EXAMPLES.entries()) examplesMenu.add(new Option(ex.title, String(i)));

let current: HloModule | undefined;
let steps: PipelineStep[] = [];
let selected = 0;
/** Bumped by every new pipeline run or selection, so a slow drawing that lost the race is dropped. */
let generation = 0;

const escapeHtml = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const countOf = (m: HloModule): number => m.computations.reduce((n, c) => n + c.instructions.length, 0);
const computationOf = (key: string): string => key.slice(0, key.indexOf("/"));

/** The computations a side of the diff touches (the entry when none). */
function touched(m: HloModule, keys: readonly string[]): string[] {
  const names = new Set(keys.map(computationOf));
  const out = m.computations.map((c) => c.name).filter((c) => names.has(c));
  return out.length > 0 ? out : [m.entry];
}

const MAX_DRAWN = 600;

async function drawSide(m: HloModule, computations: readonly string[], changes: ReturnType<typeof changeMap> | undefined, prefix: string, heading: string): Promise<string> {
  const size = m.computations.filter((c) => computations.includes(c.name)).reduce((n, c) => n + c.instructions.length, 0);
  if (size > MAX_DRAWN) return `<h3>${heading}</h3><p class="muted">${size} instructions in the drawn computations: too many to draw here.</p>`;
  const g = moduleGraph(m, { computations, idPrefix: prefix, ...(changes === undefined ? {} : { changes }) });
  // Fewer of dot's crossing-minimisation and ranking iterations: the page re-draws as you type.
  const svg = await renderSvg(g.dot.replace(/^(digraph .*\{)$/m, "$1\n  graph [mclimit=0.1, nslimit=1, nslimit1=1, searchsize=5];"));
  return `<h3>${heading}</h3><div class="graph">${svg}</div>`;
}

async function showStep(index: number): Promise<void> {
  selected = index;
  const mine = ++generation;
  for (const row of stepsBody.querySelectorAll("tr")) row.classList.toggle("selected", Number(row.dataset.row) === index);
  const step = listedSteps(steps)[index];
  if (step === undefined) {
    graphs.innerHTML = "";
    diffView.textContent = "";
    return;
  }
  let html: string;
  let diff: string;
  if (step.previous === undefined) {
    html = `<div class="after">${await drawSide(step.module, [step.module.entry], undefined, "in:", `input (${countOf(step.module)} instructions)`)}</div>`;
    diff = printHloModule(step.module);
  } else {
    const before = step.previous;
    const after = step.module;
    const d = diffModules(before, after);
    const b = await drawSide(before, touched(before, [...d.removed, ...d.changed]), changeMap(d, "before"), "b:", `before (${countOf(before)} instructions)`);
    const a = await drawSide(after, touched(after, [...d.added, ...d.changed]), changeMap(d, "after"), "a:", `after (${countOf(after)} instructions)`);
    html = `<div class="before">${b}</div><div class="after">${a}</div>`;
    diff = step.changed ? unifiedDiff(printHloModule(before), printHloModule(after), "before.hlo", `${stepNumber(step)}-${step.name}.hlo`) : "(no change)";
  }
  if (mine !== generation) return;
  graphs.innerHTML = html;
  diffView.innerHTML = diff
    .split("\n")
    .map((l) => {
      const cls = l.startsWith("+++") || l.startsWith("---") ? "" : l.startsWith("+") ? "add" : l.startsWith("-") ? "del" : l.startsWith("@@") ? "hunk" : "";
      return cls === "" ? escapeHtml(l) : `<span class="${cls}">${escapeHtml(l)}</span>`;
    })
    .join("\n");
  graphs.dataset.step = String(index);
}

function runPasses(): void {
  if (checkedAt === 0) checkedAt = performance.now();
  specError.textContent = "";
  if (current === undefined) return;
  const t0 = performance.now();
  try {
    steps = runSteps(current, specInput.value);
  } catch (e) {
    steps = [];
    specError.textContent = e instanceof Error ? e.message : String(e);
  }
  const ms = performance.now() - t0;
  const listed = listedSteps(steps);
  stepsBody.innerHTML = listed
    .map((s, i) => {
      const before = s.previous === undefined ? "" : String(countOf(s.previous));
      return `<tr data-row="${i}" class="${s.changed ? "changed" : "same"}"><td>${escapeHtml(stepNumber(s))}</td><td>${escapeHtml(s.index === 0 ? "input" : stepTitle(s))}</td><td>${before}</td><td>${countOf(s.module)}</td><td>${s.index === 0 ? "" : s.changed ? "changed" : "no change"}</td></tr>`;
    })
    .join("");
  statusLine.textContent = `${countOf(current)} instructions; passes ran in ${ms.toFixed(1)} ms`;
  const firstChange = listed.findIndex((s) => s.index > 0 && s.changed);
  const keep = selected < listed.length && selected > 0 && listed[selected].changed ? selected : firstChange >= 0 ? firstChange : 0;
  void showStep(keep).then(() => {
    // For the tests' trace: from the text's check to the drawn graphs.
    document.body.dataset.renderMs = (performance.now() - checkedAt).toFixed(1);
    document.body.dataset.rendered = String(generation);
  });
}

stepsBody.addEventListener("click", (e) => {
  const row = (e.target as HTMLElement).closest("tr");
  if (row?.dataset.row !== undefined) void showStep(Number(row.dataset.row)).then(() => document.body.setAttribute("data-rendered", String(generation)));
});

let checkedAt = 0;
function onChecked(_text: string, checked: Checked): void {
  checkedAt = performance.now();
  current = checked.module;
  if (current === undefined) {
    statusLine.textContent = `${checked.problems.length} problem${checked.problems.length === 1 ? "" : "s"}: ${checked.problems[0]?.message.split("\n")[0] ?? ""}`;
    statusLine.classList.add("bad");
    return;
  }
  statusLine.classList.remove("bad");
  runPasses();
}

const editor = createEditor($("editor"), EXAMPLES[0].text, onChecked);
specInput.value = EXAMPLES[0].spec;

examplesMenu.addEventListener("change", () => {
  const ex = EXAMPLES[Number(examplesMenu.value)];
  specInput.value = ex.spec;
  selected = 0;
  setText(editor, ex.text);
});
specInput.addEventListener("keydown", (e) => {
  if (e.key === "Enter") runPasses();
});
$("run-passes").addEventListener("click", runPasses);

// Evaluation: one worker per run; Cancel terminates it, so a runaway loop never holds the page.
let worker: Worker | undefined;
function finishRun(): void {
  worker?.terminate();
  worker = undefined;
  runButton.disabled = false;
  cancelButton.disabled = true;
}
runButton.addEventListener("click", () => {
  finishRun();
  const request: RunRequest = {
    text: editor.state.doc.toString(),
    inputs: inputsText.value,
    seed: 0,
    engine: engineMenu.value === "reference" ? "reference" : "compiled",
    numerics: numericsMenu.value === "xla-cpu" ? "xla-cpu" : "reference",
  };
  const w = new EvalWorker();
  worker = w;
  runButton.disabled = true;
  cancelButton.disabled = false;
  runStatus.textContent = "running…";
  runStatus.className = "";
  const t0 = performance.now();
  w.onmessage = (e: MessageEvent<RunReply>) => {
    if (worker !== w) return;
    const reply = e.data;
    finishRun();
    switch (reply.kind) {
      case "ok":
        runStatus.textContent = `${request.engine} engine, ${request.numerics} numerics: ${reply.ms.toFixed(2)} ms per run (${(performance.now() - t0).toFixed(0)} ms with parsing and the worker's start)`;
        runStatus.className = "ok";
        outputs.innerHTML = `<div class="tables"><h3>outputs</h3>${reply.outputTables.join("")}</div><div class="tables"><h3>inputs</h3>${reply.inputTables.join("")}</div>`;
        break;
      case "error":
        runStatus.textContent = reply.message;
        runStatus.className = "bad";
        outputs.innerHTML = "";
        break;
      default:
        reply satisfies never;
    }
  };
  w.onerror = (e) => {
    if (worker !== w) return;
    finishRun();
    runStatus.textContent = `the worker failed: ${e.message}`;
    runStatus.className = "bad";
  };
  w.postMessage(request);
});
// Dropped .npy files (sorted by name: in0.npy, in1.npy, ...) become the inputs' JSON.
inputsText.addEventListener("dragover", (e) => e.preventDefault());
inputsText.addEventListener("drop", (e) => {
  const files = [...(e.dataTransfer?.files ?? [])].filter((f) => f.name.endsWith(".npy")).sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  if (files.length === 0) return;
  e.preventDefault();
  void Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer())))
    .then((bytes) => {
      inputsText.value = npyFilesAsJson(bytes);
      runStatus.textContent = `inputs from ${files.map((f) => f.name).join(", ")}`;
      runStatus.className = "";
    })
    .catch((err: unknown) => {
      runStatus.textContent = err instanceof Error ? err.message : String(err);
      runStatus.className = "bad";
    });
});
cancelButton.addEventListener("click", () => {
  finishRun();
  runStatus.textContent = "cancelled";
  runStatus.className = "bad";
});

shareButton.addEventListener("click", () => {
  void encodeShared({ module: editor.state.doc.toString(), spec: specInput.value, inputs: inputsText.value, engine: engineMenu.value, numerics: numericsMenu.value }).then((hash) => {
    history.replaceState(null, "", `#${hash}`);
    shareLink.value = location.href;
    shareLink.hidden = false;
    shareLink.select();
  });
});

void decodeShared(location.hash).then((shared) => {
  if (shared === undefined) return;
  specInput.value = shared.spec;
  inputsText.value = shared.inputs;
  engineMenu.value = shared.engine;
  numericsMenu.value = shared.numerics;
  setText(editor, shared.module);
});
