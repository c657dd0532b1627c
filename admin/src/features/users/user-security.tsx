import { useState } from 'react';
import { Link } from 'react-router';
import { describeUserAgent, type User } from '@tours-cms/contract';
import { formatActivityTime } from '../../components/kit/activity-list';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { useNotify } from '../../components/ui/notify';
import { errorMessage } from '../../lib/api-client';
import { useEndUserSession, useEndUserSessions, useResetTwoFactor, useUserSessions } from './api/user-security';

/**
 * The Edit User modal's security part (administrators): whether the user signs in with a second factor, with a
 * reset for one who lost their device, and where they are signed in, with a way to end any of it. One's own
 * sessions are managed on the Account screen (ending them here would sign oneself out).
 */
export function UserSecurity({ user, isSelf }: { user: User; isSelf: boolean }) {
  const sessions = useUserSessions(user.id, !isSelf);
  const endAll = useEndUserSessions(user.id);
  const endOne = useEndUserSession();
  const reset = useResetTwoFactor(user.id);
  const confirm = useConfirm();
  const notify = useNotify();
  const [twoFactorOn, setTwoFactorOn] = useState(user.two_factor_enabled);
  const name = user.full_name || user.username;

  const act = async (work: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await work();
      notify.success(done);
      if (!isSelf) await sessions.refetch();
    } catch (error) {
      notify.error(errorMessage(error, failed));
    }
  };
  const handleReset = async () => {
    const ok = await confirm({
      title: 'Reset two-factor sign-in',
      message: `Reset two-factor sign-in for ${name}? Their authenticator app and recovery codes stop working; their password alone signs them in until they set it up again.`,
      confirmLabel: 'Reset',
    });
    if (ok)
      await act(
        () => reset.mutateAsync(undefined).then(() => setTwoFactorOn(false)),
        'Two-factor sign-in was reset.',
        'Two-factor sign-in could not be reset. Please try again.',
      );
  };
  const handleEndAll = async () => {
    const ok = await confirm({
      title: 'End all sessions',
      message: `Sign ${name} out everywhere? Every browser of theirs is refused at its next step.`,
      confirmLabel: 'End all sessions',
    });
    if (ok)
      await act(
        () => endAll.mutateAsync(undefined),
        `${name} was signed out everywhere.`,
        'The sessions could not be ended. Please try again.',
      );
  };

  const list = sessions.data ?? [];
  return (
    <section className="mt-6 space-y-4 border-t border-slate-200 pt-4" aria-labelledby="user-security">
      <h3 id="user-security" className="font-semibold text-slate-900">
        Security
      </h3>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-slate-700">Two-factor sign-in: {twoFactorOn ? 'On' : 'Off'}</p>
        {twoFactorOn && !isSelf && (
          <button type="button" className="btn-secondary" onClick={() => void handleReset()} disabled={reset.isPending}>
            Reset two-factor sign-in
          </button>
        )}
      </div>
      {isSelf ? (
        <p className="text-sm text-slate-600">
          Manage your own two-factor sign-in and sessions on your{' '}
          <Link to="/admin/account" className="font-medium text-blue-700 underline">
            Account
          </Link>{' '}
          screen.
        </p>
      ) : (
        <div className="text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-slate-700">
              {sessions.isPending
                ? 'Loading sessions…'
                : sessions.isError
                  ? 'The sessions could not be loaded.'
                  : `Signed in: ${list.length} ${list.length === 1 ? 'session' : 'sessions'}`}
            </p>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => void handleEndAll()}
              disabled={list.length === 0 || endAll.isPending}
            >
              End all sessions
            </button>
          </div>
          <ul className="mt-2 divide-y divide-slate-100" aria-label={`Sessions of ${name}`}>
            {list.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="text-slate-600">
                  {describeUserAgent(session.user_agent)} · {session.ip_address ?? 'unknown address'} · last active{' '}
                  {formatActivityTime(session.last_used_at)}
                </span>
                <button
                  type="button"
                  className="btn-ghost text-red-700"
                  onClick={() =>
                    void act(
                      () => endOne.mutateAsync(session.id),
                      'Session ended.',
                      'The session could not be ended. Please try again.',
                    )
                  }
                  aria-label={`End the session of ${describeUserAgent(session.user_agent)} at ${session.ip_address ?? 'an unknown address'}`}
                >
                  End
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
