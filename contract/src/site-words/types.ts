/**
 * The shape of the public site's own words (docs/design/languages.md, "The site's own words"): every language's
 * dictionary is typed `SiteWords`, so a word missing from one fails the typecheck. `{name}` marks a value put in
 * when the text is used (a price, a date, a tour's title); every language keeps the same names.
 */

/** A text that depends on a count, by the language's plural category (Intl.PluralRules); `other` is required. */
export type PluralWords = { other: string } & Partial<Record<Exclude<Intl.LDMLPluralRule, 'other'>, string>>;

export interface SiteWords {
  /** Around every document of the site's own: the tour pages, the catalogue, the request form. */
  shell: {
    skipToContent: string;
    /** The header and footer frames' titles. */
    siteHeader: string;
    siteFooter: string;
    /** The language switcher's name. */
    languages: string;
    /** The display currency control's label. */
    showPricesIn: string;
    /** The title of a converted price: `{site}`, `{rate}`, `{code}`, `{date}`. */
    approxTitle: string;
    /** A draft seen through a preview link: `{until}` (UTC). */
    preview: string;
    breadcrumb: string;
    home: string;
    tours: string;
    /** Said after a link that opens a new tab (a visually hidden hint, in brackets). */
    opensInNewTab: string;
    /** Behind a page's frame until it paints. */
    loadingPage: string;
    /** A validated form's alert in a page's frame (the widgets, given it by the frame's document). */
    formSubmitted: string;
  };
  tour: {
    /** The lowest price: `{price}`. */
    from: string;
    /** `{date}`. */
    nextDeparture: string;
    details: string;
    duration: string;
    age: string;
    location: string;
    bookNow: string;
    askUsAQuestion: string;
    /** `{category}`. */
    destination: string;
    tags: string;
    /** The tour's content frame: `{title}`. */
    about: string;
    /** The booking provider's frame: `{title}`. */
    calendarTitle: string;
    availabilityAndBooking: string;
    askAboutThisTour: string;
    inquirySent: string;
    relatedTours: string;
  };
  sections: {
    highlights: string;
    itinerary: string;
    whatsIncluded: string;
    meetingPoint: string;
    gallery: string;
    faqs: string;
    onThisPage: string;
    /** An itinerary entry of a tour of a day or more: `{n}`. */
    day: string;
    /** An itinerary entry of a shorter tour: `{n}`. */
    stop: string;
    overnight: string;
    meals: string;
    included: string;
    notIncluded: string;
    openInOpenStreetMap: string;
  };
  /** The gallery viewer (the page's script, given these by the document). */
  gallery: {
    previous: string;
    next: string;
    close: string;
    /** `{n}`, `{total}`. */
    count: string;
    /** The viewer's name: `{n}`, `{total}`. */
    label: string;
  };
  departures: {
    heading: string;
    date: string;
    time: string;
    price: string;
    /** A column's heading, in capitals on a phone: a long word carries a soft hyphen (\u00ad) where it may break. */
    availability: string;
    request: string;
    requestThisDate: string;
    showMoreDates: string;
    /** `{n}`. */
    seatsLeft: PluralWords;
    /** In bold in a narrow column: a long word carries a soft hyphen (\u00ad), as `availability`. */
    soldOut: string;
    cancelled: string;
    past: string;
    guaranteed: string;
    available: string;
  };
  inquiry: {
    name: string;
    email: string;
    phone: string;
    optional: string;
    message: string;
    /** The honeypot's label (hidden from people). */
    leaveEmpty: string;
    send: string;
    sendRequest: string;
    /** Before the date asked for. */
    date: string;
    adults: string;
    children: string;
    failedHeading: string;
    requestHeading: string;
    crumbRequest: string;
    crumbInquiry: string;
    /** `{tour}`. */
    requestLead: string;
    /** `{tour}`. */
    failedLead: string;
    problem: string;
    back: string;
    /** `{title}`. */
    description: string;
  };
  /** What the server says is wrong with an inquiry (the English ones are the contract's and the service's). */
  inquiryErrors: {
    /** `{field}`: the field's label. */
    required: string;
    /** `{field}`, `{max}`. */
    tooLong: string;
    email: string;
    phone: string;
    /** `{field}`. */
    wholeNumber: string;
    adultNeeded: string;
    /** `{field}`. */
    negative: string;
    /** `{max}`. */
    partyMax: string;
    dateNotOffered: string;
    dateNotThisTour: string;
    dateCancelled: string;
    datePast: string;
    dateSoldOut: string;
    noSeatsLeft: string;
    /** `{n}`. */
    onlySeatsLeft: PluralWords;
    tooMany: string;
  };
  catalogue: {
    /** `{site}`. */
    description: string;
    /** `{category}`, `{site}`. */
    categoryDescription: string;
    /** After the title of a page after the first: `{n}`. */
    pageSuffix: string;
    filterAndSort: string;
    /** `{n}`. */
    activeFilters: PluralWords;
    filterTours: string;
    search: string;
    searchPlaceholder: string;
    destination: string;
    allDestinations: string;
    tag: string;
    anyTag: string;
    /** `{currency}`. */
    price: string;
    priceFrom: string;
    priceTo: string;
    duration: string;
    anyDuration: string;
    durations: { hours: string; day: string; days: string };
    departingIn: string;
    anyMonth: string;
    sortBy: string;
    sorts: { newest: string; oldest: string; 'price-asc': string; 'price-desc': string };
    apply: string;
    clear: string;
    results: string;
    /** `{n}`. */
    count: PluralWords;
    /** `{n}`. */
    countFiltered: PluralWords;
    /** After the count, on a list of several pages: `{n}`, `{total}`. */
    pageOf: string;
    empty: string;
    seeAll: string;
    pages: string;
    previous: string;
    next: string;
    /** Said after the current page's number. */
    currentPage: string;
    /** `{n}`. */
    page: string;
    /** Plain text: `{n}` seconds. */
    tooManySearches: PluralWords;
  };
  notFound: {
    title: string;
    notPublished: string;
    loadError: string;
    home: string;
  };
}
