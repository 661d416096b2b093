/**
 * A pass step's before and after graphs with the same nodes in the same
 * places: the union of the two modules (the after module plus what the pass
 * removed) is laid out once by dot, and each side is drawn at those
 * positions (neato -n2), highlights from the diff. An instruction the pass
 * left alone sits at the same spot on both sides; the ones it added leave a
 * gap before, the ones it removed a gap after. Given the other versions of
 * the module (every step of a pipeline), the union takes them in too, so
 * every step that draws the same computations draws them alike.
 */
import type { HloComputation, HloInstruction, HloModule } from "@minixla/hlo";
import type { ChangeKind } from "./module_diff.ts";
import { moduleGraph } from "./graphviz.ts";
import { type ModuleDiff, changeMap, diffModules } from "./module_diff.ts";
import { type PinnedLayout, readPinnedLayout } from "./pinned_layout.ts";
import { layoutJson, renderPinnedSvg } from "./render.ts";

/** What each side draws. */
export interface StablePairOptions {
  /** The computations drawn before (default: all of `before`'s). */
  readonly before?: readonly string[];
  /** The computations drawn after (default: all of `after`'s). */
  readonly after?: readonly string[];
  /** SVG id prefixes of the two sides (default "b:" and "a:"). */
  readonly idPrefixes?: { readonly before: string; readonly after: string };
  /**
   * Other versions of the module laid out with them (default none): e.g. every
   * step of the pipeline, `before` and `after` among them (the same objects), so
   * that every step drawing the same computations draws them alike.
   */
  readonly context?: readonly HloModule[];
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

/** The union of several versions of a module, the last one's order first. */
function unionOfAll(versions: readonly HloModule[]): HloModule {
  let u = versions[versions.length - 1];
  for (let k = versions.length - 2; k >= 0; k--) u = unionModule(versions[k], u);
  return u;
}

/** The last few layouts, by their DOT text: clicking through a pipeline's steps lays the union out once. */
const recent = new Map<string, PinnedLayout>();
const RECENT = 4;

/** `context` with `drawn` added where it lacks them: the same list for every step of one pipeline, so one layout. */
function versionsOf(context: readonly HloModule[] | undefined, ...drawn: readonly HloModule[]): HloModule[] {
  const out = [...(context ?? [])];
  for (const m of drawn) if (!out.includes(m)) out.push(m);
  return out;
}

/** The layout of `versions`' union, drawing `computations`. */
async function unionLayout(versions: readonly HloModule[], computations: readonly string[]): Promise<PinnedLayout> {
  // The union's entry is the last version's; a graph drawing only callees still finds them in the union's clusters.
  const dot = moduleGraph(unionOfAll(versions), { computations, idPrefix: "u:" }).dot;
  const known = recent.get(dot);
  if (known !== undefined) return known;
  const pinned = readPinnedLayout(await layoutJson(dot), "u:");
  recent.set(dot, pinned);
  if (recent.size > RECENT) recent.delete(recent.keys().next().value ?? "");
  return pinned;
}

/** What {@link renderStable} draws. */
export interface StableOptions {
  /** The computations drawn (default: all). */
  readonly computations?: readonly string[];
  /** Other versions of the module laid out with it (default none): e.g. every step of the pipeline. */
  readonly context?: readonly HloModule[];
  readonly changes?: ReadonlyMap<string, ChangeKind>;
  /** SVG id prefix (default ""). */
  readonly idPrefix?: string;
}

/** Draws one module at the positions of a layout of it and its other versions, as renderStablePair draws each side. */
export async function renderStable(m: HloModule, options: StableOptions = {}): Promise<string> {
  const drawn = options.computations ?? m.computations.map((c) => c.name);
  const pinned = await unionLayout(versionsOf(options.context, m), drawn);
  const g = moduleGraph(m, { computations: drawn, idPrefix: options.idPrefix ?? "", pinned, ...(options.changes === undefined ? {} : { changes: options.changes }) });
  return renderPinnedSvg(g.dot);
}

/** Draws `before` and `after` at the positions of one layout of their union (with `context`'s versions). */
export async function renderStablePair(before: HloModule, after: HloModule, options: StablePairOptions = {}): Promise<StablePair> {
  const diff = diffModules(before, after);
  const drawnBefore = options.before ?? before.computations.map((c) => c.name);
  const drawnAfter = options.after ?? after.computations.map((c) => c.name);
  const both = [...new Set([...drawnBefore, ...drawnAfter])];
  const pinned = await unionLayout(versionsOf(options.context, before, after), both);
  const prefixes = options.idPrefixes ?? { before: "b:", after: "a:" };
  const b = moduleGraph(before, { computations: drawnBefore, changes: changeMap(diff, "before"), idPrefix: prefixes.before, pinned });
  const a = moduleGraph(after, { computations: drawnAfter, changes: changeMap(diff, "after"), idPrefix: prefixes.after, pinned });
  return { before: await renderPinnedSvg(b.dot), after: await renderPinnedSvg(a.dot), diff };
}
