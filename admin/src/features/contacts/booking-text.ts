import type { ContactBooking } from '@tours-cms/contract';

/** "4 adults, 1 child" */
export function partyText({ adults, children }: Pick<ContactBooking, 'adults' | 'children'>): string {
  const people = [`${adults} ${adults === 1 ? 'adult' : 'adults'}`];
  if (children > 0) people.push(`${children} ${children === 1 ? 'child' : 'children'}`);
  return people.join(', ');
}

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
