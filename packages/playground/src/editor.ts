/** The CodeMirror editor: HLO highlighting, and parse/verify problems underlined as the text changes. */
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { type Diagnostic, linter, lintGutter } from "@codemirror/lint";
import { EditorState } from "@codemirror/state";
import { EditorView, drawSelection, highlightActiveLine, keymap, lineNumbers } from "@codemirror/view";
import { type Checked, check } from "./diagnostics.ts";
import { hloLanguage } from "./hlo_language.ts";

/** Creates the editor in `parent`; `onChecked` hears each check of the text (after a short pause in typing). */
export function createEditor(parent: HTMLElement, text: string, onChecked: (text: string, checked: Checked) => void): EditorView {
  const lint = linter(
    (view): Diagnostic[] => {
      const doc = view.state.doc.toString();
      const checked = check(doc);
      onChecked(doc, checked);
      return checked.problems.map((p) => ({ from: p.from, to: p.to, severity: "error", message: p.message, source: "minixla" }));
    },
    { delay: 200 },
  );
  return new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(),
        history(),
        drawSelection(),
        highlightActiveLine(),
        bracketMatching(),
        hloLanguage,
        syntaxHighlighting(defaultHighlightStyle),
        lintGutter(),
        lint,
        keymap.of([...defaultKeymap, ...historyKeymap]),
        EditorView.lineWrapping,
      ],
    }),
  });
}

/** Replaces the editor's whole text. */
export function setText(view: EditorView, text: string): void {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}
