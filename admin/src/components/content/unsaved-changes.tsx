import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { useConfirm } from '../ui/confirm-dialog';

export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Leave this page and lose them?';
/** A dialog's question before it shows another item (a category's dialog switched to its German translation). */
export const UNSAVED_SWITCH_MESSAGE = 'You have unsaved changes. Open the other language and lose them?';

/** True when two plain form-value objects (strings, numbers, booleans, nested records) differ. */
export function valuesDiffer<T>(a: T, b: T): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}

/**
 * Keeps staff from losing a dirty form: an in-app navigation to another screen asks first in our ConfirmDialog
 * ('Leave' goes, 'Cancel' stays), and a reload or tab close gets the browser's own prompt.
 *
 * Returns `markClean`: call it after a successful save, before navigating away, so that navigation is not
 * stopped (the re-render that would clear `isDirty` has not happened yet when the save handler navigates).
 */
export function useUnsavedChangesGuard(isDirty: boolean): () => void {
  const confirm = useConfirm();
  const dirty = useRef(isDirty);
  useLayoutEffect(() => {
    dirty.current = isDirty;
  }, [isDirty]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => dirty.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const latestBlocker = useRef(blocker);
  useLayoutEffect(() => {
    latestBlocker.current = blocker;
  });

  // Asked once per blocked navigation, named by where it leads (a new location each time): keyed on the state
  // alone, a navigation blocked again before the router's "unblocked" after a Cancel was rendered (its updates are
  // transitions, which React may fold into one render) would leave the state "blocked" as it was, and nothing asked.
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm({
      message: UNSAVED_CHANGES_MESSAGE,
      title: 'Unsaved changes',
      confirmLabel: 'Leave',
      tone: 'danger',
    }).then((leave) => {
      const current = latestBlocker.current;
      if (current.state !== 'blocked') return;
      if (leave) current.proceed();
      else current.reset();
    });
  }, [blocker.state, blocker.location, confirm]);

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  return useCallback(() => {
    dirty.current = false;
  }, []);
}

/** Runs `go` (which drops what a dialog holds) at once, or after asking when there are unsaved edits. */
export type DiscardGuard = (go: () => void) => void;

/**
 * What the controls inside a dialog (its language switcher) ask before they replace the dialog's item: the dialog
 * provides its guard (`useDiscardGuard`); outside any, nothing is asked.
 */
export const DiscardGuardContext = createContext<DiscardGuard>((go) => go());

export function useDiscardGuardContext(): DiscardGuard {
  return useContext(DiscardGuardContext);
}

/**
 * The dialogs' counterpart of `useUnsavedChangesGuard` (whose question the post and page editors ask before any
 * navigation): a dialog that can switch to another item in place (a category's, tag's or FAQ's, to its translation)
 * asks in the same ConfirmDialog before dropping unsaved edits; 'Cancel' keeps them and the item.
 */
export function useDiscardGuard(isDirty: boolean): DiscardGuard {
  const confirm = useConfirm();
  return useCallback(
    (go) => {
      if (!isDirty) return go();
      void confirm({
        message: UNSAVED_SWITCH_MESSAGE,
        title: 'Unsaved changes',
        confirmLabel: 'Discard Changes',
        tone: 'danger',
      }).then((discard) => {
        if (discard === true) go();
      });
    },
    [confirm, isDirty],
  );
}
