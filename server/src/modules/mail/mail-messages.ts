/** What a message to staff says of an inquiry. */
export interface InquiryFacts {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  /** The tour it was sent from, if any. */
  tour: string | null;
  /** A booking request's date ("2099-03-02 09:00") and party ("4 adults, 1 child"). */
  booking?: { date: string; party: string } | null;
}

/**
 * Text for one line of a header or a label: line breaks and other control characters become spaces, so what a
 * visitor typed ("Eve\r\nBcc: ...") can never start a header of its own, whatever the mail library does next.
 */
export function oneLine(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The message telling staff of an inquiry: who, about what, the text, and where to open it; a reply goes to the visitor. */
export function inquiryMessage(inquiry: InquiryFacts, adminOrigin: string) {
  const name = oneLine(inquiry.name);
  const about = inquiry.tour ? ` about ${inquiry.tour}` : '';
  // The tour page's form names the tour in its subject already ("Tour: Sunset Cruise"): said once is enough.
  const own =
    inquiry.subject.trim() && !(inquiry.tour && inquiry.subject.includes(inquiry.tour)) ? `: ${inquiry.subject}` : '';
  const kind = inquiry.booking ? `New booking request for ${inquiry.booking.date}` : 'New inquiry';
  const subject = oneLine(`${kind}${about} from ${name}${own}`).slice(0, 250);
  const body = [
    `${name} sent an inquiry from the website${inquiry.tour ? ` about the tour "${oneLine(inquiry.tour)}"` : ''}.`,
    '',
    `Name: ${name}`,
    `E-mail: ${inquiry.email}`,
    `Phone: ${inquiry.phone ? oneLine(inquiry.phone) : 'not given'}`,
    `Subject: ${oneLine(inquiry.subject) || 'none'}`,
    ...(inquiry.booking ? [`Date requested: ${inquiry.booking.date}`, `Party: ${inquiry.booking.party}`] : []),
    '',
    inquiry.message,
    '',
    `Open it in the admin: ${adminOrigin}/admin/contacts?view=${inquiry.id}`,
    `Reply to this e-mail to answer ${name}.`,
    '',
  ].join('\n');
  return { subject, body, replyTo: { name, address: inquiry.email } };
}
