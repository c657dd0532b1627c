import { useId } from 'react';
import { tourFieldSpecs } from '@tours-cms/contract';
import { PriceField } from '../../../components/ui/price-field';
import { TOUR_FIELDS, type TourField } from '../page-form-values';

/** The tour fields the edit screen carries: price, duration, age, location, button, calendar, short description. */
export function TourDetailsPanel({
  values,
  errors,
  onChange,
}: {
  values: Record<TourField, string>;
  /** The problems of the last save, by field. */
  errors: Partial<Record<string, string>>;
  onChange: (field: TourField, value: string) => void;
}) {
  const id = useId();
  return (
    <section className="card space-y-4 p-5" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        Tour Details
      </h2>
      {TOUR_FIELDS.map((field) => {
        const inputId = `${id}-${field}`;
        const error = errors[field];
        const common = {
          id: inputId,
          className: 'input',
          value: values[field],
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${inputId}-error` : undefined,
        };
        if (field === 'price') {
          return (
            <PriceField
              key={field}
              id={inputId}
              label={tourFieldSpecs.price.label}
              value={values.price}
              error={error}
              onChange={(text) => onChange('price', text)}
            />
          );
        }
        return (
          <div key={field}>
            <label htmlFor={inputId} className="label">
              {tourFieldSpecs[field].label}
            </label>
            {field === 'calendar_time_iframe' || field === 'short_description' ? (
              <textarea
                {...common}
                rows={3}
                onChange={(e) => onChange(field, e.target.value)}
                placeholder={field === 'calendar_time_iframe' ? 'Paste your calendar iframe code here' : undefined}
              />
            ) : (
              <input {...common} type="text" onChange={(e) => onChange(field, e.target.value)} />
            )}
            {error && (
              <p id={`${inputId}-error`} className="field-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </section>
  );
}
