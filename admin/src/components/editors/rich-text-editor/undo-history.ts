import { EDITOR_HISTORY_DEPTH, EDITOR_HISTORY_MERGE_MS } from '@tours-cms/contract';

/**
 * The rich text editor's undo history: 100 steps, and edits that follow each other within 1000 ms merge
 * into one step (the window slides: a burst of typing undoes as a whole). Pure and immutable: every operation
 * returns a new history, so it is easy to test and to keep in React state or a ref.
 */
export interface UndoHistory<T> {
  readonly entries: readonly T[];
  /** The position of the current value in entries. */
  readonly index: number;
  /** When the last edit was recorded; null after an undo or redo, so the next edit starts a new step. */
  readonly lastEditAt: number | null;
}

export interface HistoryOptions {
  depth: number;
  mergeMs: number;
}
const DEFAULTS: HistoryOptions = { depth: EDITOR_HISTORY_DEPTH, mergeMs: EDITOR_HISTORY_MERGE_MS };

export function createHistory<T>(initial: T): UndoHistory<T> {
  return { entries: [initial], index: 0, lastEditAt: null };
}

export function currentValue<T>(history: UndoHistory<T>): T {
  return history.entries[history.index]!;
}

export const canUndo = (history: UndoHistory<unknown>) => history.index > 0;
export const canRedo = (history: UndoHistory<unknown>) => history.index < history.entries.length - 1;

/** Records an edit made at `now` (ms): merged into the current step when close to the last edit, else a new step. */
export function recordEdit<T>(
  history: UndoHistory<T>,
  value: T,
  now: number,
  options: HistoryOptions = DEFAULTS,
): UndoHistory<T> {
  if (Object.is(value, currentValue(history))) return history;
  const kept = history.entries.slice(0, history.index + 1);
  const merge = history.index > 0 && history.lastEditAt !== null && now - history.lastEditAt < options.mergeMs;
  if (merge) kept[kept.length - 1] = value;
  else kept.push(value);
  const entries = kept.length > options.depth + 1 ? kept.slice(kept.length - options.depth - 1) : kept;
  return { entries, index: entries.length - 1, lastEditAt: now };
}

export function undo<T>(history: UndoHistory<T>): UndoHistory<T> {
  return canUndo(history) ? { ...history, index: history.index - 1, lastEditAt: null } : history;
}

export function redo<T>(history: UndoHistory<T>): UndoHistory<T> {
  return canRedo(history) ? { ...history, index: history.index + 1, lastEditAt: null } : history;
}
