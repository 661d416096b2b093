/**
 * Kernels of the host and channel transfers, on one device. XLA's
 * HloEvaluator has none: the host end is the evaluator's `host` option.
 *
 * infeed takes the next literal of `host.infeed`, outfeed hands its operand
 * to `host.outfeed`; send and recv with is_host_transfer=true go through
 * `host.send` / `host.recv`. A device-to-device send/recv (no host transfer)
 * has its other end on another device; on one device minixla makes the
 * channel a loopback: send queues its data on its channel_id, and a later
 * recv on that channel takes the oldest queued value (first in, first out).
 * A recv that finds nothing queued takes `host.recv`'s value when a host is
 * given (the host standing in for the device at the other end, which the
 * module does not hold), and otherwise throws EvalError rather than block.
 *
 * The infeed position and the loopback queues live for one `evaluate` call
 * (keyed by its options object, as kernels/control/token.ts keeps the RNG state).
 * The u32[] element of send's and recv's result is XLA's opaque context; it
 * is 0 here.
 */
import { type EvalOptions, type FamilyKernels } from "../../kernel.ts";
import {
  EvalError, type HloInstruction, type Literal, type Shape, isTupleLiteral, isTupleShape, shape, shapeToString, shapesEqual, tupleLiteral, zeroLiteral,
} from "@minixla/hlo";

const TOKEN_VALUE = zeroLiteral(shape("token", []));
const CONTEXT_VALUE = zeroLiteral(shape("u32", []));

interface HostState {
  infeedTaken: number;
  readonly loopback: Map<number | undefined, Literal[]>;
}
const states = new WeakMap<EvalOptions, HostState>();

function stateOf(options: EvalOptions): HostState {
  let s = states.get(options);
  if (s === undefined) {
    s = { infeedTaken: 0, loopback: new Map() };
    states.set(options, s);
  }
  return s;
}

/** The data shape: element 0 of the instruction's tuple result. */
function dataShape(inst: HloInstruction): Shape {
  if (!isTupleShape(inst.shape)) throw new EvalError(`${inst.opcode} ${inst.name}: expects a tuple result shape, got ${shapeToString(inst.shape)}`);
  return inst.shape.tupleShapes[0];
}

function checkValueShape(inst: HloInstruction, what: string, value: Literal, expected: Shape): Literal {
  if (!shapesEqual(value.shape, expected)) {
    throw new EvalError(`${inst.opcode} ${inst.name}: ${what} has shape ${shapeToString(value.shape)}, but the instruction expects ${shapeToString(expected)}`);
  }
  return value;
}

function hostChannel(inst: HloInstruction & { readonly attributes: { readonly channelId?: number } }): number {
  const id = inst.attributes.channelId;
  if (id === undefined) throw new EvalError(`${inst.opcode} ${inst.name}: a host transfer needs a channel_id`);
  return id;
}

function tupleElement(inst: HloInstruction, value: Literal, i: number): Literal {
  if (!isTupleLiteral(value)) throw new EvalError(`${inst.opcode} ${inst.name}: expects a tuple operand, got ${shapeToString(value.shape)}`);
  return value.elements[i];
}

export const hostTransferKernels: FamilyKernels<"host_transfer"> = {
  infeed: (inst, _operands, ctx) => {
    const expected = dataShape(inst);
    const queue = ctx.options.host?.infeed ?? [];
    const state = stateOf(ctx.options);
    const value = queue[state.infeedTaken];
    if (value === undefined) {
      throw new EvalError(
        `infeed ${inst.name}: the infeed queue is empty (${queue.length} value${queue.length === 1 ? "" : "s"} given, all taken); it expects a value of shape ${shapeToString(expected)} (evaluate's host.infeed)`,
      );
    }
    checkValueShape(inst, `infeed value ${state.infeedTaken}`, value, expected);
    state.infeedTaken++;
    return tupleLiteral([value, TOKEN_VALUE]);
  },
  outfeed: (inst, [value], ctx) => {
    const out = ctx.options.host?.outfeed;
    if (out === undefined) throw new EvalError(`outfeed ${inst.name}: no host to take the ${shapeToString(value.shape)} value (evaluate's host.outfeed)`);
    out(value);
    return TOKEN_VALUE;
  },
  send: (inst, [value], ctx) => {
    if (inst.attributes.isHostTransfer) {
      const send = ctx.options.host?.send;
      if (send === undefined) throw new EvalError(`send ${inst.name}: no host to take the ${shapeToString(value.shape)} value (evaluate's host.send)`);
      send(hostChannel(inst), value);
    } else {
      const loopback = stateOf(ctx.options).loopback;
      const queued = loopback.get(inst.attributes.channelId);
      if (queued === undefined) loopback.set(inst.attributes.channelId, [value]);
      else queued.push(value);
    }
    return tupleLiteral([value, CONTEXT_VALUE, TOKEN_VALUE]);
  },
  "send-done": () => TOKEN_VALUE,
  recv: (inst, _operands, ctx) => {
    const expected = dataShape(inst);
    let value: Literal | undefined;
    if (inst.attributes.isHostTransfer) {
      const recv = ctx.options.host?.recv;
      if (recv === undefined) throw new EvalError(`recv ${inst.name}: no host to give the ${shapeToString(expected)} value (evaluate's host.recv)`);
      value = recv(hostChannel(inst));
    } else {
      value = stateOf(ctx.options).loopback.get(inst.attributes.channelId)?.shift();
      const peer = ctx.options.host?.recv;
      if (value === undefined && peer !== undefined && inst.attributes.channelId !== undefined) value = peer(inst.attributes.channelId);
      if (value === undefined) {
        const channel = inst.attributes.channelId === undefined ? "without a channel_id" : `on channel ${inst.attributes.channelId}`;
        throw new EvalError(
          `recv ${inst.name}: no send ${channel} ran before it in this evaluation; on one device a recv (no host transfer) only receives what a send on its channel sent earlier (expected shape ${shapeToString(expected)})`,
        );
      }
    }
    return tupleLiteral([checkValueShape(inst, "the received value", value, expected), CONTEXT_VALUE, TOKEN_VALUE]);
  },
  "recv-done": (inst, [received]) => tupleLiteral([tupleElement(inst, received, 0), TOKEN_VALUE]),
};
