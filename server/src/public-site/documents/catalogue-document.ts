import {
  DURATION_FILTERS,
  fillWords,
  formatDepartureMonth,
  PAGE_DESCRIPTION_MAX,
  pluralWords,
  siteWords,
  type SiteWords,
} from '@tours-cms/contract';
import type { CataloguePage } from '../../modules/catalogue/catalogue.service.js';
import type { CatalogueSort } from '../../modules/catalogue/catalogue.types.js';
import { catalogueHref, type CatalogueParams } from './catalogue-query.js';
import { truncateText } from './page-text.js';
import { absoluteUrl } from './site-document.js';
import { currencyChoice, shellDocument } from './site-shell.js';
import { breadcrumbList } from './structured-data.js';
import { tourCardHtml } from './tour-cards.js';
import { alternatesOf, inLanguage, languagePrefix, languageSwitcher, type DocumentLanguage } from './site-language.js';
import { html, join, type Html } from '../rendering/html.js';
import type { SiteContext } from './tour-document.js';

/** The sorts, in the order the form offers them (their names are the words' `catalogue.sorts`). */
const SORTS: readonly CatalogueSort[] = ['newest', 'oldest', 'price-asc', 'price-desc'];

function option(value: string, label: string, selected: boolean): Html {
  return html`<option value="${value}"${selected && ' selected'}>${label}</option>`;
}

/**
 * How many filters narrow this view. A category is not counted: it is the page's subject (its heading), and
 * /tours?category=bay is the same document as /tours/category/bay.
 */
function activeFilters(params: CatalogueParams): number {
  return [params.q, params.tag, params.price_min, params.price_max, params.duration, params.month].filter(
    (value) => value !== undefined && value !== '',
  ).length;
}

/**
 * The filter form: a plain GET form, so filters work without scripts and combine freely. On a phone it sits
 * closed under 'Filter and sort', so the tours come first, and opens when the view is filtered or sorted; on a
 * wide screen it is the open sidebar (SHELL_STYLES: the closed disclosure's content is shown there, where the
 * browser can style it, ::details-content).
 */
// The form answers at #results: after "Apply filters" on a phone, the page opens at the first result rather than at
// the filters just used (on a wide screen the filters stay beside the results).
function filterForm(
  view: CataloguePage,
  params: CatalogueParams,
  currency: string,
  toursByMonth: ReadonlyMap<string, number>,
  lang: DocumentLanguage,
): Html {
  const tours = inLanguage(lang.prefix, '/tours');
  const words = siteWords(lang.language).catalogue;
  const active = activeFilters(params);
  const open = active > 0 || params.sort !== 'newest';
  return html`<details class="filter-panel"${open && ' open'}>
<summary>${words.filterAndSort}${active > 0 && html` <span class="filter-count">${pluralWords(lang.language, words.activeFilters, active)}</span>`}</summary>
<form class="filters panel" method="get" action="${tours}#results" role="search" aria-label="${words.filterTours}">
<label class="field">${words.search}<input type="search" name="q" value="${params.q ?? ''}" maxlength="100" placeholder="${words.searchPlaceholder}"></label>
<label class="field">${words.destination}<select name="category">
${option('', words.allDestinations, !params.category)}
${join(
  view.categories.map((category) =>
    option(category.slug, `${category.name} (${category.tours})`, category.slug === params.category),
  ),
  '\n',
)}
</select></label>
${
  view.tags.length > 0 &&
  html`<label class="field">${words.tag}<select name="tag">
${option('', words.anyTag, !params.tag)}
${join(
  view.tags.map((tag) => option(tag.slug, tag.name, tag.slug === params.tag)),
  '\n',
)}
</select></label>`
}
<fieldset>
<legend>${fillWords(words.price, { currency })}</legend>
<label class="field">${words.priceFrom}<input type="number" name="price_min" min="0" step="any" inputmode="decimal" value="${params.price_min ?? ''}"></label>
<label class="field">${words.priceTo}<input type="number" name="price_max" min="0" step="any" inputmode="decimal" value="${params.price_max ?? ''}"></label>
</fieldset>
<label class="field">${words.duration}<select name="duration">
${option('', words.anyDuration, !params.duration)}
${join(
  DURATION_FILTERS.map((filter) =>
    option(filter.value, words.durations[filter.value], filter.value === params.duration),
  ),
  '\n',
)}
</select></label>
${monthField(view, params, toursByMonth, lang.language, words)}
<label class="field">${words.sortBy}<select name="sort">
${join(
  SORTS.map((sort) => option(sort, words.sorts[sort], sort === params.sort)),
  '\n',
)}
</select></label>
<div class="filter-actions"><button class="button" type="submit">${words.apply}</button><a href="${tours}">${words.clear}</a></div>
</form>
</details>`;
}

/**
 * "Departing in": this month and the next eleven, each with how many tours can be booked in it ("March 2027 (4)");
 * a month asked for by address beyond those stays chosen, so the form says what the results are filtered by (its
 * count is the results').
 */
function monthField(
  view: CataloguePage,
  params: CatalogueParams,
  toursByMonth: ReadonlyMap<string, number>,
  language: string,
  words: SiteWords['catalogue'],
): Html {
  const beyond = params.month && !view.months.includes(params.month) ? params.month : null;
  return html`<label class="field">${words.departingIn}<select name="month">
${option('', words.anyMonth, !params.month)}
${join(
  view.months.map((month) =>
    option(month, `${formatDepartureMonth(month, language)} (${toursByMonth.get(month) ?? 0})`, month === params.month),
  ),
  '\n',
)}
${beyond && option(beyond, formatDepartureMonth(beyond, language), true)}
</select></label>`;
}

/** The page numbers shown: the first, the last, and two either side of the current one. */
function pageNumbers(page: number, pageCount: number): (number | null)[] {
  const shown: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) shown.push(n);
    else if (shown.at(-1) !== null) shown.push(null);
  }
  return shown;
}

/** Plain links that search engines follow: Previous, the pages, Next. */
function pagination(view: CataloguePage, params: CatalogueParams, words: SiteWords['catalogue']): Html | null {
  if (view.pageCount <= 1) return null;
  const link = (n: number) => catalogueHref(params, n);
  const numbers = pageNumbers(view.page, view.pageCount).map((n) =>
    n === null
      ? html`<li><span aria-hidden="true">…</span></li>`
      : n === view.page
        ? html`<li><a href="${link(n)}" aria-current="page">${n}<span class="sr-only"> ${words.currentPage}</span></a></li>`
        : html`<li><a href="${link(n)}" aria-label="${fillWords(words.page, { n })}">${n}</a></li>`,
  );
  return html`<nav class="pagination" aria-label="${words.pages}">
${view.page > 1 && html`<a href="${link(view.page - 1)}" rel="prev">${words.previous}</a>`}
<ol>${numbers}</ol>
${view.page < view.pageCount && html`<a href="${link(view.page + 1)}" rel="next">${words.next}</a>`}
</nav>`;
}

/**
 * The catalogue at /tours and a category's at /tours/category/{slug}: the filter form, the cards of one page of
 * published tours, pagination with plain links, the canonical address of the view and its neighbours.
 */
export function catalogueDocument(
  view: CataloguePage,
  params: CatalogueParams,
  { origin, settings, images, frameHeights, lang = { language: settings.default_language, prefix: '' } }: SiteContext,
  toursByMonth: ReadonlyMap<string, number>,
): string {
  const category = view.category;
  const { language } = lang;
  const words = siteWords(language);
  const home = inLanguage(lang.prefix, '/');
  const tours = inLanguage(lang.prefix, '/tours');
  const heading = category ? category.name : words.shell.tours;
  const pageSuffix = view.page > 1 ? fillWords(words.catalogue.pageSuffix, { n: view.page }) : '';
  const description = category?.description?.trim()
    ? truncateText(category.description.trim(), PAGE_DESCRIPTION_MAX)
    : category
      ? fillWords(words.catalogue.categoryDescription, { category: category.name, site: settings.site_name })
      : fillWords(words.catalogue.description, { site: settings.site_name });
  const canonical = `${origin}${catalogueHref(params)}`;
  const filtered = activeFilters(params) > 0;
  const count = pluralWords(language, filtered ? words.catalogue.countFiltered : words.catalogue.count, view.total);
  const crumbs = [
    { name: words.shell.home, url: `${origin}${home}` },
    ...(category
      ? [{ name: words.shell.tours, url: `${origin}${tours}` }, { name: category.name }]
      : [{ name: words.shell.tours }]),
  ];
  const main = html`<nav class="crumbs" aria-label="${words.shell.breadcrumb}"><ol>
<li><a href="${home}">${words.shell.home}</a></li>
${category ? html`<li><a href="${tours}">${words.shell.tours}</a></li><li aria-current="page">${category.name}</li>` : html`<li aria-current="page">${words.shell.tours}</li>`}
</ol></nav>
<h1 class="title">${heading}</h1>
${category?.description?.trim() ? html`<p class="lead">${category.description.trim()}</p>` : html`<p class="lead">${description}</p>`}
<div class="catalogue-grid">
${filterForm(view, params, settings.currency, toursByMonth, lang)}
<section id="results" class="results" aria-labelledby="results-heading">
<div class="results-bar"><h2 id="results-heading" class="sr-only">${words.catalogue.results}</h2><p role="status">${count}${view.pageCount > 1 && fillWords(words.catalogue.pageOf, { n: view.page, total: view.pageCount })}</p></div>
${
  view.tours.length
    ? html`<ul class="cards">\n${join(
        view.tours.map((card) => tourCardHtml(card, settings.currency, 3, images, view.summaries.get(card.id), lang)),
        '\n',
      )}\n</ul>`
    : html`<div class="empty"><p>${words.catalogue.empty}</p><p><a href="${tours}">${words.catalogue.seeAll}</a></p></div>`
}
${pagination(view, params, words.catalogue)}
</section>
</div>`;
  const logo = settings.social_image_url ? absoluteUrl(origin, settings.social_image_url) : null;
  // The same view in every language of the site (each lists that language's tours).
  const alternates = alternatesOf(
    settings.languages.map((language) => ({
      language,
      url: `${origin}${catalogueHref({ ...params, prefix: languagePrefix(language, settings) })}`,
    })),
    settings,
  );
  return shellDocument(
    {
      title: `${heading}${pageSuffix} | ${settings.site_name}`,
      description,
      canonical,
      image: logo,
      ogType: 'website',
      siteName: settings.site_name,
      jsonLd: [breadcrumbList(crumbs)],
      prev: view.page > 1 ? `${origin}${catalogueHref(params, view.page - 1)}` : null,
      next: view.page < view.pageCount ? `${origin}${catalogueHref(params, view.page + 1)}` : null,
      frameHeights,
      language: lang.language,
      alternates,
      switcher: languageSwitcher(lang.language, alternates, settings, origin),
      currencies: currencyChoice(settings, lang),
    },
    main,
  );
}
