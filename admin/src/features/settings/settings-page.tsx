import { useState, type FormEvent } from 'react';
import {
  ACTIVITY_RETENTION_MAX_DAYS,
  ACTIVITY_RETENTION_MIN_DAYS,
  EMAIL_MAX,
  NAME_MAX,
  PHONE_MAX,
  ROLES,
  ROLE_LABELS,
  siteSettingsInputSchema,
  URL_MAX,
  type Role,
  type SiteSettings,
  type SiteSettingsInput,
} from '@tours-cms/contract';
import { PageHeader } from '../../components/ui/page-header';
import { QueryStatus } from '../../components/kit/query-status';
import { FormErrorBox, FormField, fieldA11y } from '../../components/ui/form-field';
import { useFormSubmit } from '../../components/kit/use-form-submit';
import { useAuth } from '../../lib/session';
import { useSiteSettings } from './api/get-settings';
import { useSaveSiteSettings } from './api/save-settings';
import { MailSettingsCard } from './mail-settings-card';

/** ISO 4217 codes the browser can format, for the currency field's suggestions. */
const CURRENCIES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [];
/** IANA time zones the browser knows, for the time zone field's suggestions. */
const TIME_ZONES: string[] =
  typeof Intl.supportedValuesOf === 'function' ? ['UTC', ...Intl.supportedValuesOf('timeZone')] : ['UTC'];

/** The site's settings: administrators change them, editors and users read them. */
export function SettingsPage() {
  const query = useSiteSettings();
  const isAdmin = useAuth().user?.role === 'admin';
  return (
    <>
      <PageHeader
        title="Settings"
        subtitle="Your site's name, currency, contact details, time zone, history and security"
      />
      <QueryStatus
        query={query}
        loadingLabel="Loading settings"
        errorMessage="The settings could not be loaded."
        emptyMessage=""
        isEmpty={false}
        boxed
      >
        {query.data && <SettingsForm key={query.data.updated_at ?? 'defaults'} settings={query.data} />}
      </QueryStatus>
      {isAdmin && (
        <div className="mt-6">
          <MailSettingsCard />
        </div>
      )}
    </>
  );
}

type Field = Exclude<keyof SiteSettingsInput, 'two_factor_roles'>;

function SettingsForm({ settings }: { settings: SiteSettings }) {
  const { user } = useAuth();
  const canChange = user?.role === 'admin';
  const save = useSaveSiteSettings();
  const [form, setForm] = useState<Record<Field, string>>({
    site_name: settings.site_name,
    currency: settings.currency,
    contact_email: settings.contact_email ?? '',
    contact_phone: settings.contact_phone ?? '',
    social_image_url: settings.social_image_url ?? '',
    timezone: settings.timezone,
    revisions_keep: settings.revisions_keep == null ? '' : String(settings.revisions_keep),
    activity_retention_days: String(settings.activity_retention_days),
  });
  const [twoFactorRoles, setTwoFactorRoles] = useState<Role[]>(settings.two_factor_roles);
  const { submit, isPending, errorFor, formError, clearFieldErrors } = useFormSubmit({
    schema: siteSettingsInputSchema,
    send: (input: SiteSettingsInput) => save.mutateAsync(input),
    successNotice: 'Settings saved.',
    failureNotice: 'Error saving settings. Please try again.',
  });
  const set = (field: Field, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    clearFieldErrors([field]);
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Blank keeps every version; anything else is sent as the number typed (the schema says what is wrong with it).
    const keep = form.revisions_keep.trim();
    const retention = form.activity_retention_days.trim();
    void submit({
      ...form,
      revisions_keep: keep === '' ? null : Number(keep),
      activity_retention_days: retention === '' ? undefined : Number(retention),
      two_factor_roles: twoFactorRoles,
    });
  };

  const input = (
    field: Field,
    label: string,
    options: {
      max: number;
      type?: string;
      required?: boolean;
      hint?: string;
      placeholder?: string;
      list?: string;
      min?: number;
    },
  ) => (
    <FormField
      id={`settings-${field}`}
      label={label}
      required={options.required}
      hint={options.hint}
      error={errorFor(field)}
    >
      <input
        id={`settings-${field}`}
        type={options.type ?? 'text'}
        className="input"
        maxLength={options.max}
        required={options.required}
        placeholder={options.placeholder}
        list={options.list}
        min={options.min}
        readOnly={!canChange}
        value={form[field]}
        onChange={(event) => set(field, event.target.value)}
        {...fieldA11y(`settings-${field}`, errorFor(field), Boolean(options.hint))}
      />
    </FormField>
  );

  return (
    <form className="card max-w-2xl space-y-5 p-6" onSubmit={handleSubmit}>
      {!canChange && (
        <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">
          Only administrators can change the settings.
        </p>
      )}
      <FormErrorBox message={formError} />
      {input('site_name', 'Site Name', {
        max: NAME_MAX,
        required: true,
        hint: 'Shown in page titles and to search engines.',
      })}
      {input('currency', 'Currency', {
        max: 3,
        required: true,
        list: 'settings-currencies',
        hint: 'An ISO 4217 code, such as EUR or USD: every tour price is in it.',
      })}
      <datalist id="settings-currencies">
        {CURRENCIES.map((code) => (
          <option key={code} value={code} />
        ))}
      </datalist>
      {input('contact_email', 'Contact Email', { max: EMAIL_MAX, type: 'email', placeholder: 'hello@example.com' })}
      {input('contact_phone', 'Contact Phone', { max: PHONE_MAX, type: 'tel', placeholder: '+1 555 010 2030' })}
      {input('social_image_url', 'Default Social Image URL', {
        max: URL_MAX,
        type: 'url',
        hint: 'Shown when a page without an image of its own is shared.',
        placeholder: 'https://',
      })}
      {input('timezone', 'Time Zone', {
        max: 64,
        required: true,
        list: 'settings-time-zones',
        hint: "An IANA time zone, such as Europe/Lisbon: 'Publish at' times are shown and read in it.",
      })}
      <datalist id="settings-time-zones">
        {TIME_ZONES.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      {input('revisions_keep', 'Versions to Keep', {
        max: 6,
        type: 'number',
        min: 1,
        placeholder: 'All',
        hint: 'How many versions of each post, page and component the History panel keeps. Leave blank to keep them all; a number removes older versions now.',
      })}
      <fieldset className="space-y-4 border-t border-slate-200 pt-5">
        <legend className="text-base font-semibold text-slate-900">Security</legend>
        <div>
          <p id="settings-two-factor-roles" className="label">
            Require two-factor sign-in for
          </p>
          <div
            className="flex flex-wrap gap-4"
            role="group"
            aria-labelledby="settings-two-factor-roles"
            aria-describedby="settings-two-factor-roles-hint"
          >
            {ROLES.map((role) => (
              <label key={role} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  disabled={!canChange}
                  checked={twoFactorRoles.includes(role)}
                  onChange={(event) =>
                    setTwoFactorRoles((current) =>
                      event.target.checked ? [...current, role] : current.filter((r) => r !== role),
                    )
                  }
                />
                {ROLE_LABELS[role]}
              </label>
            ))}
          </div>
          <p id="settings-two-factor-roles-hint" className="mt-1 text-xs text-slate-500">
            Their users are sent to set it up at their next step in the admin, and cannot turn it off.
          </p>
        </div>
        {input('activity_retention_days', 'Days to Keep Activity', {
          max: 4,
          type: 'number',
          min: ACTIVITY_RETENTION_MIN_DAYS,
          required: true,
          hint: `How long the activity log keeps its entries (${ACTIVITY_RETENTION_MIN_DAYS} to ${ACTIVITY_RETENTION_MAX_DAYS} days); older ones are removed every hour.`,
        })}
      </fieldset>
      {canChange && (
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={isPending}>
            {isPending ? 'Saving...' : 'Save Settings'}
          </button>
        </div>
      )}
    </form>
  );
}
