/**
 * Settings shared by the property tests (fast-check): a fixed seed so a run
 * is repeatable, and case counts that an environment variable raises for a
 * long run. MINIXLA_PROPERTY_RUNS=N runs every property at least N times;
 * MINIXLA_PROPERTY_SEED=S changes the seed. A failure prints the seed and
 * the path of the shrunk case, which `fc.assert(..., { seed, path })` replays.
 */
import type { Parameters } from "fast-check";

const envInt = (name: string): number | undefined => {
  const v = process.env[name];
  if (v === undefined || v.trim() === "") return undefined;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got ${JSON.stringify(v)}`);
  return n;
};

/** fc.assert parameters: `defaultRuns` cases (or MINIXLA_PROPERTY_RUNS if larger) from `seed` (or MINIXLA_PROPERTY_SEED). */
export function propertyRuns<T>(defaultRuns: number, seed: number): Parameters<T> {
  const runs = Math.max(defaultRuns, envInt("MINIXLA_PROPERTY_RUNS") ?? 0);
  return { numRuns: runs, seed: envInt("MINIXLA_PROPERTY_SEED") ?? seed };
}
