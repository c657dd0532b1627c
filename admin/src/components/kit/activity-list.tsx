import { Link } from 'react-router';
import { ACTIVITY_ACTION_LABELS, ACTIVITY_ITEM_TYPE_LABELS, type ActivityEntry } from '@tours-cms/contract';
import { activityItemHref } from '../../lib/activity-links';

/** "25 Nov 2026, 14:03" in the reader's locale. */
export function formatActivityTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * Activity entries as a list (the dashboard's Recent Activity): who did what to which item and when, the item's
 * title linking to where it is seen, and what changed.
 */
export function ActivityList({ entries, viewerIsAdmin }: { entries: ActivityEntry[]; viewerIsAdmin: boolean }) {
  return (
    <ul className="divide-y divide-slate-100">
      {entries.map((entry) => (
        <li key={entry.id} className="py-3 text-sm">
          <p className="text-slate-700">
            <span className="font-medium text-slate-900">{entry.actor_name}</span>
            <span className="text-slate-400"> · </span>
            {ACTIVITY_ACTION_LABELS[entry.action]}
            <span className="text-slate-400"> · </span>
            <span className="text-slate-500">{ACTIVITY_ITEM_TYPE_LABELS[entry.item_type]}</span>{' '}
            <Link
              to={activityItemHref(entry, viewerIsAdmin)}
              className="break-words font-medium text-blue-700 hover:underline"
            >
              {entry.item_title}
            </Link>
          </p>
          <p className="mt-0.5 text-xs text-slate-500">
            <time dateTime={entry.occurred_at}>{formatActivityTime(entry.occurred_at)}</time>
            {entry.summary && <> · {entry.summary}</>}
          </p>
        </li>
      ))}
    </ul>
  );
}
