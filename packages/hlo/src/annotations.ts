/**
 * What an instruction carries besides its semantics: XLA's sharding, op
 * metadata, frontend attributes, backend config, original value, statistics,
 * parameter replication and control predecessors. minixla evaluates none of
 * them; it keeps them so that a module read from text prints back with them
 * (text/annotation_text.ts reads and writes them as XLA does).
 */

/** XLA's OpMetadata; absent fields are the proto defaults (empty, 0). */
export interface OpMetadata {
  readonly opType?: string;
  readonly opName?: string;
  readonly sourceFile?: string;
  readonly sourceLine?: number;
  readonly sourceEndLine?: number;
  readonly sourceColumn?: number;
  readonly sourceEndColumn?: number;
  readonly profileType?: readonly number[];
  readonly deduplicatedName?: string;
  readonly schedulingName?: string;
  readonly stackFrameId?: number;
}

/** `shard_as N` / `shard_like N`. */
export interface ShardGroup {
  readonly kind: "shard_as" | "shard_like";
  readonly id: number;
}

/** The device order of a tiled sharding: listed, or an iota `<=[reshape]T(perm)`. */
export type TileDevices =
  | { readonly kind: "list"; readonly devices: readonly number[] }
  | { readonly kind: "iota"; readonly reshape: readonly number[]; readonly transpose: readonly number[] };

export type SubgroupType = "replicated" | "manual" | "maximal" | "unreduced";

interface ShardingCommon {
  readonly metadata: readonly OpMetadata[];
  readonly shardGroup?: ShardGroup;
}

/** One HloSharding (not a tuple). `named` keeps Shardy's `{mesh[...], ...}` form as its text. */
export type SingleSharding =
  | (ShardingCommon & { readonly kind: "replicated" | "manual" | "unknown" | "unreduced" })
  | (ShardingCommon & { readonly kind: "maximal"; readonly device: number })
  | (ShardingCommon & {
      readonly kind: "tiled";
      /** The tile assignment's dimensions, subgroup dimensions last. */
      readonly tileDimensions: readonly number[];
      readonly devices: TileDevices;
      /** The last tile dimension replicates (`last_tile_dim_replicate`). */
      readonly lastTileDimReplicate: boolean;
      /** Other subgroup dimensions (`last_tile_dims={manual, ...}`). */
      readonly lastTileDims: readonly SubgroupType[];
    })
  | { readonly kind: "named"; readonly text: string };

export type Sharding = SingleSharding | { readonly kind: "tuple"; readonly elements: readonly SingleSharding[] };

export interface Statistic {
  readonly name: string;
  readonly value: number;
}

export interface StatisticsViz {
  readonly visualizingIndex: number;
  readonly statistics: readonly Statistic[];
}

export interface FrontendAttribute {
  readonly key: string;
  /** The value; one that reads as a brace group (`{...}`) prints unquoted. */
  readonly value: string;
}

export interface InstructionAnnotations {
  readonly parameterReplication?: readonly boolean[];
  readonly sharding?: Sharding;
  /** Sorted by key, as XLA keeps them. */
  readonly frontendAttributes?: readonly FrontendAttribute[];
  /** Names of instructions of the same computation that must run first. */
  readonly controlPredecessors?: readonly string[];
  readonly statistics?: StatisticsViz;
  /** The original value (`origin=`), kept as its text. */
  readonly origin?: string;
  readonly metadata?: OpMetadata;
  /** The backend config as XLA stores it: a string, which may be a JSON object. */
  readonly backendConfig?: string;
  /** Attributes of the opcode that minixla does not model (channel_id, result_accuracy, ...), as text. */
  readonly other?: readonly { readonly name: string; readonly value: string }[];
}

/**
 * One section of the module's stack-frame index (`FileNames`, `FunctionNames`,
 * `FileLocations`, `StackFrames`), which metadata's `stack_frame_id` points
 * into. Each entry's value is kept as its text (a quoted string or a `{...}`
 * group) and printed back unchanged.
 */
export interface StackFrameSection {
  readonly name: "FileNames" | "FunctionNames" | "FileLocations" | "StackFrames";
  readonly entries: readonly { readonly id: number; readonly value: string }[];
}
