import { useId, useState, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import { emailSchema, INQUIRY_RECIPIENTS_MAX, MAIL_NOT_CONFIGURED_MESSAGE, type MailStatus } from '@tours-cms/contract';
import { FormErrorBox, FormField, fieldA11y } from '../../components/ui/form-field';
import { useFormSubmit } from '../../components/kit/use-form-submit';
import { useNotify } from '../../components/ui/notify';
import { errorMessage } from '../../lib/api-client';
import { useMailStatus, useSaveMailSettings, useSendTestMail } from './api/mail-settings';

/** A moment as this browser reads dates and times. */
function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** The addresses typed one per line or separated by commas or semicolons. */
function addressesOf(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);
}

/**
 * Settings' e-mail part, for administrators: who is told of every inquiry ('Send inquiries to'), whether the server
 * can send at all, a test message, and the messages that have not gone out with the mail server's last answer.
 */
export function MailSettingsCard() {
  const status = useMailStatus();
  const id = useId();
  return (
    <section className="card max-w-2xl space-y-5 p-6" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Mail className="h-4 w-4" aria-hidden="true" />
        E-mail notifications
      </h2>
      {status.isError ? (
        <p className="text-sm text-red-700">The e-mail settings could not be loaded.</p>
      ) : !status.data ? (
        <p className="text-sm text-slate-500">Loading e-mail settings...</p>
      ) : (
        <MailSettingsForm key={status.data.inquiry_recipients.join(',')} status={status.data} />
      )}
    </section>
  );
}

function MailSettingsForm({ status }: { status: MailStatus }) {
  const notify = useNotify();
  const save = useSaveMailSettings();
  const test = useSendTestMail();
  const [recipients, setRecipients] = useState(status.inquiry_recipients.join('\n'));
  const [testProblem, setTestProblem] = useState<string | null>(null);
  const { submit, isPending, errorFor, formError, clearFieldErrors } = useFormSubmit({
    // Each address checked as the server will, naming the one at fault.
    check: (addresses: string[]) => {
      const wrong = addresses.find((address) => !emailSchema.safeParse(address).success);
      if (wrong !== undefined)
        return { fieldErrors: [{ field: 'inquiry_recipients', message: `"${wrong}" is not an e-mail address` }] };
      if (addresses.length > INQUIRY_RECIPIENTS_MAX)
        return {
          fieldErrors: [{ field: 'inquiry_recipients', message: `At most ${INQUIRY_RECIPIENTS_MAX} addresses` }],
        };
      return null;
    },
    send: (addresses: string[]) => save.mutateAsync({ inquiry_recipients: addresses }),
    successNotice: 'E-mail settings saved.',
    failureNotice: 'Error saving e-mail settings. Please try again.',
  });
  const fieldId = 'settings-inquiry-recipients';
  const fieldError = errorFor('inquiry_recipients');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(addressesOf(recipients));
  };
  const sendTest = async () => {
    setTestProblem(null);
    try {
      const result = await test.mutateAsync();
      notify.success(`Test e-mail sent to ${result.sent_to.join(', ')}.`);
    } catch (error) {
      setTestProblem(errorMessage(error, 'The test e-mail could not be sent. Please try again.'));
    }
  };

  return (
    <form className="space-y-5" onSubmit={handleSubmit} noValidate>
      {status.configured ? (
        <p className="text-sm text-slate-600">
          E-mail is sent from <span className="font-medium text-slate-900">{status.from}</span>.
          {status.last_sent_at && ` Last sent ${when(status.last_sent_at)}.`}
        </p>
      ) : (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {MAIL_NOT_CONFIGURED_MESSAGE} New inquiries still arrive in Contacts.
        </p>
      )}
      <FormErrorBox message={formError} />
      <FormField
        id={fieldId}
        label="Send inquiries to"
        error={fieldError}
        hint="One address per line. Everyone listed gets an e-mail for each inquiry from the website, with the visitor's details; replying answers the visitor."
      >
        <textarea
          id={fieldId}
          className="input"
          rows={3}
          value={recipients}
          placeholder="office@example.com"
          onChange={(event) => {
            setRecipients(event.target.value);
            clearFieldErrors(['inquiry_recipients']);
          }}
          {...fieldA11y(fieldId, fieldError)}
          aria-describedby={fieldError ? `${fieldId}-error` : `${fieldId}-hint`}
        />
      </FormField>
      <div className="flex flex-wrap items-center justify-end gap-3">
        <button
          type="button"
          className="btn-secondary"
          onClick={() => void sendTest()}
          disabled={!status.configured || test.isPending}
        >
          {test.isPending ? 'Sending...' : 'Send a test e-mail'}
        </button>
        <button type="submit" className="btn-primary" disabled={isPending}>
          {isPending ? 'Saving...' : 'Save E-mail Settings'}
        </button>
      </div>
      {testProblem && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          {testProblem}
        </p>
      )}
      {status.undelivered.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Not sent yet</h3>
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
            {status.undelivered.map((message) => (
              <li key={message.id} className="space-y-1 px-4 py-3">
                <p className="font-medium text-slate-900">{message.subject}</p>
                <p className="text-slate-600">
                  To {message.recipients.join(', ')} ·{' '}
                  {message.status === 'failed'
                    ? `Given up after ${message.attempts} tries`
                    : `${message.attempts} ${message.attempts === 1 ? 'try' : 'tries'} so far; next ${message.next_attempt_at ? when(message.next_attempt_at) : 'soon'}`}
                </p>
                {message.last_error && <p className="break-words text-red-700">Last error: {message.last_error}</p>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}
