import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import type { CreatedPreviewLink } from '@tours-cms/contract';
import { apiFetch } from '../../lib/api-client';
import { useNotify } from '../ui/notify';

interface Props {
  resource: 'posts' | 'pages';
  id: number;
  /** The editor's entry, whose preview links this refreshes (`[...queryKey, 'previews']`). */
  queryKey: readonly unknown[];
  isDirty: boolean;
  /** Saves the editor's changes, keeping it open; answers whether they were saved. */
  save: () => Promise<boolean>;
  noun: string;
}

/**
 * "Preview": the current draft as the site will show it, in a new tab, in one step. Unsaved changes are saved
 * first (a refused save opens nothing); the tab opens through a draft preview link, made once for this editor and
 * reused while it lives (a day), so the Preview Links panel does not fill up. The tab is opened at the click, before
 * anything is awaited, so no popup blocker stops it.
 */
export function PreviewDraftButton({ resource, id, queryKey, isDirty, save, noun }: Props) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const link = useRef<CreatedPreviewLink | null>(null);
  const [busy, setBusy] = useState(false);

  const open = async () => {
    if (busy) return;
    const tab = window.open('about:blank', '_blank');
    setBusy(true);
    try {
      if (isDirty && !(await save())) {
        tab?.close();
        return;
      }
      if (!link.current || Date.parse(link.current.expires_at) - Date.now() < 60_000) {
        link.current = await apiFetch<CreatedPreviewLink>(`/${resource}/${id}/previews`, {
          method: 'POST',
          body: { expires_in_days: 1 },
        });
        void queryClient.invalidateQueries({ queryKey: [...queryKey, 'previews'] });
      }
      const url = new URL(link.current.url, window.location.origin).href;
      if (tab) {
        // The preview never gets a handle on the admin.
        tab.opener = null;
        tab.location.href = url;
      } else {
        notify.error(`Your browser blocked the preview's tab. Allow pop-ups for this site, or open ${url}`);
      }
    } catch (error) {
      console.error(error);
      tab?.close();
      notify.error(`The ${noun}'s preview could not be opened. Please try again.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="btn-secondary"
      aria-disabled={busy}
      onClick={() => void open()}
      title={`Open this ${noun} as the site will show it, in a new tab`}
    >
      <Eye className="h-4 w-4" aria-hidden="true" />
      {busy ? 'Opening preview...' : 'Preview'}
      <span className="sr-only"> (opens in a new tab)</span>
    </button>
  );
}
