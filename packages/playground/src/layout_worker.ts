/**
 * The layout worker: Graphviz (WebAssembly) lays the graphs out here, so a
 * large computation (seconds of layout) never freezes the page, and the
 * engine is compiled only when the first graph is drawn.
 */
import { moduleGraph, renderStable, renderStablePair, renderSvg } from "@minixla/viz";
import type { LayoutReply, LayoutRequest } from "./layout_protocol.ts";

// Typed as a Worker from the page's side: the same postMessage/onmessage pair.
const scope = self as unknown as Worker;

async function draw(request: LayoutRequest): Promise<string[]> {
  switch (request.kind) {
    case "single":
      return request.context.length === 0
        ? [await renderSvg(moduleGraph(request.module, { computations: request.computations, idPrefix: "in:" }).dot)]
        : [await renderStable(request.module, { computations: request.computations, context: request.context, idPrefix: "in:" })];
    case "pair": {
      const pair = await renderStablePair(request.before, request.after, { before: request.beforeComputations, after: request.afterComputations, context: request.context });
      return [pair.before, pair.after];
    }
    default:
      return request satisfies never;
  }
}

scope.onmessage = (e: MessageEvent<LayoutRequest>) => {
  const request = e.data;
  const t0 = performance.now();
  draw(request).then(
    (svgs) => scope.postMessage({ id: request.id, kind: "ok", svgs, ms: performance.now() - t0 } satisfies LayoutReply),
    (err: unknown) => scope.postMessage({ id: request.id, kind: "error", message: err instanceof Error ? err.message : String(err) } satisfies LayoutReply),
  );
};
