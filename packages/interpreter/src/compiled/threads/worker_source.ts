/**
 * The program each worker thread runs, as text (`new Worker(text, { eval:
 * true })`): the engine's modules are TypeScript and the worker needs none of
 * them. A job names a kernel by number; the first job of a kernel on a
 * worker carries its source (a loop-nest factory body, loop_codegen.ts) and
 * its scalar functions' sources (portable_function.ts), compiled there once.
 * The job's arrays are views of shared memory. The worker reports through
 * its status word (Int32Array on shared memory): 1 done, 2 failed (the
 * error's name and message posted on its error port first), then
 * Atomics.notify; the caller waits on that word. Its third word counts the
 * jobs posted (a doorbell): after a job the worker polls it for
 * WORKER_SPIN_MS and takes a job posted meanwhile off its port at once. Its
 * fourth holds the ticket of the job on offer: a worker runs a job only
 * after swapping its ticket for -1 there, while the caller, its own share
 * done, may swap it for -2 and run the job itself (the worker then skips
 * it, having only compiled its kernel). A kernel may instead be a
 * WebAssembly matmul (threaded_dot.ts): its first job carries the compiled
 * module, its memory's layout and its host fma64's source; the worker
 * instantiates it once, and per job copies A and B in (each only when its
 * version number changed or is -1), prepares them, runs it and copies the
 * result to the job's output view. A kernel may also be a streamed loop
 * (wasm/streamed_loop.ts, threaded_stream.ts): its modules and block table
 * come with the first job, and per job the worker takes blocks off the
 * counter, copying each block's slices in and its rows out. Each side keeps the last
 * WORKER_KERNELS kernels it sent or compiled, dropping the oldest in the
 * same order, so a long-running process does not grow without bound.
 */
export const WORKER_KERNELS = 1024;

/**
 * How long a worker polls for its next job after one ends (ms), before it
 * sleeps in its event loop: a thread woken after a while asleep took 0.05 to
 * 0.1 ms to start (a virtual machine's idle core), as long as a dot's share
 * takes, while a model's split kernels come a fraction of a millisecond apart.
 */
export const WORKER_SPIN_MS = 2;

export const WORKER_SOURCE = `"use strict";
const { parentPort, workerData, receiveMessageOnPort } = require("node:worker_threads");
const status = workerData.status;
const errors = workerData.errors;
const kernels = new Map();
function matmulOf(w) {
  const imports = w.fma64 === "" ? undefined : { host: { fma64: new Function('"use strict"; return (' + w.fma64 + ');')() } };
  const units = w.modules.map((m) => {
    const ex = new WebAssembly.Instance(m.module, imports).exports;
    const heap = new Float64Array(ex.memory.buffer);
    return { m, ex, heap, result: heap.subarray(m.out, m.out + m.outLength), b: -1 };
  });
  const blocks = w.blocks;
  const count = blocks.length / 7;
  return (arrays, out, version, counter) => {
    for (;;) {
      const i = Atomics.add(counter, 0, 1);
      if (i >= count) return;
      const o = 7 * i;
      const u = units[blocks[o]];
      u.heap.set(arrays[0].subarray(blocks[o + 1], blocks[o + 2]), u.m.a);
      if (u.m.prepared) u.ex.prepareA();
      if (!w.keepB || u.b !== version) {
        u.heap.set(arrays[1].subarray(blocks[o + 3], blocks[o + 4]), u.m.b);
        if (u.m.prepared) u.ex.prepareB();
        u.b = w.keepB ? version : -1;
      }
      u.ex.run();
      out.set(u.result, blocks[o + 5]);
    }
  };
}
function streamOf(w) {
  const units = w.modules.map((m) => {
    const ex = new WebAssembly.Instance(m.module).exports;
    const heap = new Float64Array(ex.memory.buffer);
    return { m, ex, heap, result: heap.subarray(m.out, m.out + m.outLength) };
  });
  const blocks = w.blocks;
  const count = blocks.length / 3;
  const slices = w.sources.length;
  return (arrays, out, version, counter) => {
    const copied = units.map(() => false);
    for (;;) {
      const i = Atomics.add(counter, 0, 1);
      if (i >= count) return;
      const o = 3 * i;
      const u = units[blocks[o]];
      const lo = blocks[o + 1];
      const r = blocks[o + 2];
      for (let v = 0; v < slices; v++) {
        const s = w.step[v];
        if (s === 0 && copied[blocks[o]]) continue;
        const start = w.from[v] + lo * s;
        u.heap.set(arrays[w.sources[v]].subarray(start, start + w.extent[v] + (r - 1) * s), u.m.slots[v]);
      }
      copied[blocks[o]] = true;
      u.ex.run();
      out.set(u.result, lo * w.outStride);
    }
  };
}
function kernelOf(job) {
  let k = kernels.get(job.id);
  if (k === undefined && job.stream !== undefined) {
    k = streamOf(job.stream);
    kernels.set(job.id, k);
    if (kernels.size > ${String(WORKER_KERNELS)}) kernels.delete(kernels.keys().next().value);
  }
  if (k === undefined && job.matmul !== undefined) {
    k = matmulOf(job.matmul);
    kernels.set(job.id, k);
    if (kernels.size > ${String(WORKER_KERNELS)}) kernels.delete(kernels.keys().next().value);
  }
  if (k === undefined) {
    const fns = job.functions.map((s) => new Function('"use strict"; return (' + s + ');')());
    k = new Function(...fns.map((_, i) => "g" + i), '"use strict";\\n' + job.source)(...fns);
    kernels.set(job.id, k);
    if (kernels.size > ${String(WORKER_KERNELS)}) kernels.delete(kernels.keys().next().value);
  }
  return k;
}
function runJob(job) {
  let kernel;
  let failed;
  try {
    kernel = kernelOf(job);
  } catch (e) {
    failed = e;
  }
  // The job is this worker's only if its ticket is still on offer: the caller may have taken it back.
  if (Atomics.compareExchange(status, 3, job.ticket, -1) !== job.ticket) return;
  try {
    if (failed !== undefined) throw failed;
    kernel(job.arrays, job.out, job.version, job.counter);
    Atomics.store(status, 0, 1);
  } catch (e) {
    errors.postMessage({ name: e && e.name ? String(e.name) : "Error", message: e && e.message ? String(e.message) : String(e) });
    Atomics.store(status, 0, 2);
  }
  Atomics.notify(status, 0);
}
let handled = 0;
parentPort.on("message", (job) => {
  runJob(job);
  handled++;
  // The next job is awaited by polling the doorbell (jobs posted) a while before the event loop sleeps again.
  let until = performance.now() + ${String(WORKER_SPIN_MS)};
  while (performance.now() < until) {
    if (Atomics.load(status, 2) === handled) continue;
    const next = receiveMessageOnPort(parentPort);
    if (next === undefined) continue;
    runJob(next.message);
    handled++;
    until = performance.now() + ${String(WORKER_SPIN_MS)};
  }
});
Atomics.store(status, 1, 1);
Atomics.notify(status, 1);
`;
