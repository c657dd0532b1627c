import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';
import { createTestTour } from '../test/page-fixtures.js';

/**
 * Display currencies on the public site (issue 30 item 5): the "Show prices in" control on tour pages and the
 * catalogue, a language's default shown converted and marked approximate beside the real price, and the structured
 * data and booking requests in the site's currency whatever is shown.
 */

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'tours.test' } });

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

/** The currency control's options, as [value, label, selected]. */
function currencyOptions(html: string): [string, string, boolean][] {
  const select = /<select id="display-currency"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? '';
  return [...select.matchAll(/<option value="([A-Z]{3})"[^>]*?( selected)?>([^<]*)<\/option>/g)].map((m) => [
    m[1]!,
    m[3]!,
    Boolean(m[2]),
  ]);
}

forEachDialect('display currencies on the public site', (dialect) => {
  let t: TestApp;
  let tourId: number;
  beforeEach(async () => {
    t = await createTestApp(dialect, { SITE_HOSTS: 'tours.test' });
    tourId = (await createTestTour(t, { title: 'Alfama walk', slug: 'alfama-walk', price: 89 })).id;
    const departure = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/posts/${tourId}/departures`,
      payload: { starts_on: '2099-03-02', seats_total: 10 },
    });
    expect(departure.statusCode, departure.body).toBe(201);
  });
  afterEach(async () => t.close());

  async function setSettings(settings: Record<string, unknown>): Promise<{ updated_at: string }> {
    const res = await injectAs(t.app, t.tokens.admin, {
      method: 'PUT',
      url: '/api/settings',
      payload: { site_name: 'Lisbon Walks', currency: 'EUR', ...settings },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('shows no currency control and the site’s prices alone on a site without display currencies', async () => {
    await setSettings({});
    for (const url of ['/tours/alfama-walk', '/tours']) {
      const body = (await get(t, url)).body;
      expect(body, url).not.toContain('id="display-currency"');
      expect(body, url).not.toContain('class="approx"');
      expect(body, url).toContain('<data value="89.00" data-currency="EUR">€89.00</data>');
    }
  });

  it('offers the display currencies on tour pages and the catalogue, the site’s chosen until the visitor picks one', async () => {
    // The page is cached before the currencies exist: saving them drops it.
    expect((await get(t, '/tours/alfama-walk')).body).not.toContain('id="display-currency"');
    await setSettings({
      display_currencies: [
        { code: 'USD', rate: 1.08 },
        { code: 'GBP', rate: 0.85 },
      ],
    });
    for (const url of ['/tours/alfama-walk', '/tours']) {
      const body = (await get(t, url)).body;
      expect(body, url).toContain('<label for="display-currency">Show prices in</label>');
      expect(currencyOptions(body), url).toEqual([
        ['EUR', 'Euro (EUR)', true],
        ['USD', '≈ US Dollar (USD)', false],
        ['GBP', '≈ British Pound (GBP)', false],
      ]);
      expect(body, url).toContain('data-rate="1.08"');
      // Without a language default, the server writes the site's prices alone; the page's script converts.
      expect(body, url).not.toContain('class="approx"');
    }
  });

  it('shows a language’s default display currency converted, rounded and approximate, beside the real price', async () => {
    const saved = await setSettings({
      display_currencies: [{ code: 'USD', rate: 1.08 }],
      language_currencies: { en: 'USD' },
    });
    const page = (await get(t, '/tours/alfama-walk')).body;
    const title = `Approximate: converted at 1 EUR = 1.08 USD, the rate of ${saved.updated_at.slice(0, 10)}`;
    // 89 × 1.08 = 96.12: "≈ $96", then the price in euros.
    expect(page).toContain(
      `<p class="price">From <span class="approx" title="${title}">≈ $96</span> <data value="89.00" data-currency="EUR">€89.00</data></p>`,
    );
    // The dates table too.
    expect(page).toContain(
      `<td><span class="approx" title="${title}">≈ $96</span> <data value="89.00" data-currency="EUR">€89.00</data></td>`,
    );
    expect(currencyOptions(page)[1]).toEqual(['USD', '≈ US Dollar (USD)', true]);
    const catalogue = (await get(t, '/tours')).body;
    expect(catalogue).toContain(
      `<p class="card-price">From <span class="approx" title="${title}">≈ $96</span> <data value="89.00" data-currency="EUR">€89.00</data></p>`,
    );

    // Search engines read the site's currency: the offers are as they were, in euros.
    const product = jsonLd(page).find((entry) => JSON.stringify(entry['@type']).includes('Product')) as {
      offers: unknown;
    };
    expect(JSON.stringify(product.offers)).toContain('"priceCurrency":"EUR"');
    expect(JSON.stringify(product.offers)).not.toContain('USD');
    expect(JSON.stringify(product.offers)).toContain('"price":"89.00"');

    // A booking request is made in the site's currency: its form shows no converted price.
    const form = (await get(t, '/tours/alfama-walk/inquiry')).body;
    expect(form).not.toContain('≈');
  });

  it('shows each language its own default, in its own format', async () => {
    await setSettings({
      languages: ['en', 'de'],
      display_currencies: [{ code: 'USD', rate: 1.08 }],
      language_currencies: { de: 'USD' },
    });
    const made = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/posts/${tourId}/translations`,
      payload: { language: 'de' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const draft = made.json<{ id: number; slug: string }>();
    const saved = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/posts/${draft.id}`,
      payload: {
        title: 'Alfama-Spaziergang',
        slug: 'alfama-spaziergang',
        language: 'de',
        status: 'published',
        price: 89,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const en = (await get(t, '/tours/alfama-walk')).body;
    expect(en).not.toContain('class="approx"');
    const de = (await get(t, '/de/tours/alfama-spaziergang')).body;
    expect(de).toMatch(
      /<span class="approx" title="[^"]+">≈ 96\u00a0\$<\/span> <data value="89.00" data-currency="EUR">89,00\u00a0€<\/data>/,
    );
    expect(currencyOptions(de)).toEqual([
      ['EUR', 'Euro (EUR)', false],
      ['USD', '≈ US-Dollar (USD)', true],
    ]);
    expect((await get(t, '/de/tours')).body).toContain('≈ 96\u00a0$');
  });
});
