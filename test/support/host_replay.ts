/**
 * Recording a host's callbacks (EvalOptions.host) in one engine's run and
 * replaying them to the other's, so a cross-check meets the host once:
 * the reference run talks to the caller's host through a recorder; the
 * compiled run gets a host that returns the recorded recv values and checks
 * that each outfeed and send hands out the recorded value. Calls are kept
 * per stream (the outfeeds; the sends of one channel; the recvs of one
 * channel): the order within a stream is fixed by the module's token chain,
 * while two streams' calls may interleave differently in two schedules.
 *
 * The infeed list is plain data, read by both runs as given. The replaying
 * host has exactly the callbacks the caller's host has, so a missing one is
 * refused alike by both engines.
 */
import { type Literal, firstBitDifference } from "@minixla/hlo";
import type { EvalOptions } from "@minixla/interpreter";

export type Host = NonNullable<EvalOptions["host"]>;

/**
 * The compiled run's host calls differ from the reference's. Not an HloError,
 * so it never passes for an engine's own refusal.
 */
export class HostReplayError extends Error {
  override readonly name = "HostReplayError";
}

/** The compiled run's host and, once it has run, what it left of the reference's calls. */
export interface Replay {
  readonly host: Host;
  /** Undefined when every recorded call was replayed, else which stream has calls left. */
  unconsumed(): string | undefined;
}

/** A recorder in front of `host`, and a replayer of what it has recorded so far. */
export function recordHost(host: Host): { readonly host: Host; replay(): Replay } {
  const streams = new Map<string, Literal[]>();
  const log = (stream: string, value: Literal): void => {
    let s = streams.get(stream);
    if (s === undefined) streams.set(stream, (s = []));
    s.push(value);
  };
  const recorder: Host = {
    ...(host.infeed !== undefined && { infeed: host.infeed }),
    ...(host.outfeed !== undefined && {
      outfeed: (value: Literal) => {
        log("outfeed", value);
        host.outfeed?.(value);
      },
    }),
    ...(host.send !== undefined && {
      send: (channel: number, value: Literal) => {
        log(`send on channel ${channel}`, value);
        host.send?.(channel, value);
      },
    }),
    ...(host.recv !== undefined && {
      recv: (channel: number) => {
        const value = (host.recv as (c: number) => Literal)(channel);
        log(`recv on channel ${channel}`, value);
        return value;
      },
    }),
  };
  return { host: recorder, replay: () => replayOf(host, streams) };
}

function replayOf(host: Host, recorded: ReadonlyMap<string, readonly Literal[]>): Replay {
  const taken = new Map<string, number>();
  const next = (stream: string): Literal => {
    const k = taken.get(stream) ?? 0;
    const values = recorded.get(stream) ?? [];
    if (k >= values.length) throw new HostReplayError(`the compiled engine makes ${stream} call ${k + 1}; the reference made ${values.length}`);
    taken.set(stream, k + 1);
    return values[k];
  };
  const check = (stream: string, value: Literal): void => {
    const k = taken.get(stream) ?? 0;
    const expected = next(stream);
    const d = firstBitDifference(value, expected);
    if (d !== undefined) throw new HostReplayError(`${stream} call ${k + 1} hands out another value: ${d.message} (compiled vs reference)`);
  };
  const replayer: Host = {
    ...(host.infeed !== undefined && { infeed: host.infeed }),
    ...(host.outfeed !== undefined && { outfeed: (value: Literal) => check("outfeed", value) }),
    ...(host.send !== undefined && { send: (channel: number, value: Literal) => check(`send on channel ${channel}`, value) }),
    ...(host.recv !== undefined && { recv: (channel: number) => next(`recv on channel ${channel}`) }),
  };
  return {
    host: replayer,
    unconsumed() {
      for (const [stream, values] of recorded) {
        const k = taken.get(stream) ?? 0;
        if (k < values.length) return `the compiled engine makes ${k} ${stream} call(s); the reference made ${values.length}`;
      }
      return undefined;
    },
  };
}
