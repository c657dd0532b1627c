import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { VersionConflict } from '@tours-cms/contract';
import { Modal } from '../ui/modal';
import { FieldDiff, type DiffField } from './field-diff';

interface Props {
  noun: string;
  conflict: VersionConflict;
  fields: DiffField[];
  /** The saved item's fields now (what the other editor saved). */
  loadCurrent: () => Promise<Record<string, unknown>>;
  /** This form's fields, as they would be saved. */
  mine: Record<string, unknown>;
  onReload: () => void;
  onSaveAnyway: () => void;
}

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/**
 * Shown when a save was refused because someone saved a newer version since this editor was opened (two tabs
 * count as two editors): who and when, and the three ways on: see what differs, take their version (this form's
 * edits are dropped), or save this form over it (their version stays in the history).
 */
export function VersionConflictBox({ noun, conflict, fields, loadCurrent, mine, onReload, onSaveAnyway }: Props) {
  const [comparing, setComparing] = useState(false);
  const current = useQuery({
    queryKey: ['version-conflict', noun, conflict.current_version],
    queryFn: loadCurrent,
    enabled: comparing,
  });
  const who = conflict.updated_by?.name ?? 'Someone else';
  return (
    <div role="alert" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">Not saved: this {noun} was changed since you opened it.</p>
      <p>
        {who} saved version {conflict.current_version} on {when(conflict.updated_at)}.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={() => setComparing(true)}>
          Show the differences
        </button>
        <button type="button" className="btn-secondary" onClick={onReload}>
          Load their version
        </button>
        <button type="button" className="btn-primary" onClick={onSaveAnyway}>
          Save mine anyway
        </button>
      </div>
      {comparing && (
        <Modal open title="Your changes and the saved version" onClose={() => setComparing(false)} size="lg">
          {current.isError ? (
            <p className="text-sm text-red-700">The saved version could not be loaded.</p>
          ) : !current.data ? (
            <p className="text-sm text-slate-500">Loading the saved version...</p>
          ) : (
            <FieldDiff
              fields={fields}
              before={current.data}
              after={mine}
              beforeLabel={`Version ${conflict.current_version}`}
              afterLabel="Your form"
            />
          )}
        </Modal>
      )}
    </div>
  );
}
