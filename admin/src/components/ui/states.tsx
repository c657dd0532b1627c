import type { ReactNode } from 'react';
import { AlertTriangle, Inbox, Lock } from 'lucide-react';
import { useDocumentTitle } from './use-document-title';

/** The empty result of a list, with the spec's sentence. */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center text-slate-500">
      <Inbox className="h-10 w-10 text-slate-300" aria-hidden="true" />
      <p>{message}</p>
      {children}
    </div>
  );
}

/** A failed load, with a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <AlertTriangle className="h-10 w-10 text-red-400" aria-hidden="true" />
      <p className="text-slate-700">{message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className="btn-secondary">
          Try again
        </button>
      )}
    </div>
  );
}

export function ForbiddenState() {
  useDocumentTitle('No access');
  return (
    <div className="mx-auto mt-16 max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <Lock className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
      <h1 className="mt-4 text-lg font-semibold">You don't have access to this screen</h1>
      <p className="mt-2 text-sm text-slate-600">Ask an administrator if you need it.</p>
    </div>
  );
}
