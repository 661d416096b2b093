/**
 * The steps every command shares: HLO or StableHLO text -> parsed module -> lowered
 * (implicit broadcasts made explicit) -> verified; and a result literal ->
 * its list of outputs (a tuple root gives one output per element, nested
 * tuples flattened depth-first, as JAX numbers its outputs).
 */
import {
  type ArrayLiteral,
  type HloModule,
  type Literal,
  isTupleLiteral,
  lowerBroadcasts,
  parseModule,
  verifyModule,
} from "@minixla/hlo";

/** Parses, verifies (implicit broadcasts allowed), lowers and verifies again; throws the stage's HloError. */
export function loadModule(text: string): HloModule {
  const parsed = parseModule(text);
  verifyModule(parsed, { allowImplicitBroadcast: true });
  const lowered = lowerBroadcasts(parsed);
  verifyModule(lowered);
  return lowered;
}

/** The arrays of a result, in output order (out0, out1, ...). */
export function flattenOutputs(l: Literal): ArrayLiteral[] {
  const out: ArrayLiteral[] = [];
  const stack: Literal[] = [l];
  while (stack.length > 0) {
    const x = stack.pop() as Literal;
    if (isTupleLiteral(x)) {
      for (let i = x.elements.length - 1; i >= 0; i--) stack.push(x.elements[i]);
    } else {
      out.push(x);
    }
  }
  return out;
}
