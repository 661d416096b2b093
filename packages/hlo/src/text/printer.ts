/** HLO text printer (being written). */
import type { HloModule } from "../module.ts";

export function printHloModule(m: HloModule): string {
  return `HloModule ${m.name}\n`;
}
