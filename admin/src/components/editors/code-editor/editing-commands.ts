import { Annotation, EditorSelection, StateEffect, StateField, type EditorState, type Extension } from '@codemirror/state';
import { keymap, type EditorView } from '@codemirror/view';
import { canRedo, canUndo, createHistory, currentValue, recordEdit, redo, undo, type UndoHistory } from '../rich-text-editor/undo-history';

/*
 * The few editing commands the code editor needs, written here because @codemirror/commands is not among the
 * installed packages: undo and redo (the same 100-step history, merging within 1000 ms, as the rich text editor),
 * Tab and Shift+Tab to indent and outdent, Enter keeping the line's indentation.
 */

const fromHistory = Annotation.define<boolean>();
const setHistory = StateEffect.define<UndoHistory<string>>();

const historyField = StateField.define<UndoHistory<string>>({
  create: (state) => createHistory(state.doc.toString()),
  update(history, transaction) {
    for (const effect of transaction.effects) if (effect.is(setHistory)) return effect.value;
    if (!transaction.docChanged || transaction.annotation(fromHistory)) return history;
    return recordEdit(history, transaction.state.doc.toString(), Date.now());
  },
});

/** Moves the document to `target` with the smallest single change, the caret at its end. */
function replaceWith(view: EditorView, target: string, history: UndoHistory<string>): void {
  const current = view.state.doc.toString();
  let start = 0;
  while (start < current.length && start < target.length && current[start] === target[start]) start++;
  let endCurrent = current.length;
  let endTarget = target.length;
  while (endCurrent > start && endTarget > start && current[endCurrent - 1] === target[endTarget - 1]) {
    endCurrent--;
    endTarget--;
  }
  const insert = target.slice(start, endTarget);
  view.dispatch({
    changes: { from: start, to: endCurrent, insert },
    selection: EditorSelection.cursor(start + insert.length),
    effects: setHistory.of(history),
    annotations: fromHistory.of(true),
    scrollIntoView: true,
  });
}

function step(direction: 'undo' | 'redo') {
  return (view: EditorView): boolean => {
    const history = view.state.field(historyField);
    if (direction === 'undo' ? !canUndo(history) : !canRedo(history)) return false;
    const next = direction === 'undo' ? undo(history) : redo(history);
    replaceWith(view, currentValue(next), next);
    return true;
  };
}

function selectedLines(state: EditorState): number[] {
  const lines = new Set<number>();
  for (const range of state.selection.ranges) {
    const first = state.doc.lineAt(range.from).number;
    const last = state.doc.lineAt(range.to).number;
    for (let n = first; n <= last; n++) lines.add(n);
  }
  return [...lines];
}

function indent(unit: string) {
  return (view: EditorView): boolean => {
    const { state } = view;
    if (state.selection.ranges.every((r) => r.empty)) {
      view.dispatch(state.replaceSelection(unit));
      return true;
    }
    view.dispatch({ changes: selectedLines(state).map((n) => ({ from: state.doc.line(n).from, insert: unit })) });
    return true;
  };
}

function outdent(unit: string) {
  return (view: EditorView): boolean => {
    const { state } = view;
    const changes = selectedLines(state).flatMap((n) => {
      const line = state.doc.line(n);
      const leading = /^[ \t]*/.exec(line.text)![0];
      const remove = Math.min(leading.length, unit.length);
      return remove > 0 ? [{ from: line.from, to: line.from + remove }] : [];
    });
    if (changes.length) view.dispatch({ changes });
    return true;
  };
}

function newlineKeepingIndent(view: EditorView): boolean {
  const { state } = view;
  view.dispatch(
    state.changeByRange((range) => {
      const leading = /^[ \t]*/.exec(state.doc.lineAt(range.from).text)![0];
      const insert = `\n${leading}`;
      return { changes: { from: range.from, to: range.to, insert }, range: EditorSelection.cursor(range.from + insert.length) };
    }),
  );
  return true;
}

/** History, undo/redo keys, Tab/Shift+Tab and Enter. */
export function editingCommands(indentUnit: string): Extension {
  return [
    historyField,
    keymap.of([
      { key: 'Mod-z', run: step('undo'), preventDefault: true },
      { key: 'Mod-y', run: step('redo'), preventDefault: true },
      { key: 'Mod-Shift-z', run: step('redo'), preventDefault: true },
      { key: 'Tab', run: indent(indentUnit) },
      { key: 'Shift-Tab', run: outdent(indentUnit) },
      { key: 'Enter', run: newlineKeepingIndent },
    ]),
  ];
}
