/**
 * Test support shared by the packages' tests (imported as
 * "@minixla/hlo/test_support"): capturing the message of the ShapeError a call
 * must throw.
 */
import { ShapeError } from "./errors.ts";

/** Runs fn and returns the message of the ShapeError it throws; fails if it throws anything else or nothing. */
export function shapeErrorMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof ShapeError) return e.message;
    throw new Error(`expected a ShapeError, got ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
  }
  throw new Error("expected a ShapeError, but nothing was thrown");
}
