/**
 * Options of the collective builder methods, as XLA's XlaBuilder takes them
 * (replica_groups, channel_id, use_global_device_ids, and constrain_layout
 * where XLA's builder sets it from a layout), turned into the attribute
 * object of attributes.ts.
 */
import type { AttributesOf } from "@minixla/hlo";

export interface CollectiveOptions {
  /** Device groups; absent or empty means one group of every device. */
  readonly replicaGroups?: readonly (readonly number[])[];
  readonly channelId?: number;
  readonly useGlobalDeviceIds?: boolean;
  readonly constrainLayout?: boolean;
}

export function collectiveAttributes(opts: CollectiveOptions): AttributesOf<"all-reduce"> {
  return {
    replicaGroups: { kind: "list", groups: (opts.replicaGroups ?? []).map((g) => [...g]) },
    ...(opts.channelId === undefined ? {} : { channelId: opts.channelId }),
    useGlobalDeviceIds: opts.useGlobalDeviceIds ?? false,
    constrainLayout: opts.constrainLayout ?? false,
  };
}
