/**
 * What createModule checks in an instruction's annotations (annotations.ts)
 * so that they print as text that reads back as the same annotations: words
 * where the text has words (frontend attribute keys, statistic names,
 * attribute names), names where it has names (control predecessors), exactly
 * one HLO value where a value is kept as text (origin, other attributes, a
 * named sharding), integers where it has integers. Strings (metadata, backend
 * config, frontend attribute values) may hold anything: the printer quotes
 * and escapes them. Parsed annotations always pass.
 */
import { z } from "zod";
import { nameProblem } from "./names.ts";
import { isAnnotationName } from "./text/annotation_text.ts";
import { IGNORED_ATTRIBUTES } from "./text/attribute_text.ts";
import { rawValueProblem } from "./text/raw_value.ts";

/** A word of HLO text that is not a name: an attribute key or a statistic name. */
const word = z.string().regex(/^[A-Za-z0-9_.-]+$/, "must be a word of letters, digits, '_', '.' and '-'").refine((s) => !s.includes("->"), "must not contain '->'");

/** Text kept verbatim: exactly one self-delimiting HLO value. */
const rawValue = z.string().superRefine((v, ctx) => {
  const p = rawValueProblem(v);
  if (p !== undefined) ctx.addIssue({ code: "custom", message: p });
});

const name = z.string().superRefine((v, ctx) => {
  const p = nameProblem(v);
  if (p !== undefined) ctx.addIssue({ code: "custom", message: p });
});

const integers = z.array(z.int());

const metadata = z.object({
  opType: z.string().optional(),
  opName: z.string().optional(),
  sourceFile: z.string().optional(),
  sourceLine: z.int().optional(),
  sourceEndLine: z.int().optional(),
  sourceColumn: z.int().optional(),
  sourceEndColumn: z.int().optional(),
  profileType: integers.optional(),
  deduplicatedName: z.string().optional(),
  schedulingName: z.string().optional(),
  stackFrameId: z.int().optional(),
});

const common = {
  metadata: z.array(metadata),
  shardGroup: z.object({ kind: z.enum(["shard_as", "shard_like"]), id: z.int() }).optional(),
};

const singleSharding = z.union([
  z.object({ kind: z.enum(["replicated", "manual", "unknown", "unreduced"]), ...common }),
  z.object({ kind: z.literal("maximal"), device: z.int(), ...common }),
  z.object({
    kind: z.literal("tiled"),
    tileDimensions: integers,
    devices: z.union([
      z.object({ kind: z.literal("list"), devices: integers }),
      z.object({ kind: z.literal("iota"), reshape: integers, transpose: integers }),
    ]),
    lastTileDimReplicate: z.boolean(),
    lastTileDims: z.array(z.enum(["replicated", "manual", "maximal", "unreduced"])),
    ...common,
  }),
  // Shardy's form, kept as text: the parser takes `{mesh...` or `{maximal_mesh...` as one.
  z.object({
    kind: z.literal("named"),
    text: rawValue.refine((t) => /^\{\s*(mesh|maximal_mesh)\b/.test(t), "a named sharding is a {mesh...} or {maximal_mesh...} group"),
  }),
]);

const annotations = z.object({
  parameterReplication: z.array(z.boolean()).optional(),
  sharding: z.union([singleSharding, z.object({ kind: z.literal("tuple"), elements: z.array(singleSharding) })]).optional(),
  frontendAttributes: z
    .array(z.object({ key: word, value: z.string() }))
    .refine((attrs) => attrs.every((a, i) => i === 0 || attrs[i - 1].key < a.key), "frontend attributes must be sorted by key, each key once (as XLA keeps them)")
    .optional(),
  controlPredecessors: z.array(name).optional(),
  statistics: z.object({ visualizingIndex: z.int(), statistics: z.array(z.object({ name: word, value: z.number() })) }).optional(),
  origin: rawValue.optional(),
  metadata: metadata.optional(),
  backendConfig: z.string().optional(),
  other: z
    .array(
      z.object({
        name: z.string().refine((n) => IGNORED_ATTRIBUTES.has(n), "is not an attribute kept as text"),
        value: rawValue,
      }),
    )
    .refine((o) => new Set(o.map((a) => a.name)).size === o.length, "an attribute is given twice")
    .optional(),
});

/** Attribute names the parser reads as annotations (metadata=, sharding=, ...): a custom-call's raw attribute cannot use one. */
export { isAnnotationName };

/** Annotation objects already found sound: passes share them between modules, and they are frozen. */
const sound = new WeakSet<object>();

/** The problems of an instruction's annotations, each naming the field at fault (empty if they print safely). */
export function annotationProblems(where: string, value: unknown): string[] {
  if (value === undefined || (typeof value === "object" && value !== null && sound.has(value))) return [];
  const parsed = annotations.safeParse(value);
  if (parsed.success) {
    if (typeof value === "object" && value !== null && Object.isFrozen(value)) sound.add(value);
    return [];
  }
  return parsed.error.issues.map((i) => `${where}: annotation ${i.path.map(String).join(".") || "(all)"}: ${i.message}`);
}
