import type { PostInput } from '@tours-cms/contract';
import type { TourScene } from './demo-image.js';

/** The demo's destinations: the tour categories of the catalogue. */
export const DEMO_CATEGORIES = [
  {
    name: 'The Bay',
    slug: 'the-bay',
    description: 'Sailing and paddling on the calm water of the bay, from dawn to sunset.',
  },
  {
    name: 'Old Town',
    slug: 'old-town',
    description: 'Lanes, markets and lantern-lit courtyards of the old town, on foot.',
  },
  {
    name: 'The Islands',
    slug: 'the-islands',
    description: 'Day trips and overnight stays on the quiet islands beyond the bay.',
  },
];

/** The demo's tags: what visitors narrow the catalogue by across destinations. */
export const DEMO_TAGS = [
  { name: 'Family friendly', slug: 'family-friendly' },
  { name: 'On the water', slug: 'on-the-water' },
  { name: 'On foot', slug: 'on-foot' },
  { name: 'Food & drink', slug: 'food-and-drink' },
  { name: 'Sunset', slug: 'sunset' },
];

export interface DemoTour extends Omit<PostInput, 'status' | 'category_id' | 'featured_image_id' | 'tag_ids'> {
  category: string;
  tags: string[];
  scene: TourScene;
}

const BOOK_BY_EMAIL = { button_label: 'Book by e-mail', button_value: 'bookings@azurebay.example' };
const BOOK_BY_PHONE = { button_label: 'Call to book', button_value: '+1 555 0142' };

/** Six tours, newest first as the catalogue shows them. */
export const DEMO_TOURS: DemoTour[] = [
  {
    title: 'Sunset Sailing on the Bay',
    slug: 'sunset-sailing-on-the-bay',
    tags: ['on-the-water', 'sunset', 'food-and-drink'],
    category: 'the-bay',
    content:
      '<p>Board our classic sloop an hour before sunset, help raise the sails and watch the sky turn gold over the islands.</p><h2>Included</h2><ul><li>Local wine, juice and small plates</li><li>Blankets for the ride back</li></ul>',
    excerpt: 'Golden hour on a classic sloop, with local wine and a skipper who tells the bay’s stories.',
    price: 79,
    duration: '3 hours',
    age: '6+',
    location: 'Marina, pier 4',
    ...BOOK_BY_EMAIL,
    short_description: 'Golden hour on a classic sloop, with local wine and small plates.',
    seo_description: 'A three-hour sunset sail on a classic sloop, with local wine and small plates.',
    scene: { sky: ['#1e3a8a', '#f97316', '#fde68a'], ground: '#0e7490', accent: '#f8fafc', motif: 'sail' },
  },
  {
    title: 'Sea Kayak at Dawn',
    slug: 'sea-kayak-at-dawn',
    tags: ['on-the-water'],
    category: 'the-bay',
    content:
      '<p>Paddle out while the bay is still glass. No experience needed: our guides teach you on the beach first.</p>',
    excerpt: 'Glassy water, herons and a thermos of coffee on the far beach.',
    price: 55,
    duration: '2.5 hours',
    age: '12+',
    location: 'North beach',
    ...BOOK_BY_PHONE,
    short_description: 'Glassy water, herons and coffee on the far beach.',
    scene: { sky: ['#7dd3fc', '#fbcfe8', '#fef3c7'], ground: '#0369a1', accent: '#f97316', motif: 'kayak' },
  },
  {
    title: 'Old Town Walking Tour',
    slug: 'old-town-walking-tour',
    tags: ['on-foot', 'family-friendly'],
    category: 'old-town',
    content:
      '<p>From the fish market to the cathedral steps: lanes, courtyards and the stories behind the doors.</p><p>Includes a pastry stop.</p>',
    excerpt: 'Lanes, markets and hidden courtyards, with a stop for the best pastry in town.',
    price: 35,
    duration: '2.5 hours',
    age: 'All ages',
    location: 'Cathedral square',
    ...BOOK_BY_EMAIL,
    short_description: 'Lanes, markets and hidden courtyards, with a pastry stop.',
    scene: { sky: ['#93c5fd', '#e0f2fe', '#fef9c3'], ground: '#a8a29e', accent: '#f59e0b', motif: 'towers' },
  },
  {
    title: 'Lantern Food Walk',
    slug: 'lantern-food-walk',
    tags: ['on-foot', 'food-and-drink', 'sunset'],
    category: 'old-town',
    content:
      '<p>Six tastings in six family kitchens as the lanterns come on: grilled fish, olive bread, honey cakes and more.</p>',
    excerpt: 'Six tastings in six family kitchens as the lanterns come on.',
    price: 65,
    duration: '3 hours',
    age: '10+',
    location: 'Fish market gate',
    ...BOOK_BY_EMAIL,
    short_description: 'Six tastings in six family kitchens as the lanterns come on.',
    scene: { sky: ['#1e1b4b', '#4c1d95', '#9a3412'], ground: '#292524', accent: '#fbbf24', motif: 'lantern' },
  },
  {
    title: 'Island Picnic Day',
    slug: 'island-picnic-day',
    tags: ['family-friendly', 'on-the-water', 'food-and-drink'],
    category: 'the-islands',
    content:
      '<p>A morning crossing, a walk to the lighthouse, a long picnic in the olive grove and a swim before the boat home.</p>',
    excerpt: 'Lighthouse walk, olive-grove picnic and a swim.',
    price: 120,
    duration: 'Full day',
    age: 'All ages',
    location: 'Ferry pier',
    ...BOOK_BY_PHONE,
    short_description: 'Lighthouse walk, olive-grove picnic and a swim before the boat home.',
    scene: { sky: ['#38bdf8', '#bae6fd', '#f0f9ff'], ground: '#0284c7', accent: '#fde68a', motif: 'island' },
  },
  {
    title: 'Two Islands Overnight',
    slug: 'two-islands-overnight',
    tags: ['on-the-water', 'on-foot'],
    category: 'the-islands',
    content:
      '<p>Sail to the outer island, sleep in a fisherman’s guesthouse and hike the ridge of its neighbour at sunrise.</p>',
    excerpt: 'Two islands, one night in a fisherman’s guesthouse.',
    price: 340,
    duration: '2 days / 1 night',
    age: '14+',
    location: 'Ferry pier',
    ...BOOK_BY_EMAIL,
    short_description: 'Two islands and a night in a fisherman’s guesthouse.',
    scene: { sky: ['#0f766e', '#99f6e4', '#fefce8'], ground: '#166534', accent: '#facc15', motif: 'hills' },
  },
];
