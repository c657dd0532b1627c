import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '../../lib/session';

/** What the browser keeps of an editor's unsaved work. */
export interface UnsavedCopy<T> {
  values: T;
  /** When it was last written (ISO). */
  savedAt: string;
  /** The item's version the editor had loaded when the copy was made (none for a new item). */
  baseVersion: number | null;
}

const PREFIX = 'tours-cms:unsaved';
const WRITE_DELAY_MS = 400;

/** The storage key of one editor's copy: per signed-in user, resource and item ("new" for one not yet created). */
export function unsavedCopyKey(
  userId: number | undefined,
  resource: string,
  itemId: number | string | undefined,
): string {
  return `${PREFIX}:${userId ?? 'anonymous'}:${resource}:${itemId ?? 'new'}`;
}

function read<T>(key: string): UnsavedCopy<T> | null {
  try {
    const text = localStorage.getItem(key);
    if (!text) return null;
    const parsed = JSON.parse(text) as UnsavedCopy<T>;
    return parsed && typeof parsed === 'object' && 'values' in parsed && typeof parsed.savedAt === 'string'
      ? parsed
      : null;
  } catch {
    return null; // unreadable (another version's shape, storage blocked): as if there were none
  }
}

function write(key: string, copy: UnsavedCopy<unknown>): void {
  try {
    localStorage.setItem(key, JSON.stringify(copy));
  } catch {
    // Storage full or blocked (private mode): the editor still works, it only cannot keep a copy.
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // as above
  }
}

export interface UnsavedCopyState<T> {
  /** A copy left by an earlier visit that differs from what the editor loaded, until restored or discarded. */
  offer: UnsavedCopy<T> | null;
  /** Takes the offer (the editor fills its form with `offer.values`) and goes on keeping copies. */
  accept: () => void;
  /** Drops the offer and the stored copy. */
  discard: () => void;
  /** Forgets the copy and keeps no more: call after a save that leaves the editor. */
  clear: () => void;
  /** Forgets the copy and keeps watching: call after a save that stays in the editor. */
  saved: () => void;
}

/**
 * Keeps an editor's unsaved values in this browser (localStorage) while they differ from what is saved, so a crash,
 * a closed tab or a lost connection loses nothing: on the next visit the editor is offered the copy. Writing waits
 * until an offered copy is restored or discarded, so typing first never overwrites it.
 */
export function useUnsavedCopy<T>({
  resource,
  itemId,
  values,
  isDirty,
  baseVersion,
  differsFromLoaded,
}: {
  resource: 'post' | 'page' | 'component';
  itemId: number | undefined;
  values: T;
  isDirty: boolean;
  baseVersion: number | undefined;
  /** Whether a stored copy holds anything the loaded item does not (else it is dropped without asking). */
  differsFromLoaded: (copy: T) => boolean;
}): UnsavedCopyState<T> {
  const { user } = useAuth();
  const key = unsavedCopyKey(user?.id, resource, itemId);
  const [offer, setOffer] = useState<UnsavedCopy<T> | null>(() => {
    const stored = read<T>(key);
    return stored && differsFromLoaded(stored.values) ? stored : null;
  });
  const pending = useRef(offer !== null);
  pending.current = offer !== null;
  // Set once the work is saved: this editor writes no more copies.
  const stopped = useRef(false);
  const latest = useRef({ values, isDirty, baseVersion });
  latest.current = { values, isDirty, baseVersion };

  // A stored copy that matches what was loaded is stale: forget it.
  useEffect(() => {
    if (offer === null && read<T>(key) !== null && !isDirty) remove(key);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening the editor
  }, [key]);

  const flush = useCallback(() => {
    if (pending.current || stopped.current) return;
    const now = latest.current;
    if (now.isDirty)
      write(key, { values: now.values, savedAt: new Date().toISOString(), baseVersion: now.baseVersion ?? null });
    else remove(key);
  }, [key]);

  useEffect(() => {
    if (pending.current || stopped.current) return;
    const timer = setTimeout(flush, WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values, isDirty, flush]);

  // The last keystrokes before a tab closes or the editor is left.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
    };
  }, [flush]);

  return {
    offer,
    accept: useCallback(() => setOffer(null), []),
    discard: useCallback(() => {
      setOffer(null);
      remove(key);
    }, [key]),
    clear: useCallback(() => {
      stopped.current = true;
      remove(key);
    }, [key]),
    saved: useCallback(() => remove(key), [key]),
  };
}
