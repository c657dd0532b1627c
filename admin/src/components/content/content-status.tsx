import { StatusBadge } from '../ui/badge';
import { scheduledForLabel } from '../../lib/site-time';

/**
 * A post's or page's status in a list: its badge and, for a scheduled item, when it goes live in the site's time
 * zone (a status the spec does not name takes the pending style, decisions §13).
 */
export function ContentStatus({
  status,
  publishAt,
  timeZone,
}: {
  status: string;
  publishAt: string | null;
  timeZone: string;
}) {
  return (
    <div className="space-y-1">
      <StatusBadge status={status} />
      {status === 'scheduled' && publishAt && (
        <p className="text-xs text-slate-500">{scheduledForLabel(publishAt, timeZone)}</p>
      )}
    </div>
  );
}
