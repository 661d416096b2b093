/**
 * A pass step's before and after graphs with the same nodes in the same
 * places: the union of the two modules (the after module plus what the pass
 * removed) is laid out once by dot, and each side is drawn at those
 * positions (neato -n2), highlights from the diff. An instruction the pass
 * left alone sits at the same spot on both sides; the ones it added leave a
 * gap before, the ones it removed a gap after.
 */
import type { HloComputation, HloInstruction, HloModule } from "@minixla/hlo";
import { moduleGraph } from "./graphviz.ts";
import { type ModuleDiff, changeMap, diffModules } from "./module_diff.ts";
import { readPinnedLayout } from "./pinned_layout.ts";
import { layoutJson, renderPinnedSvg } from "./render.ts";

/** What each side draws. */
export interface StablePairOptions {
  /** The computations drawn before (default: all of `before`'s). */
  readonly before?: readonly string[];
  /** The computations drawn after (default: all of `after`'s). */
  readonly after?: readonly string[];
  /** SVG id prefixes of the two sides (default "b:" and "a:"). */
  readonly idPrefixes?: { readonly before: string; readonly after: string };
}

/** The two drawings (`<svg>` texts) and the diff they highlight. */
export interface StablePair {
  readonly before: string;
  readonly after: string;
  readonly diff: ModuleDiff;
}

/** `after`'s instructions with `before`'s removed ones put back, each just after the instruction it followed before. */
function mergedInstructions(before: readonly HloInstruction[], after: readonly HloInstruction[]): HloInstruction[] {
  const present = new Set(after.map((i) => i.name));
  const out = [...after];
  const position = new Map(out.map((inst, k) => [inst.name, k]));
  let previous: string | undefined;
  for (const inst of before) {
    if (!present.has(inst.name)) {
      const at = previous === undefined ? 0 : (position.get(previous) ?? -1) + 1;
      out.splice(at, 0, inst);
      present.add(inst.name);
      for (let k = at; k < out.length; k++) position.set(out[k].name, k);
    }
    previous = inst.name;
  }
  return out;
}

/** The union of two versions of a module: `after`, with what `before` had and `after` lacks put back. */
export function unionModule(before: HloModule, after: HloModule): HloModule {
  const beforeByName = new Map(before.computations.map((c) => [c.name, c]));
  const afterNames = new Set(after.computations.map((c) => c.name));
  const computations: HloComputation[] = after.computations.map((c) => {
    const b = beforeByName.get(c.name);
    return b === undefined ? c : { ...c, instructions: mergedInstructions(b.instructions, c.instructions) };
  });
  for (const c of before.computations) if (!afterNames.has(c.name)) computations.push(c);
  return { ...after, computations };
}

/** Draws `before` and `after` at the positions of one layout of their union. */
export async function renderStablePair(before: HloModule, after: HloModule, options: StablePairOptions = {}): Promise<StablePair> {
  const diff = diffModules(before, after);
  const drawnBefore = options.before ?? before.computations.map((c) => c.name);
  const drawnAfter = options.after ?? after.computations.map((c) => c.name);
  const union = unionModule(before, after);
  const both = [...new Set([...drawnBefore, ...drawnAfter])];
  // The union's entry is after's; a side drawing only callees still finds them in the union's clusters.
  const unionGraph = moduleGraph(union, { computations: both, idPrefix: "u:" });
  const pinned = readPinnedLayout(await layoutJson(unionGraph.dot), "u:");
  const prefixes = options.idPrefixes ?? { before: "b:", after: "a:" };
  const b = moduleGraph(before, { computations: drawnBefore, changes: changeMap(diff, "before"), idPrefix: prefixes.before, pinned });
  const a = moduleGraph(after, { computations: drawnAfter, changes: changeMap(diff, "after"), idPrefix: prefixes.after, pinned });
  return { before: await renderPinnedSvg(b.dot), after: await renderPinnedSvg(a.dot), diff };
}
