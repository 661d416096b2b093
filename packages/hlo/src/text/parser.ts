/** HLO text parser (being written). */
import { ParseError } from "../errors.ts";
import type { HloModule } from "../module.ts";
import type { Shape } from "../shape.ts";

export function parseHloModule(text: string): HloModule {
  throw new ParseError(`parser not written yet (${text.length} chars)`);
}
export function parseShape(text: string): Shape {
  throw new ParseError(`parser not written yet (${text})`);
}
