import type { FaqInput, ItineraryEntryInput, MeetingPoint } from '@tours-cms/contract';
import type { TourScene } from './demo-image.js';

/*
 * The demo tours' sections (issue 28): what a traveller asks before booking, filled in for each of the six tours
 * so a first start shows what the tour page can hold.
 */

/** Three answers every tour shares: written once, chosen by each tour. */
export const DEMO_FAQS: (FaqInput & { key: string })[] = [
  {
    key: 'bring',
    question: 'What should I bring?',
    answer:
      '<p>Comfortable shoes, a hat, sun cream and a refillable water bottle. On the water, a light jacket: the breeze is cool even in summer.</p>',
  },
  {
    key: 'weather',
    question: 'What happens if the weather turns?',
    answer:
      '<p>If we cancel for the weather, you choose: another date, or your money back in full. We decide by 8 pm the evening before and tell you by e-mail and text.</p>',
  },
  {
    key: 'children',
    question: 'Can children come?',
    answer:
      '<p>Yes, from the age shown on each tour. Children under 12 travel at half price; life jackets in every size are on board.</p>',
  },
];

/** The two pictures every gallery adds to the tour's own: the harbour by day and the lighthouse at dusk. */
export const DEMO_GALLERY_SCENES: { name: string; alt: string; scene: TourScene }[] = [
  {
    name: 'harbour-morning.jpg',
    alt: 'Sailing boats moored in the harbour on a clear morning',
    scene: { sky: ['#60a5fa', '#bfdbfe', '#eff6ff'], ground: '#0e7490', accent: '#fef08a', motif: 'sail' },
  },
  {
    name: 'island-dusk.jpg',
    alt: 'A small island with a palm tree against an orange dusk sky',
    scene: { sky: ['#312e81', '#ea580c', '#fed7aa'], ground: '#155e75', accent: '#fbbf24', motif: 'island' },
  },
];

export interface DemoSections {
  /** The tour's own picture's alternative text, and its caption in the gallery. */
  imageAlt: string;
  caption: string;
  highlights: string[];
  itinerary: Omit<ItineraryEntryInput, 'image_id'>[];
  includes: string[];
  excludes: string[];
  meeting_point: MeetingPoint;
  /** Which of DEMO_FAQS the tour shows, in order. */
  faqs: string[];
}

const MARINA = {
  name: 'Marina, pier 4',
  address: 'Harbour Road 12, Azure Bay',
  latitude: 38.6916,
  longitude: -9.4215,
} as const;

/** By tour slug. */
export const DEMO_SECTIONS: Record<string, DemoSections> = {
  'sunset-sailing-on-the-bay': {
    imageAlt: 'A classic sloop under sail at sunset, the sky orange over the bay',
    caption: 'Under sail as the sun goes down',
    highlights: ['Help raise the sails of a 1960s sloop', 'Sunset over the islands', 'Local wine and small plates'],
    itinerary: [
      { title: 'Welcome aboard at the marina', description: '<p>Meet the skipper and learn the ropes.</p>' },
      { title: 'Sail to the lighthouse', description: '<p>An hour on the open bay as the light turns gold.</p>' },
      { title: 'Sunset at anchor', description: '<p>Wine and small plates while the sun sets behind the islands.</p>' },
    ],
    includes: ['Skipper and deckhand', 'Local wine, juice and small plates', 'Blankets for the ride back'],
    excludes: ['Hotel pick-up'],
    meeting_point: { ...MARINA, notes: 'Look for the wooden sloop "Aurora"; come 15 minutes before departure.' },
    faqs: ['bring', 'weather', 'children'],
  },
  'sea-kayak-at-dawn': {
    imageAlt: 'A kayaker on glassy water at dawn, the sky pink and pale blue',
    caption: 'First light on the bay',
    highlights: ['No experience needed', 'Herons and cormorants at first light', 'Coffee on the far beach'],
    itinerary: [
      { title: 'Lesson on the beach', description: '<p>Paddling and safety, on dry land first.</p>' },
      { title: 'Paddle across the bay', description: '<p>Along the reed beds where the herons feed.</p>' },
      { title: 'Coffee on the far beach', description: '<p>A thermos, pastries, and back by nine.</p>' },
    ],
    includes: ['Kayak, paddle and life jacket', 'Dry bag for your phone', 'Coffee and pastries'],
    excludes: ['Wetsuit hire (on request)'],
    meeting_point: {
      name: 'North beach kayak hut',
      address: 'Beach Path 3, Azure Bay',
      latitude: 38.7012,
      longitude: -9.4301,
      notes: 'Free parking behind the dunes.',
    },
    faqs: ['bring', 'weather'],
  },
  'old-town-walking-tour': {
    imageAlt: 'Towers and rooftops of the old town under a blue sky',
    caption: 'The old town from the castle walls',
    highlights: ['The castle walls and the cathedral', 'Stories of the merchants and sailors', 'Ends at the market'],
    itinerary: [
      { title: 'Town gate', description: '<p>Where the walls were breached in 1580.</p>' },
      { title: 'Cathedral square', description: '<p>The cathedral and its bell tower.</p>' },
      { title: 'Castle walls', description: '<p>The best view of the bay, from the ramparts.</p>' },
      { title: 'Covered market', description: '<p>Taste the cheese and the honey of the hills.</p>' },
    ],
    includes: ['Licensed local guide', 'Tastings at the market'],
    excludes: ['Cathedral entry (3 € on the day)'],
    meeting_point: {
      name: 'Town gate fountain',
      address: 'Gate Square, Azure Bay',
      latitude: 38.6968,
      longitude: -9.4209,
      notes: 'The guide carries a blue umbrella.',
    },
    faqs: ['bring', 'children'],
  },
  'lantern-food-walk': {
    imageAlt: 'Lanterns glowing over a courtyard at night',
    caption: 'Lanterns over the courtyards',
    highlights: ['Five tastings in lantern-lit courtyards', 'Meet the cooks', 'A glass of the local wine'],
    itinerary: [
      { title: 'Fish market stalls', description: '<p>Grilled sardines, straight from the coals.</p>' },
      { title: 'The baker of the lanes', description: '<p>Custard tarts warm from the oven.</p>' },
      { title: 'Courtyard supper', description: '<p>Stew and wine at a family table.</p>' },
    ],
    includes: ['Five tastings', 'One glass of wine', 'Guide'],
    excludes: ['Extra drinks'],
    meeting_point: {
      name: 'Lantern Lane corner',
      address: 'Lantern Lane 1, Azure Bay',
      latitude: 38.6975,
      longitude: -9.4197,
      notes: 'Tell us about any allergy when you book.',
    },
    faqs: ['bring', 'children'],
  },
  'island-picnic-day': {
    imageAlt: 'A green island with a palm tree in turquoise water',
    caption: 'The picnic island',
    highlights: ['A boat to the quiet island', 'Picnic of local produce', 'Swim in a sheltered cove'],
    itinerary: [
      { title: 'Boat to the island', description: '<p>Forty minutes across the bay.</p>', meals: 'Coffee' },
      { title: 'Coastal walk and swim', description: '<p>An easy path to the sheltered cove.</p>' },
      { title: 'Picnic under the pines', description: '<p>Bread, cheese, fruit and lemonade.</p>', meals: 'Lunch' },
    ],
    includes: ['Return boat', 'Picnic lunch', 'Snorkel masks'],
    excludes: ['Towels'],
    meeting_point: { ...MARINA, notes: 'The boat leaves at 9:30 sharp.' },
    faqs: ['bring', 'weather', 'children'],
  },
  'two-islands-overnight': {
    imageAlt: 'Green hills of the outer island under a teal sky',
    caption: 'The hills of the outer island',
    highlights: ['Two islands in two days', 'A night in a fisherman’s guesthouse', 'Sunrise walk on the hills'],
    itinerary: [
      {
        title: 'The near island',
        description: '<p>Boat from the marina, a walk through the olive groves, and dinner by the harbour.</p>',
        overnight: 'Fisherman’s guesthouse',
        meals: 'Lunch, dinner',
      },
      {
        title: 'The outer island',
        description: '<p>A sunrise walk on the hills, then the boat home in the afternoon.</p>',
        meals: 'Breakfast, lunch',
      },
    ],
    includes: ['Boats between the islands', 'One night in a double room', 'Four meals', 'Guide'],
    excludes: ['Single room supplement', 'Drinks with dinner'],
    meeting_point: { ...MARINA, notes: 'Bring a small bag only: the boats have little room.' },
    faqs: ['bring', 'weather'],
  },
};
