/** Limits shared by the server's validation and the admin's forms. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const EMAIL_MAX = 254;
export const FULL_NAME_MAX = 100;
/** Shorter passwords are refused (issue 13); so are the most common ones, by the server's dictionary check. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
export const TITLE_MAX = 200;
export const SLUG_MAX = 200;
export const NAME_MAX = 100;
export const SHORT_TEXT_MAX = 255;
/** The site's description (Settings, per language): search engines show about 160 characters of it. */
export const SITE_DESCRIPTION_MAX = 500;
export const DESCRIPTION_MAX = 2_000;
export const EXCERPT_MAX = 5_000;
/** Rich HTML bodies (posts, pages, components): generous, but bounded. */
export const CONTENT_MAX = 2_000_000;
export const SEO_TITLE_MAX = 60;
export const SEO_TITLE_WARN = 50;
export const SEO_DESCRIPTION_MAX = 160;
export const SEO_DESCRIPTION_WARN = 150;
/** The SEO fields are a soft guide on screen; the server only refuses absurd lengths. */
export const SEO_FIELD_HARD_MAX = 1_000;
export const FOLDER_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 5_000;
export const PHONE_MAX = 40;
export const URL_MAX = 2_048;
/** The largest id a table can hold: PostgreSQL's `integer` (SQLite's is wider). Larger ids would be a 500 there. */
export const ID_MAX = 2_147_483_647;
/**
 * The largest body the public form endpoint parses. A full inquiry (every field at its limit, escaped as JSON)
 * fits several times over; anything bigger is refused with 413 before it is read.
 */
export const CONTACT_BODY_MAX_BYTES = 64 * 1024;
/** The longest original file name kept (the database column's size). */
export const FILE_NAME_MAX = 255;
/** Longest `template_data`: the builder's own small record, not a second copy of the content. */
export const TEMPLATE_DATA_MAX = 100_000;
/** A calendar embed is a snippet of HTML (an iframe, sometimes a script): bigger than a URL, far smaller than content. */
export const CALENDAR_EMBED_MAX = 20_000;
/** numeric(12, 2): ten digits before the point, two after. */
export const PRICE_MAX = 9_999_999_999.99;
/** The longest id or slug GET /components/{key} looks up. */
export const COMPONENT_KEY_MAX = 200;
/**
 * The largest JSON body the API parses (a page's content at CONTENT_MAX, escaped, fits); uploads have their own
 * limit, MAX_UPLOAD_MB, set by the operator.
 */
export const JSON_BODY_MAX_BYTES = 5 * 1024 * 1024;
/** The largest urlencoded form (the sign-in form) the server parses. */
export const FORM_BODY_MAX_BYTES = 64 * 1024;
export const COPIED_INDICATOR_MS = 2_000;
export const EDITOR_HISTORY_DEPTH = 100;
export const EDITOR_HISTORY_MERGE_MS = 1_000;
/** The localStorage key under which the admin keeps its bearer token. */
export const TOKEN_STORAGE_KEY = 'token';

/** Tours on one page of the public catalogue (/tours). */
export const CATALOGUE_PAGE_SIZE = 12;
/** The longest catalogue search text read; the rest is ignored. */
export const CATALOGUE_SEARCH_MAX = 100;
/** Related tours under a tour's page (same category, newest first). */
export const RELATED_TOURS_MAX = 3;

/** The most tags one post (tour) may carry. */
export const POST_TAGS_MAX = 20;
/** Versions on one page of an item's History panel. */
export const REVISIONS_PAGE_SIZE = 20;
/** The most versions per item the 'keep only the newest N' setting may name (more is the same as all). */
export const REVISIONS_KEEP_MAX = 10_000;
/** How long a deleted post, page or component waits in the trash before it is gone for good. */
export const TRASH_RETENTION_DAYS = 30;
/** Entries per page of the Trash view. */
export const TRASH_PAGE_SIZE = 50;

/** How long the second step of a two-factor sign-in may wait for its code. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
/** Wrong codes one sign-in challenge takes before it is spent (the sign-in throttle counts them too). */
export const TWO_FACTOR_CHALLENGE_ATTEMPTS = 5;
/** One-time recovery codes made when two-factor sign-in is turned on. */
export const RECOVERY_CODE_COUNT = 10;
/** Activity entries on one page of the Activity screen. */
export const ACTIVITY_PAGE_SIZE = 50;
/** The newest entries the dashboard's Recent Activity box shows. */
export const RECENT_ACTIVITY_COUNT = 10;
/** How long activity entries are kept unless an administrator chooses otherwise (Settings). */
export const ACTIVITY_RETENTION_DEFAULT_DAYS = 365;
/** The shortest retention an administrator may choose: a month of who did what stays for an investigation. */
export const ACTIVITY_RETENTION_MIN_DAYS = 30;
/** The longest retention an administrator may choose (ten years). */
export const ACTIVITY_RETENTION_MAX_DAYS = 3_650;
/** A session's last use is written at most this often (one write a minute per active session). */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** A tour's sections (issue 28): how many of each, and how long each line. */
export const TOUR_HIGHLIGHTS_MAX = 12;
export const TOUR_LINE_MAX = 200;
export const ITINERARY_DAYS_MAX = 60;
export const TOUR_INCLUDES_MAX = 40;
export const TOUR_FAQS_MAX = 40;
export const GALLERY_IMAGES_MAX = 40;
export const CAPTION_MAX = 300;
export const MEETING_NOTES_MAX = 1_000;
/** A media item's alternative text, read to visitors who cannot see the image. */
export const ALT_TEXT_MAX = 300;

/** How much of a question the activity log keeps as the FAQ's title. */
export const FAQ_ITEM_TITLE_MAX = 120;

/** Menus (issue 31): items in one menu (children included), and an item's label. */
export const MENU_ITEMS_MAX = 100;
export const MENU_LABEL_MAX = 100;

/** The languages a site may be in (issue 30): the default and up to 19 others. */
export const LANGUAGES_MAX = 20;
/** The longest language tag taken (`zh-Hant-TW` is 10; extensions and private use are not site languages). */
export const LANGUAGE_TAG_MAX = 16;

/** Display currencies a site may offer its visitors beside its own (issue 30 item 5). */
export const DISPLAY_CURRENCIES_MAX = 20;
/** The largest exchange rate accepted (units of a display currency for one of the site's). */
export const DISPLAY_RATE_MAX = 1_000_000_000;
