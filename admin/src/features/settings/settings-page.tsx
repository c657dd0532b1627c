import { useState, type FormEvent } from 'react';
import {
  canonicalLanguage,
  languageName,
  LANGUAGE_TAG_MAX,
  LANGUAGES_MAX,
  siteLanguageList,
  ACTIVITY_RETENTION_MAX_DAYS,
  ACTIVITY_RETENTION_MIN_DAYS,
  EMAIL_MAX,
  NAME_MAX,
  PHONE_MAX,
  ROLES,
  SITE_DESCRIPTION_MAX,
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
import {
  DisplayCurrenciesFieldset,
  displayCurrencyRows,
  rateOf,
  type DisplayCurrencyRow,
} from './display-currencies-fieldset';
import { languageDetailsForm, languageDetailsInput, SiteDetailsFieldset } from './site-details-fieldset';

/** ISO 4217 codes the browser can format, for the currency field's suggestions. */
const CURRENCIES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [];
/** IANA time zones the browser knows, for the time zone field's suggestions. */
const TIME_ZONES: string[] =
  typeof Intl.supportedValuesOf === 'function' ? ['UTC', ...Intl.supportedValuesOf('timeZone')] : ['UTC'];

/** Languages offered as suggestions in "Add a language" (any other BCP 47 tag may be typed). */
const SUGGESTED_LANGUAGES = [
  'en',
  'en-GB',
  'en-US',
  'de',
  'fr',
  'es',
  'it',
  'pt-PT',
  'pt-BR',
  'nl',
  'pl',
  'sv',
  'da',
  'nb',
  'fi',
  'cs',
  'el',
  'hr',
  'hu',
  'ro',
  'tr',
  'ru',
  'uk',
  'ja',
  'ko',
  'zh-Hans',
  'zh-Hant',
  'ar',
  'he',
  'hi',
  'th',
  'id',
];

/** The site's settings: administrators change them, editors and users read them. */
export function SettingsPage() {
  const query = useSiteSettings();
  const isAdmin = useAuth().user?.role === 'admin';
  return (
    <>
      <PageHeader
        title="Settings"
        subtitle="Your site's name, description, currency, contact details, time zone, languages, display currencies, history and security"
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

type Field = Exclude<
  keyof SiteSettingsInput,
  | 'two_factor_roles'
  | 'default_language'
  | 'languages'
  | 'display_currencies'
  | 'language_currencies'
  | 'language_details'
>;

function SettingsForm({ settings }: { settings: SiteSettings }) {
  const { user } = useAuth();
  const canChange = user?.role === 'admin';
  const save = useSaveSiteSettings();
  const [form, setForm] = useState<Record<Field, string>>({
    site_name: settings.site_name,
    site_description: settings.site_description ?? '',
    currency: settings.currency,
    contact_email: settings.contact_email ?? '',
    contact_phone: settings.contact_phone ?? '',
    social_image_url: settings.social_image_url ?? '',
    timezone: settings.timezone,
    revisions_keep: settings.revisions_keep == null ? '' : String(settings.revisions_keep),
    activity_retention_days: String(settings.activity_retention_days),
  });
  const [twoFactorRoles, setTwoFactorRoles] = useState<Role[]>(settings.two_factor_roles);
  const [defaultLanguage, setDefaultLanguage] = useState(settings.default_language);
  const [languages, setLanguages] = useState<string[]>(settings.languages);
  const [displayCurrencies, setDisplayCurrencies] = useState<DisplayCurrencyRow[]>(() =>
    displayCurrencyRows(settings.display_currencies ?? []),
  );
  const [languageCurrencies, setLanguageCurrencies] = useState<Record<string, string>>(
    settings.language_currencies ?? {},
  );
  const [languageDetails, setLanguageDetails] = useState(() => languageDetailsForm(settings.language_details ?? {}));
  // Each language but the default as saved has its own details: the server reads them as of that default.
  const detailLanguages = siteLanguageList(defaultLanguage, languages).filter(
    (language) => language !== settings.default_language,
  );
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
      default_language: defaultLanguage,
      languages: siteLanguageList(defaultLanguage, languages),
      display_currencies: displayCurrencies.map((row) => ({ code: row.code, rate: rateOf(row.rate) })),
      // Only the languages the site keeps: a language removed above takes its default with it.
      language_currencies: Object.fromEntries(
        Object.entries(languageCurrencies).filter(([language]) =>
          siteLanguageList(defaultLanguage, languages).includes(language),
        ),
      ),
      // A language removed above takes its details with it.
      language_details: languageDetailsInput(languageDetails, detailLanguages),
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
      <FormField
        id="settings-site_description"
        label="Site Description"
        hint="What the site offers, in a sentence or two: search engines show it for the home page when it has no SEO description."
        error={errorFor('site_description')}
      >
        <textarea
          id="settings-site_description"
          className="input"
          rows={2}
          maxLength={SITE_DESCRIPTION_MAX}
          readOnly={!canChange}
          value={form.site_description}
          onChange={(event) => set('site_description', event.target.value)}
          {...fieldA11y('settings-site_description', errorFor('site_description'), true)}
        />
      </FormField>
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
      <LanguagesFieldset
        canChange={canChange}
        savedDefault={settings.default_language}
        defaultLanguage={defaultLanguage}
        languages={languages}
        onDefaultChange={(language) => {
          setDefaultLanguage(language);
          clearFieldErrors(['default_language']);
        }}
        onLanguagesChange={(next) => {
          setLanguages(next);
          clearFieldErrors(['languages']);
        }}
        errors={{ default_language: errorFor('default_language'), languages: errorFor('languages') }}
      />
      <SiteDetailsFieldset
        canChange={canChange}
        savedDefault={settings.default_language}
        defaultLanguage={defaultLanguage}
        languages={detailLanguages}
        defaults={{
          site_name: form.site_name,
          site_description: form.site_description,
          contact_email: form.contact_email,
          contact_phone: form.contact_phone,
        }}
        details={languageDetails}
        onChange={(language, field, value) => {
          setLanguageDetails((current) => ({
            ...current,
            [language]: {
              site_name: '',
              site_description: '',
              contact_email: '',
              contact_phone: '',
              ...current[language],
              [field]: value,
            },
          }));
          clearFieldErrors([`language_details.${language}.${field}`]);
        }}
        errorFor={errorFor}
      />
      <DisplayCurrenciesFieldset
        canChange={canChange}
        siteCurrency={form.currency}
        languages={siteLanguageList(defaultLanguage, languages)}
        rows={displayCurrencies}
        defaults={languageCurrencies}
        onRowsChange={(rows, cleared) => {
          setDisplayCurrencies(rows);
          clearFieldErrors(cleared);
        }}
        onDefaultsChange={(defaults, cleared) => {
          setLanguageCurrencies(defaults);
          clearFieldErrors(cleared);
        }}
        errorFor={errorFor}
      />
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

/**
 * The site's languages: the default one (its addresses are the site's own: `/`, `/tours`) and the others, added
 * by their BCP 47 tag and removed again. Saved with the rest of the settings.
 */
function LanguagesFieldset({
  canChange,
  savedDefault,
  defaultLanguage,
  languages,
  onDefaultChange,
  onLanguagesChange,
  errors,
}: {
  canChange: boolean;
  /** The default language as saved: a new one moves the addresses, which the screen says before saving. */
  savedDefault: string;
  defaultLanguage: string;
  languages: string[];
  onDefaultChange: (language: string) => void;
  onLanguagesChange: (languages: string[]) => void;
  errors: { default_language?: string; languages?: string };
}) {
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | undefined>();
  const listed = siteLanguageList(defaultLanguage, languages);
  const add = () => {
    const tag = canonicalLanguage(draft);
    if (!tag) return setDraftError('Type a language tag such as de, pt-PT or zh-Hant.');
    if (listed.includes(tag)) return setDraftError(`${languageName(tag)} is already one of the site's languages.`);
    if (listed.length >= LANGUAGES_MAX) return setDraftError(`A site can be in at most ${LANGUAGES_MAX} languages.`);
    onLanguagesChange([...listed, tag]);
    setDraft('');
    setDraftError(undefined);
  };
  return (
    <fieldset className="space-y-4 border-t border-slate-200 pt-5">
      <legend className="text-base font-semibold text-slate-900">Languages</legend>
      <FormField
        id="settings-default-language"
        label="Default Language"
        hint="The language of the site's own addresses (/, /tours) and of what staff write first."
        error={errors.default_language}
      >
        <select
          id="settings-default-language"
          className="input"
          disabled={!canChange}
          value={defaultLanguage}
          onChange={(event) => onDefaultChange(event.target.value)}
          {...fieldA11y('settings-default-language', errors.default_language, true)}
        >
          {listed.map((language) => (
            <option key={language} value={language}>
              {languageName(language)}
            </option>
          ))}
        </select>
      </FormField>
      {defaultLanguage !== savedDefault && (
        <p id="settings-default-language-change" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Saving moves the site&apos;s addresses: {languageName(defaultLanguage)} pages and tours to the site&apos;s own
          addresses (/, /tours), {languageName(savedDefault)} ones under /{savedDefault.toLowerCase()}/. Links to the
          old addresses are sent on to the new ones.
          {!listed.includes(savedDefault) &&
            ` ${languageName(savedDefault)} is no longer among the languages: its pages and tours must be moved or deleted first.`}
        </p>
      )}
      <div>
        <p id="settings-languages" className="label">
          The Site&apos;s Languages
        </p>
        <ul
          aria-labelledby="settings-languages"
          className="divide-y divide-slate-200 rounded-lg border border-slate-200"
        >
          {listed.map((language) => (
            <li key={language} className="flex items-center justify-between gap-3 px-3 py-2 text-sm text-slate-800">
              <span lang={language}>{languageName(language)}</span>
              {language === defaultLanguage ? (
                <span className="text-xs font-medium text-slate-500">Default</span>
              ) : (
                canChange && (
                  <button
                    type="button"
                    className="btn-secondary px-3 py-1 text-xs"
                    aria-label={`Remove ${languageName(language)}`}
                    onClick={() => onLanguagesChange(listed.filter((other) => other !== language))}
                  >
                    Remove
                  </button>
                )
              )}
            </li>
          ))}
        </ul>
        {errors.languages && (
          <p className="mt-1 text-sm text-red-700" role="alert">
            {errors.languages}
          </p>
        )}
      </div>
      {canChange && (
        <FormField
          id="settings-add-language"
          label="Add a Language"
          hint="Its BCP 47 tag: de, fr, pt-PT, pt-BR, zh-Hant..."
          error={draftError}
        >
          <div className="flex gap-2">
            <input
              id="settings-add-language"
              className="input"
              list="settings-language-tags"
              maxLength={LANGUAGE_TAG_MAX}
              value={draft}
              onChange={(event) => {
                setDraft(event.target.value);
                setDraftError(undefined);
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                add();
              }}
              {...fieldA11y('settings-add-language', draftError, true)}
            />
            <button type="button" className="btn-secondary shrink-0" onClick={add}>
              Add
            </button>
          </div>
          <datalist id="settings-language-tags">
            {SUGGESTED_LANGUAGES.filter((tag) => !listed.includes(tag)).map((tag) => (
              <option key={tag} value={tag} label={languageName(tag)} />
            ))}
          </datalist>
        </FormField>
      )}
    </fieldset>
  );
}
