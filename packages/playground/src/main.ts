/**
 * The playground page: the editor, the pipeline (step table, before/after
 * graphs with the changes highlighted, text diff), the run panel (evaluated
 * in a worker that Cancel terminates) and the share link.
 */
import type { HloModule, PipelineStep } from "@minixla/hlo";
import { diffModules, stepTitle } from "@minixla/viz";
import { unifiedDiff } from "../../cli/src/commands/line_diff.ts";
import { collapsedCallees, drawnComputations, instructionCount } from "./collapse.ts";
import type { Checked } from "./diagnostics.ts";
import { createEditor, setText } from "./editor.ts";
import EvalWorker from "./eval_worker.ts?worker&inline";
import { EXAMPLES } from "./examples.ts";
import { npyFilesAsJson } from "./json_inputs.ts";
import { type LayoutJob, Superseded, layout } from "./layout_client.ts";
import { pickedOf, specOf } from "./pass_picker.ts";
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

// The pass picker: one box per pass of the registry; ticking writes the spec, a typed list ticks the boxes.
const fixpointBox = $<HTMLInputElement>("fixpoint");
let ticked: string[] = [];
const passBoxes = PASS_NAMES.map((name) => {
  const box = document.createElement("input");
  box.type = "checkbox";
  box.value = name;
  const label = document.createElement("label");
  label.append(box, ` ${name}`);
  $("pass-boxes").append(label);
  box.addEventListener("change", () => {
    ticked = box.checked ? [...ticked.filter((n) => n !== name), name] : ticked.filter((n) => n !== name);
    specInput.value = specOf({ passes: ticked, fixpoint: fixpointBox.checked });
    runPasses();
  });
  return box;
});
fixpointBox.addEventListener("change", () => {
  specInput.value = specOf({ passes: ticked, fixpoint: fixpointBox.checked });
  runPasses();
});
/** Ticks the boxes the spec's text stands for (none when it is not a plain or fixpoint list). */
function syncPicker(): void {
  const picked = pickedOf(specInput.value, PASS_NAMES);
  ticked = picked === undefined ? [] : [...picked.passes];
  for (const box of passBoxes) box.checked = ticked.includes(box.value);
  fixpointBox.checked = picked?.fixpoint ?? false;
}

specInput.title = `passes: ${PASS_NAMES.join(", ")}; fixpoint(a,b) repeats a list until nothing changes`;
for (const [i, ex] of EXAMPLES.entries()) examplesMenu.add(new Option(ex.title, String(i)));

let current: HloModule | undefined;
let steps: PipelineStep[] = [];
let selected = 0;
/** Bumped by every new pipeline run or selection, so a slow drawing that lost the race is dropped. */
let generation = 0;

const escapeHtml = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const countOf = (m: HloModule): number => m.computations.reduce((n, c) => n + c.instructions.length, 0);

/** Most instructions drawn at once, the reader's expansions included. */
const MAX_DRAWN = 4000;
/** Above this many drawn instructions, the input is laid out alone, not with the pipeline's other versions. */
const ALONE_ABOVE = 300;
/** Every version of the module the pipeline made, in order: laid out together, each step draws an instruction at one place. */
const versions = (): HloModule[] => [...new Set(listedSteps(steps).flatMap((s) => (s.previous === undefined ? [s.module] : [s.previous, s.module])))];
/** Computations the reader expanded by clicking a caller (drawn as clusters from then on). */
const expanded = new Set<string>();

/** One side's heading: its size, and how many called computations it shows collapsed. */
function heading(label: string, m: HloModule, drawn: readonly string[]): string {
  const collapsed = collapsedCallees(m, drawn).length;
  const note = collapsed === 0 ? "" : `; ${collapsed} called computation${collapsed === 1 ? "" : "s"} collapsed: click a caller to expand`;
  const names = drawn.length === 0 ? "none (it lacks the computations changed)" : drawn.length <= 3 ? drawn.join(", ") : `${drawn.slice(0, 2).join(", ")} and ${drawn.length - 2} more`;
  return `<h3>${escapeHtml(label)} (${countOf(m)} instructions; drawn: ${escapeHtml(names)}${note})</h3>`;
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
  let job: LayoutJob;
  let headings: string[];
  let diff: string;
  let size: number;
  if (step.previous === undefined) {
    const drawn = drawnComputations(step.module, [], expanded);
    size = instructionCount(step.module, drawn);
    // A large input is laid out alone: the pipeline's union would only add to seconds of layout.
    job = { kind: "single", module: step.module, computations: drawn, context: size > ALONE_ABOVE ? [] : versions() };
    headings = [heading("input", step.module, drawn)];
    diff = printHloModule(step.module);
  } else {
    const before = step.previous;
    const after = step.module;
    const d = diffModules(before, after);
    // Both sides draw the computations the step touched (a computation a pass dropped: only before), the entry when none.
    const keys = [...d.removed, ...d.added, ...d.changed];
    const none = keys.length === 0;
    const b = drawnComputations(before, keys, expanded, none);
    const a = drawnComputations(after, keys, expanded, none);
    job = { kind: "pair", before, after, beforeComputations: b, afterComputations: a, context: versions() };
    headings = [heading("before", before, b), heading("after", after, a)];
    size = instructionCount(before, b) + instructionCount(after, a);
    diff = step.changed ? unifiedDiff(printHloModule(before), printHloModule(after), "before.hlo", `${stepNumber(step)}-${step.name}.hlo`) : "(no change)";
  }
  diffView.innerHTML = diff
    .split("\n")
    .map((l) => {
      const cls = l.startsWith("+++") || l.startsWith("---") ? "" : l.startsWith("+") ? "add" : l.startsWith("-") ? "del" : l.startsWith("@@") ? "hunk" : "";
      return cls === "" ? escapeHtml(l) : `<span class="${cls}">${escapeHtml(l)}</span>`;
    })
    .join("\n");
  if (size > MAX_DRAWN) {
    graphs.innerHTML = `<p class="muted">${size} instructions in the drawn computations: too many to draw here.</p>`;
    graphs.dataset.step = String(index);
    return;
  }
  // A layout of seconds (hundreds of nodes) says so, instead of leaving the old graphs up.
  const slow = setTimeout(() => {
    if (mine === generation) graphs.innerHTML = `<p class="muted">laying out ${size} instructions…</p>`;
  }, 300);
  let svgs: readonly string[];
  try {
    svgs = await layout(job);
  } catch (e) {
    clearTimeout(slow);
    if (e instanceof Superseded || mine !== generation) return;
    graphs.innerHTML = `<p class="bad">${escapeHtml(e instanceof Error ? e.message : String(e))}</p>`;
    return;
  } finally {
    clearTimeout(slow);
  }
  if (mine !== generation) return;
  const sides = job.kind === "single" ? ["after"] : ["before", "after"];
  graphs.innerHTML = sides.map((side, k) => `<div class="${side}">${headings[k]}<div class="graph">${svgs[k]}</div></div>`).join("");
  // Callers are clickable: they expand (or collapse again) what they call.
  for (const g of graphs.querySelectorAll<SVGGElement>("g.node")) {
    const m = g.closest(".before") !== null && step.previous !== undefined ? step.previous : step.module;
    if (calleesOf(m, g.querySelector("title")?.textContent ?? "").length > 0) g.classList.add("hlo-calls");
  }
  graphs.dataset.step = String(index);
  performance.mark("graph-drawn");
}

/** The computations the instruction keyed "computation/name" calls. */
function calleesOf(m: HloModule, key: string): readonly string[] {
  const slash = key.indexOf("/");
  const comp = m.computations.find((c) => c.name === key.slice(0, slash));
  return comp?.instructions.find((i) => i.name === key.slice(slash + 1))?.called ?? [];
}

graphs.addEventListener("click", (e) => {
  const node = (e.target as Element).closest("g.node");
  const step = listedSteps(steps)[selected];
  if (node === null || step === undefined) return;
  const m = node.closest(".before") !== null && step.previous !== undefined ? step.previous : step.module;
  const callees = calleesOf(m, node.querySelector("title")?.textContent ?? "");
  if (callees.length === 0) return;
  const open = callees.every((c) => expanded.has(c));
  for (const c of callees) {
    if (open) expanded.delete(c);
    else expanded.add(c);
  }
  void showStep(selected).then(markRendered);
});

/** For the tests' trace: the time from the last check (and the last keystroke) to the drawn graphs, as performance measures. */
function markRendered(): void {
  if (performance.getEntriesByName("graph-drawn").length === 0) return;
  const checked = performance.measure("check-to-graph", "checked", "graph-drawn");
  document.body.dataset.renderMs = checked.duration.toFixed(1);
  if (performance.getEntriesByName("typed").length > 0) performance.measure("keystroke-to-graph", "typed", "graph-drawn");
  document.body.dataset.rendered = String(generation);
}

function runPasses(): void {
  if (performance.getEntriesByName("checked").length === 0) performance.mark("checked");
  syncPicker();
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
  void showStep(keep).then(markRendered);
}

stepsBody.addEventListener("click", (e) => {
  const row = (e.target as HTMLElement).closest("tr");
  if (row?.dataset.row !== undefined) void showStep(Number(row.dataset.row)).then(markRendered);
});

function onChecked(_text: string, checked: Checked): void {
  performance.mark("checked");
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
$("editor").addEventListener("input", () => performance.mark("typed"), { capture: true });
specInput.value = EXAMPLES[0].spec;

examplesMenu.addEventListener("change", () => {
  const ex = EXAMPLES[Number(examplesMenu.value)];
  specInput.value = ex.spec;
  selected = 0;
  expanded.clear();
  performance.mark("example-chosen");
  setText(editor, ex.text);
});
specInput.addEventListener("input", syncPicker);
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
