import { FormField } from '../ui/form-field';
import { fromZonedInputValue, toZonedInputValue, useSiteTimeZone } from '../../lib/site-time';

interface Props {
  id: string;
  /** The moment in UTC (ISO), or '' for none. */
  value: string;
  error?: string;
  onChange: (iso: string) => void;
}

/**
 * 'Publish at' for a scheduled post or page: a date and time read and shown in the site's time zone (Settings),
 * handed to the form as the moment in UTC. The earliest choice offered is now.
 */
export function PublishAtField({ id, value, error, onChange }: Props) {
  const timeZone = useSiteTimeZone();
  const describedBy = error ? `${id}-error` : `${id}-hint`;
  return (
    <FormField
      id={id}
      label="Publish at"
      required
      error={error}
      hint={`In the site's time zone (${timeZone}). The server publishes it at that time.`}
    >
      <input
        id={id}
        type="datetime-local"
        className="input"
        aria-required="true"
        value={toZonedInputValue(value || null, timeZone)}
        min={toZonedInputValue(new Date().toISOString(), timeZone)}
        onChange={(event) => onChange(fromZonedInputValue(event.target.value, timeZone) ?? '')}
        aria-invalid={!!error}
        aria-describedby={describedBy}
      />
    </FormField>
  );
}
