import {
  categoryInputSchema,
  taxonomyInputSchema,
  componentInputSchema,
  faqInputSchema,
  menuInputSchema,
  pageInputSchema,
  postInputSchema,
  type PageInput,
  type SessionUser,
} from '@tours-cms/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services.js';
import { seedDemoBookingRequests, seedDemoDepartures } from './demo-departures.js';
import { DEMO_CONTACT, DEMO_FOOTER, DEMO_GOOD_TO_KNOW, DEMO_HEADER, DEMO_HOME } from './demo-content.js';
import { makeDemoHeroImage, makeTourImage } from './demo-image.js';
import { DEMO_CATEGORIES, DEMO_TAGS, DEMO_TOURS } from './demo-tours.js';
import { DEMO_FAQS, DEMO_GALLERY_SCENES, DEMO_SECTIONS } from './demo-tour-sections.js';

/** True when the site has no content of any kind yet: the demo never mixes with real work. */
async function hasNoContent({ pages, posts, components, media }: Services): Promise<boolean> {
  const counts = await Promise.all([
    pages.count(),
    posts.count(),
    components.list().then((l) => l.length),
    media.list().then((l) => l.length),
  ]);
  return counts.every((count) => count === 0);
}

/** Stores a generated image through the media library's own path (signature check, size, thumbnail). */
async function storeImage(
  { media }: Services,
  author: SessionUser,
  bytes: Buffer,
  originalName: string,
  altText: string | null = null,
): Promise<number> {
  const filePath = media.storage.newFilePath('jpg');
  const stagedPath = await media.storage.writeStaged(
    filePath,
    (async function* () {
      yield bytes;
    })(),
  );
  const item = await media.store(
    { filePath, stagedPath, extension: 'jpg', originalName, size: bytes.length, folder: 'Demo' },
    author,
  );
  if (altText !== null) await media.update(item.id, { alt_text: altText }, author);
  return item.id;
}

const page = (input: PageInput) => pageInputSchema.parse(input);

/**
 * The demo site for a first start on an empty database: a header with navigation, a footer, a
 * published home page with a featured image made here (no network), a "Good to know" page, a contact page with
 * the inquiry form, and six published tours in three destinations, tagged, each with a picture made here, so the
 * catalogue at /tours is full on first start, each with departures over the next three months, and two booking
 * requests waiting in Contacts. Written through the services, as staff would through the API, by the
 * first admin. Returns false (and writes nothing) when there is content already or no admin to sign it.
 */
export async function seedDemoSite(
  services: Services,
  adminUsername: string,
  log?: FastifyBaseLogger,
): Promise<boolean> {
  const { users, components, pages, posts, taxonomy, menus } = services;
  const author: SessionUser | null = await users.findSessionUser(adminUsername);
  if (!author || !(await hasNoContent(services))) return false;

  await components.create(
    componentInputSchema.parse({
      name: 'Site header',
      type: 'header',
      content: DEMO_HEADER,
      description: 'Logo and main navigation',
    }),
    author,
  );
  await components.create(
    componentInputSchema.parse({
      name: 'Site footer',
      type: 'footer',
      content: DEMO_FOOTER,
      description: 'Contact details and links',
    }),
    author,
  );

  const heroId = await storeImage(services, author, await makeDemoHeroImage(), 'bay-at-sunset.jpg');
  const home = await pages.create(
    page({
      title: 'Home',
      slug: 'home',
      status: 'published',
      content: DEMO_HOME,
      featured_image_id: heroId,
      seo_title: 'Azure Bay Tours | Sailing and walking tours on the bay',
      seo_description:
        'Small-group sunset sailing, old-town walks and island picnics with local guides. Book your bay tour today.',
    }),
    author,
  );
  const goodToKnow = await pages.create(
    page({
      title: 'Good to know',
      slug: 'good-to-know',
      status: 'published',
      content: DEMO_GOOD_TO_KNOW,
      seo_description:
        'What to bring, what happens when the weather turns, and private tours: good to know before you book.',
    }),
    author,
  );
  const contact = await pages.create(
    page({ title: 'Contact', slug: 'contact', status: 'published', content: DEMO_CONTACT }),
    author,
  );

  const categoryIds = new Map<string, number>();
  for (const category of DEMO_CATEGORIES) {
    const created = await taxonomy.create('categories', categoryInputSchema.parse(category), author);
    categoryIds.set(category.slug, created.id);
  }
  const tagIds = new Map<string, number>();
  for (const tag of DEMO_TAGS)
    tagIds.set(tag.slug, (await taxonomy.create('tags', taxonomyInputSchema.parse(tag), author)).id);
  const faqIds = new Map<string, number>();
  for (const { key, ...faq } of DEMO_FAQS)
    faqIds.set(key, (await services.faqs.create(faqInputSchema.parse(faq), author)).id);
  const galleryIds: number[] = [];
  for (const { name, alt, scene } of DEMO_GALLERY_SCENES)
    galleryIds.push(await storeImage(services, author, await makeTourImage(scene), name, alt));
  // Oldest first, so the catalogue (newest first) opens with the sunset sail.
  const created: { id: number; slug: string; title: string; price: number | null }[] = [];
  for (const tour of [...DEMO_TOURS].reverse()) {
    const sections = DEMO_SECTIONS[tour.slug]!;
    const imageId = await storeImage(
      services,
      author,
      await makeTourImage(tour.scene),
      `${tour.slug}.jpg`,
      sections.imageAlt,
    );
    const { scene: _scene, category, tags, ...fields } = tour;
    const [firstDay, ...otherDays] = sections.itinerary;
    const post = await posts.create(
      postInputSchema.parse({
        ...fields,
        status: 'published',
        category_id: categoryIds.get(category),
        tag_ids: tags.map((slug) => tagIds.get(slug)),
        featured_image_id: imageId,
        highlights: sections.highlights,
        itinerary: [{ ...firstDay, image_id: imageId }, ...otherDays],
        includes: sections.includes,
        excludes: sections.excludes,
        meeting_point: sections.meeting_point,
        gallery: [
          { media_id: imageId, caption: sections.caption },
          ...galleryIds.map((media_id) => ({ media_id, caption: null })),
        ],
        faq_ids: sections.faqs.map((key) => faqIds.get(key)),
      }),
      author,
    );
    created.push({ id: post.id, slug: tour.slug, title: post.title, price: post.price });
  }
  // In the demo's own order (the sunset sail first): each tour's departures over the next three months.
  await seedDemoDepartures(
    services,
    DEMO_TOURS.map((tour) => created.find((post) => post.slug === tour.slug)!),
    author,
  );
  // Two of them requested by visitors, waiting in Contacts for staff to confirm.
  await seedDemoBookingRequests(services, created);
  // The header's menu: Tours with a sub-item per destination; the footer's: where a visitor goes next.
  await menus.save(
    'header',
    menuInputSchema.parse({
      items: [
        { kind: 'page', target_id: home.id },
        { kind: 'custom', label: 'Tours', url: '/tours' },
        ...DEMO_CATEGORIES.map((category) => ({
          kind: 'category',
          target_id: categoryIds.get(category.slug),
          parent: 1,
        })),
        { kind: 'page', target_id: goodToKnow.id },
      ],
    }),
    author,
  );
  await menus.save(
    'footer',
    menuInputSchema.parse({
      items: [
        { kind: 'custom', label: 'All tours', url: '/tours' },
        { kind: 'page', target_id: goodToKnow.id },
        { kind: 'page', target_id: contact.id, label: 'Ask a question' },
      ],
    }),
    author,
  );
  log?.info('seeded the demo site (SEED_DEMO=false turns this off)');
  return true;
}
