import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGE_MAX,
  EMAIL_MAX,
  NAME_MAX,
  PARTY_MAX,
  PHONE_MAX,
  pluralWords,
  siteWords,
  type SiteWords,
} from '@tours-cms/contract';
import { html, join, type Html } from '../rendering/html.js';

/** The fields a visitor fills in a tour's inquiry form, in the order shown. */
export const INQUIRY_FIELDS = ['name', 'email', 'phone', 'message'] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];

/** The party fields of a booking request, shown when the form asks for a date. */
export const PARTY_FIELDS = ['adults', 'children'] as const;
export type PartyField = (typeof PARTY_FIELDS)[number];

/** The date a booking request asks for, as the form shows it (the departure's id travels in a hidden field). */
export interface RequestedDate {
  departureId: number;
  /** "Sat, 2 May 2099, 09:30" */
  label: string;
  /** Seats still free for a request (null: no limit): the party's ceiling. */
  seatsLeft: number | null;
}

/** A form sent back to its visitor: what they typed, and what is wrong with which field (or with the whole). */
export interface InquiryFormState {
  values: Partial<Record<InquiryField | PartyField, string>>;
  fieldErrors: Partial<Record<InquiryField | PartyField, string>>;
  /** A booking request: the date asked for, with the party fields. */
  date?: RequestedDate;
}

interface FieldSpec {
  /** The label's word (the document's language). */
  label: keyof SiteWords['inquiry'];
  /** Its hint's word. */
  hint?: keyof SiteWords['inquiry'];
  /** The control's own attributes (its limits are the contract's, as the server's refusal is). */
  attributes: Html;
  textarea?: boolean;
  wide?: boolean;
}

const FIELDS: Record<InquiryField, FieldSpec> = {
  name: { label: 'name', attributes: html`autocomplete="name" required maxlength="${NAME_MAX}"` },
  email: { label: 'email', attributes: html`type="email" autocomplete="email" required maxlength="${EMAIL_MAX}"` },
  phone: {
    label: 'phone',
    hint: 'optional',
    attributes: html`type="tel" autocomplete="tel" maxlength="${PHONE_MAX}"`,
    wide: true,
  },
  message: {
    label: 'message',
    attributes: html`required maxlength="${CONTACT_MESSAGE_MAX}"`,
    textarea: true,
    wide: true,
  },
};

/** The id of a field's control, which the error summary links to. */
export function inquiryFieldId(field: InquiryField | PartyField): string {
  return `inquiry-${field}`;
}

function fieldHtml(field: InquiryField, state: InquiryFormState | undefined, words: SiteWords['inquiry']): Html {
  const spec = FIELDS[field];
  const id = inquiryFieldId(field);
  const value = state?.values[field] ?? '';
  const error = state?.fieldErrors[field];
  const described = error && html` aria-invalid="true" aria-describedby="${id}-error"`;
  const control = spec.textarea
    ? html`<textarea id="${id}" name="${field}" ${spec.attributes}${described}>${value}</textarea>`
    : html`<input id="${id}" name="${field}" ${spec.attributes}${value && html` value="${value}"`}${described}>`;
  return html`<div class="field${spec.wide && ' field-wide'}"><label for="${id}">${words[spec.label]}${spec.hint && html` <span class="hint">${words[spec.hint]}</span>`}</label>${control}${
    error && html`<p class="field-error" id="${id}-error">${error}</p>`
  }</div>`;
}

/** The date asked for and the party (adults at least one, at most the seats left), before the contact fields. */
function partyHtml(date: RequestedDate, state: InquiryFormState, language: string): Html {
  const words = siteWords(language);
  const most = Math.min(PARTY_MAX, date.seatsLeft ?? PARTY_MAX);
  const number = (field: PartyField, label: string, min: number, fallback: string) => {
    const id = inquiryFieldId(field);
    const error = state.fieldErrors[field];
    const value = state.values[field] || fallback;
    return html`<div class="field"><label for="${id}">${label}</label><input id="${id}" name="${field}" type="number" inputmode="numeric" min="${min}" max="${most}" step="1" required value="${value}"${
      error && html` aria-invalid="true" aria-describedby="${id}-error"`
    }>${error && html`<p class="field-error" id="${id}-error">${error}</p>`}</div>`;
  };
  return html`<input type="hidden" name="departure_id" value="${date.departureId}">
<p class="field-wide requested-date"><strong>${words.inquiry.date}</strong> ${date.label}${
    date.seatsLeft !== null &&
    html` <span class="hint">(${pluralWords(language, words.departures.seatsLeft, date.seatsLeft)})</span>`
  }</p>
${number('adults', words.inquiry.adults, 1, '1')}
${number('children', words.inquiry.children, 0, '0')}`;
}

/**
 * A tour's inquiry form in the document's language, a plain POST that works without scripts: empty on the tour page, or filled with what the
 * visitor sent and each field's error when the server refused it (inquiry-failed-document.ts). The honeypot field
 * is hidden from people and assistive technology; a bot that fills it is thanked and ignored.
 */
export function inquiryFormHtml(action: string, state?: InquiryFormState, language = 'en'): Html {
  const words = siteWords(language).inquiry;
  return html`<form class="inquiry" method="post" action="${action}">
${state?.date && partyHtml(state.date, state, language)}
${join(
  INQUIRY_FIELDS.map((field) => fieldHtml(field, state, words)),
  '\n',
)}
<div class="trap" aria-hidden="true"><label>${words.leaveEmpty}<input name="${CONTACT_HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></label></div>
<div class="field-wide"><button class="button" type="submit">${state?.date ? words.sendRequest : words.send}</button></div>
</form>`;
}
