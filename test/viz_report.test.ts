/**
 * The pass explorer on the seed's examples (the demo's programs): with the
 * default pipeline, the first pass that changes each module is the lowering
 * of its implicit broadcasts, and the page highlights what lowering added
 * (the explicit broadcast, and a reshape where a dimension is dropped or
 * inserted) and changed (the binary op).
 */
import { type PipelineStep, lowerBroadcasts, runPipeline } from "@minixla/hlo";
import { defaultPipelineWithFolding } from "@minixla/interpreter";
import { diffModules, passReportHtml } from "@minixla/viz";
import { describe, expect, it } from "vitest";
import { DEMO_PROGRAMS } from "../packages/cli/src/demo.ts";

describe("pass report of the demo's programs", () => {
  for (const p of DEMO_PROGRAMS) {
    it(`${p.title}: lower-broadcasts is the first changed step, its highlights the lowering's diff`, async () => {
      const { module } = p.build();
      const steps: PipelineStep[] = [];
      runPipeline(module, defaultPipelineWithFolding(), { dump: (s) => steps.push(s), innerSteps: true });
      const html = await passReportHtml(steps);
      expect(/data-pass="([^"]+)"/.exec(html)?.[1]).toBe("lower-broadcasts");
      const first = html.slice(html.indexOf('data-pass="lower-broadcasts"'));
      const section = first.slice(0, first.indexOf("</details>"));
      const d = diffModules(module, lowerBroadcasts(module));
      expect(d.added.length).toBeGreaterThan(0);
      const after = section.slice(section.indexOf('class="after"'));
      const ofClass = (cls: string, text: string) => [...text.matchAll(new RegExp(`<g id="s0a:n:([^"]+)" class="node [^"]*hlo&#45;${cls}`, "g"))].map((m) => m[1]).sort();
      expect(ofClass("added", after)).toEqual([...d.added].sort());
      expect(ofClass("changed", after)).toEqual([...d.changed].sort());
    });
  }
});
