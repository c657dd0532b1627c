import {
  EMAIL_MAX,
  languageName,
  NAME_MAX,
  PHONE_MAX,
  SITE_DESCRIPTION_MAX,
  SITE_DETAIL_FIELDS,
  type LanguageDetails,
  type SiteDetailField,
} from '@tours-cms/contract';
import { FormField, fieldA11y } from '../../components/ui/form-field';

/** Each language's own details as the form holds them: every field a string, '' for "the default language's". */
export type LanguageDetailsForm = Record<string, Record<SiteDetailField, string>>;

/** The form's rows from the saved details. */
export function languageDetailsForm(saved: Record<string, LanguageDetails>): LanguageDetailsForm {
  return Object.fromEntries(
    Object.entries(saved).map(([language, details]) => [
      language,
      Object.fromEntries(SITE_DETAIL_FIELDS.map((field) => [field, details[field] ?? ''])) as Record<
        SiteDetailField,
        string
      >,
    ]),
  );
}

/** What a save sends: the details of these languages, blank fields left out (they are the default language's). */
export function languageDetailsInput(
  form: LanguageDetailsForm,
  languages: readonly string[],
): Record<string, LanguageDetails> {
  return Object.fromEntries(
    languages.map((language) => [
      language,
      Object.fromEntries(
        SITE_DETAIL_FIELDS.flatMap((field) => (form[language]?.[field] ? [[field, form[language][field]]] : [])),
      ),
    ]),
  );
}

const FIELDS: { field: SiteDetailField; label: string; max: number; type?: string }[] = [
  { field: 'site_name', label: 'Site Name', max: NAME_MAX },
  { field: 'site_description', label: 'Site Description', max: SITE_DESCRIPTION_MAX },
  { field: 'contact_email', label: 'Contact Email', max: EMAIL_MAX, type: 'email' },
  { field: 'contact_phone', label: 'Contact Phone', max: PHONE_MAX, type: 'tel' },
];

/**
 * The site's name, description and contact details in each language but the default (issue 30 item 1): a field
 * left empty shows the default language's, which its placeholder shows. The languages are the form's, less the
 * default as saved: the server reads the details as of it, and swaps them itself when the default changes.
 */
export function SiteDetailsFieldset({
  canChange,
  savedDefault,
  defaultLanguage,
  languages,
  defaults,
  details,
  onChange,
  errorFor,
}: {
  canChange: boolean;
  savedDefault: string;
  defaultLanguage: string;
  /** The languages with a section: the site's, less the saved default. */
  languages: readonly string[];
  /** The default language's details as the form holds them: the placeholders. */
  defaults: Record<SiteDetailField, string>;
  details: LanguageDetailsForm;
  onChange: (language: string, field: SiteDetailField, value: string) => void;
  errorFor: (field: string) => string | undefined;
}) {
  if (languages.length === 0) return null;
  const defaultName = languageName(savedDefault);
  return (
    <fieldset className="space-y-4 border-t border-slate-200 pt-5" aria-describedby="settings-site-details-hint">
      <legend className="text-base font-semibold text-slate-900">Site Details per Language</legend>
      <p id="settings-site-details-hint" className="text-sm text-slate-600">
        The site&apos;s name, description and contact details in each language. Leave a field empty to use the{' '}
        {defaultName} one, shown in grey.
        {defaultLanguage !== savedDefault &&
          ` When ${languageName(defaultLanguage)} becomes the default, its details become the site's own and each language keeps what it shows now.`}
      </p>
      {languages.map((language) => {
        const name = languageName(language);
        return (
          <fieldset key={language} className="space-y-3 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-800" lang={language}>
              {name}
            </legend>
            {FIELDS.map(({ field, label, max, type }) => {
              const id = `settings-${language}-${field}`;
              const error = errorFor(`language_details.${language}.${field}`);
              const props = {
                id,
                className: 'input',
                maxLength: max,
                readOnly: !canChange,
                placeholder: defaults[field],
                value: details[language]?.[field] ?? '',
                ...fieldA11y(id, error),
              };
              return (
                <FormField
                  key={field}
                  id={id}
                  label={
                    <>
                      {label}
                      <span className="sr-only"> in {name}</span>
                    </>
                  }
                  error={error}
                >
                  {field === 'site_description' ? (
                    <textarea rows={2} {...props} onChange={(event) => onChange(language, field, event.target.value)} />
                  ) : (
                    <input
                      type={type ?? 'text'}
                      {...props}
                      onChange={(event) => onChange(language, field, event.target.value)}
                    />
                  )}
                </FormField>
              );
            })}
          </fieldset>
        );
      })}
    </fieldset>
  );
}
