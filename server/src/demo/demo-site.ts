import {
  categoryInputSchema,
  componentInputSchema,
  pageInputSchema,
  postInputSchema,
  type PageInput,
  type SessionUser,
} from '@tours-cms/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services.js';
import { DEMO_CONTACT, DEMO_FOOTER, DEMO_HEADER, DEMO_HOME, DEMO_TOURS } from './demo-content.js';
import { makeDemoHeroImage } from './demo-image.js';

/** True when the site has no content of any kind yet: the demo never mixes with real work. */
async function hasNoContent({ pages, posts, components, media }: Services): Promise<boolean> {
  const counts = await Promise.all([pages.count(), posts.count(), components.list().then((l) => l.length), media.list().then((l) => l.length)]);
  return counts.every((count) => count === 0);
}

/** Stores the generated hero image through the media library's own path (signature check, size, thumbnail). */
async function storeHeroImage({ media }: Services, userId: number): Promise<number> {
  const bytes = await makeDemoHeroImage();
  const filePath = media.storage.newFilePath('jpg');
  const stagedPath = await media.storage.writeStaged(filePath, (async function* () {
    yield bytes;
  })());
  const item = await media.store({ filePath, stagedPath, extension: 'jpg', originalName: 'bay-at-sunset.jpg', size: bytes.length, folder: 'Demo' }, userId);
  return item.id;
}

const page = (input: PageInput) => pageInputSchema.parse(input);

/**
 * The demo site for a first start on an empty database: a header with navigation, a footer, a
 * published home page with a featured image made here (no network), a tours page, a contact page with the
 * inquiry form, and two sample tour posts. Written through the services, as staff would through the API, by the
 * first admin. Returns false (and writes nothing) when there is content already or no admin to sign it.
 */
export async function seedDemoSite(services: Services, adminUsername: string, log?: FastifyBaseLogger): Promise<boolean> {
  const { users, components, pages, posts, taxonomy } = services;
  const author: SessionUser | null = await users.findSessionUser(adminUsername);
  if (!author || !(await hasNoContent(services))) return false;

  await components.create(componentInputSchema.parse({ name: 'Site header', type: 'header', content: DEMO_HEADER, description: 'Logo and main navigation' }));
  await components.create(componentInputSchema.parse({ name: 'Site footer', type: 'footer', content: DEMO_FOOTER, description: 'Contact details and links' }));

  const heroId = await storeHeroImage(services, author.id);
  await pages.create(
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
  await pages.create(
    page({ title: 'Tours', slug: 'tours', status: 'published', content: DEMO_TOURS, seo_description: 'Sunset sailing and old-town walking tours, daily from April to October.' }),
    author,
  );
  await pages.create(page({ title: 'Contact', slug: 'contact', status: 'published', content: DEMO_CONTACT }), author);

  const category = await taxonomy.create('categories', categoryInputSchema.parse({ name: 'Tours', slug: 'tours', description: 'Tours we run' }));
  await posts.create(
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
  await posts.create(
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
