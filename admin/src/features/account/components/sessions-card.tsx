import { Monitor } from 'lucide-react';
import { describeUserAgent, type Session } from '@tours-cms/contract';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { formatActivityTime } from '../../../components/kit/activity-list';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { useNotify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-client';
import { useEndOtherSessions, useEndSession, useMySessions } from '../api/sessions';

/**
 * Where one is signed in: each session's browser, address, when it began and was last used (to the minute). Ending
 * one signs that browser out at its next request; 'Sign out everywhere else' ends all but this one.
 */
export function SessionsCard() {
  const query = useMySessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const confirm = useConfirm();
  const notify = useNotify();
  const sessions = query.data ?? [];

  const handleEnd = async (session: Session) => {
    try {
      await endOne.mutateAsync(session.id);
      notify.success(`Signed out ${describeUserAgent(session.user_agent)}.`);
    } catch (error) {
      notify.error(errorMessage(error, 'The session could not be ended. Please try again.'));
    }
  };
  const handleEndOthers = async () => {
    const ok = await confirm({
      title: 'Sign out everywhere else',
      message: 'Sign out of every other browser and device? You stay signed in here.',
      confirmLabel: 'Sign out everywhere else',
    });
    if (!ok) return;
    try {
      const { ended } = await endOthers.mutateAsync(undefined);
      notify.success(`Signed out of ${ended} other ${ended === 1 ? 'session' : 'sessions'}.`);
    } catch (error) {
      notify.error(errorMessage(error, 'The other sessions could not be ended. Please try again.'));
    }
  };

  return (
    <section className="card p-6" aria-labelledby="account-sessions">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="account-sessions" className="text-lg font-semibold">
            Sessions
          </h2>
          <p className="mt-1 text-sm text-slate-600">The browsers and devices signed in as you.</p>
        </div>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => void handleEndOthers()}
          disabled={sessions.length < 2 || endOthers.isPending}
        >
          Sign out everywhere else
        </button>
      </div>
      {query.isPending ? (
        <Spinner label="Loading your sessions" />
      ) : query.isError ? (
        <ErrorState message="Your sessions could not be loaded." onRetry={() => query.refetch()} />
      ) : (
        <ul className="mt-4 divide-y divide-slate-100" aria-label="Your sessions">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex items-start gap-3">
                <Monitor className="mt-0.5 h-5 w-5 text-slate-400" aria-hidden="true" />
                <div className="text-sm">
                  <p className="font-medium text-slate-900">
                    {describeUserAgent(session.user_agent)}{' '}
                    {session.current && <Badge tone="green">This browser</Badge>}
                  </p>
                  <p className="text-slate-600">
                    {session.ip_address ?? 'Unknown address'} · signed in {formatActivityTime(session.created_at)} ·
                    last active {formatActivityTime(session.last_used_at)}
                  </p>
                </div>
              </div>
              {!session.current && (
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => void handleEnd(session)}
                  disabled={endOne.isPending}
                  aria-label={`Sign out ${describeUserAgent(session.user_agent)} at ${session.ip_address ?? 'an unknown address'}, signed in ${formatActivityTime(session.created_at)}`}
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
