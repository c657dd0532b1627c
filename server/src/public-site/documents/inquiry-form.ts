import { CONTACT_HONEYPOT_FIELD, CONTACT_MESSAGE_MAX, EMAIL_MAX, NAME_MAX, PHONE_MAX } from '@tours-cms/contract';
import { html, join, type Html } from '../rendering/html.js';

/** The fields a visitor fills in a tour's inquiry form, in the order shown. */
export const INQUIRY_FIELDS = ['name', 'email', 'phone', 'message'] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];

/** A form sent back to its visitor: what they typed, and what is wrong with which field (or with the whole). */
export interface InquiryFormState {
  values: Partial<Record<InquiryField, string>>;
  fieldErrors: Partial<Record<InquiryField, string>>;
}

interface FieldSpec {
  label: string;
  hint?: string;
  /** The control's own attributes (its limits are the contract's, as the server's refusal is). */
  attributes: Html;
  textarea?: boolean;
  wide?: boolean;
}

const FIELDS: Record<InquiryField, FieldSpec> = {
  name: { label: 'Name', attributes: html`autocomplete="name" required maxlength="${NAME_MAX}"` },
  email: { label: 'Email', attributes: html`type="email" autocomplete="email" required maxlength="${EMAIL_MAX}"` },
  phone: {
    label: 'Phone',
    hint: '(optional)',
    attributes: html`type="tel" autocomplete="tel" maxlength="${PHONE_MAX}"`,
    wide: true,
  },
  message: {
    label: 'Message',
    attributes: html`required maxlength="${CONTACT_MESSAGE_MAX}"`,
    textarea: true,
    wide: true,
  },
};

/** The id of a field's control, which the error summary links to. */
export function inquiryFieldId(field: InquiryField): string {
  return `inquiry-${field}`;
}

function fieldHtml(field: InquiryField, state: InquiryFormState | undefined): Html {
  const spec = FIELDS[field];
  const id = inquiryFieldId(field);
  const value = state?.values[field] ?? '';
  const error = state?.fieldErrors[field];
  const described = error && html` aria-invalid="true" aria-describedby="${id}-error"`;
  const control = spec.textarea
    ? html`<textarea id="${id}" name="${field}" ${spec.attributes}${described}>${value}</textarea>`
    : html`<input id="${id}" name="${field}" ${spec.attributes}${value && html` value="${value}"`}${described}>`;
  return html`<div class="field${spec.wide && ' field-wide'}"><label for="${id}">${spec.label}${spec.hint && html` <span class="hint">${spec.hint}</span>`}</label>${control}${
    error && html`<p class="field-error" id="${id}-error">${error}</p>`
  }</div>`;
}

/**
 * A tour's inquiry form, a plain POST that works without scripts: empty on the tour page, or filled with what the
 * visitor sent and each field's error when the server refused it (inquiry-failed-document.ts). The honeypot field
 * is hidden from people and assistive technology; a bot that fills it is thanked and ignored.
 */
export function inquiryFormHtml(action: string, state?: InquiryFormState): Html {
  return html`<form class="inquiry" method="post" action="${action}">
${join(
  INQUIRY_FIELDS.map((field) => fieldHtml(field, state)),
  '\n',
)}
<div class="trap" aria-hidden="true"><label>Leave this empty<input name="${CONTACT_HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></label></div>
<div class="field-wide"><button class="button" type="submit">Send inquiry</button></div>
</form>`;
}
