import { formatPrice, readPrice } from '@tours-cms/contract';
import { useSiteCurrency } from '../../lib/site-currency';
import { FormField, fieldA11y } from './form-field';

/** The symbol a currency is written with where the admin is read ("€", "US$", "CHF"). */
function currencySymbol(currency: string): string {
  return (
    new Intl.NumberFormat(undefined, { style: 'currency', currency })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}

/**
 * A price in the site's currency, typed as people type prices ("35,50", "1.234,50", "1,234.50"): the currency is
 * shown beside the input, and below it the amount that will be saved ("Will be saved as €35.50"), or why the text cannot be
 * read ("1.234" could be two prices). What is saved is what the field showed; the API still takes numbers.
 */
export function PriceField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (text: string) => void;
}) {
  const currency = useSiteCurrency();
  const reading = readPrice(value);
  const problem = reading.ok ? error : reading.message;
  const symbol = currencySymbol(currency);
  return (
    <FormField
      id={id}
      label={label}
      error={problem}
      hint={
        reading.ok && reading.value !== null
          ? `Will be saved as ${formatPrice(reading.value, currency)}`
          : `In ${currency}`
      }
    >
      <div className="flex items-stretch">
        <span
          className="inline-flex items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600"
          aria-hidden="true"
        >
          {symbol}
        </span>
        <input
          id={id}
          className="input rounded-l-none"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...fieldA11y(id, problem)}
          aria-describedby={problem ? `${id}-error` : `${id}-hint`}
        />
      </div>
    </FormField>
  );
}
