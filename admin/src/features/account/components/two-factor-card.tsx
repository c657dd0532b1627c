import { useState, type FormEvent } from 'react';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { PASSWORD_MAX, type Account, type TwoFactorEnableInput, type TwoFactorSetup } from '@tours-cms/contract';
import { FormErrorBox, FormField, fieldA11y } from '../../../components/ui/form-field';
import { useFormSubmit } from '../../../components/kit/use-form-submit';
import { useNotify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/session';
import { useBeginTwoFactorSetup, useDisableTwoFactor, useEnableTwoFactor, useRenewRecoveryCodes } from '../api/account';
import { PasswordPrompt } from './password-prompt';
import { RecoveryCodesView } from './recovery-codes-view';

/**
 * Two-factor sign-in: off → 'Set up' shows a QR code and the secret as text, and the first code from the app turns
 * it on; the ten recovery codes are then shown once. On → new recovery codes, or off (with the password; not while
 * the role requires it).
 */
export function TwoFactorCard({ account }: { account: Account }) {
  const { refreshUser } = useAuth();
  const notify = useNotify();
  const begin = useBeginTwoFactorSetup();
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [prompt, setPrompt] = useState<'disable' | 'renew' | null>(null);

  const startSetup = async () => {
    try {
      setSetup(await begin.mutateAsync());
    } catch (error) {
      notify.error(errorMessage(error, 'Two-factor sign-in could not be set up. Please try again.'));
    }
  };

  return (
    <section className="card p-6" aria-labelledby="account-two-factor">
      <h2 id="account-two-factor" className="text-lg font-semibold">
        Two-factor sign-in
      </h2>
      {codes ? (
        <RecoveryCodesView codes={codes} onDone={() => setCodes(null)} />
      ) : account.two_factor_enabled ? (
        <>
          <p className="mt-2 flex items-center gap-2 text-sm text-slate-700">
            <ShieldCheck className="h-5 w-5 text-green-600" aria-hidden="true" />
            On: signing in asks for a code from your authenticator app. {account.recovery_codes_left} recovery{' '}
            {account.recovery_codes_left === 1 ? 'code' : 'codes'} left.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => setPrompt('renew')}>
              New recovery codes
            </button>
            {account.two_factor_required ? (
              <p className="text-sm text-slate-500">Your role requires two-factor sign-in, so it stays on.</p>
            ) : (
              <button type="button" className="btn-danger" onClick={() => setPrompt('disable')}>
                Turn off two-factor sign-in
              </button>
            )}
          </div>
        </>
      ) : setup ? (
        <SetupForm
          setup={setup}
          onCancel={() => setSetup(null)}
          onEnabled={(recoveryCodes) => {
            setSetup(null);
            setCodes(recoveryCodes);
            void refreshUser();
          }}
        />
      ) : (
        <>
          <p className="mt-2 flex items-center gap-2 text-sm text-slate-700">
            <ShieldOff className="h-5 w-5 text-slate-400" aria-hidden="true" />
            Off: your password alone signs you in. Add a code from an authenticator app (Google Authenticator,
            1Password, Authy...) to keep your account safe even if your password leaks.
          </p>
          <button
            type="button"
            className="btn-primary mt-4"
            onClick={() => void startSetup()}
            disabled={begin.isPending}
          >
            {begin.isPending ? 'Preparing...' : 'Set up two-factor sign-in'}
          </button>
        </>
      )}
      <PasswordPrompt
        open={prompt === 'disable'}
        title="Turn off two-factor sign-in"
        message="Enter your password to turn off two-factor sign-in. Your recovery codes stop working."
        confirmLabel="Turn off"
        tone="danger"
        onClose={() => setPrompt(null)}
        send={(password) => disable.mutateAsync(password)}
        onDone={() => {
          notify.success('Two-factor sign-in is off.');
          void refreshUser();
        }}
      />
      <PasswordPrompt
        open={prompt === 'renew'}
        title="New recovery codes"
        message="Enter your password to make ten new recovery codes. The ones you have now stop working."
        confirmLabel="Make new codes"
        tone="primary"
        onClose={() => setPrompt(null)}
        send={async (password) => setCodes((await renew.mutateAsync(password)).recovery_codes)}
        onDone={() => undefined}
      />
    </section>
  );
}

/**
 * The QR code and the secret as text, the first code from the app, and the password: it is the account's owner who
 * binds it to a phone. Turning it on signs the user's other browsers out.
 */
function SetupForm({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const { submit, isPending, errorFor, formError, clearFieldErrors } = useFormSubmit({
    send: (input: TwoFactorEnableInput) => enable.mutateAsync(input).then((answer) => onEnabled(answer.recovery_codes)),
    successNotice: 'Two-factor sign-in is on. Your other sessions were signed out.',
    failureNotice: null,
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit({ code, password });
  };
  // Grouped by four, as apps show a key to type.
  const grouped = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;

  return (
    <div className="mt-4 grid gap-6 sm:grid-cols-[auto_1fr]">
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_code_svg)}`}
        alt="QR code to scan with your authenticator app"
        className="h-48 w-48 rounded-lg border border-slate-200 bg-white p-2"
      />
      <form className="space-y-4" onSubmit={handleSubmit}>
        <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
          <li>Scan the QR code with your authenticator app.</li>
          <li>
            Or type this key into the app instead:
            <code
              id="two-factor-secret"
              aria-label="Secret key"
              className="mt-1 block select-all break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900"
            >
              {grouped}
            </code>
          </li>
          <li>
            Enter the 6-digit code the app shows, and your password, to confirm. Your other sessions are then signed
            out.
          </li>
        </ol>
        <FormErrorBox message={formError} />
        <FormField id="two-factor-first-code" label="Code from the app" required error={errorFor('code')}>
          <input
            id="two-factor-first-code"
            className="input w-40 font-mono tracking-widest"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            maxLength={20}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              clearFieldErrors(['code']);
            }}
            {...fieldA11y('two-factor-first-code', errorFor('code'))}
          />
        </FormField>
        <FormField id="two-factor-password" label="Your Password" required error={errorFor('password')}>
          <input
            id="two-factor-password"
            type="password"
            className="input"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              clearFieldErrors(['password']);
            }}
            {...fieldA11y('two-factor-password', errorFor('password'))}
          />
        </FormField>
        <div className="flex gap-2">
          <button type="submit" className="btn-primary" disabled={isPending}>
            {isPending ? 'Turning on...' : 'Turn on'}
          </button>
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
