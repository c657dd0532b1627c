import { languageName } from '@tours-cms/contract';
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

/**
 * A list row's status (and language, on a site in more than one) repeated under its title on a phone, where the
 * table scrolls those columns out of view beneath the pinned actions and a draft would otherwise look published.
 * Hidden from assistive technology, which reads the columns themselves; rendered only at phone widths.
 */
export function RowSummary({ status, language }: { status: string; language: string | null }) {
  return (
    <div aria-hidden="true" className="mt-1 flex flex-wrap items-center gap-2">
      <StatusBadge status={status} />
      {language && <span className="text-xs text-slate-500">{languageName(language)}</span>}
    </div>
  );
}
