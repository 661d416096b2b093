/**
 * Shape rules of the ordering and state ops: after-all joins tokens into a
 * token (InferAfterAllShape), add-dependency passes its first operand through
 * once the token is ready, domain marks a sharding boundary and is the
 * identity on shapes (InferUnaryOpShape's kDomain case), and
 * rng-get-and-update-state yields the u64[2] RNG state (hlo_verifier.cc's
 * HandleRngGetAndUpdateState).
 */
import { shape, shapeToString, shapesEqual } from "../shape.ts";
import { type FamilyRules, fail } from "./rule.ts";
import { TOKEN, isToken } from "./common_shapes.ts";

const RNG_STATE = shape("u64", [2]);

export const tokenRules: FamilyRules<"token"> = {
  "after-all": ({ operands }) => {
    if (!operands.every(isToken)) fail("Operands of token instructions must be TOKEN types.");
    return TOKEN;
  },
  "add-dependency": ({ operands }) => {
    if (!isToken(operands[1])) fail(`The second operand of add-dependency must be a token; got ${shapeToString(operands[1])}.`);
    return operands[0];
  },
  domain: ({ operands }) => operands[0],
  "rng-get-and-update-state": ({ declared }) => {
    if (declared !== undefined && !shapesEqual(declared, RNG_STATE)) {
      fail(`Invalid RngGetAndUpdateState, expect result to have shape u64[2], got ${shapeToString(declared)} `);
    }
    return RNG_STATE;
  },
};
