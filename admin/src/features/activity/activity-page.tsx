import { Link } from 'react-router';
import { ACTIVITY_ACTION_LABELS, ACTIVITY_ITEM_TYPES, ACTIVITY_ITEM_TYPE_LABELS } from '@tours-cms/contract';
import { PageHeader } from '../../components/ui/page-header';
import { QueryStatus } from '../../components/kit/query-status';
import { formatActivityTime } from '../../components/kit/activity-list';
import { activityItemHref } from '../../lib/activity-links';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/session';
import { useListView } from '../../lib/use-server-list';
import { ServerListFooter } from '../../components/kit/server-list-footer';
import { useActivityPages, usePeople } from './api/get-activity';

const NO_FILTERS = { user_id: '', item_type: '', from: '', to: '' };

/**
 * The activity log, newest first: administrators see everyone's and filter by person; anyone else sees their own.
 * Filters by type of item and by date (from, to: whole days, UTC). 50 entries at a time by a cursor that stays put
 * as entries arrive, with the total (issue 26: a million entries). The filters live in the address, so a view can
 * be shared and a reload shows the same entries.
 */
export function ActivityPage() {
  const isAdmin = useAuth().user?.role === 'admin';
  const view = useListView(NO_FILTERS);
  const activity = useActivityPages(view.values);
  const people = usePeople(isAdmin);
  const setFilter = (key: keyof typeof NO_FILTERS, value: string) => view.set(key, value);
  const entries = activity.items;
  const badFilter = activity.error instanceof ApiError && activity.error.status === 422;

  return (
    <>
      <PageHeader
        title="Activity"
        subtitle={isAdmin ? 'Who did what, and when, across the site' : 'What you did, and when'}
      />
      <form
        className="card mb-4 flex flex-wrap items-end gap-4 p-4"
        role="search"
        aria-label="Filter activity"
        onSubmit={(event) => event.preventDefault()}
      >
        {isAdmin && (
          <div>
            <label htmlFor="activity-person" className="label">
              Person
            </label>
            <select
              id="activity-person"
              className="input w-48"
              value={view.values.user_id}
              onChange={(e) => setFilter('user_id', e.target.value)}
            >
              <option value="">Everyone</option>
              {(people.data ?? []).map((user) => (
                <option key={user.id} value={user.id}>
                  {user.full_name || user.username}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor="activity-type" className="label">
            Type of item
          </label>
          <select
            id="activity-type"
            className="input w-44"
            value={view.values.item_type}
            onChange={(e) => setFilter('item_type', e.target.value)}
          >
            <option value="">All types</option>
            {ACTIVITY_ITEM_TYPES.map((type) => (
              <option key={type} value={type}>
                {ACTIVITY_ITEM_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="activity-from" className="label">
            From
          </label>
          <input
            id="activity-from"
            type="date"
            className="input"
            value={view.values.from}
            onChange={(e) => setFilter('from', e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="activity-to" className="label">
            To
          </label>
          <input
            id="activity-to"
            type="date"
            className="input"
            value={view.values.to}
            onChange={(e) => setFilter('to', e.target.value)}
          />
        </div>
        {Object.values(view.values).some(Boolean) && (
          <button
            type="button"
            className="btn-secondary"
            onClick={() =>
              (Object.keys(NO_FILTERS) as (keyof typeof NO_FILTERS)[]).forEach((key) => setFilter(key, ''))
            }
          >
            Clear filters
          </button>
        )}
      </form>
      <div className="card overflow-hidden">
        {badFilter ? (
          <p role="alert" className="px-6 py-12 text-center text-slate-700">
            These filters cannot be read. Clear them and try again.
          </p>
        ) : (
          <QueryStatus
            query={activity}
            loadingLabel="Loading activity"
            errorMessage="The activity could not be loaded."
            emptyMessage="No activity found."
            isEmpty={entries.length === 0}
          >
            <div className="overflow-x-auto">
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
                  <tr>
                    <th scope="col" className="px-4 py-3 sm:px-6">
                      When and who
                    </th>
                    <th scope="col" className="px-4 py-3 sm:px-6">
                      What
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {entries.map((entry) => (
                    <tr key={entry.id} className="align-top hover:bg-slate-50">
                      <td className="w-2/5 px-4 py-3 sm:w-64 sm:px-6">
                        <time dateTime={entry.occurred_at} className="block text-slate-600">
                          {formatActivityTime(entry.occurred_at)}
                        </time>
                        <span className="block font-medium text-slate-900">{entry.actor_name}</span>
                        {entry.ip_address && (
                          <span className="block break-all text-xs text-slate-500">from {entry.ip_address}</span>
                        )}
                      </td>
                      <td className="px-4 py-3 sm:px-6">
                        <p className="text-slate-700">
                          <span className="font-medium">{ACTIVITY_ACTION_LABELS[entry.action]}</span>
                          <span className="text-slate-400"> · </span>
                          <span className="text-slate-500">{ACTIVITY_ITEM_TYPE_LABELS[entry.item_type]}</span>{' '}
                          <Link
                            to={activityItemHref(entry, isAdmin)}
                            className="break-words font-medium text-blue-700 hover:underline"
                          >
                            {entry.item_title}
                          </Link>
                        </p>
                        {entry.summary && <p className="mt-0.5 break-words text-slate-600">{entry.summary}</p>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </QueryStatus>
        )}
        {!badFilter && <ServerListFooter list={activity} noun="entries" />}
      </div>
    </>
  );
}
