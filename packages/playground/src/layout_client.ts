/**
 * The page's side of the layout worker: one request at a time, the newest
 * wins. A request made while another is running waits for it, unless that
 * one has run for long (a large graph): then the worker is terminated and a
 * fresh one started, so typing never queues behind a layout of seconds.
 */
import type { LayoutReply, LayoutRequest } from "./layout_protocol.ts";
import LayoutWorker from "./layout_worker.ts?worker&inline";

type Body<R> = R extends unknown ? Omit<R, "id"> : never;
/** What a request asks for, without its id. */
export type LayoutJob = Body<LayoutRequest>;

/** A request that lost to a newer one. */
export class Superseded extends Error {}

/** After this long, a running layout that a newer request supersedes is abandoned. */
const ABANDON_AFTER_MS = 400;

interface Pending {
  readonly request: LayoutRequest;
  readonly resolve: (svgs: readonly string[]) => void;
  readonly reject: (e: Error) => void;
}

let worker: Worker | undefined;
let running: (Pending & { readonly since: number }) | undefined;
let waiting: Pending | undefined;
let nextId = 0;

function start(p: Pending): void {
  running = { ...p, since: performance.now() };
  worker ??= spawn();
  worker.postMessage(p.request);
}

function spawn(): Worker {
  const w = new LayoutWorker();
  w.onmessage = (e: MessageEvent<LayoutReply>) => {
    const reply = e.data;
    const done = running;
    if (done === undefined || done.request.id !== reply.id) return;
    running = undefined;
    switch (reply.kind) {
      case "ok":
        done.resolve(reply.svgs);
        break;
      case "error":
        done.reject(new Error(reply.message));
        break;
      default:
        reply satisfies never;
    }
    const next = waiting;
    waiting = undefined;
    if (next !== undefined) start(next);
  };
  w.onerror = (e) => {
    const done = running;
    running = undefined;
    worker?.terminate();
    worker = undefined;
    done?.reject(new Error(`the layout worker failed: ${e.message}`));
    const next = waiting;
    waiting = undefined;
    if (next !== undefined) start(next);
  };
  return w;
}

/** Lays out `job` in the worker; rejects with Superseded when a newer job replaces it first. */
export function layout(job: LayoutJob): Promise<readonly string[]> {
  return new Promise((resolve, reject) => {
    const p: Pending = { request: { ...job, id: nextId++ } as LayoutRequest, resolve, reject };
    waiting?.reject(new Superseded());
    waiting = undefined;
    if (running === undefined) {
      start(p);
    } else if (performance.now() - running.since > ABANDON_AFTER_MS) {
      running.reject(new Superseded());
      running = undefined;
      worker?.terminate();
      worker = undefined;
      start(p);
    } else {
      waiting = p;
    }
  });
}
