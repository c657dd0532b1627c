import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import type { Revision, RevisionList, RevisionSummary } from '@tours-cms/contract';
import { Modal } from '../ui/modal';
import { useNotify } from '../ui/notify';
import { errorMessage } from '../../lib/api-client';
import { FieldDiff, type DiffField } from './field-diff';

export interface HistoryPanelProps {
  /** 'post', 'page', 'component': how the panel names the item. */
  noun: string;
  /** The saved item's version number and fields (in the shape a revision keeps them). */
  currentVersion: number;
  current: Record<string, unknown>;
  fields: DiffField[];
  /** The query key of the item's history; a page number is added. */
  queryKey: readonly unknown[];
  fetchList: (page: number) => Promise<RevisionList>;
  fetchRevision: (revisionId: number) => Promise<Revision>;
  restore: (revisionId: number) => Promise<unknown>;
  canRestore: boolean;
  /** After a restore: reload the item (its form shows the restored fields). */
  onRestored: () => void;
}

function savedLine(revision: RevisionSummary): string {
  const when = new Date(revision.saved_at);
  const date = Number.isNaN(when.getTime()) ? revision.saved_at : when.toLocaleString();
  return `${revision.saved_by?.name ?? 'Unknown'}, ${date}`;
}

/**
 * An editor's History card: the versions earlier saves replaced, newest first, a page at a time. Choosing one
 * shows what changed from it to the current version, field by field; 'Restore this version' makes it current as
 * a new version, so a restore can itself be undone.
 */
export function HistoryPanel(props: HistoryPanelProps) {
  const { noun, currentVersion, queryKey, fetchList } = props;
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<RevisionSummary | null>(null);
  const list = useQuery({ queryKey: [...queryKey, 'revisions', page], queryFn: () => fetchList(page) });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;

  return (
    <section className="card" aria-labelledby="history-heading">
      <h2
        id="history-heading"
        className="flex items-center gap-2 border-b border-slate-200 px-5 py-3 text-base font-semibold text-slate-900"
      >
        <History className="h-4 w-4" aria-hidden="true" />
        History
      </h2>
      <div className="space-y-3 p-5 text-sm">
        <p className="text-slate-600">Current version: {currentVersion}</p>
        {list.isError ? (
          <p className="text-red-700">The history could not be loaded.</p>
        ) : !list.data ? (
          <p className="text-slate-500">Loading history...</p>
        ) : list.data.total === 0 ? (
          <p className="text-slate-500">No earlier versions yet: every save keeps the version it replaces here.</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {list.data.items.map((revision) => (
                <li key={revision.id}>
                  <button
                    type="button"
                    className="w-full px-3 py-2 text-left hover:bg-slate-50 focus-visible:bg-slate-50"
                    onClick={() => setOpen(revision)}
                  >
                    <span className="block font-medium text-slate-900">Version {revision.version}</span>
                    <span className="block text-xs text-slate-600">{savedLine(revision)}</span>
                  </button>
                </li>
              ))}
            </ul>
            {pages > 1 && (
              <nav className="flex items-center justify-between" aria-label={`${noun} history pages`}>
                <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Newer
                </button>
                <span className="text-xs text-slate-600">
                  Page {page} of {pages}
                </span>
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={page >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  Older
                </button>
              </nav>
            )}
          </>
        )}
      </div>
      {open && <RevisionModal {...props} summary={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

function RevisionModal({
  summary,
  onClose,
  noun,
  current,
  fields,
  queryKey,
  fetchRevision,
  restore,
  canRestore,
  onRestored,
}: HistoryPanelProps & { summary: RevisionSummary; onClose: () => void }) {
  const notify = useNotify();
  const revision = useQuery({
    queryKey: [...queryKey, 'revision', summary.id],
    queryFn: () => fetchRevision(summary.id),
  });
  const restoring = useMutation({ mutationFn: () => restore(summary.id) });

  const onRestore = async () => {
    try {
      await restoring.mutateAsync();
      notify.success(`Version ${summary.version} restored.`);
      onClose();
      onRestored();
    } catch (error) {
      console.error(error);
      notify.error(errorMessage(error, `The ${noun} could not be restored. Please try again.`));
    }
  };

  return (
    <Modal
      open
      title={`Version ${summary.version}`}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Close
          </button>
          {canRestore && (
            <button
              type="button"
              className="btn-primary"
              disabled={!revision.data || restoring.isPending}
              onClick={onRestore}
            >
              {restoring.isPending ? 'Restoring...' : 'Restore this version'}
            </button>
          )}
        </>
      }
    >
      <p className="mb-4 text-sm text-slate-600">
        Saved by {savedLine(summary)}. What changed from this version to the current one:
      </p>
      {revision.isError ? (
        <p className="text-sm text-red-700">This version could not be loaded.</p>
      ) : !revision.data ? (
        <p className="text-sm text-slate-500">Loading version...</p>
      ) : (
        <FieldDiff
          fields={fields}
          before={revision.data.data}
          after={current}
          beforeLabel={`Version ${summary.version}`}
          afterLabel="The current version"
        />
      )}
    </Modal>
  );
}
