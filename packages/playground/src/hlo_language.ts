/**
 * Highlighting of HLO text and of StableHLO's MLIR form, as one
 * StreamLanguage: a line tokenizer is enough for both (no nesting that
 * colours depend on), and keeps the editor light.
 */
import { StreamLanguage, type StringStream } from "@codemirror/language";

const KEYWORDS = new Set(["HloModule", "ENTRY", "ROOT", "module", "func.func", "func", "return", "func.return", "public", "private", "attributes"]);
const TYPES = /^(?:pred|s2|s4|s8|s16|s32|s64|u2|u4|u8|u16|u32|u64|f8e\w+|f16|bf16|f32|f64|c64|c128|token|tensor|tuple|i1|i8|i16|i32|i64|ui8|ui32|ui64|complex)\b/;

interface State {
  inBlockComment: boolean;
}

function token(stream: StringStream, state: State): string | null {
  if (state.inBlockComment) {
    if (stream.skipTo("*/")) {
      stream.next();
      stream.next();
      state.inBlockComment = false;
    } else stream.skipToEnd();
    return "comment";
  }
  if (stream.eatSpace()) return null;
  if (stream.match("//")) {
    stream.skipToEnd();
    return "comment";
  }
  if (stream.match("/*")) {
    state.inBlockComment = true;
    return "comment";
  }
  if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return "string";
  if (stream.match(/^[%@^#][\w.$-]*/)) return "variableName";
  if (stream.match(/^stablehlo\.[\w.]+/) || stream.match(/^(?:mhlo|chlo|func|arith)\.[\w.]+/)) return "keyword";
  if (stream.match(TYPES)) return "typeName";
  if (stream.match(/^-?(?:0x[0-9a-fA-F]+|\d+\.?\d*(?:[eE][-+]?\d+)?|inf|nan)\b/)) return "number";
  const word = stream.match(/^[A-Za-z_][\w.-]*/);
  if (word && typeof word === "object") {
    const w = word[0];
    if (KEYWORDS.has(w)) return "keyword";
    if (w === "true" || w === "false") return "bool";
    // An opcode is a name followed by '(': `add(`, `broadcast(`.
    if (stream.peek() === "(") return "operatorKeyword";
    if (stream.peek() === "=") return "propertyName";
    return "variableName";
  }
  stream.next();
  return null;
}

/** HLO and StableHLO text, for CodeMirror. */
export const hloLanguage = StreamLanguage.define<State>({
  name: "hlo",
  startState: () => ({ inBlockComment: false }),
  copyState: (s) => ({ inBlockComment: s.inBlockComment }),
  token,
  languageData: { commentTokens: { line: "//" } },
});
