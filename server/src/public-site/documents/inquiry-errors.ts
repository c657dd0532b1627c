import {
  fillWords,
  pluralWords,
  siteWords,
  siteWordsLanguage,
  type PluralWords,
  type SiteWords,
} from '@tours-cms/contract';
import type { InquiryField, PartyField } from './inquiry-form.js';

type ErrorKey = keyof SiteWords['inquiryErrors'];

/** A pattern matching an English text of the words, its `{placeholders}` captured by name. */
function englishPattern(text: string): RegExp {
  const source = text
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{(\w+)\}/g, (_whole, name: string) => (name === 'field' ? `(?<${name}>.+)` : `(?<${name}>\\d+)`));
  return new RegExp(`^${source}$`);
}

const ENGLISH = siteWords('en').inquiryErrors;

/** Each English message the contract and the contacts service give, and the words that say it elsewhere. */
const MESSAGES: { key: ErrorKey; pattern: RegExp }[] = (Object.keys(ENGLISH) as ErrorKey[]).flatMap((key) => {
  const text: string | PluralWords = ENGLISH[key];
  const forms = typeof text === 'string' ? [text] : Object.values(text);
  return forms.map((form) => ({ key, pattern: englishPattern(form) }));
});

/** An optional text's limit (contract `optionalText`) names no field: "Must be at most 40 characters". */
const UNNAMED_TOO_LONG = /^Must be at most (?<max>\d+) characters$/;

/**
 * What is wrong with an inquiry, in the words of the tour's language. The contract's rules and the contacts service
 * say it in English (the API's clients read those); the form's page says it in its own language: each known English
 * message is matched to its words (the field named by its label in that language), anything else is left in
 * English. A page in English shows the messages as they are.
 */
export function inquiryMessageIn(
  language: string,
  message: string,
  field?: InquiryField | PartyField | string,
): string {
  if (siteWordsLanguage(language) === 'en') return message;
  const words = siteWords(language);
  const label =
    field && Object.hasOwn(LABEL_KEYS, field) ? words.inquiry[LABEL_KEYS[field as keyof typeof LABEL_KEYS]] : null;
  const unnamed = UNNAMED_TOO_LONG.exec(message);
  if (unnamed && label) return fillWords(words.inquiryErrors.tooLong, { field: label, max: unnamed.groups!.max! });
  for (const { key, pattern } of MESSAGES) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values: Record<string, string | number> = { ...match.groups };
    if (values.field !== undefined) values.field = label ?? values.field;
    const text = words.inquiryErrors[key];
    return typeof text === 'string' ? fillWords(text, values) : pluralWords(language, text, Number(values.n), values);
  }
  return message;
}

/** The words that name each of the form's fields. */
const LABEL_KEYS = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  message: 'message',
  adults: 'adults',
  children: 'children',
} as const satisfies Record<InquiryField | PartyField, keyof SiteWords['inquiry']>;
