import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Faq, FaqListItem } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';

forEachDialect('FAQs', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = t.tokens.editor) =>
    injectAs(t.app, token, { method, url, payload });
  const list = async () =>
    (await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/faqs/' })).json<FaqListItem[]>();
  const tour = async (slug: string, faqIds: number[]) =>
    (
      await write('POST', '/api/posts/', { title: slug.replace('-', ' '), slug, status: 'published', faq_ids: faqIds })
    ).json<{ id: number }>().id;

  it('lets editors write FAQs and every signed-in role read them, each with how many tours show it', async () => {
    const created = await write('POST', '/api/faqs/', {
      question: 'What should I bring?',
      answer: '<p>Water and a hat.</p>',
    });
    expect(created.statusCode).toBe(201);
    const faq = created.json<Faq>();
    expect(faq).toMatchObject({ question: 'What should I bring?', answer: '<p>Water and a hat.</p>' });
    await tour('old-town', [faq.id]);
    await tour('sunset-cruise', [faq.id]);
    expect(await list()).toEqual([{ ...faq, tour_count: 2 }]);
    expect((await write('POST', '/api/faqs/', { question: 'Q', answer: 'A' }, t.tokens.user)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/faqs/' })).statusCode).toBe(401);
  });

  it('cleans scripts out of an answer, and refuses a blank question or an answer with nothing left', async () => {
    const faq = (
      await write('POST', '/api/faqs/', {
        question: 'Safe?',
        answer: '<p onmouseover="x()">Yes<script>alert(1)</script></p>',
      })
    ).json<Faq>();
    expect(faq.answer).toBe('<p>Yes</p>');
    const blank = await write('POST', '/api/faqs/', { question: ' ', answer: 'A' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual([{ field: 'question', message: 'Question is required' }]);
    const empty = await write('PUT', `/api/faqs/${faq.id}`, { question: 'Safe?', answer: '<script>alert(1)</script>' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual([{ field: 'answer', message: 'Answer is required' }]);
    expect((await list())[0]!.answer).toBe('<p>Yes</p>');
  });

  it('changes every tour that shows an FAQ with one edit, and names the change in the activity log', async () => {
    const faq = (
      await write('POST', '/api/faqs/', { question: 'Pick-up?', answer: '<p>At the hotel.</p>' })
    ).json<Faq>();
    const first = await tour('old-town', [faq.id]);
    expect(
      (await write('PUT', `/api/faqs/${faq.id}`, { question: 'Pick-up?', answer: '<p>At the port.</p>' })).statusCode,
    ).toBe(200);
    const sections = await t.app.ctx.services.posts.pageSections(first);
    expect(sections.faqs).toEqual([expect.objectContaining({ question: 'Pick-up?', answer: '<p>At the port.</p>' })]);
    const entries = (
      await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/activity/?item_type=faq' })
    ).json().entries;
    expect(entries.map((entry: { summary: string }) => entry.summary)).toEqual(['Changed answer', 'Written']);
  });

  describe('delete', () => {
    it('asks first for an FAQ tours show, naming them, then deletes it from them all', async () => {
      const faq = (
        await write('POST', '/api/faqs/', { question: 'Rain?', answer: '<p>We go anyway.</p>' })
      ).json<Faq>();
      const tourId = await tour('old-town', [faq.id]);
      expect(
        (await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/faqs/${faq.id}/tours` })).json(),
      ).toEqual([{ id: tourId, title: 'old town' }]);
      const refused = await write('DELETE', `/api/faqs/${faq.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        detail: 'This FAQ is shown by the tour "old town". Delete it anyway?',
        tours: [{ id: tourId, title: 'old town' }],
      });
      expect(await list()).toHaveLength(1);
      expect((await write('DELETE', `/api/faqs/${faq.id}?in_use=confirmed`)).statusCode).toBe(204);
      expect(await list()).toEqual([]);
      expect(
        (await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/posts/${tourId}` })).json().faq_ids,
      ).toEqual([]);
    });

    it('deletes an FAQ no tour shows at once, and answers 404 for an unknown one', async () => {
      const faq = (await write('POST', '/api/faqs/', { question: 'Dogs?', answer: 'On a lead.' })).json<Faq>();
      expect((await write('DELETE', `/api/faqs/${faq.id}`)).statusCode).toBe(204);
      expect((await write('DELETE', `/api/faqs/${faq.id}`)).statusCode).toBe(404);
      expect((await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/faqs/9999' })).statusCode).toBe(404);
    });
  });
});
