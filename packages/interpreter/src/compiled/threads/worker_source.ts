/**
 * The program each worker thread runs, as text (`new Worker(text, { eval:
 * true })`): the engine's modules are TypeScript and the worker needs none of
 * them. A job names a kernel by number; the first job of a kernel on a
 * worker carries its source (a loop-nest factory body, loop_codegen.ts) and
 * its scalar functions' sources (portable_function.ts), compiled there once.
 * The job's arrays are views of shared memory. The worker reports through
 * its status word (Int32Array on shared memory): 1 done, 2 failed (the
 * error's name and message posted on its error port first), then
 * Atomics.notify; the caller waits on that word. Each side keeps the last
 * WORKER_KERNELS kernels it sent or compiled, dropping the oldest in the
 * same order, so a long-running process does not grow without bound.
 */
export const WORKER_KERNELS = 1024;

export const WORKER_SOURCE = `"use strict";
const { parentPort, workerData } = require("node:worker_threads");
const status = workerData.status;
const errors = workerData.errors;
const kernels = new Map();
function kernelOf(job) {
  let k = kernels.get(job.id);
  if (k === undefined) {
    const fns = job.functions.map((s) => new Function('"use strict"; return (' + s + ');')());
    k = new Function(...fns.map((_, i) => "g" + i), '"use strict";\\n' + job.source)(...fns);
    kernels.set(job.id, k);
    if (kernels.size > ${String(WORKER_KERNELS)}) kernels.delete(kernels.keys().next().value);
  }
  return k;
}
parentPort.on("message", (job) => {
  try {
    kernelOf(job)(job.arrays, job.out);
    Atomics.store(status, 0, 1);
  } catch (e) {
    errors.postMessage({ name: e && e.name ? String(e.name) : "Error", message: e && e.message ? String(e.message) : String(e) });
    Atomics.store(status, 0, 2);
  }
  Atomics.notify(status, 0);
});
Atomics.store(status, 1, 1);
Atomics.notify(status, 1);
`;
