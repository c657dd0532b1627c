import type { SiteSettings } from '@tours-cms/contract';
import { raw, type Html } from '../rendering/html.js';

const CONTEXT = 'https://schema.org';

/** The operator as schema.org sees it: a TravelAgency with the settings' name, contacts and image. */
export function travelAgency(settings: SiteSettings, origin: string, logo: string | null): Record<string, unknown> {
  return {
    '@type': 'TravelAgency',
    name: settings.site_name,
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
  /** The days, as an ItemList of their positions and names. */
  itinerary?: object;
  /** The meeting point, as a Place (with its address and geo when known). */
  location?: object;
}

/**
 * One node typed TouristTrip and Product: a TouristTrip alone cannot carry an offer's rich result, and Google's
 * product snippet needs `offers`. The Offer says only what staff entered (price, currency, the page): no
 * invented availability or validity dates. Never an Event: search engines treat trip packages as non-events.
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
    ...(tour.price !== null
      ? { offers: { '@type': 'Offer', price: tour.price.toFixed(2), priceCurrency: settings.currency, url: tour.url } }
      : {}),
    provider: operator,
    brand: operator,
  };
}

/** JSON for a <script type="application/ld+json"> block: `<` escaped so no value can close the element. */
export function jsonLdScript(data: object): Html {
  return raw(`<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`);
}
