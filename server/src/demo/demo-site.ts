import {
  categoryInputSchema,
  componentInputSchema,
  pageInputSchema,
  postInputSchema,
  type PageInput,
  type SessionUser,
} from '@tours-cms/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context.js';
import type { Db } from '../db/dialect.js';
import { findUserByUsername } from '../modules/users/users.repository.js';
import { toSessionUser } from '../modules/users/users.service.js';
import { createComponent } from '../modules/components/components.service.js';
import { createPage } from '../modules/pages/pages.service.js';
import { countPages } from '../modules/pages/pages.repository.js';
import { createPost } from '../modules/posts/posts.service.js';
import { createTaxonomyItem } from '../modules/taxonomy/taxonomy.service.js';
import { storeUpload } from '../modules/media/media.service.js';
import { DEMO_CONTACT, DEMO_FOOTER, DEMO_HEADER, DEMO_HOME, DEMO_TOURS } from './demo-content.js';
import { makeDemoHeroImage } from './demo-image.js';

/** True when the site has no content of any kind yet: the demo never mixes with real work. */
async function hasNoContent(db: Db): Promise<boolean> {
  if ((await countPages(db)) > 0) return false;
  for (const table of ['components', 'posts', 'media'] as const) {
    if (await db.kysely.selectFrom(table).select('id').limit(1).executeTakeFirst()) return false;
  }
  return true;
}

/** Stores the generated hero image through the media library's own path (signature check, size, thumbnail). */
async function storeHeroImage(ctx: AppContext, userId: number): Promise<number> {
  const bytes = await makeDemoHeroImage();
  const filePath = ctx.mediaStorage.newFilePath('jpg');
  const stagedPath = await ctx.mediaStorage.writeStaged(filePath, (async function* () {
    yield bytes;
  })());
  const item = await storeUpload(
    ctx,
    { filePath, stagedPath, extension: 'jpg', originalName: 'bay-at-sunset.jpg', size: bytes.length, folder: 'Demo' },
    userId,
  );
  return item.id;
}

const page = (input: PageInput) => pageInputSchema.parse(input);

/**
 * The demo site of decisions §2 for a first start on an empty database: a header with navigation, a footer, a
 * published home page with a featured image made here (no network), a tours page, a contact page with the
 * inquiry form, and two sample tour posts. Written through the services, as staff would through the API, by the
 * first admin. Returns false (and writes nothing) when there is content already or no admin to sign it.
 */
export async function seedDemoSite(ctx: AppContext, adminUsername: string, log?: FastifyBaseLogger): Promise<boolean> {
  const { db } = ctx;
  const admin = await findUserByUsername(db, adminUsername);
  if (!admin || !(await hasNoContent(db))) return false;
  const author: SessionUser = toSessionUser(admin);

  await createComponent(db, componentInputSchema.parse({ name: 'Site header', type: 'header', content: DEMO_HEADER, description: 'Logo and main navigation' }));
  await createComponent(db, componentInputSchema.parse({ name: 'Site footer', type: 'footer', content: DEMO_FOOTER, description: 'Contact details and links' }));

  const heroId = await storeHeroImage(ctx, admin.id);
  await createPage(
    ctx,
    page({
      title: 'Home',
      slug: 'home',
      status: 'published',
      content: DEMO_HOME,
      featured_image_id: heroId,
      seo_title: 'Azure Bay Tours | Sailing and walking tours on the bay',
      seo_description: 'Small-group sunset sailing, old-town walks and island picnics with local guides. Book your bay tour today.',
    }),
    author,
  );
  await createPage(
    ctx,
    page({ title: 'Tours', slug: 'tours', status: 'published', content: DEMO_TOURS, seo_description: 'Sunset sailing and old-town walking tours, daily from April to October.' }),
    author,
  );
  await createPage(ctx, page({ title: 'Contact', slug: 'contact', status: 'published', content: DEMO_CONTACT }), author);

  const category = await createTaxonomyItem(db, 'categories', categoryInputSchema.parse({ name: 'Tours', slug: 'tours', description: 'Tours we run' }));
  await createPost(
    db,
    postInputSchema.parse({
      title: 'Sunset Sailing on the Bay',
      slug: 'sunset-sailing-on-the-bay',
      status: 'published',
      content: '<p>Board our classic sloop an hour before sunset, help raise the sails and watch the sky turn gold over the islands.</p><ul><li>Local wine, juice and small plates</li><li>Blankets for the ride back</li></ul>',
      excerpt: 'Golden hour on a classic sloop, with local wine and a skipper who tells the bay’s stories.',
      price: 79,
      duration: '3 hours',
      age: '6+',
      location: 'Marina, pier 4',
      button_label: 'Book now',
      button_value: '/contact',
      short_description: 'Golden hour on the water',
      seo_title: 'Sunset Sailing on the Bay',
      seo_description: 'A three-hour sunset sail on a classic sloop, with local wine and small plates.',
      category_id: category.id,
    }),
    author,
  );
  await createPost(
    db,
    postInputSchema.parse({
      title: 'Old Town Walking Tour',
      slug: 'old-town-walking-tour',
      status: 'published',
      content: '<p>From the fish market to the cathedral steps: lanes, courtyards and the stories behind the doors.</p><p>Includes a pastry stop.</p>',
      excerpt: 'Lanes, markets and hidden courtyards, with a stop for the best pastry in town.',
      price: 35,
      duration: '2.5 hours',
      age: 'All ages',
      location: 'Cathedral square',
      button_label: 'Book now',
      button_value: '/contact',
      short_description: 'The old town on foot',
      category_id: category.id,
    }),
    author,
  );
  log?.info('seeded the demo site (SEED_DEMO=false turns this off)');
  return true;
}
