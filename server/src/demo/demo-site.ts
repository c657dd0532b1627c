import {
  categoryInputSchema,
  taxonomyInputSchema,
  componentInputSchema,
  faqInputSchema,
  MENU_LOCATIONS,
  menuInputSchema,
  pageInputSchema,
  postInputSchema,
  siteSettingsInputSchema,
  type PageInput,
  type PostData,
  type SessionUser,
} from '@tours-cms/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services.js';
import { seedDemoBookingRequests, seedDemoDepartures, seedDemoGermanNotes } from './demo-departures.js';
import {
  DEMO_CONTACT,
  DEMO_FOOTER,
  DEMO_GOOD_TO_KNOW,
  DEMO_HEADER,
  DEMO_HOME,
  DEMO_SITE_DETAILS,
} from './demo-content.js';
import { makeDemoHeroImage, makeTourImage } from './demo-image.js';
import { DEMO_CATEGORIES, DEMO_TAGS, DEMO_TOURS } from './demo-tours.js';
import { DEMO_FAQS, DEMO_GALLERY_SCENES, DEMO_SECTIONS } from './demo-tour-sections.js';
import {
  DEMO_CATEGORIES_DE,
  DEMO_COMPONENTS_DE,
  DEMO_MENU_LABELS_DE,
  DEMO_PAGES_DE,
  DEMO_SITE_DETAILS_DE,
  DEMO_TOURS_DE,
} from './demo-german.js';

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

  const header = await components.create(
    componentInputSchema.parse({
      name: 'Site header',
      type: 'header',
      content: DEMO_HEADER,
      description: 'Logo and main navigation',
    }),
    author,
  );
  const footer = await components.create(
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
  const created: { id: number; slug: string; title: string; price: number | null; input: PostData }[] = [];
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
    const input = postInputSchema.parse({
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
    });
    const post = await posts.create(input, author);
    created.push({ id: post.id, slug: tour.slug, title: post.title, price: post.price, input });
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
  await seedDemoGerman(services, author, { header, footer }, { home, goodToKnow, contact }, created, categoryIds);
  log?.info('seeded the demo site (SEED_DEMO=false turns this off)');
  return true;
}

/**
 * The demo's second language (issue 30): the site in English and German, US dollars as a display currency, and the
 * header, footer, main pages and six tours translated, each through the services as staff would (`translate`, then
 * a save of the German text), so every German item is in its English item's group and shares its price, category,
 * tags, images, FAQs and departures (the departures' notes in German). The English items are saved before their
 * translations and not after, so none of the German ones is out of date. The site has its name, description and
 * contact details, German its own description and e-mail address. The German text is in demo-german.ts.
 */
async function seedDemoGerman(
  services: Services,
  author: SessionUser,
  englishComponents: Record<'header' | 'footer', { id: number }>,
  englishPages: Record<'home' | 'goodToKnow' | 'contact', { id: number }>,
  tours: readonly { id: number; slug: string; input: PostData }[],
  categoryIds: ReadonlyMap<string, number>,
): Promise<void> {
  const { settings, pages, posts, components, taxonomy } = services;
  const saved = await settings.get();
  await settings.update(
    siteSettingsInputSchema.parse({
      ...DEMO_SITE_DETAILS,
      currency: saved.currency,
      social_image_url: saved.social_image_url,
      default_language: 'en',
      languages: ['en', 'de'],
      display_currencies: [{ code: 'USD', rate: 1.08 }],
      language_details: { de: DEMO_SITE_DETAILS_DE },
    }),
    author,
  );
  // The header and footer, switched on once translated (a translation starts switched off).
  for (const type of ['header', 'footer'] as const) {
    const german = await components.translate(englishComponents[type].id, 'de', author);
    const text = DEMO_COMPONENTS_DE[type];
    await components.update(
      german.id,
      componentInputSchema.parse({ ...text, type, is_common: true, is_active: true, version: german.version }),
      author,
    );
  }
  const pageSlugs = { home: 'home', goodToKnow: 'good-to-know', contact: 'contact' } as const;
  for (const [key, slug] of Object.entries(pageSlugs) as [
    keyof typeof pageSlugs,
    (typeof pageSlugs)[keyof typeof pageSlugs],
  ][]) {
    const english = await pages.get(englishPages[key].id);
    const german = await pages.translate(english.id, 'de', author);
    const text = DEMO_PAGES_DE[slug];
    await pages.update(
      german.id,
      page({
        title: text.title,
        slug: text.slug,
        status: 'published',
        content: text.content,
        featured_image_id: english.featured_image_id,
        seo_title: text.seo_title ?? null,
        seo_description: text.seo_description ?? null,
      }),
      author,
    );
  }
  // The destinations before the tours, so that each German tour starts in its German destination.
  const germanCategories = new Map<number, number>();
  for (const [slug, id] of categoryIds) {
    const text = DEMO_CATEGORIES_DE[slug]!;
    const german = await taxonomy.translate('categories', id, 'de', author);
    await taxonomy.update('categories', german.id, categoryInputSchema.parse({ ...text, language: 'de' }), author);
    germanCategories.set(id, german.id);
  }
  for (const tour of tours) {
    const text = DEMO_TOURS_DE[tour.slug]!;
    const german = await posts.translate(tour.id, 'de', author);
    const { caption, meeting_point, ...fields } = text;
    const english = tour.input;
    await posts.update(
      german.id,
      postInputSchema.parse({
        ...english,
        ...fields,
        category_id: english.category_id && (germanCategories.get(english.category_id) ?? english.category_id),
        seo_description: fields.seo_description ?? null,
        status: 'published',
        itinerary: fields.itinerary.map((day, index) => ({
          ...day,
          image_id: english.itinerary?.[index]?.image_id ?? null,
        })),
        gallery: (english.gallery ?? []).map((item, index) => ({ ...item, caption: index === 0 ? caption : null })),
        meeting_point: english.meeting_point ? { ...english.meeting_point, ...meeting_point } : null,
      }),
      author,
    );
    await seedDemoGermanNotes(services, german.id, author);
  }
  // The menus' own words (the custom links' labels, and the label the contact page was given) in German.
  for (const location of MENU_LOCATIONS) {
    const menu = await services.menus.get(location);
    await services.menus.save(
      location,
      menuInputSchema.parse({
        items: menu.items.map(({ kind, target_id, label, url, parent }) => ({
          kind,
          target_id,
          label,
          url,
          parent,
          labels: label && DEMO_MENU_LABELS_DE[label] ? { de: DEMO_MENU_LABELS_DE[label] } : {},
        })),
      }),
      author,
    );
  }
}
