import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import type { CreatedPreviewLink, PreviewLink } from '@tours-cms/contract';
import { useNotify } from '../ui/notify';
import { errorMessage } from '../../lib/api-client';

export interface PreviewLinksPanelProps {
  /** 'post' or 'page'. */
  noun: string;
  queryKey: readonly unknown[];
  fetchLinks: () => Promise<PreviewLink[]>;
  createLink: () => Promise<CreatedPreviewLink>;
  revokeLink: (id: number) => Promise<void>;
  canEdit: boolean;
}

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/**
 * Draft preview links: a link to send to a colleague or a client, showing this draft exactly as the site would,
 * without an account, for seven days unless revoked here. The address is shown once, when it is made (only its
 * hash is kept), with a Copy button.
 */
export function PreviewLinksPanel({
  noun,
  queryKey,
  fetchLinks,
  createLink,
  revokeLink,
  canEdit,
}: PreviewLinksPanelProps) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = [...queryKey, 'previews'];
  const links = useQuery({ queryKey: key, queryFn: fetchLinks });
  const [made, setMade] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const create = useMutation({
    mutationFn: createLink,
    onSuccess: (link) => {
      setMade(`${window.location.origin}${link.url}`);
      void refresh();
    },
    onError: (error) => notify.error(errorMessage(error, 'The preview link could not be made. Please try again.')),
  });
  const revoke = useMutation({
    mutationFn: revokeLink,
    onSuccess: () => {
      notify.success('Preview link revoked.');
      void refresh();
    },
    onError: (error) => notify.error(errorMessage(error, 'The preview link could not be revoked. Please try again.')),
  });
  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made);
      notify.success('Preview link copied.');
    } catch {
      notify.error('Copy failed: select the address and copy it by hand.');
    }
  };
  const active = (links.data ?? []).filter((link) => !link.revoked && Date.parse(link.expires_at) > Date.now());

  return (
    <section className="card" aria-labelledby="preview-links-heading">
      <h2
        id="preview-links-heading"
        className="flex items-center gap-2 border-b border-slate-200 px-5 py-3 text-base font-semibold text-slate-900"
      >
        <Link2 className="h-4 w-4" aria-hidden="true" />
        Preview Links
      </h2>
      <div className="space-y-3 p-5 text-sm">
        <p className="text-slate-600">
          Anyone with a link sees this {noun} as saved, published or not, for 7 days or until you revoke it.
        </p>
        {canEdit && (
          <button
            type="button"
            className="btn-secondary w-full"
            disabled={create.isPending}
            onClick={() => create.mutate()}
          >
            {create.isPending ? 'Making link...' : 'Create preview link'}
          </button>
        )}
        {made && (
          <div className="space-y-2 rounded-lg border border-green-200 bg-green-50 p-3">
            <label htmlFor="preview-link-url" className="block text-xs font-semibold text-green-900">
              New preview link (shown once)
            </label>
            <input
              id="preview-link-url"
              className="input font-mono text-xs"
              readOnly
              value={made}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" className="btn-secondary" onClick={copy}>
              Copy link
            </button>
          </div>
        )}
        {links.isError ? (
          <p className="text-red-700">The preview links could not be loaded.</p>
        ) : active.length === 0 ? (
          <p className="text-slate-500">No active preview links.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {active.map((link) => (
              <li key={link.id} className="flex items-center justify-between gap-2 px-3 py-2">
                <span className="text-xs text-slate-700">
                  Until {when(link.expires_at)}
                  {link.created_by ? `, by ${link.created_by.name}` : ''}
                </span>
                {canEdit && (
                  <button
                    type="button"
                    className="btn-secondary"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(link.id)}
                  >
                    Revoke<span className="sr-only"> the link made {when(link.created_at)}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
