/** The messages between the page and the layout worker (Graphviz, off the page's thread). */
import type { HloModule } from "@minixla/hlo";

/**
 * A drawing the page asks for: one module, or a step's before and after at
 * the same positions. `context` holds every version of the module the
 * pipeline made (the drawn ones among them, as the same objects): laid out
 * together, so each step draws an instruction where the others do; empty, a
 * single module is laid out alone (quicker, for a large one).
 */
export type LayoutRequest =
  | { readonly id: number; readonly kind: "single"; readonly module: HloModule; readonly computations: readonly string[]; readonly context: readonly HloModule[] }
  | {
      readonly id: number;
      readonly kind: "pair";
      readonly context: readonly HloModule[];
      readonly before: HloModule;
      readonly after: HloModule;
      readonly beforeComputations: readonly string[];
      readonly afterComputations: readonly string[];
    };

/** The `<svg>` texts (one for "single", before and after for "pair"), or why there are none. */
export type LayoutReply =
  | { readonly id: number; readonly kind: "ok"; readonly svgs: readonly string[]; readonly ms: number }
  | { readonly id: number; readonly kind: "error"; readonly message: string };
