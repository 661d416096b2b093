/** lower-broadcasts as an HloPass: makes every implicit broadcast an explicit reshape + broadcast. */
import type { HloPass } from "./pass.ts";
import { lowerBroadcasts } from "./lower_broadcasts.ts";

/** `lowerBroadcasts` as a named pass. */
export const lowerBroadcastsPass: HloPass = {
  name: "lower-broadcasts",
  description: "makes every implicit broadcast an explicit reshape + broadcast",
  run: lowerBroadcasts,
};
