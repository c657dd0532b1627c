import type { SiteSettings } from '@tours-cms/contract';
import type { DepartureSummary } from '../../modules/catalogue/catalogue.types.js';
import { raw, type Html } from '../rendering/html.js';

const CONTEXT = 'https://schema.org';

/**
 * The operator as schema.org sees it: a TravelAgency with the settings' name, description, contacts and image (the
 * document's language's: `settingsInLanguage`).
 */
export function travelAgency(settings: SiteSettings, origin: string, logo: string | null): Record<string, unknown> {
  return {
    '@type': 'TravelAgency',
    name: settings.site_name,
    ...(settings.site_description ? { description: settings.site_description } : {}),
    url: `${origin}/`,
    ...(logo ? { logo, image: logo } : {}),
    ...(settings.contact_phone ? { telephone: settings.contact_phone } : {}),
    ...(settings.contact_email ? { email: settings.contact_email } : {}),
  };
}

/** The home page's own JSON-LD: the operator. */
export function homeStructuredData(settings: SiteSettings, origin: string, logo: string | null): object {
  return { '@context': CONTEXT, ...travelAgency(settings, origin, logo) };
}

export interface Crumb {
  name: string;
  /** Absolute URL; the last crumb (the page itself) has none. */
  url?: string;
}

/** A BreadcrumbList: every item with its position and name, all but the last with `item`. */
export function breadcrumbList(crumbs: Crumb[]): object {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      ...(crumb.url && index < crumbs.length - 1 ? { item: crumb.url } : {}),
    })),
  };
}

export interface TourFacts {
  name: string;
  description: string;
  url: string;
  /** Absolute URLs: the featured image first, then the gallery's. */
  images: string[];
  category: string | null;
  price: number | null;
  /** The tour's upcoming departures in sum: the offer's prices and availability come from them when there are some. */
  departures?: DepartureSummary;
  /** The days, as an ItemList of their positions and names. */
  itinerary?: object;
  /** The meeting point, as a Place (with its address and geo when known). */
  location?: object;
}

/** What the upcoming departures say of the seats: InStock while one has room, else limited, else sold out. */
function availabilityOf(summary: DepartureSummary): string {
  if (summary.available > 0) return 'https://schema.org/InStock';
  if (summary.limited > 0) return 'https://schema.org/LimitedAvailability';
  return 'https://schema.org/SoldOut';
}

/**
 * The tour's offers: from its upcoming departures when it has some (an AggregateOffer when their prices differ,
 * else one Offer, with the availability the seats give), else one Offer of the tour's price and no availability.
 */
function offersOf(tour: TourFacts, currency: string): { offers?: object } {
  const summary = tour.departures;
  if (summary && summary.offers > 0 && summary.low_price !== null && summary.high_price !== null) {
    const availability = availabilityOf(summary);
    if (summary.low_price !== summary.high_price)
      return {
        offers: {
          '@type': 'AggregateOffer',
          lowPrice: summary.low_price.toFixed(2),
          highPrice: summary.high_price.toFixed(2),
          offerCount: summary.offers,
          priceCurrency: currency,
          availability,
          url: tour.url,
        },
      };
    return {
      offers: {
        '@type': 'Offer',
        price: summary.low_price.toFixed(2),
        priceCurrency: currency,
        availability,
        url: tour.url,
      },
    };
  }
  if (tour.price === null) return {};
  return { offers: { '@type': 'Offer', price: tour.price.toFixed(2), priceCurrency: currency, url: tour.url } };
}

/**
 * One node typed TouristTrip and Product: a TouristTrip alone cannot carry an offer's rich result, and Google's
 * product snippet needs `offers`. The offers say only what staff entered (prices, currency, the page, the seats
 * of the departures): no invented availability or validity dates. Never an Event: search engines treat trip packages as non-events.
 */
export function tourStructuredData(
  tour: TourFacts,
  settings: SiteSettings,
  origin: string,
  logo: string | null,
): object {
  const operator = travelAgency(settings, origin, logo);
  return {
    '@context': CONTEXT,
    '@type': ['TouristTrip', 'Product'],
    name: tour.name,
    description: tour.description,
    url: tour.url,
    ...(tour.images.length ? { image: tour.images } : {}),
    ...(tour.itinerary ? { itinerary: tour.itinerary } : {}),
    ...(tour.location ? { location: tour.location } : {}),
    ...(tour.category ? { touristType: tour.category } : {}),
    ...offersOf(tour, settings.currency),
    provider: operator,
    brand: operator,
  };
}

/** The document itself, in its language (issue 30): what `inLanguage` is said of. */
export function webPage(url: string, name: string, language: string): object {
  return { '@context': CONTEXT, '@type': 'WebPage', url, name, inLanguage: language };
}

/** JSON for a <script type="application/ld+json"> block: `<` escaped so no value can close the element. */
export function jsonLdScript(data: object): Html {
  return raw(`<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`);
}
