import { fillWords, siteWords, type SiteSettings } from '@tours-cms/contract';
import { fillHtml, html, join } from '../rendering/html.js';
import {
  INQUIRY_FIELDS,
  inquiryFieldId,
  inquiryFormHtml,
  PARTY_FIELDS,
  type InquiryFormState,
} from './inquiry-form.js';
import { shellDocument } from './site-shell.js';
import { inLanguage, type DocumentLanguage } from './site-language.js';

/** The headings in the default (English) words; each language's are its words' `inquiry.failedHeading`... */
export const INQUIRY_FAILED_HEADING = siteWords('en').inquiry.failedHeading;
export const REQUEST_DATE_HEADING = siteWords('en').inquiry.requestHeading;

/** The refused inquiry: the tour it was about, what the visitor typed, and what is wrong. */
export interface FailedInquiry {
  tour: { title: string; path: string };
  /** Where the form posts again. */
  action: string;
  state: InquiryFormState;
  /** What is wrong with the inquiry as a whole (a throttle, say), beside the fields' own errors. */
  messages: string[];
}

/**
 * What a visitor sees when the tour page's inquiry form (a plain POST) was refused: a page of the site with a
 * summary of what is wrong, each item linking to its field, and the form again with everything they typed and
 * each error beside its field, so nothing is retyped and no Back button is needed. Not cached, not indexed.
 */
export function inquiryFailedDocument(
  inquiry: FailedInquiry,
  {
    origin,
    settings,
    lang = { language: settings.default_language, prefix: '' },
  }: { origin: string; settings: SiteSettings; lang?: DocumentLanguage },
): string {
  const { fieldErrors } = inquiry.state;
  const words = siteWords(lang.language);
  const items = [
    ...inquiry.messages.map((message) => html`<li>${message}</li>`),
    ...[...PARTY_FIELDS, ...INQUIRY_FIELDS].flatMap((field) => {
      const message = fieldErrors[field];
      return message ? [html`<li><a href="#${inquiryFieldId(field)}">${message}</a></li>`] : [];
    }),
  ];
  // A fresh booking request (from "Request this date") has nothing wrong yet: the form alone, under its own heading.
  const fresh = items.length === 0;
  const heading = fresh ? words.inquiry.requestHeading : words.inquiry.failedHeading;
  const tourLink = html`<a href="${inquiry.tour.path}">${inquiry.tour.title}</a>`;
  const main = html`<nav class="crumbs" aria-label="${words.shell.breadcrumb}"><ol>
<li><a href="${inLanguage(lang.prefix, '/')}">${words.shell.home}</a></li><li><a href="${lang.prefix}/tours">${words.shell.tours}</a></li><li><a href="${inquiry.tour.path}">${inquiry.tour.title}</a></li><li aria-current="page">${fresh ? words.inquiry.crumbRequest : words.inquiry.crumbInquiry}</li>
</ol></nav>
<h1 class="title">${heading}</h1>
${
  fresh
    ? html`<p class="lead">${fillHtml(words.inquiry.requestLead, { tour: tourLink })}</p>`
    : html`<p class="lead">${fillHtml(words.inquiry.failedLead, { tour: tourLink })}</p>
<div class="error-summary" role="alert" aria-labelledby="error-summary-heading">
<h2 id="error-summary-heading">${words.inquiry.problem}</h2>
<ul>
${join(items, '\n')}
</ul>
</div>`
}
${inquiryFormHtml(inquiry.action, inquiry.state, lang.language)}
<p class="section"><a href="${inquiry.tour.path}">${words.inquiry.back}</a></p>`;
  return shellDocument(
    {
      title: `${heading} | ${settings.site_name}`,
      description: fillWords(words.inquiry.description, { title: inquiry.tour.title }),
      canonical: `${origin}${inquiry.tour.path}`,
      image: null,
      ogType: 'website',
      siteName: settings.site_name,
      jsonLd: [],
      noindex: true,
      language: lang.language,
    },
    main,
  );
}
