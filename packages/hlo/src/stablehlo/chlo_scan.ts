/**
 * chlo.scan: its pretty form (`chlo.scan(%xs) inits(%c) dimension=0
 * attributes {is_reverse = true} { ^bb0(...): ... } : (...) -> (...)`, as
 * CHLO prints it) and its translation to HLO's `scan`, which has the same
 * meaning: the body takes one slice of each input along `dimension` and the
 * carries, returns the per-step outputs then the new carries; the results
 * are the outputs stacked along `dimension`, then the final carries.
 * (StableHLO's CHLO legalization writes the same loop out as a `while` of
 * dynamic slices and updates; HLO's scan is that loop, as XLA's
 * ScanExpander expands it.)
 */
import { type Attr, parseFields } from "./attributes.ts";
import type { Comp, Val } from "./emitter.ts";
import type { MlirToken } from "./lexer.ts";
import { type ParserState, parseRegion, parseValueRef } from "./parser.ts";
import type { Op, ResultGroup, ValueRef } from "./syntax.ts";
import { type Translation, scalarRegionComputation } from "./translate.ts";
import { parseResultTypes, parseTypeList } from "./types.ts";

function parseOperands(p: ParserState, what: string): ValueRef[] {
  const lx = p.lx;
  lx.needPunct("(", `before the scan's ${what}`);
  const out: ValueRef[] = [];
  if (!lx.eatPunct(")")) {
    do out.push(parseValueRef(p));
    while (lx.eatPunct(","));
    lx.needPunct(")", `closing the scan's ${what}`);
  }
  return out;
}

/** Reads chlo.scan's pretty form after its name. */
export function parseChloScan(p: ParserState, nameTok: MlirToken, results: ResultGroup[]): Op {
  const lx = p.lx;
  const inputs = parseOperands(p, "inputs");
  if (!lx.eatIdent("inits")) throw lx.error(lx.peek(), "expected 'inits' after the scan's inputs");
  const inits = parseOperands(p, "inits");
  if (!lx.eatIdent("dimension")) throw lx.error(lx.peek(), "expected 'dimension=' after the scan's inits");
  lx.needPunct("=", "after 'dimension'");
  const d = lx.expect("number", "the scan dimension");
  if (!/^\d+$/.test(d.text)) throw lx.error(d, "the scan dimension must be a non-negative integer");
  const attrs = new Map<string, Attr>();
  attrs.set("dimension", { kind: "int", value: BigInt(d.text), at: d.start });
  attrs.set("operandSegmentSizes", { kind: "ints", values: [BigInt(inputs.length), BigInt(inits.length)], at: d.start });
  if (lx.eatIdent("attributes")) {
    lx.needPunct("{", "after 'attributes'");
    for (const [k, v] of parseFields(lx, p.aliases, "}")) attrs.set(k, v);
  }
  const body = parseRegion(p);
  lx.needPunct(":", "before the scan's function type");
  const operandTypes = parseTypeList(lx);
  lx.needPunct("->", "in the scan's function type");
  const resultTypes = parseResultTypes(lx);
  return { name: nameTok.text, at: nameTok.start, results, operands: [...inputs, ...inits], attrs, regions: [body], operandTypes, resultTypes, words: [] };
}

function boolAttr(a: Attr | undefined): boolean | undefined {
  if (a === undefined) return undefined;
  return a.kind === "unit" || (a.kind === "bool" && a.value);
}

/** Translates chlo.scan (either form) into HLO's scan and its results. */
export function translateChloScan(t: Translation, comp: Comp, op: Op, operands: readonly Val[]): Val[] {
  const fail = (why: string) => t.out.lx.error(op.at, `chlo.scan ${why}`);
  const seg = op.attrs.get("operandSegmentSizes");
  const sizes = seg?.kind === "ints" ? seg.values.map(Number) : seg?.kind === "array" ? seg.items.map((i) => (i.kind === "int" ? Number(i.value) : -1)) : undefined;
  if (sizes === undefined || sizes.length !== 2 || sizes[0] + sizes[1] !== operands.length || sizes.some((s) => s < 0)) {
    throw fail("needs operandSegmentSizes giving its inputs and inits");
  }
  const [nInputs, nCarries] = sizes;
  if (nInputs === 0) throw fail("needs at least one input to scan over");
  const dim = op.attrs.get("dimension");
  if (dim?.kind !== "int") throw fail("needs an integer dimension");
  if (op.regions.length !== 1) throw fail("needs one body region");
  const body = scalarRegionComputation(t, op.regions[0], "scan_body");
  if (body.results.length !== op.resultTypes.length) {
    throw fail(`has ${op.resultTypes.length} results but its body returns ${body.results.length} values`);
  }
  const attrs = [`dimensions={${dim.value}}`, `num_carries=${nCarries}`];
  if (boolAttr(op.attrs.get("is_reverse")) === true) attrs.push("is_reverse=true");
  const assoc = boolAttr(op.attrs.get("is_associative"));
  if (assoc !== undefined) attrs.push(`is_associative=${assoc}`);
  attrs.push(`to_apply=${body.name}`);
  const name = op.results[0]?.name ?? "scan";
  if (op.resultTypes.length === 1) return [comp.emit(name, op.resultTypes[0], "scan", operands, attrs.join(", "), op.at)];
  const tuple = comp.emit(name, { kind: "tuple", elements: op.resultTypes }, "scan", operands, attrs.join(", "), op.at);
  return op.resultTypes.map((_, i) => comp.gte(tuple, i, op.at));
}
