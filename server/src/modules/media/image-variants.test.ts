import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import sharp from 'sharp';
import type { MediaItem } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { filesUnderUploads, makeImage, makePng, multipartBody } from '../../test/media-fixtures.js';
import { createTestPage, createTestTour } from '../../test/page-fixtures.js';
import { ORPHAN_GRACE_MS } from './media.service.js';

/**
 * A real decompression bomb: a valid one-bit PNG of `width` × `height` pixels, all of them black, whose rows
 * compress to almost nothing (20,000 × 20,000 is 400 megapixels, 1.2 GB to decode into RGB, in about 50 KB).
 */
function pngBomb(width: number, height: number): Buffer {
  const row = Buffer.alloc(1 + Math.ceil(width / 8)); // filter byte 0, then zero bits
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 9 });
  return makePng(width, height, 1, 0, pixels); // 1-bit greyscale
}

/** Files of the uploads folder whose names carry a width: the variants. */
const variantFiles = (dataDir: string) =>
  filesUnderUploads(dataDir).filter((file) => /\.w\d+\.(avif|webp)$/.test(file));

/** The srcdoc of a page's frame, unescaped. */
function frameDocumentOf(html: string): string {
  return /<iframe [^>]*srcdoc="([^"]*)"/
    .exec(html)![1]!
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** Every address a srcset names. */
const srcsetUrls = (html: string) =>
  [...html.matchAll(/srcset="([^"]+)"/g)].flatMap((match) =>
    match[1]!.split(', ').map((entry) => entry.split(' ')[0]!),
  );

forEachDialect('image variants', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  async function upload(filename: string, content: Buffer) {
    const { payload, headers } = multipartBody([{ name: 'file', filename, content }]);
    return injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/media/upload', payload, headers });
  }

  async function uploadImage(filename: string, width: number, height: number): Promise<MediaItem> {
    const res = await upload(filename, await makeImage('jpeg', width, height));
    expect(res.statusCode, res.body).toBe(201);
    await t.app.imageVariants.idle();
    return res.json();
  }

  it('refuses a decompression bomb of 20,000 × 20,000 real pixels at upload with 422, decoding nothing and keeping nothing', async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    const res = await upload('bomb.png', bomb);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: 'file', message: 'The image is 20000 × 20000 pixels; at most 50 megapixels are accepted' },
    ]);
    expect(filesUnderUploads(t.dataDir)).toEqual([]);
  });

  it('makes AVIF and WebP variants of an upload once, beside the original and never wider than it', async () => {
    const item = await uploadImage('harbour.jpg', 1200, 800);
    const base = item.file_path.replace(/\.jpg$/, '');
    expect(variantFiles(t.dataDir).sort()).toEqual(
      [480, 960, 1200].flatMap((w) => [`${base}.w${w}.avif`, `${base}.w${w}.webp`]).sort(),
    );
    for (const width of [480, 960, 1200]) {
      const avif = await t.app.inject({ method: 'GET', url: `/${base}.w${width}.avif` });
      expect(avif.statusCode).toBe(200);
      expect(avif.headers['content-type']).toBe('image/avif');
      const meta = await sharp(avif.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['heif', width, Math.round((width * 800) / 1200)]);
    }
    // Made once: a later run finds nothing to do.
    expect(await t.app.ctx.services.media.makeNextVariants()).toBeNull();
    const small = await uploadImage('icon.jpg', 300, 200);
    expect(
      variantFiles(t.dataDir).filter((file) => file.startsWith(small.file_path.replace(/\.jpg$/, ''))),
    ).toHaveLength(2);
  });

  it("sends a page's featured image and library images with srcset, sizes and their size, from files that exist", async () => {
    const hero = await uploadImage('hero.jpg', 1600, 640);
    const inline = await uploadImage('inline.jpg', 1000, 750);
    await createTestPage(t, {
      slug: 'home',
      status: 'published',
      featured_image_id: hero.id,
      content: `<p>Text</p><img src="/${inline.file_path}" alt="Deck">`,
    });
    const frame = frameDocumentOf((await t.app.inject({ method: 'GET', url: '/' })).body);
    expect(frame).toContain(`<source type="image/avif" srcset="/${hero.file_path.replace('.jpg', '.w480.avif')} 480w,`);
    expect(frame).toMatch(
      new RegExp(
        `<img class="tcms-featured" src="/${hero.file_path}" alt="Page \\d+" width="1600" height="640" fetchpriority="high"></picture>`,
      ),
    );
    expect(frame).toContain(
      `<img src="/${inline.file_path}" alt="Deck" srcset="/${inline.file_path.replace('.jpg', '.w480.webp')} 480w, `,
    );
    expect(frame).toContain('sizes="auto, 100vw" width="1000" height="750" loading="lazy" decoding="async">');
    const urls = srcsetUrls(frame);
    expect(urls.length).toBe(3 * 2 + 3);
    for (const url of urls) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  });

  it("sends a tour's picture and its content's library images with srcset", async () => {
    const picture = await uploadImage('sail.jpg', 1200, 800);
    await createTestTour(t, {
      slug: 'sunset',
      featured_image_id: picture.id,
      content: `<img src="/${picture.file_path}" alt="On deck">`,
    });
    const page = (await t.app.inject({ method: 'GET', url: '/tours/sunset' })).body;
    expect(page).toMatch(
      /<picture><source type="image\/avif" srcset="[^"]+\.w1200\.avif 1200w" sizes="\(min-width: 72rem\) 69rem, calc\(100vw - 3rem\)">/,
    );
    expect(page).toContain('width="1200" height="800" fetchpriority="high"></picture>');
    const content = (await t.app.inject({ method: 'GET', url: '/frame/site/tour/sunset' })).body;
    expect(content).toContain('loading="lazy" decoding="async"');
    for (const url of [...srcsetUrls(page), ...srcsetUrls(content)])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  });

  it('deletes the variants with their image, and the orphan sweep leaves the variants of a kept image alone', async () => {
    const kept = await uploadImage('kept.jpg', 1000, 500);
    const gone = await uploadImage('gone.jpg', 1000, 500);
    expect(variantFiles(t.dataDir)).toHaveLength(2 * 6);
    expect(
      (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/media/${gone.id}` })).statusCode,
    ).toBe(204);
    // In the trash the variants stay (and the sweep leaves them: their item still owns them); deleted for good, they go.
    expect(variantFiles(t.dataDir)).toHaveLength(2 * 6);
    expect(await t.app.ctx.services.media.sweepOrphans(Date.now() + ORPHAN_GRACE_MS * 2)).toBe(0);
    const [entry] = (await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/trash/?type=media' })).json()
      .items;
    expect(
      (await injectAs(t.app, t.tokens.admin, { method: 'DELETE', url: `/api/trash/${entry.id}` })).statusCode,
    ).toBe(204);
    const left = variantFiles(t.dataDir);
    expect(left).toHaveLength(6);
    expect(left.every((file) => file.startsWith(kept.file_path.replace(/\.jpg$/, '')))).toBe(true);

    const longAgo = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
    const orphan = path.join(t.dataDir, gone.file_path.replace(/\.jpg$/, '.w480.avif'));
    fs.writeFileSync(orphan, 'left by a crash');
    for (const file of [...filesUnderUploads(t.dataDir)]) fs.utimesSync(path.join(t.dataDir, file), longAgo, longAgo);
    expect(await t.app.ctx.services.media.sweepOrphans()).toBe(1);
    expect(variantFiles(t.dataDir)).toEqual(left);
  });

  it('makes the variants of images from before variants existed on first use', async () => {
    const old = await uploadImage('old.jpg', 1000, 500);
    for (const file of variantFiles(t.dataDir)) fs.rmSync(path.join(t.dataDir, file));
    await t.app.ctx.db.kysely.updateTable('media').set({ variants: null }).where('id', '=', old.id).execute();
    t.app.ctx.siteChanges.changed('page');
    await createTestPage(t, { slug: 'home', status: 'published', featured_image_id: old.id });
    expect(frameDocumentOf((await t.app.inject({ method: 'GET', url: '/' })).body)).not.toContain('<picture>');
    await t.app.imageVariants.idle();
    expect(variantFiles(t.dataDir)).toHaveLength(6);
    expect(frameDocumentOf((await t.app.inject({ method: 'GET', url: '/' })).body)).toContain('<picture>');
  });

  it('sends the original when an image cannot be resized, and still renders the page', async () => {
    const broken = await uploadImage('broken.jpg', 1000, 500);
    for (const file of variantFiles(t.dataDir)) fs.rmSync(path.join(t.dataDir, file));
    await t.app.ctx.db.kysely.updateTable('media').set({ variants: null }).where('id', '=', broken.id).execute();
    // The stored bytes go bad after the upload's checks (a disk error, a bad restore).
    fs.writeFileSync(
      path.join(t.dataDir, broken.file_path),
      Buffer.concat([(await makeImage('jpeg', 64, 48)).subarray(0, 200), Buffer.alloc(500)]),
    );
    const outcome = await t.app.ctx.services.media.makeNextVariants();
    expect(outcome).toMatchObject({ id: broken.id, willRetry: false });
    expect(variantFiles(t.dataDir)).toEqual([]);
    await createTestPage(t, { slug: 'home', status: 'published', featured_image_id: broken.id });
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const frame = frameDocumentOf(res.body);
    expect(frame).toContain(`<img class="tcms-featured" src="/${broken.file_path}"`);
    expect(frame).not.toContain('<picture>');
    // Failed once, not tried again on every page view.
    expect(await t.app.ctx.services.media.makeNextVariants()).toBeNull();
  });
});
