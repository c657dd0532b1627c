import { Link } from 'react-router';
import { CalendarCheck, FileText, Files, Inbox, Users, Plus, Upload, type LucideIcon } from 'lucide-react';
import { useAuth, useCanEdit } from '../../lib/session';
import { PageHeader } from '../../components/ui/page-header';
import { ActivityList } from '../../components/kit/activity-list';
import { Spinner } from '../../components/ui/spinner';
import { useDashboardStats } from './api/get-dashboard-stats';
import { useRecentActivity } from './api/get-recent-activity';

function StatCard({
  label,
  value,
  icon: Icon,
  note,
}: {
  label: string;
  value: number | undefined;
  icon: LucideIcon;
  note?: string;
}) {
  return (
    <div className="card flex items-center gap-4 p-5">
      <div className="flex h-12 w-12 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
        <Icon className="h-6 w-6" aria-hidden="true" />
      </div>
      <div>
        <p className="text-sm font-medium text-slate-500">{label}</p>
        <p className="text-2xl font-semibold text-slate-900" aria-label={`${label}: ${value ?? 'loading'}`}>
          {value ?? '–'}
        </p>
        {note && <p className="text-xs text-slate-500">{note}</p>}
      </div>
    </div>
  );
}

// Each creates something, so each needs an editor: a plain user would only reach a screen that refuses them.
const QUICK_ACTIONS = [
  { label: 'Create New Post', to: '/admin/posts/create', icon: Plus },
  { label: 'Create New Page', to: '/admin/pages/create', icon: Plus },
  { label: 'Upload Media', to: '/admin/media', icon: Upload },
];

/** The ten newest entries of the activity log the viewer may see (everyone's for administrators, else their own). */
function RecentActivity() {
  const { data, isPending, isError, refetch } = useRecentActivity();
  const isAdmin = useAuth().user?.role === 'admin';
  if (isPending) return <Spinner label="Loading recent activity" />;
  if (isError) {
    return (
      <div role="alert" className="mt-4 flex items-center justify-between gap-4 text-sm text-red-700">
        The recent activity could not be loaded.
        <button type="button" className="btn-secondary" onClick={() => refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (data.length === 0) return <p className="mt-4 text-sm text-slate-500">No recent activity to display.</p>;
  return (
    <div className="mt-2">
      <ActivityList entries={data} viewerIsAdmin={isAdmin} />
    </div>
  );
}

export function DashboardPage() {
  const { data, isError, refetch } = useDashboardStats();
  const canEdit = useCanEdit();
  return (
    <>
      <PageHeader title="Dashboard" subtitle="An overview of your website" />
      {isError && (
        <div
          role="alert"
          className="mb-6 flex items-center justify-between rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
        >
          The totals could not be loaded.
          <button type="button" className="btn-secondary" onClick={() => refetch()}>
            Try again
          </button>
        </div>
      )}
      <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        <StatCard label="Total Posts" value={data?.total_posts} icon={FileText} />
        <StatCard label="Total Pages" value={data?.total_pages} icon={Files} />
        <StatCard label="Total Users" value={data?.total_users} icon={Users} />
        <StatCard
          label="Total Contacts"
          value={data?.total_contacts}
          icon={Inbox}
          note={
            data && data.new_contacts > 0
              ? `${data.new_contacts} new ${data.new_contacts === 1 ? 'inquiry' : 'inquiries'}`
              : undefined
          }
        />
        <StatCard label="Booking requests waiting" value={data?.booking_requests} icon={CalendarCheck} />
      </section>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <section className="card p-6 lg:col-span-2" aria-labelledby="recent-activity">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id="recent-activity" className="text-lg font-semibold">
              Recent Activity
            </h2>
            <Link to="/admin/activity" className="text-sm font-medium text-blue-700 hover:underline">
              View all activity
            </Link>
          </div>
          <RecentActivity />
        </section>
        <section className="card p-6" aria-labelledby="quick-actions">
          <h2 id="quick-actions" className="text-lg font-semibold">
            Quick Actions
          </h2>
          {canEdit ? (
            <ul className="mt-4 space-y-2">
              {QUICK_ACTIONS.map(({ label, to, icon: Icon }) => (
                <li key={to + label}>
                  <Link
                    to={to}
                    className="flex items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 text-sm font-medium text-slate-700 hover:border-blue-300 hover:bg-blue-50"
                  >
                    <Icon className="h-4 w-4 text-blue-600" aria-hidden="true" />
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-4 text-sm text-slate-500">
              Your account can read the website's content but not change it. Ask an administrator if you need to.
            </p>
          )}
        </section>
      </div>
    </>
  );
}
