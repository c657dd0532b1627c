import { randomBytes } from 'node:crypto';
import type { NotificationChannel } from '../db/notifications.js';

/**
 * What was written: a page, a post (a tour), a category or tag, a common component, a media item, the settings or
 * a menu; or a restore, after which anything may differ, even an item under a version number it had before.
 */
export type SiteChangeSource =
  'page' | 'post' | 'taxonomy' | 'component' | 'media' | 'settings' | 'menu' | 'module' | 'restore';

const SOURCES = new Set<string>([
  'page',
  'post',
  'taxonomy',
  'component',
  'media',
  'settings',
  'menu',
  'module',
  'restore',
]);

/** The LISTEN/NOTIFY channel of the signal (per schema). */
export const SITE_CHANGES_CHANNEL = 'tours_cms_site';

/** The message a restore sends every node: no node of the site sent it, so each one takes it. */
export const RESTORED_MESSAGE = JSON.stringify({ node: 'restore', source: 'restore' });

/**
 * The one signal between the content writers and the public site: every write that can change a rendered page
 * calls `changed` after it commits and before it answers, and the public site drops its cached documents. It is a
 * signal, not a message bus: listeners run synchronously and must be cheap (the cache only bumps a counter).
 * With PostgreSQL it also reaches every other node (`connect`), so an edit through one is never served stale by
 * another.
 */
export interface SiteChanges {
  changed(source: SiteChangeSource): void;
  /** Calls the listener on every change, this process's and (once connected) every other node's. */
  subscribe(listener: (source: SiteChangeSource) => void): () => void;
  /**
   * Carries the signal across processes: this process's changes are published on the channel, other processes'
   * arrive from it. `onReconnect` of the channel should call `missedSome` (changes may have been missed).
   */
  connect(channel: NotificationChannel): void;
  /** Every listener is told that anything may have changed (a lost channel came back). */
  missedSome(): void;
  /** Handles a message from the channel (one of this node's own messages is ignored: it was told at once). */
  receive(payload: string): void;
  onPublishError(handler: (error: unknown) => void): void;
}

export function createSiteChanges(): SiteChanges {
  const listeners = new Set<(source: SiteChangeSource) => void>();
  const node = randomBytes(8).toString('hex');
  let channel: NotificationChannel | null = null;
  let publishError: (error: unknown) => void = () => {};
  const tell = (source: SiteChangeSource) => {
    for (const listener of listeners) listener(source);
  };
  return {
    changed(source) {
      tell(source);
      channel?.publish(JSON.stringify({ node, source })).catch((error: unknown) => publishError(error));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connect(next) {
      channel = next;
    },
    missedSome() {
      tell('settings');
    },
    receive(payload) {
      let message: { node?: unknown; source?: unknown };
      try {
        message = JSON.parse(payload) as typeof message;
      } catch {
        return;
      }
      if (message.node === node) return;
      tell(
        typeof message.source === 'string' && SOURCES.has(message.source)
          ? (message.source as SiteChangeSource)
          : 'settings',
      );
    },
    onPublishError(handler) {
      publishError = handler;
    },
  };
}
