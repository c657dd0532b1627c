import { describe, expect, it } from 'vitest';
import {
  isPageSlug,
  isReservedPageSlug,
  pageContentHtml,
  pageInputSchema,
  publicPageUrl,
  RESERVED_PAGE_SLUGS,
} from './pages.js';

const minimal = { title: 'About us', slug: 'about-us' };

function messagesOf(input: unknown): [string, string][] {
  const result = pageInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('pageInputSchema', () => {
  it('defaults the status to draft and blanks to null', () => {
    const page = pageInputSchema.parse({
      ...minimal,
      content: '',
      seo_title: ' ',
      featured_image_url: '',
      template_data: '',
    });
    expect(page).toMatchObject({
      status: 'draft',
      content: null,
      seo_title: null,
      featured_image_id: null,
      featured_image_url: null,
      template_data: null,
      price: null,
    });
  });

  it('refuses every reserved slug with a message naming it', () => {
    expect(messagesOf({ ...minimal, slug: 'admin' })).toEqual([
      ['slug', 'The slug "admin" is reserved by the site; choose another'],
    ]);
    for (const slug of ['api', 'uploads', 'assets', 'healthz', 'frame', 'vendor']) {
      expect(pageInputSchema.safeParse({ ...minimal, slug }).success, slug).toBe(false);
    }
  });

  it('takes template_data only as JSON text', () => {
    expect(pageInputSchema.parse({ ...minimal, template_data: '{"editor":"rich-text"}' }).template_data).toBe(
      '{"editor":"rich-text"}',
    );
    expect(messagesOf({ ...minimal, template_data: '{editor' })).toEqual([
      ['template_data', 'Template data must be JSON text or null'],
    ]);
  });

  it('takes a featured image URL that is http(s) or a site path, nothing else', () => {
    for (const url of ['https://images.example.com/a.jpg', 'http://x.test/b.png', '/uploads/2025/01/c.webp']) {
      expect(pageInputSchema.parse({ ...minimal, featured_image_url: ` ${url} ` }).featured_image_url).toBe(url);
    }
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/x.png', 'uploads/x.png']) {
      expect(messagesOf({ ...minimal, featured_image_url: url }), url).toEqual([
        ['featured_image_url', 'Featured image URL must start with http://, https:// or /'],
      ]);
    }
  });

  it('ignores the server-owned fields and names the field in its messages', () => {
    const page = pageInputSchema.parse({ ...minimal, author_id: 1, id: 4, featured_image: { id: 1 } });
    expect(page).not.toHaveProperty('author_id');
    expect(page).not.toHaveProperty('featured_image');
    expect(messagesOf({ title: ' ', slug: 'Not A Slug', status: 'archived', featured_image_id: 'x' })).toEqual(
      expect.arrayContaining([
        ['title', 'Title is required'],
        ['slug', 'Slug may contain only lowercase letters, digits and single hyphens'],
        ['status', 'Status must be one of draft, published, pending, scheduled'],
        ['featured_image_id', 'Featured image id must be a whole number or null'],
      ]),
    );
  });
});

describe('page slugs', () => {
  it('knows the reserved paths', () => {
    expect(RESERVED_PAGE_SLUGS).toEqual(
      expect.arrayContaining([
        'admin',
        'admin_vendor_api',
        'api',
        'uploads',
        'assets',
        'healthz',
        'sitemap.xml',
        'robots.txt',
        'favicon.ico',
      ]),
    );
    expect(isReservedPageSlug('Admin')).toBe(true);
    expect(isReservedPageSlug('administration')).toBe(false);
  });

  it('tells a possible page slug from anything else', () => {
    expect(isPageSlug('greek-islands')).toBe(true);
    expect(isPageSlug('東京-ツアー')).toBe(true);
    for (const text of ['', 'Tours', 'a--b', 'api', 'robots.txt', 'x'.repeat(201)])
      expect(isPageSlug(text), text).toBe(false);
  });

  it('builds the public URL as origin, slash, slug', () => {
    expect(publicPageUrl('https://tours.example.com/', 'about-us')).toBe('https://tours.example.com/about-us');
  });

  it("puts a page in another language than the site's default under that language's prefix, lower-cased", () => {
    const origin = 'https://tours.example.com';
    expect(publicPageUrl(origin, 'kontakt', { language: 'de', defaultLanguage: 'en' })).toBe(`${origin}/de/kontakt`);
    expect(publicPageUrl(origin, 'contato', { language: 'pt-PT', defaultLanguage: 'en' })).toBe(
      `${origin}/pt-pt/contato`,
    );
    expect(publicPageUrl(origin, 'contact', { language: 'en', defaultLanguage: 'en' })).toBe(`${origin}/contact`);
    expect(publicPageUrl(origin, 'contact', { language: null, defaultLanguage: 'en' })).toBe(`${origin}/contact`);
  });
});

describe('pageContentHtml', () => {
  it('reads the content key of JSON text and takes anything else as HTML', () => {
    expect(pageContentHtml('{"content":"<h1>Hi</h1>","blocks":[]}')).toBe('<h1>Hi</h1>');
    expect(pageContentHtml('<p>Plain</p>')).toBe('<p>Plain</p>');
    expect(pageContentHtml('{ not json } <p>text</p>')).toBe('{ not json } <p>text</p>');
    expect(pageContentHtml('{"title":"no content key"}')).toBe('{"title":"no content key"}');
    expect(pageContentHtml(null)).toBe('');
  });
});
