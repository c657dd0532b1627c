import type { ItineraryEntryInput, MeetingPoint } from '@tours-cms/contract';
import { toursBlockHtml } from '@tours-cms/contract';
import { INQUIRY_FORM } from './demo-content.js';

/*
 * The demo in its second language (issue 30): German translations of the header and footer, the main pages and the
 * six tours, written by demo-site.ts through the services as translations of the English items (so each German item
 * is in its English one's group, and what the group shares, such as the price, is kept once). Links in the German
 * header, footer and pages point at the German addresses (`/de/...`).
 */

/**
 * The site's details in German (Settings, issue 30 item 1): the name stays the brand's; the description and the
 * e-mail address are German's own, the phone the English one.
 */
/** The demo's destinations (DEMO_CATEGORIES) in German, by their English slug. */
export const DEMO_CATEGORIES_DE: Record<string, { name: string; slug: string; description: string }> = {
  'the-bay': {
    name: 'Die Bucht',
    slug: 'die-bucht',
    description: 'Segeln und Paddeln auf dem ruhigen Wasser der Bucht, vom Morgengrauen bis zum Sonnenuntergang.',
  },
  'old-town': {
    name: 'Altstadt',
    slug: 'altstadt',
    description: 'Gassen, Märkte und laternenbeleuchtete Innenhöfe der Altstadt, zu Fuß.',
  },
  'the-islands': {
    name: 'Die Inseln',
    slug: 'die-inseln',
    description: 'Tagesausflüge und Übernachtungen auf den stillen Inseln jenseits der Bucht.',
  },
};

/** The demo menus' own labels (seedDemoSite) in German, by their English label. */
export const DEMO_MENU_LABELS_DE: Record<string, string> = {
  Tours: 'Touren',
  'All tours': 'Alle Touren',
  'Ask a question': 'Fragen Sie uns',
};

export const DEMO_SITE_DETAILS_DE = {
  site_description:
    'Segeltörns, Inselausflüge und Wanderungen an der Azure Bay in kleinen Gruppen, mit Skippern und Guides von hier.',
  contact_email: 'hallo@azurebay.example.com',
};

/** The German text of a common component: what a translator writes in the component builder. */
export interface GermanComponent {
  name: string;
  description: string;
  content: string;
}
/**
 * The header and footer in German: the English ones' look and their words in German. Their menus are the site's
 * (Menus screen), which a German document shows in German: its German pages, tours and categories, and the labels
 * given for German (DEMO_MENU_LABELS_DE); the public site puts the language switcher under the header.
 */
export const DEMO_COMPONENTS_DE: Record<'header' | 'footer', GermanComponent> = {
  header: {
    name: 'Kopfzeile',
    description: 'Logo und Hauptnavigation',
    content: `<header class="bg-white/95 border-b border-slate-200">
  <div class="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-6 py-4">
    <a href="/de/" class="flex items-center gap-2 text-xl font-bold text-sky-800 no-underline">
      <i class="fa-solid fa-sailboat text-orange-500" aria-hidden="true"></i> Azure Bay Tours
    </a>
    <div class="flex flex-wrap items-center gap-x-6 gap-y-2">
      <nav data-menu="header" aria-label="Hauptmenü" class="text-sm font-semibold text-slate-700"></nav>
      <a href="/de/kontakt" class="whitespace-nowrap rounded-full bg-orange-700 px-4 py-2 text-sm font-semibold text-white no-underline hover:bg-orange-800">Reise planen</a>
    </div>
  </div>
</header>`,
  },
  footer: {
    name: 'Fußzeile',
    description: 'Kontaktdaten und Links',
    content: `<footer class="mt-16 bg-slate-900 text-slate-300">
  <div class="mx-auto grid max-w-6xl gap-8 px-6 py-12 md:grid-cols-3">
    <div>
      <p class="m-0 text-lg font-bold text-white"><i class="fa-solid fa-sailboat text-orange-400" aria-hidden="true"></i> Azure Bay Tours</p>
      <p class="mt-2 text-sm">Segel- und Wandertouren in kleinen Gruppen an der Bucht, seit 2009.</p>
    </div>
    <div class="text-sm">
      <p class="m-0 font-semibold text-white">Besuchen Sie uns</p>
      <p class="mt-2"><i class="fa-solid fa-location-dot" aria-hidden="true"></i> Harbour Street 12, Marina District</p>
      <p class="mt-1"><i class="fa-solid fa-phone" aria-hidden="true"></i> <a href="tel:+15550142" class="text-slate-300">+1 555 0142</a></p>
      <p class="mt-1"><i class="fa-solid fa-envelope" aria-hidden="true"></i> <a href="mailto:hello@azurebay.example" class="text-slate-300">hello@azurebay.example</a></p>
    </div>
    <div class="text-sm">
      <p class="m-0 font-semibold text-white">Entdecken</p>
      <nav data-menu="footer" aria-label="Entdecken" class="mt-1 text-slate-300"></nav>
    </div>
  </div>
  <p class="m-0 border-t border-slate-800 py-4 text-center text-xs text-slate-500">&copy; Azure Bay Tours. Demo-Inhalte: Bearbeiten Sie sie im Admin unter Pages und Common Components.</p>
</footer>`,
  },
};

/** The German text of a page, by the English page's slug. */
export interface GermanPage {
  title: string;
  slug: string;
  content: string;
  seo_title?: string;
  seo_description?: string;
}

const HOME = `<section class="mx-auto max-w-6xl px-6 pt-12 text-center">
  <p class="m-0 text-sm font-semibold uppercase tracking-widest text-orange-500">Segeln &middot; Wandern &middot; Genießen</p>
  <h1 class="mt-3 text-4xl font-extrabold text-slate-900 md:text-5xl">Entdecken Sie die Bucht mit Menschen, die sie lieben</h1>
  <p class="mx-auto mt-4 max-w-2xl text-lg text-slate-600">Segeltörns bei Sonnenuntergang, Altstadtspaziergänge und Picknicks auf den Inseln in kleinen Gruppen, mit Guides von hier.</p>
  <div class="mt-8 flex flex-wrap justify-center gap-4">
    <a href="/de/tours" class="rounded-full bg-sky-700 px-6 py-3 font-semibold text-white no-underline shadow hover:bg-sky-800">Unsere Touren</a>
    <a href="/de/kontakt" class="rounded-full border border-sky-700 px-6 py-3 font-semibold text-sky-700 no-underline hover:bg-sky-50">Fragen Sie uns</a>
  </div>
</section>

<section class="mx-auto mt-16 grid max-w-6xl gap-6 px-6 md:grid-cols-3">
  <div class="rounded-2xl bg-sky-50 p-6">
    <i class="fa-solid fa-user-group text-2xl text-sky-700" aria-hidden="true"></i>
    <h3 class="mt-3 text-lg font-bold text-slate-900">Kleine Gruppen</h3>
    <p class="text-slate-600">Nie mehr als zwölf Gäste, damit jeder den besten Platz an Deck bekommt.</p>
  </div>
  <div class="rounded-2xl bg-orange-50 p-6">
    <i class="fa-solid fa-map-location-dot text-2xl text-orange-600" aria-hidden="true"></i>
    <h3 class="mt-3 text-lg font-bold text-slate-900">Guides von hier</h3>
    <p class="text-slate-600">An der Bucht geboren und aufgewachsen: Unsere Guides kennen jede Bucht und jede Geschichte.</p>
  </div>
  <div class="rounded-2xl bg-emerald-50 p-6">
    <i class="fa-solid fa-leaf text-2xl text-emerald-700" aria-hidden="true"></i>
    <h3 class="mt-3 text-lg font-bold text-slate-900">Sanft zum Meer</h3>
    <p class="text-slate-600">Zuerst die Segel, Mehrwegflaschen an Bord und jeden Monat eine Strandreinigung.</p>
  </div>
</section>

<section class="mx-auto mt-16 max-w-6xl px-6">
  <h2 class="text-2xl font-bold text-slate-900">Beliebte Touren</h2>
  <p class="text-slate-600">Unsere neuesten Touren mit den heutigen Preisen. <a href="/de/tours">Alle Touren ansehen.</a></p>
  ${toursBlockHtml({ kind: 'newest', count: 3 })}
</section>

<section class="mx-auto mt-16 max-w-3xl px-6 text-center">
  <blockquote class="m-0 border-0 p-0 text-xl italic text-slate-700">&bdquo;Der Segeltörn bei Sonnenuntergang war der Höhepunkt unserer Reise. Kleines Boot, großes Lächeln.&ldquo;</blockquote>
  <p class="mt-3 text-sm font-semibold text-slate-500">Maya &amp; Tom, zu Besuch aus Lissabon</p>
</section>`;

const GOOD_TO_KNOW = `<section class="mx-auto max-w-6xl px-6 pt-12">
  <h1 class="text-4xl font-extrabold text-slate-900">Gut zu wissen</h1>
  <p class="max-w-2xl text-lg text-slate-600">Alle Touren finden von April bis Oktober täglich statt. Kinder sind willkommen; die Preise gelten pro Person. <a href="/de/tours">Alle Touren ansehen.</a></p>
  <div data-accordion="single" class="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200">
    <div data-accordion-item>
      <button type="button" data-accordion-toggle class="w-full px-5 py-4 text-left font-semibold text-slate-800">Was sollte ich mitbringen? <i class="fa-solid fa-chevron-down float-right" aria-hidden="true"></i></button>
      <div data-accordion-content class="hidden px-5 pb-4 text-slate-600">Schuhe mit weicher Sohle für das Boot, eine leichte Jacke für die Abendbrise und Ihre Kamera.</div>
    </div>
    <div data-accordion-item>
      <button type="button" data-accordion-toggle class="w-full px-5 py-4 text-left font-semibold text-slate-800">Was passiert bei schlechtem Wetter? <i class="fa-solid fa-chevron-down float-right" aria-hidden="true"></i></button>
      <div data-accordion-content class="hidden px-5 pb-4 text-slate-600">Sagt der Skipper wegen Wind oder Regen ab, buchen wir Sie auf einen anderen Tag um oder erstatten den vollen Preis.</div>
    </div>
    <div data-accordion-item>
      <button type="button" data-accordion-toggle class="w-full px-5 py-4 text-left font-semibold text-slate-800">Können wir eine private Tour buchen? <i class="fa-solid fa-chevron-down float-right" aria-hidden="true"></i></button>
      <div data-accordion-content class="hidden px-5 pb-4 text-slate-600">Ja: Geburtstage, Heiratsanträge und Teamausflüge. <a href="/de/kontakt">Erzählen Sie uns, was Sie vorhaben.</a></div>
    </div>
  </div>
</section>`;

/** The inquiry form with its visible words in German; its fields, endpoint and script are the English form's. */
const INQUIRY_FORM_DE = [
  ['>Name</label>', '>Name</label>'],
  ['>Email</label>', '>E-Mail</label>'],
  ['>Phone (optional)</label>', '>Telefon (optional)</label>'],
  ['>Subject</label>', '>Betreff</label>'],
  ['>Message</label>', '>Nachricht</label>'],
  ['>Leave this field empty</label>', '>Dieses Feld leer lassen</label>'],
  ['>Send inquiry</button>', '>Anfrage senden</button>'],
  ["'Sending...'", "'Wird gesendet …'"],
  ["'Thank you! Your message has been sent.'", "'Vielen Dank! Ihre Nachricht wurde gesendet.'"],
  [
    "'Your message could not be sent. Please try again.'",
    "'Ihre Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.'",
  ],
  [
    "'Your message could not be sent. Please check your connection and try again.'",
    "'Ihre Nachricht konnte nicht gesendet werden. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.'",
  ],
].reduce((form, [english, german]) => form.replace(english!, german!), INQUIRY_FORM);

const CONTACT = `<section class="mx-auto grid max-w-6xl gap-12 px-6 pt-12 md:grid-cols-2">
  <div>
    <h1 class="text-4xl font-extrabold text-slate-900">Planen Sie Ihre Reise</h1>
    <p class="text-lg text-slate-600">Fragen zu einer Tour, einer privaten Buchung oder einer Gruppe? Schreiben Sie uns, wir antworten innerhalb eines Tages.</p>
    <div class="mt-8 space-y-3 text-slate-700">
      <p class="m-0"><i class="fa-solid fa-location-dot w-6 text-sky-700" aria-hidden="true"></i> Harbour Street 12, Marina District</p>
      <p class="m-0"><i class="fa-solid fa-phone w-6 text-sky-700" aria-hidden="true"></i> +1 555 0142</p>
      <p class="m-0"><i class="fa-solid fa-clock w-6 text-sky-700" aria-hidden="true"></i> Täglich von 8:00 bis 20:00 Uhr</p>
    </div>
  </div>
  <div class="rounded-2xl border border-slate-200 p-6 shadow-sm">
${INQUIRY_FORM_DE}
  </div>
</section>`;

export const DEMO_PAGES_DE: Record<'home' | 'good-to-know' | 'contact', GermanPage> = {
  home: {
    title: 'Startseite',
    slug: 'startseite',
    content: HOME,
    seo_title: 'Azure Bay Tours | Segel- und Wandertouren an der Bucht',
    seo_description:
      'Segeltörns bei Sonnenuntergang, Altstadtspaziergänge und Inselpicknicks in kleinen Gruppen mit Guides von hier.',
  },
  'good-to-know': {
    title: 'Gut zu wissen',
    slug: 'gut-zu-wissen',
    content: GOOD_TO_KNOW,
    seo_description: 'Was Sie mitbringen sollten, was bei schlechtem Wetter passiert und private Touren.',
  },
  contact: { title: 'Kontakt', slug: 'kontakt', content: CONTACT },
};

/** The German text of a tour, by the English tour's slug: what a translator writes, field by field. */
export interface GermanTour {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  duration: string;
  age: string;
  location: string;
  button_label: string;
  short_description: string;
  seo_description?: string;
  caption: string;
  highlights: string[];
  itinerary: Omit<ItineraryEntryInput, 'image_id'>[];
  includes: string[];
  excludes: string[];
  meeting_point: Pick<MeetingPoint, 'name' | 'notes'>;
}

const BY_EMAIL = 'Per E-Mail buchen';
const BY_PHONE = 'Zum Buchen anrufen';

export const DEMO_TOURS_DE: Record<string, GermanTour> = {
  'sunset-sailing-on-the-bay': {
    title: 'Segeltörn bei Sonnenuntergang',
    slug: 'segeltoern-bei-sonnenuntergang',
    content:
      '<p>Gehen Sie eine Stunde vor Sonnenuntergang an Bord unserer klassischen Slup, helfen Sie beim Setzen der Segel und sehen Sie zu, wie sich der Himmel über den Inseln golden färbt.</p><h2>Inklusive</h2><ul><li>Wein, Saft und kleine Gerichte aus der Region</li><li>Decken für die Rückfahrt</li></ul>',
    excerpt:
      'Goldene Stunde auf einer klassischen Slup, mit Wein aus der Region und einem Skipper, der die Geschichten der Bucht erzählt.',
    duration: '3 Stunden',
    age: 'ab 6 Jahren',
    location: 'Marina, Steg 4',
    button_label: BY_EMAIL,
    short_description: 'Goldene Stunde auf einer klassischen Slup, mit Wein und kleinen Gerichten.',
    seo_description:
      'Ein dreistündiger Segeltörn bei Sonnenuntergang auf einer klassischen Slup, mit Wein und kleinen Gerichten.',
    caption: 'Unter Segeln, während die Sonne untergeht',
    highlights: [
      'Helfen Sie beim Setzen der Segel einer Slup aus den 1960ern',
      'Sonnenuntergang über den Inseln',
      'Wein und kleine Gerichte aus der Region',
    ],
    itinerary: [
      {
        title: 'Willkommen an Bord in der Marina',
        description: '<p>Lernen Sie den Skipper und die Leinen kennen.</p>',
      },
      {
        title: 'Segeln zum Leuchtturm',
        description: '<p>Eine Stunde auf der offenen Bucht, während das Licht golden wird.</p>',
      },
      {
        title: 'Sonnenuntergang vor Anker',
        description: '<p>Wein und kleine Gerichte, während die Sonne hinter den Inseln versinkt.</p>',
      },
    ],
    includes: ['Skipper und Decksmann', 'Wein, Saft und kleine Gerichte aus der Region', 'Decken für die Rückfahrt'],
    excludes: ['Abholung vom Hotel'],
    meeting_point: {
      name: 'Marina, Steg 4',
      notes: 'Achten Sie auf die hölzerne Slup „Aurora“; kommen Sie 15 Minuten vor der Abfahrt.',
    },
  },
  'sea-kayak-at-dawn': {
    title: 'Seekajak im Morgengrauen',
    slug: 'seekajak-im-morgengrauen',
    content:
      '<p>Paddeln Sie hinaus, solange die Bucht noch spiegelglatt ist. Keine Erfahrung nötig: Unsere Guides zeigen Ihnen zuerst am Strand, wie es geht.</p>',
    excerpt: 'Spiegelglattes Wasser, Reiher und eine Thermoskanne Kaffee am anderen Strand.',
    duration: '2,5 Stunden',
    age: 'ab 12 Jahren',
    location: 'Nordstrand',
    button_label: BY_PHONE,
    short_description: 'Spiegelglattes Wasser, Reiher und Kaffee am anderen Strand.',
    caption: 'Erstes Licht auf der Bucht',
    highlights: ['Keine Erfahrung nötig', 'Reiher und Kormorane im ersten Licht', 'Kaffee am anderen Strand'],
    itinerary: [
      { title: 'Einführung am Strand', description: '<p>Paddeln und Sicherheit, zuerst an Land.</p>' },
      { title: 'Quer über die Bucht', description: '<p>Am Schilf entlang, wo die Reiher fischen.</p>' },
      { title: 'Kaffee am anderen Strand', description: '<p>Eine Thermoskanne, Gebäck, und um neun zurück.</p>' },
    ],
    includes: ['Kajak, Paddel und Schwimmweste', 'Wasserdichter Beutel für Ihr Telefon', 'Kaffee und Gebäck'],
    excludes: ['Neoprenanzug (auf Anfrage)'],
    meeting_point: { name: 'Kajakhütte am Nordstrand', notes: 'Kostenlose Parkplätze hinter den Dünen.' },
  },
  'old-town-walking-tour': {
    title: 'Altstadtrundgang',
    slug: 'altstadtrundgang',
    content:
      '<p>Vom Fischmarkt bis zu den Stufen der Kathedrale: Gassen, Innenhöfe und die Geschichten hinter den Türen.</p><p>Mit einem Halt beim Bäcker.</p>',
    excerpt: 'Gassen, Märkte und versteckte Innenhöfe, mit einem Halt beim besten Bäcker der Stadt.',
    duration: '2,5 Stunden',
    age: 'Alle Altersgruppen',
    location: 'Kathedralenplatz',
    button_label: BY_EMAIL,
    short_description: 'Gassen, Märkte und versteckte Innenhöfe, mit einem Halt beim Bäcker.',
    caption: 'Die Altstadt von der Burgmauer aus',
    highlights: ['Die Burgmauer und die Kathedrale', 'Geschichten von Kaufleuten und Seefahrern', 'Endet am Markt'],
    itinerary: [
      { title: 'Stadttor', description: '<p>Wo die Mauern 1580 fielen.</p>' },
      { title: 'Kathedralenplatz', description: '<p>Die Kathedrale und ihr Glockenturm.</p>' },
      { title: 'Burgmauer', description: '<p>Der schönste Blick auf die Bucht, von den Wällen aus.</p>' },
      { title: 'Markthalle', description: '<p>Probieren Sie den Käse und den Honig aus den Hügeln.</p>' },
    ],
    includes: ['Lizenzierter Guide von hier', 'Kostproben auf dem Markt'],
    excludes: ['Eintritt in die Kathedrale (3 € vor Ort)'],
    meeting_point: { name: 'Brunnen am Stadttor', notes: 'Der Guide trägt einen blauen Schirm.' },
  },
  'lantern-food-walk': {
    title: 'Kulinarischer Laternenspaziergang',
    slug: 'kulinarischer-laternenspaziergang',
    content:
      '<p>Sechs Kostproben in sechs Familienküchen, während die Laternen angehen: gegrillter Fisch, Olivenbrot, Honigkuchen und mehr.</p>',
    excerpt: 'Sechs Kostproben in sechs Familienküchen, während die Laternen angehen.',
    duration: '3 Stunden',
    age: 'ab 10 Jahren',
    location: 'Tor zum Fischmarkt',
    button_label: BY_EMAIL,
    short_description: 'Sechs Kostproben in sechs Familienküchen, während die Laternen angehen.',
    caption: 'Laternen über den Innenhöfen',
    highlights: [
      'Fünf Kostproben in Innenhöfen im Laternenlicht',
      'Lernen Sie die Köche kennen',
      'Ein Glas Wein aus der Region',
    ],
    itinerary: [
      { title: 'Stände am Fischmarkt', description: '<p>Gegrillte Sardinen, direkt von der Glut.</p>' },
      { title: 'Der Bäcker in den Gassen', description: '<p>Puddingtörtchen, ofenwarm.</p>' },
      { title: 'Abendessen im Innenhof', description: '<p>Eintopf und Wein an einem Familientisch.</p>' },
    ],
    includes: ['Fünf Kostproben', 'Ein Glas Wein', 'Guide'],
    excludes: ['Weitere Getränke'],
    meeting_point: { name: 'Ecke Laternengasse', notes: 'Nennen Sie uns bei der Buchung bitte jede Allergie.' },
  },
  'island-picnic-day': {
    title: 'Picknicktag auf der Insel',
    slug: 'picknicktag-auf-der-insel',
    content:
      '<p>Eine Überfahrt am Morgen, ein Spaziergang zum Leuchtturm, ein langes Picknick im Olivenhain und ein Bad vor der Rückfahrt.</p>',
    excerpt: 'Leuchtturmwanderung, Picknick im Olivenhain und ein Bad im Meer.',
    duration: 'Ganzer Tag',
    age: 'Alle Altersgruppen',
    location: 'Fähranleger',
    button_label: BY_PHONE,
    short_description: 'Leuchtturmwanderung, Picknick im Olivenhain und ein Bad vor der Rückfahrt.',
    caption: 'Die Picknickinsel',
    highlights: [
      'Mit dem Boot zur ruhigen Insel',
      'Picknick mit Erzeugnissen aus der Region',
      'Baden in einer geschützten Bucht',
    ],
    itinerary: [
      { title: 'Mit dem Boot zur Insel', description: '<p>Vierzig Minuten über die Bucht.</p>', meals: 'Kaffee' },
      { title: 'Küstenweg und Baden', description: '<p>Ein leichter Weg zur geschützten Bucht.</p>' },
      {
        title: 'Picknick unter den Pinien',
        description: '<p>Brot, Käse, Obst und Limonade.</p>',
        meals: 'Mittagessen',
      },
    ],
    includes: ['Hin- und Rückfahrt mit dem Boot', 'Picknick zum Mittagessen', 'Schnorchelmasken'],
    excludes: ['Handtücher'],
    meeting_point: { name: 'Marina, Steg 4', notes: 'Das Boot legt pünktlich um 9:30 Uhr ab.' },
  },
  'two-islands-overnight': {
    title: 'Zwei Inseln mit Übernachtung',
    slug: 'zwei-inseln-mit-uebernachtung',
    content:
      '<p>Segeln Sie zur äußeren Insel, übernachten Sie in einer Fischerpension und wandern Sie bei Sonnenaufgang über den Grat der Nachbarinsel.</p>',
    excerpt: 'Zwei Inseln, eine Nacht in einer Fischerpension.',
    duration: '2 Tage / 1 Nacht',
    age: 'ab 14 Jahren',
    location: 'Fähranleger',
    button_label: BY_EMAIL,
    short_description: 'Zwei Inseln und eine Nacht in einer Fischerpension.',
    caption: 'Die Hügel der äußeren Insel',
    highlights: [
      'Zwei Inseln in zwei Tagen',
      'Eine Nacht in einer Fischerpension',
      'Sonnenaufgangswanderung über die Hügel',
    ],
    itinerary: [
      {
        title: 'Die nahe Insel',
        description:
          '<p>Mit dem Boot von der Marina, ein Spaziergang durch die Olivenhaine und Abendessen am Hafen.</p>',
        overnight: 'Fischerpension',
        meals: 'Mittagessen, Abendessen',
      },
      {
        title: 'Die äußere Insel',
        description: '<p>Eine Wanderung über die Hügel bei Sonnenaufgang, am Nachmittag mit dem Boot zurück.</p>',
        meals: 'Frühstück, Mittagessen',
      },
    ],
    includes: ['Boote zwischen den Inseln', 'Eine Nacht im Doppelzimmer', 'Vier Mahlzeiten', 'Guide'],
    excludes: ['Einzelzimmerzuschlag', 'Getränke zum Abendessen'],
    meeting_point: {
      name: 'Marina, Steg 4',
      notes: 'Bitte nur eine kleine Tasche mitbringen: Auf den Booten ist wenig Platz.',
    },
  },
};
