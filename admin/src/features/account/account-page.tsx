import { ShieldAlert } from 'lucide-react';
import { PageHeader } from '../../components/ui/page-header';
import { QueryStatus } from '../../components/kit/query-status';
import { useAuth } from '../../lib/session';
import { useAccount } from './api/account';
import { PasswordCard } from './components/password-card';
import { ProfileCard } from './components/profile-card';
import { SessionsCard } from './components/sessions-card';
import { TwoFactorCard } from './components/two-factor-card';

/**
 * /admin/account: every signed-in user's own account: name and e-mail, password, two-factor sign-in and the
 * sessions signed in as them. A user whose role requires two-factor sign-in is sent here until they set it up,
 * and sees only that until then (the server refuses them everything else).
 */
export function AccountPage() {
  const query = useAccount();
  const setupRequired = useAuth().user?.two_factor_setup_required ?? false;
  return (
    <>
      <PageHeader
        title="Account"
        subtitle="Your name, e-mail, password, two-factor sign-in and where you are signed in"
      />
      {setupRequired && (
        <div
          role="alert"
          className="mb-6 flex max-w-3xl items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <p>
            Your role requires two-factor sign-in. Set it up below to continue: the rest of the admin opens once it is
            on.
          </p>
        </div>
      )}
      <QueryStatus
        query={query}
        loadingLabel="Loading your account"
        errorMessage="Your account could not be loaded."
        emptyMessage=""
        isEmpty={false}
        boxed
      >
        {query.data && (
          <div className="grid max-w-3xl gap-6">
            {!setupRequired && <ProfileCard account={query.data} />}
            <TwoFactorCard account={query.data} />
            {!setupRequired && <PasswordCard />}
            {!setupRequired && <SessionsCard />}
          </div>
        )}
      </QueryStatus>
    </>
  );
}
