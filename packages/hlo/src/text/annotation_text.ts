/**
 * Instruction annotations in HLO text (see annotations.ts): reading the
 * attributes XLA's parser accepts on every instruction (sharding in all its
 * forms, metadata, frontend_attributes, backend_config, origin, statistics,
 * parameter_replication, control-predecessors) and printing them back as
 * XLA's HloInstruction::ToString does: same order, same spelling, defaults
 * omitted, shardings normalised as HloSharding normalises them.
 */
import type {
  FrontendAttribute, InstructionAnnotations, OpMetadata, ShardGroup, Sharding, SingleSharding, StatisticsViz, SubgroupType, TileDevices,
} from "../annotations.ts";
import { type Shape, isTupleShape } from "../shape.ts";
import { Lexer, type Token, quote, quoteString, unquote } from "./lexer.ts";
import { readInt, stripPercent } from "./attribute_text.ts";

/** The attribute names every instruction accepts, in the order XLA prints them. */
export const ANNOTATION_NAMES = [
  "parameter_replication", "sharding", "frontend_attributes", "control-predecessors", "statistics", "origin", "metadata", "backend_config",
] as const;
export type AnnotationName = (typeof ANNOTATION_NAMES)[number];
export const isAnnotationName = (s: string): s is AnnotationName => (ANNOTATION_NAMES as readonly string[]).includes(s);

/** Control predecessors as read, with tokens for "not defined" errors. */
export interface RawControlPredecessors {
  readonly names: readonly string[];
  readonly toks: readonly Token[];
}

function readBool(lx: Lexer, what: string): boolean {
  const t = lx.next();
  if (t.kind !== "word" || (t.text !== "true" && t.text !== "false")) throw lx.error(t, `expects true or false in ${what}, but sees ${quote(t)}`);
  return t.text === "true";
}

function readString(lx: Lexer, what: string): string {
  const t = lx.next();
  if (t.kind !== "string") throw lx.error(t, `expects a quoted string for ${what}, but sees ${quote(t)}`);
  return unquote(t.text);
}

/** `{a, b, c}` of items read by `item`; empty allowed. */
const readBracedList = <T>(lx: Lexer, what: string, item: () => T): T[] => lx.delimitedList("{", "}", what, item);

/** `[2,1]`: a bracketed list of integers. */
const readSquareInts = (lx: Lexer, what: string): number[] => lx.delimitedList("[", "]", what, () => readInt(lx, lx.next(), what));

// ---------------------------------------------------------------- metadata

const METADATA_STRINGS = { op_type: "opType", op_name: "opName", source_file: "sourceFile", deduplicated_name: "deduplicatedName", scheduling_name: "schedulingName" } as const;
const METADATA_INTS = {
  source_line: "sourceLine", source_end_line: "sourceEndLine", source_column: "sourceColumn", source_end_column: "sourceEndColumn", stack_frame_id: "stackFrameId",
} as const;

/** `{op_type="Add" op_name="a/b" source_line=3 profile_type={1}}` (fields in any order, commas optional). */
export function readMetadata(lx: Lexer): OpMetadata {
  lx.expectPunct("{", "to start metadata");
  const out: Record<string, unknown> = {};
  const seen = new Set<string>();
  while (!lx.eatPunct("}")) {
    lx.eatPunct(",");
    if (lx.eatPunct("}")) break;
    const name = lx.expectWord("a metadata field such as op_name=");
    if (seen.has(name.text)) throw lx.error(name, `metadata field ${name.text} already exists`);
    seen.add(name.text);
    lx.expectPunct("=", `after the metadata field '${name.text}'`);
    if (Object.hasOwn(METADATA_STRINGS, name.text)) {
      out[METADATA_STRINGS[name.text as keyof typeof METADATA_STRINGS]] = readString(lx, name.text);
    } else if (Object.hasOwn(METADATA_INTS, name.text)) {
      out[METADATA_INTS[name.text as keyof typeof METADATA_INTS]] = readInt(lx, lx.next(), name.text);
    } else if (name.text === "profile_type") {
      out.profileType = readBracedList(lx, "profile_type", () => readInt(lx, lx.next(), "a profile type"));
    } else {
      throw lx.error(name, `unknown metadata field ${quote(name)}`);
    }
  }
  return out as OpMetadata;
}

/** XLA's OpMetadataToString: non-default fields, space-separated, in proto order. */
export function metadataText(m: OpMetadata): string {
  const parts: string[] = [];
  const str = (name: string, v: string | undefined) => {
    if (v !== undefined && v !== "") parts.push(`${name}=${quoteString(v)}`);
  };
  const int = (name: string, v: number | undefined) => {
    if (v !== undefined && v !== 0) parts.push(`${name}=${v}`);
  };
  str("op_type", m.opType);
  str("op_name", m.opName);
  str("source_file", m.sourceFile);
  int("source_line", m.sourceLine);
  int("source_end_line", m.sourceEndLine);
  int("source_column", m.sourceColumn);
  int("source_end_column", m.sourceEndColumn);
  if (m.profileType !== undefined && m.profileType.length > 0) parts.push(`profile_type={${m.profileType.join(",")}}`);
  str("deduplicated_name", m.deduplicatedName);
  str("scheduling_name", m.schedulingName);
  int("stack_frame_id", m.stackFrameId);
  return parts.join(" ");
}

const isEmptyMetadata = (m: OpMetadata): boolean => metadataText(m) === "";

// ---------------------------------------------------------------- sharding

const SUBGROUP_TYPES: readonly SubgroupType[] = ["replicated", "manual", "maximal", "unreduced"];

/** `metadata={...}` or `metadata={{...}, {...}}` inside a sharding. */
function readShardingMetadata(lx: Lexer): OpMetadata[] {
  if (lx.isPunct("{") && lx.isPunct("{", 1)) return readBracedList(lx, "a metadata list", () => readMetadata(lx));
  return [readMetadata(lx)];
}

const product = (xs: readonly number[]): number => xs.reduce((a, b) => a * b, 1);

/** Builds a tiled sharding as HloSharding::Subgroup / PartialTile normalise it. */
function tiledSharding(
  tileDimensions: readonly number[], devices: TileDevices, replicateLast: boolean, subgroups: readonly SubgroupType[],
  common: { readonly metadata: readonly OpMetadata[]; readonly shardGroup?: ShardGroup },
): SingleSharding {
  let lastTileDimReplicate = replicateLast;
  let lastTileDims = [...subgroups];
  // last_tile_dims={replicated} is the same as last_tile_dim_replicate.
  if (!lastTileDimReplicate && lastTileDims.length === 1 && lastTileDims[0] === "replicated") {
    lastTileDimReplicate = true;
    lastTileDims = [];
  }
  const groupTypes: readonly SubgroupType[] = lastTileDimReplicate ? ["replicated"] : lastTileDims;
  // One kind of subgroup and no tiling of the data: the whole value is replicated (or manual).
  if (groupTypes.length > 0 && groupTypes.every((t) => t === groupTypes[0]) && product(tileDimensions.slice(0, tileDimensions.length - groupTypes.length)) === 1) {
    if (groupTypes[0] === "replicated") return { kind: "replicated", ...common };
    if (groupTypes[0] === "manual") return { kind: "manual", ...common };
  }
  return { kind: "tiled", tileDimensions, devices, lastTileDimReplicate, lastTileDims, ...common };
}

/** One sharding after its '{' (already consumed), up to and including its '}'. */
function readSingleShardingBody(lx: Lexer, open: Token): SingleSharding {
  let kind: "replicated" | "manual" | "unknown" | "unreduced" | "maximal" | undefined;
  let device: number | undefined;
  let tileDimensions: number[] | undefined;
  let devices: TileDevices | undefined;
  let replicateLast = false;
  let subgroups: SubgroupType[] = [];
  let metadata: OpMetadata[] = [];
  let shardGroup: ShardGroup | undefined;
  for (;;) {
    const t = lx.next();
    if (t.kind === "punct" && t.text === "}") break;
    if (t.kind !== "word") throw lx.error(t, `unexpected token ${quote(t)} in a sharding`);
    switch (t.text) {
      case "replicated": case "manual": case "unknown": case "unreduced": case "maximal":
        kind = t.text;
        break;
      case "last_tile_dim_replicate":
        replicateLast = true;
        break;
      case "shard_as": case "shard_like":
        shardGroup = { kind: t.text, id: readInt(lx, lx.next(), t.text) };
        break;
      case "device":
        lx.expectPunct("=", "after 'device'");
        device = readInt(lx, lx.next(), "device=");
        break;
      case "devices": {
        lx.expectPunct("=", "after 'devices'");
        tileDimensions = readSquareInts(lx, "the sharding's tile dimensions");
        if (lx.eatPunct("<")) {
          lx.expectPunct("=", "in an iota device list '<=[...]'");
          const reshape = readSquareInts(lx, "the iota reshape dimensions");
          let transpose = reshape.map((_, i) => i);
          const tw = lx.peek();
          if (tw.kind === "word" && tw.text === "T" && lx.isPunct("(", 1)) {
            lx.next();
            lx.next();
            transpose = [];
            while (!lx.eatPunct(")")) {
              lx.eatPunct(",");
              transpose.push(readInt(lx, lx.next(), "the iota transpose"));
            }
          }
          if (transpose.length !== reshape.length) {
            throw lx.error(t, `iota_transpose_perm should have the same rank as iota_reshape_dims : expected ${reshape.length}, saw ${transpose.length}.`);
          }
          devices = { kind: "iota", reshape, transpose };
        } else {
          const list = [readInt(lx, lx.next(), "a device")];
          while (lx.isPunct(",") && lx.peek(1).kind === "word" && /^[0-9]/.test(lx.peek(1).text)) {
            lx.next();
            list.push(readInt(lx, lx.next(), "a device"));
          }
          devices = { kind: "list", devices: list };
        }
        break;
      }
      case "metadata":
        lx.expectPunct("=", "after 'metadata'");
        metadata = readShardingMetadata(lx);
        break;
      case "last_tile_dims":
        lx.expectPunct("=", "after 'last_tile_dims'");
        subgroups = readBracedList(lx, "last_tile_dims", () => {
          const w = lx.next();
          if (w.kind !== "word" || !(SUBGROUP_TYPES as readonly string[]).includes(w.text)) throw lx.error(w, `expects a sharding type, but sees ${quote(w)}`);
          return w.text as SubgroupType;
        });
        break;
      default:
        throw lx.error(t, `unknown attribute in sharding: expected device=, devices= metadata= or last_tile_dims=, but sees ${quote(t)}`);
    }
  }
  metadata = metadata.filter((m) => !isEmptyMetadata(m));
  const common = shardGroup === undefined ? { metadata } : { metadata, shardGroup };
  if (kind === "maximal") {
    if (device === undefined) throw lx.error(open, "maximal shardings should have exactly one device assigned");
    return { kind, device, ...common };
  }
  if (kind !== undefined) {
    if (devices !== undefined || device !== undefined) throw lx.error(open, `${kind} shardings should not have any devices assigned`);
    return { kind, ...common };
  }
  if (tileDimensions === undefined || devices === undefined) throw lx.error(open, "non-maximal shardings must have a tile assignment list including dimensions");
  const count = product(tileDimensions);
  if (devices.kind === "list" && devices.devices.length <= 1) throw lx.error(open, "non-maximal shardings must have more than one device assigned");
  const given = devices.kind === "list" ? devices.devices.length : product(devices.reshape);
  if (given !== count) throw lx.error(open, `the tile assignment [${tileDimensions.join(",")}] needs ${count} devices, but ${given} are given`);
  return tiledSharding(tileDimensions, devices, replicateLast, subgroups, common);
}

function readSingleSharding(lx: Lexer): SingleSharding {
  const after = lx.peek(1);
  if (after.kind === "word" && (after.text === "mesh" || after.text === "maximal_mesh")) {
    return { kind: "named", text: lx.rawBraces("in a named sharding").text };
  }
  const open = lx.expectPunct("{", "to start a sharding");
  return readSingleShardingBody(lx, open);
}

/** `{replicated}`, `{devices=[2,1]0,1}`, `{{replicated}, {manual}}` (a tuple), `{}` (an empty tuple). */
export function readSharding(lx: Lexer): Sharding {
  const first = lx.peek(1);
  if (first.kind === "word" && (first.text === "mesh" || first.text === "maximal_mesh")) return readSingleSharding(lx);
  const open = lx.expectPunct("{", "to start a sharding");
  if (!lx.isPunct("{") && !lx.isPunct("}")) return readSingleShardingBody(lx, open);
  const elements: SingleSharding[] = [];
  if (!lx.eatPunct("}")) {
    for (;;) {
      elements.push(readSingleSharding(lx));
      if (lx.eatPunct("}")) break;
      lx.expectPunct(",", "between tuple shardings");
    }
  }
  return { kind: "tuple", elements };
}

/** Leaf buffers of a shape (ShapeUtil::GetLeafCount). */
export function leafCount(s: Shape): number {
  if (!isTupleShape(s)) return 1;
  let n = 0;
  const stack: Shape[] = [s];
  while (stack.length > 0) {
    const x = stack.pop() as Shape;
    if (isTupleShape(x)) stack.push(...x.tupleShapes);
    else n++;
  }
  return n;
}

/** HloSharding::NormalizeTupleSharding: a single sharding on a tuple applies to every leaf. */
export function normalizeTupleSharding(s: Sharding, shape: Shape): Sharding {
  if (!isTupleShape(shape) || s.kind === "tuple") return s;
  return { kind: "tuple", elements: Array.from({ length: leafCount(shape) }, () => s) };
}

function devicesText(dims: readonly number[], d: TileDevices): string {
  if (d.kind === "list") return `devices=[${dims.join(",")}]${d.devices.join(",")}`;
  const identity = d.transpose.every((p, i) => p === i);
  return `devices=[${dims.join(",")}]<=[${d.reshape.join(",")}]${identity ? "" : `T(${d.transpose.join(",")})`}`;
}

function singleShardingText(s: SingleSharding): string {
  if (s.kind === "named") return s.text;
  const tail = [
    ...(s.shardGroup === undefined ? [] : [`${s.shardGroup.kind} ${s.shardGroup.id}`]),
    ...(s.metadata.length === 0 ? [] : [`metadata={${s.metadata.length === 1 ? metadataText(s.metadata[0]) : s.metadata.map((m) => `{${metadataText(m)}}`).join(", ")}}`]),
  ];
  let head: string[];
  switch (s.kind) {
    case "replicated": case "manual": case "unknown": case "unreduced":
      head = [s.kind];
      break;
    case "maximal":
      head = [`maximal device=${s.device}`];
      break;
    case "tiled":
      head = [
        devicesText(s.tileDimensions, s.devices),
        ...(s.lastTileDimReplicate ? ["last_tile_dim_replicate"] : []),
        ...(s.lastTileDims.length > 0 ? [`last_tile_dims={${s.lastTileDims.join(", ")}}`] : []),
      ];
      break;
    default:
      s satisfies never;
      head = [];
  }
  return `{${[...head, ...tail].join(" ")}}`;
}

/** HloSharding::ToString: tuples as `{a, b, ...}` with XLA's `/*index=N*\/` marker before every fifth element. */
export function shardingText(s: Sharding): string {
  if (s.kind !== "tuple") return singleShardingText(s);
  return `{${s.elements.map((e, i) => `${i > 0 && i % 5 === 0 ? "/*index=" + i + "*/" : ""}${singleShardingText(e)}`).join(", ")}}`;
}

// ---------------------------------------------------------------- the rest

/** `{k="v", k2={brace value}}`, returned sorted by key (later duplicates win, as in a map). */
export function readFrontendAttributes(lx: Lexer): FrontendAttribute[] {
  lx.expectPunct("{", "to start frontend attributes");
  const map = new Map<string, string>();
  if (!lx.eatPunct("}")) {
    for (;;) {
      const key = lx.expectWord("a frontend attribute name");
      lx.expectPunct("=", `after the frontend attribute '${key.text}'`);
      const v = lx.peek();
      if (v.kind === "string") map.set(key.text, unquote(lx.next().text));
      else if (v.kind === "punct" && v.text === "{") map.set(key.text, lx.rawBraces(`in the frontend attribute '${key.text}'`).text);
      else throw lx.error(v, `expects a quoted string or a {...} value for the frontend attribute '${key.text}', but sees ${quote(v)}`);
      if (lx.eatPunct("}")) break;
      lx.expectPunct(",", "between frontend attributes");
    }
  }
  return [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, value]) => ({ key, value }));
}

/**
 * A value XLA prints unquoted: one that lexes as a single brace group
 * (LexesAsJsonDict), read back exactly as the parser reads it (rawBraces).
 * Anything else, `{} } ENTRY x {` included, prints quoted and escaped.
 */
function isBraceValue(v: string): boolean {
  if (!v.startsWith("{")) return false;
  try {
    const lx = new Lexer(v);
    lx.rawBraces("in a value");
    return lx.lastEnd === v.length;
  } catch {
    return false;
  }
}

export function frontendAttributesText(attrs: readonly FrontendAttribute[]): string {
  return `{${attrs.map((a) => `${a.key}=${isBraceValue(a.value) ? a.value : quoteString(a.value)}`).join(",")}}`;
}

/** `{visualizing_index=1,stat-1=33.0}`. */
export function readStatistics(lx: Lexer): StatisticsViz {
  lx.expectPunct("{", "to start statistics");
  if (lx.eatPunct("}")) return { visualizingIndex: 0, statistics: [] };
  const idx = lx.expectWord("visualizing_index=");
  lx.expectPunct("=", `after '${idx.text}'`);
  const visualizingIndex = readInt(lx, lx.next(), "the visualizing index");
  const statistics: { name: string; value: number }[] = [];
  while (lx.eatPunct(",")) {
    const name = lx.expectWord("a statistic name");
    lx.expectPunct("=", `after the statistic '${name.text}'`);
    const v = lx.next();
    const value = v.kind === "word" ? Number(v.text) : Number.NaN;
    if (!Number.isFinite(value)) throw lx.error(v, `expects a number for the statistic '${name.text}', but sees ${quote(v)}`);
    statistics.push({ name: name.text, value });
  }
  lx.expectPunct("}", "at the end of statistics");
  return { visualizingIndex, statistics };
}

/** absl::StrCat of a double: printf's %g with six significant digits. */
export function sixDigits(x: number): string {
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  const exp = Math.floor(Math.log10(Math.abs(Number(x.toPrecision(6)))));
  if (exp < -4 || exp >= 6) {
    const [m, e] = x.toExponential(5).split("e");
    const mant = m.includes(".") ? m.replace(/0+$/, "").replace(/\.$/, "") : m;
    const n = Number(e);
    return `${mant}e${n < 0 ? "-" : "+"}${String(Math.abs(n)).padStart(2, "0")}`;
  }
  const f = x.toFixed(Math.max(0, 5 - exp));
  return f.includes(".") ? f.replace(/0+$/, "").replace(/\.$/, "") : f;
}

export function statisticsText(s: StatisticsViz): string {
  return `{visualizing_index=${s.visualizingIndex}${s.statistics.map((x) => `,${x.name}=${sixDigits(x.value)}`).join("")}}`;
}

/** backend_config: a quoted string or a raw `{...}` (JSON) value; kept as the string XLA stores. */
export function readBackendConfig(lx: Lexer): string {
  const t = lx.peek();
  if (t.kind === "string") return unquote(lx.next().text);
  if (t.kind === "punct" && t.text === "{") return lx.rawBraces("in backend_config").text;
  throw lx.error(t, `expects a quoted string or a {...} value for backend_config, but sees ${quote(t)}`);
}

export function readParameterReplication(lx: Lexer): boolean[] {
  return readBracedList(lx, "parameter_replication", () => readBool(lx, "parameter_replication"));
}

export function readControlPredecessors(lx: Lexer): RawControlPredecessors {
  const toks = readBracedList(lx, "control-predecessors", () => lx.expectWord("an instruction name"));
  return { names: toks.map((t) => stripPercent(t.text)), toks };
}

/** The `name=value` parts of an instruction's annotations, in XLA's order. */
export function annotationParts(a: InstructionAnnotations | undefined): { readonly before: string[]; readonly after: string[] } {
  if (a === undefined) return { before: [], after: [] };
  const before = (a.other ?? []).map((o) => `${o.name}=${o.value}`);
  const after: string[] = [];
  if (a.parameterReplication !== undefined) after.push(`parameter_replication={${a.parameterReplication.join(",")}}`);
  if (a.sharding !== undefined) after.push(`sharding=${shardingText(a.sharding)}`);
  if (a.frontendAttributes !== undefined && a.frontendAttributes.length > 0) after.push(`frontend_attributes=${frontendAttributesText(a.frontendAttributes)}`);
  if (a.controlPredecessors !== undefined && a.controlPredecessors.length > 0) after.push(`control-predecessors={${a.controlPredecessors.join(", ")}}`);
  if (a.statistics !== undefined && a.statistics.statistics.length > 0) after.push(`statistics=${statisticsText(a.statistics)}`);
  if (a.origin !== undefined) after.push(`origin=${a.origin}`);
  if (a.metadata !== undefined && !isEmptyMetadata(a.metadata)) after.push(`metadata={${metadataText(a.metadata)}}`);
  if (a.backendConfig !== undefined && a.backendConfig !== "") {
    after.push(`backend_config=${isBraceValue(a.backendConfig) ? a.backendConfig : quoteString(a.backendConfig)}`);
  }
  return { before, after };
}
