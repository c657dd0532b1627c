import { afterEach, beforeEach, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';
import { makeImage } from '../test/media-fixtures.js';
import { createTestPage, createTestTour, uploadTestMedia } from '../test/page-fixtures.js';

/**
 * The public site's own words in the page's language (issue 30 item 4, contract/src/site-words): a German tour page
 * and catalogue speak German, counted words take the language's plural forms, a regional tag reads its language's
 * words and a language without words of its own reads English.
 */

const htmlLang = (res: LightMyRequestResponse) => /<html lang="([^"]*)">/.exec(res.body)?.[1];

/** The text of a document's `role="status"` result line in the catalogue. */
const resultLine = (html: string) => /<p role="status">([^<]*)<\/p>/.exec(html)?.[1];

forEachDialect("the site's words", (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { SITE_HOSTS: 'tours.test' });
  });
  afterEach(async () => t.close());

  const visit = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'tours.test' } });

  async function setLanguages(languages: string[], extra: Record<string, unknown> = {}): Promise<void> {
    const res = await injectAs(t.app, t.tokens.admin, {
      method: 'PUT',
      url: '/api/settings',
      payload: { site_name: 'Lisbon Walks', currency: 'EUR', default_language: 'en', languages, ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function addDeparture(postId: number, startsOn: string, seats: number): Promise<void> {
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/posts/${postId}/departures`,
      payload: { starts_on: startsOn, seats_total: seats },
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  it('writes a German tour page in German: facts, sections, dates, seats, the form and the gallery viewer', async () => {
    await setLanguages(['en', 'de'], {
      display_currencies: [{ code: 'USD', rate: 1.08 }],
      language_currencies: { de: 'USD' },
    });
    const photo = await uploadTestMedia(t, 'tram.png', await makeImage('png', 800, 600));
    const tour = await createTestTour(t, {
      title: 'Altstadt zu Fuß',
      slug: 'altstadt-zu-fuss',
      language: 'de',
      price: 79,
      duration: '3 h',
      highlights: ['Die Kathedrale'],
      itinerary: [{ title: 'Alfama', description: null, overnight: null, meals: null, image_id: null }],
      includes: ['Führung'],
      excludes: ['Getränke'],
      gallery: [{ media_id: photo.id, caption: 'Die Tram' }],
    } as never);
    await addDeparture(tour.id, '2099-03-02', 1);
    await addDeparture(tour.id, '2099-03-09', 3);
    const res = await visit('/de/tours/altstadt-zu-fuss');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(htmlLang(res)).toBe('de');
    expect(html).toContain('<a class="skip" href="#main">Zum Inhalt springen</a>');
    expect(html).toContain('<label for="display-currency">Preise anzeigen in</label>');
    expect(html).toContain('data-approx-title="Ungefähr: umgerechnet zu 1 {site} = {rate} {code}, Kurs vom {date}"');
    // "From" and the converted price's title, its rate written the German way.
    expect(html).toMatch(
      /<p class="price">ab <span class="approx" title="Ungefähr: umgerechnet zu 1 EUR = 1,08 USD, Kurs vom \d{4}-\d{2}-\d{2}">/,
    );
    expect(html).toContain('<dt>Dauer</dt><dd>3 h</dd>');
    expect(html).toContain('<a href="#inquiry">Stellen Sie uns eine Frage</a>');
    expect(html).toContain('<h2 id="highlights-heading">Höhepunkte</h2>');
    // Three hours: the itinerary has stops, not days.
    expect(html).toContain('<span class="day-label">Station 1</span>');
    expect(html).toContain('<h3>Inklusive</h3>');
    expect(html).toContain('<span class="sr-only">Nicht inklusive: </span>Getränke');
    expect(html).toContain('<h2 id="toc-heading" class="toc-title">Auf dieser Seite</h2>');
    expect(html).toContain('<h2 id="dates-heading">Termine und Preise</h2>');
    expect(html).toContain('<th scope="col">Verfüg\u00adbarkeit</th>');
    // Plural forms by German's rules.
    expect(html).toContain('<strong class="departure-limited">Noch 1 Platz frei</strong>');
    expect(html).toContain('<strong class="departure-limited">Noch 3 Plätze frei</strong>');
    expect(html).toContain('>Diesen Termin anfragen<span class="visually-hidden"> (Mo., 2. März 2099)</span></a>');
    expect(html).toContain('<h2 id="inquiry-heading">Fragen zu dieser Tour</h2>');
    expect(html).toContain('Vielen Dank! Ihre Anfrage wurde gesendet. Wir melden uns bald bei Ihnen.');
    expect(html).toContain('<label for="inquiry-message">Nachricht</label>');
    expect(html).toContain('<label for="inquiry-phone">Telefon <span class="hint">(optional)</span></label>');
    expect(html).toContain('<button class="button" type="submit">Anfrage senden</button>');
    // The gallery viewer (the page's script) is given its words by the document.
    expect(html).toContain(
      '<ul class="gallery" data-gallery data-words-previous="Zurück" data-words-next="Weiter" data-words-close="Schließen" data-words-count="Bild {n} von {total}" data-words-label="Galerie, Bild {n} von {total}">',
    );
    expect(html).toContain('title="Kopfbereich der Website"');
    expect(html).not.toMatch(/>(Dates and prices|From|Show prices in|Ask about this tour|Send inquiry)</);
  });

  it('writes /de/tours in German: filters, counts by German plurals, the empty state and the 404 screen', async () => {
    await setLanguages(['en', 'de']);
    await createTestTour(t, { title: 'Altstadt', slug: 'altstadt', language: 'de', price: 79 } as never);
    const one = await visit('/de/tours');
    expect(one.statusCode).toBe(200);
    expect(htmlLang(one)).toBe('de');
    expect(one.body).toContain('<summary>Filtern und sortieren</summary>');
    expect(one.body).toContain('<option value="" selected>Alle Reiseziele</option>');
    expect(one.body).toContain('<label class="field">Reisemonat<select name="month">');
    expect(one.body).toContain('<option value="" selected>Beliebiger Monat</option>');
    expect(one.body).toContain('<option value="price-asc">Preis: aufsteigend</option>');
    expect(one.body).toContain('<option value="newest" selected>Neueste zuerst</option>');
    expect(one.body).toContain('<option value="hours">Bis zu 4 Stunden</option>');
    expect(one.body).toContain('<legend>Preis (EUR)</legend>');
    expect(one.body).toContain('<button class="button" type="submit">Filter anwenden</button>');
    expect(one.body).toContain('<h1 class="title">Touren</h1>');
    expect(one.body).toContain('ab <data value="79.00" data-currency="EUR">79,00\u00a0€</data>');
    expect(resultLine(one.body)).toBe('1 Tour');
    await createTestTour(t, { title: 'Belém', slug: 'belem', language: 'de', price: 45 } as never);
    expect(resultLine((await visit('/de/tours')).body)).toBe('2 Touren');
    const filtered = await visit('/de/tours?q=bel');
    expect(resultLine(filtered.body)).toBe('1 Tour passt zu Ihren Filtern');
    expect(filtered.body).toContain('<span class="filter-count">(1 aktiv)</span>');
    const none = await visit('/de/tours?q=nirgendwo');
    expect(none.body).toContain(
      '<p>Keine Tour passt zu diesen Filtern.</p><p><a href="/de/tours">Alle Touren ansehen</a></p>',
    );
    // The English catalogue keeps its words.
    const english = await visit('/tours');
    expect(english.body).toContain('<summary>Filter and sort</summary>');
    expect(resultLine(english.body)).toBe('0 tours');
    const missing = await visit('/de/tours/nirgendwo');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<html lang="de">');
    expect(missing.body).toContain('<h1>404 – Seite nicht gefunden</h1>');
    expect(missing.body).toContain('<a href="/de/">Zur Startseite</a>');
    expect((await visit('/nowhere')).body).toContain('<h1>404 - Not Found</h1>');
  });

  it('writes a German page’s document in German: the loading line, the switcher, the widgets’ alert', async () => {
    await setLanguages(['en', 'de']);
    await createTestPage(t, {
      title: 'Kontakt',
      slug: 'kontakt',
      status: 'published',
      language: 'de',
      content: '<form data-validate><input name="n" required><button>Senden</button></form>',
    } as never);
    const res = await visit('/de/kontakt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p class="loading">Seite wird geladen …</p>');
    expect(res.body).toContain('aria-label=&quot;Sprachen&quot;');
    expect(res.body).toContain('data-form-success=&quot;Formular erfolgreich gesendet!&quot;');
    // An English page's frame gives none: the runtime says the spec's English alert.
    await createTestPage(t, {
      title: 'Contact',
      slug: 'contact',
      status: 'published',
      content: '<form data-validate></form>',
    });
    const english = await visit('/contact');
    expect(english.body).toContain('<p class="loading">Loading page...</p>');
    expect(english.body).toContain('data-frame-mode=&quot;site&quot; defer');
  });

  it('answers a German request form’s refusal in German, naming each field in German', async () => {
    await setLanguages(['en', 'de']);
    await createTestTour(t, { title: 'Altstadt', slug: 'altstadt', language: 'de' } as never);
    const res = await t.app.inject({
      method: 'POST',
      url: '/tours/altstadt/inquiry',
      headers: { host: 'tours.test' },
      payload: { name: '', email: 'not-an-address', message: '', phone: '12ab' },
    });
    expect(res.statusCode).toBe(422);
    expect(htmlLang(res)).toBe('de');
    expect(res.body).toContain('<h1 class="title">Ihre Anfrage wurde nicht gesendet</h1>');
    expect(res.body).toContain('<h2 id="error-summary-heading">Es gibt ein Problem</h2>');
    expect(res.body).toContain('<a href="#inquiry-name">Bitte füllen Sie das Feld „Name“ aus</a>');
    expect(res.body).toContain('<a href="#inquiry-email">Bitte geben Sie eine gültige E-Mail-Adresse ein</a>');
    expect(res.body).toContain('<a href="#inquiry-message">Bitte füllen Sie das Feld „Nachricht“ aus</a>');
    expect(res.body).toContain('Die Telefonnummer darf nur Ziffern, Leerzeichen und + ( ) . / - enthalten');
    expect(res.body).toContain('<a href="/de/tours/altstadt">Zurück zur Tour</a>');
  });

  it('reads a regional language’s words (de-AT, pt-PT) and English for a language it has no words for', async () => {
    await setLanguages(['en', 'de-AT', 'pt-PT', 'fi']);
    const austrian = await visit('/de-at/tours');
    expect(htmlLang(austrian)).toBe('de-AT');
    expect(austrian.body).toContain('<summary>Filtern und sortieren</summary>');
    expect(resultLine(austrian.body)).toBe('0 Touren');
    const portuguese = await visit('/pt-pt/tours');
    expect(portuguese.body).toContain('<p>Nenhum passeio corresponde a estes filtros.</p>');
    expect(resultLine(portuguese.body)).toBe('0 passeios');
    const finnish = await visit('/fi/tours');
    expect(htmlLang(finnish)).toBe('fi');
    expect(finnish.body).toContain('<summary>Filter and sort</summary>');
    expect(finnish.body).toContain('<p>No tours match these filters.</p>');
    // The 404 screen, all words, says it is in English.
    const missing = await visit('/fi/tours/ei-ole');
    expect(missing.body).toContain('<html lang="en">');
    expect(missing.body).toContain('<a href="/fi/">Go back to Home</a>');
  });
});
