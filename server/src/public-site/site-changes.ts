/** What was written: a page, a post (a tour), a category or tag, a common component, a media item or the settings. */
export type SiteChangeSource = 'page' | 'post' | 'taxonomy' | 'component' | 'media' | 'settings';

/**
 * The one signal between the content writers and the public site: every write that can change a
 * rendered page calls `changed` before it answers, and the public site drops its cached documents. It is a
 * signal, not a message bus: listeners run synchronously and must be cheap (the cache only bumps a counter).
 * One process only; several servers behind a balancer would each need the signal (see ARCHITECTURE.md).
 */
export interface SiteChanges {
  changed(source: SiteChangeSource): void;
  /** Calls the listener on every change; returns the function that stops it. */
  subscribe(listener: (source: SiteChangeSource) => void): () => void;
}

export function createSiteChanges(): SiteChanges {
  const listeners = new Set<(source: SiteChangeSource) => void>();
  return {
    changed(source) {
      for (const listener of listeners) listener(source);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
