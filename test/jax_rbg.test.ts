/**
 * JAX's rbg PRNG end to end: the HLO JAX lowers for normal, uniform and raw
 * bits under `jax_default_prng_impl="rbg"` (test/corpus/jax-rbg) evaluates
 * to exactly what XLA's CPU gave for seed 42: the rng-bit-generator bits, and
 * every float made from them.
 */
import { readFileSync } from "node:fs";
import { type ArrayLiteral, type TupleLiteral, lowerBroadcasts, parseHloModule, scalar } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";
import { expect, it } from "vitest";

const text = readFileSync(new URL("./corpus/jax-rbg/normal_uniform_bits.hlo", import.meta.url), "utf8");

it("matches XLA's CPU bit for bit on jax.random.normal, uniform and bits with the rbg PRNG", () => {
  const out = evaluate(lowerBroadcasts(parseHloModule(text)), [scalar(42, "u32")]) as TupleLiteral;
  const [normal, uniform, bits] = out.elements.map((e) => [...(e as ArrayLiteral).data].map(Number));
  expect(normal).toEqual([
    -0.18838873505592346, 1.6521602869033813, -0.05099300295114517, -0.8090751767158508, 1.1706258058547974,
    1.0486750602722168, 0.02765907719731331, -0.1665877401828766, -1.2337778806686401, -0.6959014534950256,
    0.014153541997075081, 0.3309288024902344, -0.42725443840026855, -0.16294601559638977, 0.30941498279571533,
  ]);
  expect(uniform).toEqual([
    0.16100644528376984, 0.27969241634818864, 0.8671885273877504, 0.9670989763476885, 0.8127490514555586, 0.8042228567866074, 0.146178753936969,
  ]);
  expect(bits).toEqual([4032995965, 691517416, 664372603, 1201269781, 2563188279, 3724546364]);
});
