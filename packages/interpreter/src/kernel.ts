/**
 * The kernel contract. A kernel computes one instruction's value from its
 * operands' values; it never writes to an operand. Kernels that call
 * computations (reduce, while, sort, ...) do so through the context.
 */
import type { HloComputation, InstructionOf, Literal, Opcode, OpcodesOf, OpFamily, Shape } from "@minixla/hlo";

/**
 * What `EvalOptions.onProgress` hears: one event per while-loop iteration,
 * and one per finished run of a computation with the instructions it ran
 * (so a while body reports its work each iteration).
 */
export type ProgressEvent =
  | {
      readonly kind: "while-iteration";
      /** The while instruction's name. */
      readonly loop: string;
      /** Body runs completed by this loop instance so far (1, 2, ...). */
      readonly iteration: number;
    }
  | {
      readonly kind: "instructions";
      /** Instructions run by the computation run that just finished (its nested calls report their own). */
      readonly count: number;
    };

/** The two numerics modes of EvalOptions.numerics. */
export type Numerics = "reference" | "xla-cpu";

/** Options of `evaluate` (and of `compile`). */
export interface EvalOptions {
  /** A while loop that runs more iterations than this throws EvalError (default: no limit). */
  readonly maxWhileIterations?: number;
  /**
   * Largest result, in bytes of minixla's storage, that any instruction may
   * allocate; a bigger one is refused with EvalError before allocating.
   * Default: MINIXLA_MAX_BYTES, else a quarter of the machine's memory, at most 8 GiB.
   */
  readonly maxBytes?: number;
  /**
   * Values for elided constants (`constant({...})`, values unknown): "zeros",
   * or "random" (deterministic from elidedSeed). Without it, a module holding
   * one is refused with EvalError (elided_constants.ts).
   */
  readonly elidedConstants?: "zeros" | "random";
  /**
   * Which XLA numerics to reproduce bit for bit (README, "Reference numerics
   * and XLA's CPU numerics"): "reference" (default), XLA's HloEvaluator,
   * which its constant folder also runs; "xla-cpu", XLA's CPU backend:
   * denormals flushed where it flushes them (numerics/xla_cpu/flush.ts),
   * its integer power, clamp and sign. The ops whose values differ are in the
   * README's divergence table; both engines honour it.
   * Float rewrites of whole graphs (a / broadcast(b), multiply-add) are the
   * `xla-cpu-numerics` pass's, which callers run first.
   */
  readonly numerics?: Numerics;
  /** Seed of the "random" elided-constant values (default 0). */
  readonly elidedSeed?: number;
  /**
   * Seed of the `rng` op (distribution rng_uniform / rng_normal), whose values
   * XLA does not define bit for bit: they are a fixed function of this seed
   * (default 0) and the instruction's name (kernels/random/random.ts).
   */
  readonly rngSeed?: number;
  /**
   * Called after each iteration of every while loop, in both engines, for
   * progress reports on long runs (`minixla run --progress`). Keep it cheap:
   * it runs once per body evaluation. Default: none.
   */
  readonly onProgress?: (event: ProgressEvent) => void;
  /**
   * The host end of infeed, outfeed and host-transfer send/recv
   * (kernels/control/host_transfer.ts): infeed takes the next literal of `infeed`;
   * outfeed and send hand their value out; recv asks for its channel's value.
   * An op whose part is missing throws EvalError.
   */
  readonly host?: {
    readonly infeed?: readonly Literal[];
    /** Receives each outfeed's value. */
    readonly outfeed?: (value: Literal) => void;
    /** The value a recv on this channel receives. */
    readonly recv?: (channelId: number) => Literal;
    /** Receives each send's value on its channel. */
    readonly send?: (channelId: number, value: Literal) => void;
  };
}

/** What a kernel may ask of the evaluator: parameters, and calls to other computations. */
export interface EvalContext {
  readonly options: EvalOptions;
  /** The value of parameter `n` of the computation being evaluated. */
  parameter(n: number): Literal;
  /** Evaluates a computation of the module (by name) on arguments. */
  call(computation: string, args: readonly Literal[]): Literal;
  /**
   * The module's computation of that name, so kernels can recognise simple
   * reducers (a lone add, max, ...) and apply them without a call per element.
   * Optional: without it kernels take the general path.
   */
  computation?(name: string): HloComputation;
  /**
   * The stored shape, layout included, of an instruction of the computation
   * being evaluated: bitcast reads its operand's layout here. Optional:
   * without it kernels fall back on the operand value's shape.
   */
  instructionShape?(name: string): Shape;
}

/** Computes one instruction's value from its operands' values; never writes to an operand. */
export type Kernel<K extends Opcode> = (inst: InstructionOf<K>, operands: readonly Literal[], ctx: EvalContext) => Literal;

/** A family's kernels: one per opcode of the family, checked by the compiler. */
export type FamilyKernels<F extends OpFamily> = { readonly [K in OpcodesOf<F>]: Kernel<K> };
