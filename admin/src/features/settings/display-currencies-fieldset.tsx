import { useState } from 'react';
import { DISPLAY_CURRENCIES_MAX, isCurrencyCode, languageName, type DisplayCurrency } from '@tours-cms/contract';
import { FormField, fieldA11y } from '../../components/ui/form-field';

/** A display currency as the form holds it: the rate as typed, and when the saved rate was set (none: new). */
export interface DisplayCurrencyRow {
  code: string;
  rate: string;
  /** The saved rate and its date, to say whether the typed one changes it. */
  saved?: Pick<DisplayCurrency, 'rate' | 'rate_set_at'>;
}

export function displayCurrencyRows(currencies: readonly DisplayCurrency[]): DisplayCurrencyRow[] {
  return currencies.map(({ code, rate, rate_set_at }) => ({ code, rate: String(rate), saved: { rate, rate_set_at } }));
}

/** A rate as typed, as the number sent ("1,08" is 1.08); blank or not a number is sent as such for the schema to name. */
export function rateOf(typed: string): number {
  const text = typed.trim().replace(',', '.');
  return text === '' ? Number.NaN : Number(text);
}

/** A currency's name in English ("US Dollar (USD)"), or its code where the runtime has none. */
export function currencyLabel(code: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'currency' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

const CURRENCIES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [];

function setOn(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Display currencies (issue 30 item 5): the currencies visitors may see prices converted into, each with its rate
 * against the site's currency (typed by hand; the server dates it when it changes), and each language's default
 * among them. Saved with the rest of the settings; the server's refusals show by their field
 * (`display_currencies[1].rate`, `language_currencies.de`).
 */
export function DisplayCurrenciesFieldset({
  canChange,
  siteCurrency,
  languages,
  rows,
  defaults,
  onRowsChange,
  onDefaultsChange,
  errorFor,
}: {
  canChange: boolean;
  siteCurrency: string;
  languages: string[];
  rows: DisplayCurrencyRow[];
  defaults: Record<string, string>;
  onRowsChange: (rows: DisplayCurrencyRow[], cleared: string[]) => void;
  onDefaultsChange: (defaults: Record<string, string>, cleared: string[]) => void;
  errorFor: (field: string) => string | undefined;
}) {
  const [code, setCode] = useState('');
  const [rate, setRate] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [rateError, setRateError] = useState<string | undefined>();
  const site = siteCurrency.trim().toUpperCase();
  const rowFields = (index: number) => [`display_currencies[${index}].code`, `display_currencies[${index}].rate`];
  const add = () => {
    const wanted = code.trim().toUpperCase();
    const number = rateOf(rate);
    const badCode = !isCurrencyCode(wanted)
      ? 'Type an ISO 4217 code, such as USD or GBP.'
      : wanted === site
        ? `${wanted} is the site's currency: its prices are already shown in it.`
        : rows.some((row) => row.code === wanted)
          ? `${currencyLabel(wanted)} is already a display currency.`
          : rows.length >= DISPLAY_CURRENCIES_MAX
            ? `A site can offer at most ${DISPLAY_CURRENCIES_MAX} display currencies.`
            : undefined;
    const badRate = Number.isFinite(number) && number > 0 ? undefined : 'Type a rate above 0, such as 1.08.';
    setCodeError(badCode);
    setRateError(badRate);
    if (badCode || badRate) return;
    onRowsChange([...rows, { code: wanted, rate: rate.trim() }], ['display_currencies']);
    setCode('');
    setRate('');
  };
  return (
    <fieldset className="space-y-4 border-t border-slate-200 pt-5">
      <legend className="text-base font-semibold text-slate-900">Display Currencies</legend>
      <p id="settings-display-currencies-hint" className="text-sm text-slate-600">
        Visitors may see prices converted into these, rounded and marked approximate (≈), beside the price in {site}.
        Bookings and search engines always use {site}. Each rate is what 1 {site} buys, typed by hand.
      </p>
      {rows.length > 0 && (
        <ul aria-label="Display currencies" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {rows.map((row, index) => {
            const id = `settings-rate-${row.code}`;
            const error =
              errorFor(`display_currencies[${index}].rate`) ?? errorFor(`display_currencies[${index}].code`);
            const changed = !row.saved || rateOf(row.rate) !== row.saved.rate;
            return (
              <li key={row.code} className="flex flex-wrap items-start justify-between gap-3 px-3 py-3">
                <div className="min-w-0 flex-1">
                  <FormField
                    id={id}
                    label={`Rate for ${currencyLabel(row.code)}`}
                    hint={`1 ${site} = ${row.rate.trim() || '…'} ${row.code}. ${
                      changed ? 'Dated when you save.' : `Set on ${setOn(row.saved!.rate_set_at)}.`
                    }`}
                    error={error}
                  >
                    <input
                      id={id}
                      className="input max-w-[12rem]"
                      inputMode="decimal"
                      readOnly={!canChange}
                      value={row.rate}
                      onChange={(event) =>
                        onRowsChange(
                          rows.map((other, i) => (i === index ? { ...other, rate: event.target.value } : other)),
                          rowFields(index),
                        )
                      }
                      {...fieldA11y(id, error, true)}
                    />
                  </FormField>
                </div>
                {canChange && (
                  <button
                    type="button"
                    className="btn-secondary mt-6 px-3 py-1 text-xs"
                    aria-label={`Remove ${currencyLabel(row.code)}`}
                    onClick={() => {
                      onRowsChange(
                        rows.filter((_, i) => i !== index),
                        rows.flatMap((_, i) => rowFields(i)),
                      );
                      onDefaultsChange(
                        Object.fromEntries(Object.entries(defaults).filter(([, chosen]) => chosen !== row.code)),
                        [],
                      );
                    }}
                  >
                    Remove
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {errorFor('display_currencies') && (
        <p className="field-error" role="alert">
          {errorFor('display_currencies')}
        </p>
      )}
      {canChange && (
        <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
          <FormField
            id="settings-add-currency"
            label="Add a Display Currency"
            hint="Its ISO 4217 code: USD, GBP, JPY..."
            error={codeError}
          >
            <input
              id="settings-add-currency"
              className="input"
              list="settings-display-currency-codes"
              maxLength={3}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setCodeError(undefined);
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                add();
              }}
              {...fieldA11y('settings-add-currency', codeError, true)}
            />
          </FormField>
          <FormField id="settings-add-rate" label="Its Rate" hint={`What 1 ${site} buys in it.`} error={rateError}>
            <input
              id="settings-add-rate"
              className="input"
              inputMode="decimal"
              value={rate}
              onChange={(event) => {
                setRate(event.target.value);
                setRateError(undefined);
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                add();
              }}
              {...fieldA11y('settings-add-rate', rateError, true)}
            />
          </FormField>
          <button type="button" className="btn-secondary sm:mt-6" onClick={add}>
            Add Currency
          </button>
          <datalist id="settings-display-currency-codes">
            {CURRENCIES.filter((c) => c !== site && !rows.some((row) => row.code === c)).map((c) => (
              <option key={c} value={c} label={currencyLabel(c)} />
            ))}
          </datalist>
        </div>
      )}
      {rows.length > 0 &&
        languages.map((language) => {
          const id = `settings-language-currency-${language}`;
          const error = errorFor(`language_currencies.${language}`);
          return (
            <FormField
              key={language}
              id={id}
              label={`Prices in ${languageName(language)} shown in`}
              hint={`What its visitors see until they choose; the price in ${site} is always shown.`}
              error={error}
            >
              <select
                id={id}
                className="input"
                disabled={!canChange}
                value={defaults[language] ?? ''}
                onChange={(event) => {
                  const next = { ...defaults };
                  if (event.target.value) next[language] = event.target.value;
                  else delete next[language];
                  onDefaultsChange(next, [`language_currencies.${language}`]);
                }}
                {...fieldA11y(id, error, true)}
              >
                <option value="">{currencyLabel(site)} only</option>
                {rows.map((row) => (
                  <option key={row.code} value={row.code}>
                    ≈ {currencyLabel(row.code)}
                  </option>
                ))}
              </select>
            </FormField>
          );
        })}
    </fieldset>
  );
}
