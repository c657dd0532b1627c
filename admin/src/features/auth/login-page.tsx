import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAuth } from '../../lib/session';
import { FullPageSpinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../components/ui/use-document-title';

function ErrorAlert({ message }: { message: string | null }) {
  return message ? (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </div>
  ) : null;
}

/**
 * /admin: 'Sign in to Admin'. A signed-in visitor goes straight to the dashboard. An account with two-factor
 * sign-in on is asked for its code after the password, on the same screen.
 */
export function LoginPage() {
  const { user, isLoading, login } = useAuth();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  useDocumentTitle('Sign in to Admin');

  if (isLoading) return <FullPageSpinner label="Loading your session" />;
  if (user) return <Navigate to="/admin/dashboard" replace />;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const result = await login(username, password);
      if (result.signedIn) {
        navigate('/admin/dashboard', { replace: true });
        return;
      }
      setPassword('');
      setChallenge(result.challenge);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Invalid credentials');
    }
    setBusy(false);
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-100 to-blue-50 px-4">
      <div className="card w-full max-w-sm p-8">
        <h1 className="text-center text-2xl font-semibold tracking-tight">Sign in to Admin</h1>
        {challenge ? (
          <SecondStep
            challenge={challenge}
            onSignedIn={() => navigate('/admin/dashboard', { replace: true })}
            onStartOver={(message) => {
              setChallenge(null);
              setError(message);
            }}
          />
        ) : (
          <form className="mt-8 space-y-5" onSubmit={handleSubmit} noValidate={false}>
            <ErrorAlert message={error} />
            <div>
              <label htmlFor="username" className="label">
                Username
              </label>
              <input
                id="username"
                name="username"
                className="input"
                autoComplete="username"
                required
                autoFocus
                value={username}
                onChange={(e) => setUsername(e.target.value)}
              />
            </div>
            <div>
              <label htmlFor="password" className="label">
                Password
              </label>
              <input
                id="password"
                name="password"
                type="password"
                className="input"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? 'Signing in...' : 'Sign in'}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}

/** The code from the authenticator app, or a recovery code, for the challenge the password won. */
function SecondStep({
  challenge,
  onSignedIn,
  onStartOver,
}: {
  challenge: string;
  onSignedIn: () => void;
  onStartOver: (message: string | null) => void;
}) {
  const { completeTwoFactor } = useAuth();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await completeTwoFactor(challenge, code);
      onSignedIn();
      return;
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : 'Login failed';
      // A spent or expired challenge cannot take another code: back to the password, saying why.
      if (/expired or is not valid|Too many/.test(message)) {
        onStartOver(message);
        return;
      }
      setError(message);
      setCode('');
    }
    setBusy(false);
  };

  return (
    <form className="mt-8 space-y-5" onSubmit={handleSubmit}>
      <p className="text-sm text-slate-600">
        Two-factor sign-in is on for this account. Enter the 6-digit code your authenticator app shows now.
      </p>
      <ErrorAlert message={error} />
      <div>
        <label htmlFor="two-factor-code" className="label">
          Authentication code
        </label>
        <input
          id="two-factor-code"
          name="code"
          className="input font-mono tracking-widest"
          autoComplete="one-time-code"
          inputMode="text"
          required
          autoFocus
          maxLength={20}
          aria-describedby="two-factor-code-hint"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <p id="two-factor-code-hint" className="mt-1 text-xs text-slate-500">
          Lost your phone? Enter one of your recovery codes instead (like abcd-efgh-ijkl).
        </p>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? 'Verifying...' : 'Verify'}
      </button>
      <button type="button" className="btn-secondary w-full" onClick={() => onStartOver(null)}>
        Back to sign in
      </button>
    </form>
  );
}
