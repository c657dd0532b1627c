import type { ContactBooking } from '@tours-cms/contract';

export { partyText } from '@tours-cms/contract';

/** The date a request asks for, as staff read it: "Sat, 2 May 2099, 09:30", or a note when it was deleted. */
export function bookingDateText(booking: ContactBooking): string {
  const departure = booking.departure;
  if (!departure) return 'Date deleted';
  const day = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${departure.starts_on}T00:00:00Z`));
  return departure.start_time ? `${day}, ${departure.start_time}` : day;
}
