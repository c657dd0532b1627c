import type { ReactNode } from 'react';

export type BadgeTone = 'green' | 'grey' | 'yellow' | 'amber' | 'blue' | 'red' | 'purple';

const TONES: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  yellow: 'bg-yellow-100 text-yellow-800 ring-yellow-600/20',
  amber: 'bg-amber-100 text-amber-800 ring-amber-600/20',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  purple: 'bg-purple-100 text-purple-800 ring-purple-600/20',
};

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** Status badges: published green, draft grey, anything else in the pending (yellow) style. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const tone: BadgeTone = status === 'published' ? 'green' : status === 'draft' ? 'grey' : 'yellow';
  return <Badge tone={tone}>{label ?? status.charAt(0).toUpperCase() + status.slice(1)}</Badge>;
}
