import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  createHistory,
  currentValue,
  recordEdit,
  redo,
  undo,
  type UndoHistory,
} from './undo-history';

function editAll(values: string[], times: number[]): UndoHistory<string> {
  return values.reduce((h, value, i) => recordEdit(h, value, times[i]!), createHistory(''));
}

describe('undo history', () => {
  it('merges edits less than 1000 ms apart into one step', () => {
    const h = editAll(['a', 'ab', 'abc'], [0, 400, 1_300]);
    expect(currentValue(h)).toBe('abc');
    expect(h.entries).toEqual(['', 'abc']);
    expect(currentValue(undo(h))).toBe('');
  });

  it('starts a new step after a pause of 1000 ms or more', () => {
    const h = editAll(['a', 'ab', 'abc'], [0, 1_000, 2_500]);
    expect(h.entries).toEqual(['', 'a', 'ab', 'abc']);
    expect(currentValue(undo(undo(h)))).toBe('a');
  });

  it('never merges into the first value, whatever the timing', () => {
    const h = recordEdit(createHistory('start'), 'x', 0);
    expect(h.entries).toEqual(['start', 'x']);
  });

  it('redoes what was undone, and an edit after an undo drops the redo steps and starts a new step', () => {
    let h = editAll(['a', 'b', 'c'], [0, 2_000, 4_000]);
    h = undo(undo(h));
    expect(currentValue(h)).toBe('a');
    expect(canRedo(h)).toBe(true);
    expect(currentValue(redo(h))).toBe('b');
    h = recordEdit(h, 'z', 4_100);
    expect(h.entries).toEqual(['', 'a', 'z']);
    expect(canRedo(h)).toBe(false);
  });

  it('keeps 100 steps: the oldest fall off', () => {
    let h = createHistory('0');
    for (let i = 1; i <= 150; i++) h = recordEdit(h, String(i), i * 2_000);
    let undone = 0;
    while (canUndo(h)) {
      h = undo(h);
      undone++;
    }
    expect(undone).toBe(100);
    expect(currentValue(h)).toBe('50');
  });

  it('ignores an edit that changes nothing, and undo/redo at the ends', () => {
    const h = createHistory('same');
    expect(recordEdit(h, 'same', 0)).toBe(h);
    expect(undo(h)).toBe(h);
    expect(redo(h)).toBe(h);
  });
});
