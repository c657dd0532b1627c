import { BOOKING_EMBED_UNSUPPORTED, isUnsupportedBookingEmbed, postFields } from '@tours-cms/contract';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { PriceField } from '../../../components/ui/price-field';
import { Card } from './card';
import type { PostFormValues } from '../post-form-values';

interface Props {
  values: PostFormValues;
  errorFor: (field: keyof PostFormValues) => string | undefined;
  onChange: <K extends keyof PostFormValues>(field: K, value: PostFormValues[K]) => void;
}

const TEXT_FIELDS = [
  ['duration', 'e.g. 3 hours'],
  ['age', 'e.g. 6+'],
  ['location', 'e.g. Old Town'],
  ['button_label', 'e.g. Book now'],
  ['button_value', 'e.g. https://booking.example.com/tour'],
] as const;

/** The tour's facts shown beside its description, and the booking button and calendar. */
export function QuickDetailsCard({ values, errorFor, onChange }: Props) {
  // Said while staff edit: the tour page shows only one plain https iframe from this field, never other markup,
  // and never from the site's own host (the admin's, here; the server also knows PUBLIC_ORIGIN and SITE_HOSTS).
  const calendarWarning = isUnsupportedBookingEmbed(values.calendar_time_iframe, {
    siteHosts: [window.location.hostname],
  });
  const calendarA11y = fieldA11y('post-calendar_time_iframe', errorFor('calendar_time_iframe'));
  return (
    <Card title="Quick Details">
      <div className="grid gap-4 sm:grid-cols-2">
        <PriceField
          id="post-price"
          label={postFields.price.label}
          value={values.price}
          error={errorFor('price')}
          onChange={(text) => onChange('price', text)}
        />
        {TEXT_FIELDS.map(([field, placeholder]) => (
          <FormField key={field} id={`post-${field}`} label={postFields[field].label} error={errorFor(field)}>
            <input
              id={`post-${field}`}
              className="input"
              placeholder={placeholder}
              value={values[field]}
              onChange={(event) => onChange(field, event.target.value)}
              {...fieldA11y(`post-${field}`, errorFor(field))}
            />
          </FormField>
        ))}
      </div>
      <FormField
        id="post-short_description"
        label={postFields.short_description.label}
        error={errorFor('short_description')}
      >
        <textarea
          id="post-short_description"
          className="input"
          rows={3}
          value={values.short_description}
          onChange={(event) => onChange('short_description', event.target.value)}
          {...fieldA11y('post-short_description', errorFor('short_description'))}
        />
      </FormField>
      <FormField
        id="post-calendar_time_iframe"
        label={postFields.calendar_time_iframe.label}
        error={errorFor('calendar_time_iframe')}
      >
        <textarea
          id="post-calendar_time_iframe"
          className="input font-mono text-xs"
          rows={3}
          placeholder="Paste your calendar iframe code here"
          value={values.calendar_time_iframe}
          onChange={(event) => onChange('calendar_time_iframe', event.target.value)}
          {...calendarA11y}
          aria-describedby={
            [calendarA11y['aria-describedby'], calendarWarning ? 'post-calendar-warning' : undefined]
              .filter(Boolean)
              .join(' ') || undefined
          }
        />
      </FormField>
      {calendarWarning && (
        <p
          id="post-calendar-warning"
          role="status"
          className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {BOOKING_EMBED_UNSUPPORTED}
        </p>
      )}
    </Card>
  );
}
