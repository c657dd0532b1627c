import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MediaItem, MediaListItem } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { makeImage, makePdf, multipartBody } from '../../test/media-fixtures.js';
import { createTestComponent, createTestPage, createTestTour, uploadTestMedia } from '../../test/page-fixtures.js';

forEachDialect('media in use', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  const get = (url: string) => injectAs(t.app, t.tokens.editor, { method: 'GET', url });
  const usage = async (id: number) => (await get(`/api/media/${id}/usage`)).json();
  const listed = async () => (await get('/api/media/')).json() as MediaListItem[];
  const trashEntryOf = async (id: number) =>
    ((await get('/api/trash/?type=media')).json().items as { id: number; item_id: number }[]).find(
      (entry) => entry.item_id === id,
    )!;

  describe('"Used by"', () => {
    it('knows every tour, page and component that uses an item, by its featured image or a link in its HTML, under any URL', async () => {
      const photo = await uploadTestMedia(t, 'boat.png', await makeImage('png'));
      const other = await uploadTestMedia(t, 'map.png', await makeImage('png'));
      const tour = await createTestTour(t, {
        title: 'Sunset Cruise',
        featured_image_id: photo.id,
        content: `<p><img src="https://tours.example/${other.file_path}"></p>`,
      });
      await createTestPage(t, { title: 'About us', featured_image_url: `/${photo.file_path}` });
      await createTestComponent(t, {
        name: 'Main header',
        type: 'header',
        content: `<img srcset="/${photo.file_path.replace('.png', '.w480.webp')} 480w">`,
      });

      expect(await usage(photo.id)).toEqual([
        { item_type: 'post', item_id: tour.id, title: 'Sunset Cruise' },
        { item_type: 'page', item_id: expect.any(Number), title: 'About us' },
        { item_type: 'component', item_id: expect.any(Number), title: 'Main header' },
      ]);
      expect(await usage(other.id)).toEqual([{ item_type: 'post', item_id: tour.id, title: 'Sunset Cruise' }]);
      expect((await listed()).map((item) => [item.original_name, item.usage_count])).toEqual([
        ['map.png', 1],
        ['boat.png', 3],
      ]);
    });

    it('follows every save: an image taken out of a tour is no longer used by it, a tour in the trash uses nothing, restored it uses it again', async () => {
      const photo = await uploadTestMedia(t, 'boat.png', await makeImage('png'));
      const tour = await createTestTour(t, { title: 'Sunset Cruise', featured_image_id: photo.id });
      const edited = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/posts/${tour.id}`,
        payload: { title: 'Sunset Cruise', slug: tour.slug, featured_image_id: null },
      });
      expect(edited.statusCode).toBe(200);
      expect(await usage(photo.id)).toEqual([]);

      await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/posts/${tour.id}`,
        payload: { title: 'Sunset Cruise', slug: tour.slug, featured_image_id: photo.id },
      });
      expect(await usage(photo.id)).toHaveLength(1);
      expect(
        (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/posts/${tour.id}` })).statusCode,
      ).toBe(204);
      expect(await usage(photo.id)).toEqual([]);
      const [entry] = (await get('/api/trash/?type=post')).json().items;
      await injectAs(t.app, t.tokens.editor, { method: 'POST', url: `/api/trash/${entry.id}/restore` });
      expect(await usage(photo.id)).toEqual([{ item_type: 'post', item_id: tour.id, title: 'Sunset Cruise' }]);
    });

    it('answers 404 for the usage of an item that does not exist or is in the trash, and 401 without a token', async () => {
      const photo = await uploadTestMedia(t, 'boat.png', await makeImage('png'));
      expect((await get('/api/media/9999/usage')).statusCode).toBe(404);
      await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/media/${photo.id}` });
      expect((await get(`/api/media/${photo.id}/usage`)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/media/${photo.id}/usage` })).statusCode).toBe(401);
    });
  });

  describe('deleting an item in use', () => {
    it('is refused with 409 naming what uses it, changing nothing, until the staff member confirms', async () => {
      const photo = await uploadTestMedia(t, 'boat.png', await makeImage('png'));
      await createTestTour(t, { title: 'Sunset Cruise', featured_image_id: photo.id });
      await createTestPage(t, { title: 'About us', content: `<img src="/${photo.file_path}">` });

      const refused = await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/media/${photo.id}` });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        detail: '"boat.png" is used by the tour "Sunset Cruise" and the page "About us". Delete it anyway?',
        used_by: [
          expect.objectContaining({ item_type: 'post', title: 'Sunset Cruise' }),
          expect.objectContaining({ item_type: 'page', title: 'About us' }),
        ],
      });
      expect((await listed()).map((item) => item.id)).toEqual([photo.id]);
      expect((await t.app.inject({ method: 'GET', url: `/${photo.file_path}` })).statusCode).toBe(200);

      const bad = await injectAs(t.app, t.tokens.editor, {
        method: 'DELETE',
        url: `/api/media/${photo.id}?in_use=yes`,
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors[0]).toMatchObject({ field: 'in_use' });

      expect(
        (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/media/${photo.id}?in_use=confirmed` }))
          .statusCode,
      ).toBe(204);
      expect(await listed()).toEqual([]);
    });

    it('comes back whole from the trash: listed, served, used by the same items, with its files and address', async () => {
      const photo = await uploadTestMedia(t, 'boat.png', await makeImage('png'));
      const tour = await createTestTour(t, { title: 'Sunset Cruise', featured_image_id: photo.id });
      await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/media/${photo.id}?in_use=confirmed` });
      expect((await get(`/api/posts/${tour.id}`)).json().featured_image).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: `/${photo.thumbnail_path}` })).statusCode).toBe(404);

      const restored = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: `/api/trash/${(await trashEntryOf(photo.id)).id}/restore`,
      });
      expect(restored.json()).toEqual({ item_type: 'media', item_id: photo.id });
      expect((await listed()).map((item) => [item.id, item.file_path, item.usage_count])).toEqual([
        [photo.id, photo.file_path, 1],
      ]);
      expect((await t.app.inject({ method: 'GET', url: `/${photo.file_path}` })).statusCode).toBe(200);
      expect((await get(`/api/posts/${tour.id}`)).json().featured_image).toMatchObject({ id: photo.id });
      const activity = (
        await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/activity/?item_type=media' })
      ).json().entries;
      expect(activity.slice(0, 2).map((entry: { summary: string }) => entry.summary)).toEqual([
        'Restored from the trash',
        'Moved to the trash',
      ]);
    });
  });

  describe('replacing the file', () => {
    const replace = (id: number, filename: string, content: Buffer, token = t.tokens.editor) => {
      const { payload, headers } = multipartBody([{ name: 'file', filename, content }]);
      return injectAs(t.app, token, { method: 'POST', url: `/api/media/${id}/file`, payload, headers });
    };

    it('keeps the address and every use, serves the new bytes, and makes the new size and thumbnail', async () => {
      const photo = await uploadTestMedia(t, 'boat.png', await makeImage('png', 64, 48));
      await createTestTour(t, { featured_image_id: photo.id });
      const before = await t.app.inject({ method: 'GET', url: `/${photo.file_path}` });
      // A browser keeps it minutes, not a day: the address will show the new bytes.
      expect(before.headers['cache-control']).toBe('public, max-age=300');
      const newer = await makeImage('png', 120, 90);
      const res = await replace(photo.id, 'boat-2027.png', newer);
      expect(res.statusCode).toBe(200);
      const item = res.json<MediaItem>();
      expect(item).toMatchObject({
        id: photo.id,
        file_path: photo.file_path,
        thumbnail_path: photo.thumbnail_path,
        original_name: 'boat-2027.png',
        width: 120,
        height: 90,
        file_size: newer.length,
      });
      const served = await t.app.inject({ method: 'GET', url: `/${photo.file_path}` });
      expect(served.rawPayload).toEqual(newer);
      // A browser that asks again with the old file's ETag gets the new bytes, not a 304.
      const revalidated = await t.app.inject({
        method: 'GET',
        url: `/${photo.file_path}`,
        headers: { 'if-none-match': String(before.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(200);
      expect(revalidated.rawPayload).toEqual(newer);
      expect(await usage(photo.id)).toHaveLength(1);
      expect((await listed()).map((listedItem) => listedItem.id)).toEqual([photo.id]);
    });

    it('refuses a file of another type, or one that is not what it says, and keeps the old file untouched', async () => {
      const photo = await uploadTestMedia(t, 'boat.png', await makeImage('png'));
      const before = (await t.app.inject({ method: 'GET', url: `/${photo.file_path}` })).rawPayload;
      const otherType = await replace(photo.id, 'leaflet.pdf', makePdf());
      expect(otherType.statusCode).toBe(415);
      expect(otherType.json().detail).toBe(
        'Choose a .png file: a replaced file keeps its address, and with it its type',
      );
      const liar = await replace(photo.id, 'boat.png', Buffer.from('not a png at all'));
      expect(liar.statusCode).toBe(415);
      expect((await t.app.inject({ method: 'GET', url: `/${photo.file_path}` })).rawPayload).toEqual(before);
      expect((await get(`/api/media/${photo.id}`)).json()).toEqual(photo);
    });

    it('answers 404 for an item in the trash or unknown, and 403 to a user', async () => {
      const photo = await uploadTestMedia(t, 'boat.png', await makeImage('png'));
      expect((await replace(photo.id, 'b.png', await makeImage('png'), t.tokens.user)).statusCode).toBe(403);
      expect((await replace(9999, 'b.png', await makeImage('png'))).statusCode).toBe(404);
      await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/media/${photo.id}` });
      expect((await replace(photo.id, 'b.png', await makeImage('png'))).statusCode).toBe(404);
    });
  });
});
