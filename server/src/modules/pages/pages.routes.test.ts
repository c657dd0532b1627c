import { afterEach, beforeEach, expect, it } from 'vitest';
import type { PageInput } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { makeImage, makePdf } from '../../test/media-fixtures.js';
import { createTestPage, uploadTestMedia as uploadMedia } from '../../test/page-fixtures.js';

const fullPage = {
  title: 'Greek Islands',
  slug: 'greek-islands',
  content: JSON.stringify({ content: '<h1>Island hopping</h1><p>Ten days, five islands.</p>' }),
  status: 'published',
  seo_title: 'Greek Islands | Tours',
  seo_description: 'Ten days of island hopping.',
  featured_image_url: 'https://images.example.com/islands.jpg',
  template_data: '{"editor":"rich-text"}',
  price: 1299.99,
  duration: '10 days',
  age: '12+',
  location: 'Cyclades',
  button_label: 'Book now',
  button_value: 'https://book.example.com/islands',
  calendar_time_iframe: '<iframe src="https://calendar.example.com/x"></iframe>',
  short_description: 'Sun, sea and ferries',
  author_id: 1,
} as const;

forEachDialect('pages', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  it('creates a page with every field and answers it whole with 201; the author is the signed-in user', async () => {
    const res = await injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/pages/', payload: fullPage });
    expect(res.statusCode, res.body).toBe(201);
    const { author_id: _sent, ...fields } = fullPage;
    expect(res.json()).toEqual({
      ...fields,
      id: expect.any(Number),
      featured_image_id: null,
      featured_image: null,
      publish_at: null,
      version: 1,
      author_id: 2, // editor1, not the 1 the client sent
      language: 'en',
      translations: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updated_at: expect.any(String),
      text_updated_at: expect.any(String),
    });
  });

  it('defaults the status to draft and stores blanks as null', async () => {
    const page = await createTestPage(t, {
      content: '',
      seo_description: '',
      featured_image_url: '',
      template_data: null,
    });
    expect(page).toMatchObject({
      status: 'draft',
      content: null,
      seo_description: null,
      featured_image_url: null,
      template_data: null,
    });
  });

  it('lists pages newest first with the list fields and whether they were made with the rich editor', async () => {
    const first = await createTestPage(t, { content: '<p>long body</p>' });
    const second = await createTestPage(t, { status: 'published', template_data: '{"editor":"rich-text"}' });
    const res = await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/admin_vendor_api/api/pages/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: second.id,
        title: second.title,
        slug: second.slug,
        status: 'published',
        publish_at: null,
        has_template_data: true,
        created_at: second.created_at,
        updated_at: second.updated_at,
        text_updated_at: second.text_updated_at,
        language: 'en',
        translations: [],
      },
      {
        id: first.id,
        title: first.title,
        slug: first.slug,
        status: 'draft',
        publish_at: null,
        has_template_data: false,
        created_at: first.created_at,
        updated_at: first.updated_at,
        text_updated_at: first.text_updated_at,
        language: 'en',
        translations: [],
      },
    ]);
  });

  it('reads one page by id for any signed-in user, and asks for a token', async () => {
    const page = await createTestPage(t, { ...fullPage, status: 'draft' });
    const res = await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/pages/${page.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(page);
    expect((await injectAs(t.app, null, { method: 'GET', url: `/api/pages/${page.id}` })).statusCode).toBe(401);
    expect((await injectAs(t.app, null, { method: 'GET', url: '/api/pages/' })).statusCode).toBe(401);
  });

  it('answers a published page by slug without a token, without its author or template data', async () => {
    const {
      author_id: _author,
      template_data: _template,
      translations: _translations,
      ...page
    } = await createTestPage(t, { ...fullPage, template_data: '{"blocks":[]}' });
    for (const token of [null, t.tokens.admin]) {
      const res = await injectAs(t.app, token, { method: 'GET', url: '/api/pages/slug/greek-islands' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(page);
      expect(res.json()).not.toHaveProperty('author_id');
      expect(res.json()).not.toHaveProperty('template_data');
    }
  });

  it('answers 404 "Page not found or is not published." for a draft, a pending page or an unknown slug, token or not', async () => {
    await createTestPage(t, { slug: 'draft-page', status: 'draft' });
    await createTestPage(t, { slug: 'pending-page', status: 'pending' });
    for (const slug of ['draft-page', 'pending-page', 'nothing-here']) {
      for (const token of [null, t.tokens.admin]) {
        const res = await injectAs(t.app, token, { method: 'GET', url: `/api/pages/slug/${slug}` });
        expect(res.statusCode, slug).toBe(404);
        expect(res.json()).toEqual({ detail: 'Page not found or is not published.' });
      }
    }
  });

  it('shows a page at its slug once it is published and hides it again when it goes back to draft', async () => {
    const page = await createTestPage(t, { slug: 'soon' });
    const url = '/api/pages/slug/soon';
    expect((await injectAs(t.app, null, { method: 'GET', url })).statusCode).toBe(404);
    await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: { title: page.title, slug: 'soon', status: 'published' },
    });
    expect((await injectAs(t.app, null, { method: 'GET', url })).statusCode).toBe(200);
    await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: { title: page.title, slug: 'soon', status: 'draft' },
    });
    expect((await injectAs(t.app, null, { method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses every reserved slug with 422 on create and on edit', async () => {
    for (const slug of [
      'admin',
      'api',
      'uploads',
      'assets',
      'healthz',
      'admin_vendor_api',
      'sitemap.xml',
      'robots.txt',
      'favicon.ico',
    ]) {
      const res = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/pages/',
        payload: { title: 'Reserved', slug },
      });
      expect(res.statusCode, slug).toBe(422);
      expect(res.json().errors).toEqual([{ field: 'slug', message: expect.any(String) }]);
    }
    const page = await createTestPage(t);
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: { title: 'x', slug: 'admin' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: 'slug', message: 'The slug "admin" is reserved by the site; choose another' },
    ]);
  });

  it('answers 409 for a slug another page holds, and lets a page keep its own', async () => {
    const page = await createTestPage(t, { slug: 'taken' });
    const clash = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: '/api/pages/',
      payload: { title: 'Other', slug: 'taken' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      detail: 'A page with this slug already exists',
      errors: [{ field: 'slug', message: 'This slug is already in use' }],
    });
    const other = await createTestPage(t);
    const move = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/pages/${other.id}`,
      payload: { title: 'Other', slug: 'taken' },
    });
    expect(move.statusCode).toBe(409);
    const keep = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: { title: 'Renamed', slug: 'taken' },
    });
    expect(keep.statusCode).toBe(200);
  });

  it('updates every field and keeps the author and creation time', async () => {
    const page = await createTestPage(t, { ...fullPage });
    const res = await injectAs(t.app, t.tokens.admin, {
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: {
        ...fullPage,
        title: 'Ionian Islands',
        slug: 'ionian-islands',
        content: '<p>Plain HTML now</p>',
        template_data: null,
        price: null,
        author_id: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...page,
      title: 'Ionian Islands',
      slug: 'ionian-islands',
      content: '<p>Plain HTML now</p>',
      template_data: null,
      price: null,
      author_id: page.author_id, // the editor who made it, not the admin who edited it
      version: 2,
      updated_at: expect.any(String),
      text_updated_at: expect.any(String),
    });
    expect(res.json().created_at).toBe(page.created_at);
  });

  it('takes a featured image from the media library and answers it with its file path', async () => {
    const image = await uploadMedia(t, 'beach.png', await makeImage('png', 120, 80));
    const page = await createTestPage(t, { featured_image_id: image.id, featured_image_url: `/${image.file_path}` });
    expect(page.featured_image_id).toBe(image.id);
    expect(page.featured_image).toEqual({
      id: image.id,
      original_name: 'beach.png',
      file_path: image.file_path,
      thumbnail_path: image.thumbnail_path,
      mime_type: 'image/png',
      width: 120,
      height: 80,
      alt_text: null,
    });
    const read = await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/pages/${page.id}` });
    expect(read.json().featured_image.file_path).toBe(image.file_path);
  });

  it('takes a featured image by URL alone, with no media item behind it', async () => {
    const page = await createTestPage(t, { featured_image_url: 'https://images.example.com/a.jpg' });
    expect(page).toMatchObject({
      featured_image_id: null,
      featured_image_url: 'https://images.example.com/a.jpg',
      featured_image: null,
    });
  });

  it('refuses an unknown media id, a media item that is not an image and a URL that is not http(s) or a path', async () => {
    const pdf = await uploadMedia(t, 'brochure.pdf', makePdf());
    const cases: [Partial<PageInput>, string, string][] = [
      [{ featured_image_id: 9999 }, 'featured_image_id', 'Media file 9999 does not exist'],
      [{ featured_image_id: pdf.id }, 'featured_image_id', 'The featured image must be an image file'],
      [
        { featured_image_url: 'javascript:alert(1)' },
        'featured_image_url',
        'Featured image URL must start with http://, https:// or /',
      ],
    ];
    for (const [fields, field, message] of cases) {
      const res = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/pages/',
        payload: { title: 'X', slug: 'x', ...fields },
      });
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors).toEqual([{ field, message }]);
    }
    expect((await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/pages/' })).json()).toEqual([]);
  });

  it('forgets the featured media item when it is deleted from the library', async () => {
    const image = await uploadMedia(t, 'beach.png', await makeImage('png'));
    const page = await createTestPage(t, { featured_image_id: image.id });
    expect(
      (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/media/${image.id}?in_use=confirmed` }))
        .statusCode,
    ).toBe(204);
    const read = await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/pages/${page.id}` });
    expect(read.json()).toMatchObject({ featured_image_id: null, featured_image: null });
  });

  it('refuses template_data that is not JSON text', async () => {
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: '/api/pages/',
      payload: { title: 'X', slug: 'x', template_data: 'rich' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ field: 'template_data', message: 'Template data must be JSON text or null' }]);
  });

  it('lets only editors and admins write', async () => {
    const page = await createTestPage(t);
    const attempts = [
      { method: 'POST', url: '/api/pages/', payload: { title: 'A', slug: 'a' } },
      { method: 'PUT', url: `/api/pages/${page.id}`, payload: { title: 'A', slug: 'a' } },
      { method: 'DELETE', url: `/api/pages/${page.id}` },
    ] as const;
    for (const attempt of attempts) {
      expect((await injectAs(t.app, t.tokens.user, attempt)).statusCode, attempt.method).toBe(403);
      expect((await injectAs(t.app, null, attempt)).statusCode, attempt.method).toBe(401);
    }
  });

  it('deletes a page with 204, then answers 404 "Page not found"', async () => {
    const page = await createTestPage(t);
    expect(
      (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/pages/${page.id}` })).statusCode,
    ).toBe(204);
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await injectAs(t.app, t.tokens.editor, { method, url: `/api/pages/${page.id}` });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ detail: 'Page not found' });
    }
    const put = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: '/api/pages/999',
      payload: { title: 'A', slug: 'a' },
    });
    expect(put.statusCode).toBe(404);
  });

  it('answers 422 for a bad id and for invalid fields, naming them', async () => {
    expect((await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/pages/abc' })).statusCode).toBe(422);
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: '/api/pages/',
      payload: { title: '', slug: 'Bad Slug', status: 'archived', price: -3 },
    });
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['price', 'slug', 'status', 'title']);
  });

  it('signals the public site on every write, and not on reads', async () => {
    const seen: string[] = [];
    t.app.ctx.siteChanges.subscribe((source) => seen.push(source));
    const page = await createTestPage(t);
    await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/pages/${page.id}` });
    await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: { title: 'B', slug: 'b' },
    });
    await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/pages/${page.id}` });
    expect(seen).toEqual(['page', 'page', 'page']);
  });
});
