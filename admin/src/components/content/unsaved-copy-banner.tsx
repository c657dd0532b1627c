import { History } from 'lucide-react';
import type { UnsavedCopy } from './use-unsaved-copy';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The offer of an unsaved copy found in this browser: when it was made, a warning when the item was saved since
 * the copy's version, and 'Restore them' / 'Discard'.
 */
export function UnsavedCopyBanner<T>({
  copy,
  noun,
  loadedVersion,
  onRestore,
  onDiscard,
}: {
  copy: UnsavedCopy<T>;
  noun: string;
  loadedVersion: number | undefined;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const savedSince = copy.baseVersion !== null && loadedVersion !== undefined && loadedVersion > copy.baseVersion;
  return (
    <section
      aria-label="Unsaved changes in this browser"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <div className="flex flex-wrap items-start gap-3">
        <History className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="min-w-0 flex-1 space-y-1">
          <p className="font-medium">
            You have unsaved changes to this {noun} from {timeFormat.format(new Date(copy.savedAt))}, kept in this
            browser.
          </p>
          {savedSince && <p>The {noun} was saved since; restoring puts your unsaved values over the newer ones.</p>}
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn-primary" onClick={onRestore}>
            Restore them
          </button>
          <button type="button" className="btn-secondary" onClick={onDiscard}>
            Discard
          </button>
        </div>
      </div>
    </section>
  );
}
