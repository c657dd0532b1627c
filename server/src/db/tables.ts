import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  ActivityAction,
  ActivityItemType,
  BookingStatus,
  Component,
  Contact,
  MediaItem,
  MenuItemKind,
  MenuLocation,
  Module,
  Page,
  Post,
  RevisionItemType,
  SiteSettings,
  TaxonomyItem,
  TrashItemType,
  User,
} from '@tours-cms/contract';

/**
 * Row types of every table, derived from the contract's API types so that a column's type (and the unions of
 * enumerated columns: status, role, type) is written once. A table differs from its API type only where the
 * storage does: an app-assigned `Generated` id, booleans stored as 0/1 integers (the same in SQLite and
 * PostgreSQL), columns that never leave the server, and fields the API computes (a page's featured image).
 */
type Flag = number;
type Row<T extends { id: number }> = Omit<T, 'id'> & { id: Generated<number> };

export interface UsersTable extends Row<Omit<User, 'is_active' | 'two_factor_enabled'>> {
  password_hash: string;
  is_active: Flag;
  /** The TOTP secret (base32) once confirmed by a first code; null while two-factor sign-in is off. */
  totp_secret: string | null;
  /** A secret shown on the Account screen and waiting for its first code. */
  totp_pending_secret: string | null;
  totp_enabled_at: string | null;
  /** The last TOTP time step accepted: a code of that step or an earlier one is never accepted again. */
  totp_last_step: number | null;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** Written at most once a minute (SESSION_TOUCH_INTERVAL_MS). */
  last_used_at: string | null;
  ip_address: string | null;
  user_agent: string | null;
}

/** One unused recovery code of a user, as its SHA-256 hash (migration 0014). */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: string;
}

/** The step between a correct password and the second factor. */
export interface TwoFactorChallengesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  attempts: Generated<number>;
  expires_at: string;
  created_at: string;
}

/** One entry of the activity log; never updated. */
export interface ActivityTable {
  id: Generated<number>;
  occurred_at: string;
  user_id: number | null;
  actor_name: string;
  ip_address: string | null;
  action: ActivityAction;
  item_type: ActivityItemType;
  item_id: number | null;
  item_title: string;
  summary: string;
}

/** What every versioned item's row adds (migration 0009): its version and who saved it last. */
interface Versioned {
  version: Generated<number>;
  updated_by: number | null;
}

/**
 * An item's translation group (migration 0031): the id of the group's first item. Null only between a new row's
 * insert and the update that makes it its own group, in that transaction.
 */
interface Translated {
  /** Always written by the lifecycle (the input's, else the site's default); a write may leave it out of its type. */
  language: ColumnType<string, string | undefined, string>;
  translation_group: ColumnType<number, number | null | undefined, number>;
}

/** A tour's sections as their columns hold them (migration 0023): JSON text; the FAQs have a table of their own. */
interface SectionColumns {
  highlights: ColumnType<string, string | undefined, string>;
  itinerary: ColumnType<string, string | undefined, string>;
  includes: ColumnType<string, string | undefined, string>;
  excludes: ColumnType<string, string | undefined, string>;
  gallery: ColumnType<string, string | undefined, string>;
  meeting_point: string | null;
}

export interface PostsTable
  extends
    Row<
      Omit<Post, 'featured_image' | 'tags' | 'version' | keyof SectionColumns | 'faq_ids' | 'translations' | 'language'>
    >,
    Versioned,
    Translated,
    SectionColumns {
  /** Read from the free-text duration on save, for the catalogue's duration filter (null when unreadable). */
  duration_minutes: number | null;
  /** The lower-cased title, location and short description, for the catalogue's text search. */
  search_text: string | null;
}

export interface PagesTable
  extends Row<Omit<Page, 'featured_image' | 'version' | 'translations' | 'language'>>, Versioned, Translated {}

/** Categories and tags (two tables of one shape), linked as translations since migration 0033. */
export interface TaxonomyTable extends Row<Omit<TaxonomyItem, 'translations' | 'language'>>, Translated {}

export interface ComponentsTable
  extends
    Row<Omit<Component, 'is_common' | 'is_active' | 'version' | 'translations' | 'language'>>,
    Versioned,
    Translated {
  is_common: Flag;
  is_active: Flag;
}

export interface MediaTable extends Row<Omit<MediaItem, 'alt_text'>> {
  alt_text: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who uploaded it; kept for the record, not sent. */
  uploaded_by: number | null;
  /** An image's resized copies: null (not made yet), `pending:<ISO time>`, the widths made (`480,960`) or `failed`. */
  variants: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it was deleted into the trash (migration 0021): it keeps its row and files, and answers 404, until then. */
  trashed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A media item used by a tour, page or common component (migration 0021), kept by every save of the item. */
export interface MediaUsageTable {
  media_id: number;
  item_type: 'post' | 'page' | 'component';
  item_id: number;
}

export interface ContactsTable extends Row<Omit<Contact, 'post' | 'booking'>> {
  /** A booking request's departure and party (migration 0029); null on a plain inquiry. */
  departure_id: number | null;
  adults: number | null;
  children: number | null;
  booking_status: BookingStatus | null;
  /** The tour the inquiry was sent from (set null when the post is deleted). */
  post_id: number | null;
  /** The sender's address; never sent out. */
  ip_address: string | null;
  /** Who the inquiry throttle counts it against: the address, or its /64 for IPv6 (client-key.ts). */
  sender_key: string | null;
}

export type ModulesTable = Row<Module>;

/** One row, id 1. */
export interface SettingsTable extends Omit<
  SiteSettings,
  'updated_at' | 'two_factor_roles' | 'languages' | 'display_currencies' | 'language_currencies' | 'language_details'
> {
  id: number;
  /** Each other language's own site details as a JSON object (`{"de":{"site_name":"..."}}`, migration 0035). */
  language_details: string;
  /** The display currencies as a JSON list (`[{"code":"USD","rate":1.08,"rate_set_at":"..."}]`, migration 0032). */
  display_currencies: string;
  /** Each language's default display currency as a JSON object (`{"en-US":"USD"}`). */
  language_currencies: string;
  /** The roles that must use two-factor sign-in, as a JSON list (`["admin"]`). */
  two_factor_roles: string;
  /** The site's languages, the default first, as a JSON list (`["en","de"]`). */
  languages: string;
  updated_at: string;
}

/** A post's tags: one row per (post, tag). */
export interface PostTagsTable {
  post_id: number;
  tag_id: number;
}

/** One kept version of a post, page or component (decisions §13): its fields as JSON, who saved it and when. */
export interface RevisionsTable {
  id: Generated<number>;
  item_type: RevisionItemType;
  item_id: number;
  version: number;
  data: string;
  saved_by: number | null;
  saved_at: string;
}

/** A redirect from an old address (issue 12). */
export interface RedirectsTable {
  id: Generated<number>;
  from_path: string;
  to: string;
  status_code: number;
  hits: Generated<number>;
  /** 1 when the server made it on a slug change. */
  automatic: Flag;
  created_at: string;
  updated_at: string;
}

/** A draft preview link: the token's hash, its item, expiry and revocation. */
export interface PreviewLinksTable {
  id: Generated<number>;
  item_type: 'post' | 'page';
  item_id: number;
  token_hash: string;
  expires_at: string;
  revoked_at: string | null;
  created_by: number | null;
  created_at: string;
}

/** A deleted post, page or component, whole, for TRASH_RETENTION_DAYS (migration 0012). */
export interface TrashTable {
  id: Generated<number>;
  item_type: TrashItemType;
  item_id: number;
  title: string;
  /** The item's row (and a post's tag ids) as JSON, as `restore` puts it back. */
  data: string;
  deleted_by: number | null;
  deleted_at: string;
  /** The item's translation group (posts, pages): its group's entries are restored together when asked. */
  translation_group: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One failed sign-in (or registration) of a key, for the throttles shared by every node (migration 0016). */
export interface ThrottleHitsTable {
  id: Generated<number>;
  scope: string;
  key: string;
  at: string;
}

/** When a periodic job last ran anywhere (migration 0016). */
export interface JobRunsTable {
  name: string;
  last_run_at: string;
}

/** Who is told of inquiries by e-mail: one row, id 1 (migration 0020). */
export interface MailSettingsTable {
  id: number;
  /** A JSON list of addresses. */
  inquiry_recipients: string;
  updated_at: string;
}

/** One message to staff, from queued to sent or given up on (migration 0020). */
export interface MailOutboxTable {
  id: Generated<number>;
  kind: 'inquiry' | 'test';
  /** A JSON list of addresses. */
  recipients: string;
  reply_to: string | null;
  subject: string;
  body: string;
  contact_id: number | null;
  status: 'pending' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  /** Set while a node sends it: another node leaves it alone until then. */
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** A reusable FAQ (migration 0023), linked as translations since 0033. */
export interface FaqsTable extends Translated {
  id: Generated<number>;
  question: string;
  answer: string;
  created_at: string;
  updated_at: string;
  /** When its question or answer last changed, or it was saved as a translation (migration 0036). */
  text_updated_at: string;
}

/** The FAQs a tour shows, in order (migration 0023). */
export interface PostFaqsTable {
  post_id: number;
  faq_id: number;
  position: number;
}

/** A menu that was saved (migration 0025): the header's or the footer's. */
export interface MenusTable {
  location: MenuLocation;
  updated_at: string;
  updated_by: number | null;
}

/** One item of a menu, in order; `parent` is the position of the item it sits under (migration 0025). */
export interface MenuItemsTable {
  id: Generated<number>;
  location: MenuLocation;
  position: number;
  parent: number | null;
  kind: MenuItemKind;
  target_id: number | null;
  label: string | null;
  /** The label in the site's other languages: JSON text of `{ tag: label }` (migration 0039), or null. */
  labels: string | null;
  url: string | null;
}

/** A tour's departure (migration 0026); `post_id` without a foreign key, so the trash can keep them. */
export interface DeparturesTable {
  id: Generated<number>;
  post_id: number;
  starts_on: string;
  start_time: string | null;
  /** numeric(12, 2): PostgreSQL answers a string. */
  price: ColumnType<number | string | null, number | null, number | null>;
  seats_total: number | null;
  seats_taken: Generated<number>;
  status: 'open' | 'guaranteed' | 'cancelled';
  note: string | null;
  created_at: string;
  updated_at: string;
}

/** A departure's note in a language other than the site's default (issue 30; `departures.note` is the default's). */
export interface DepartureNotesTable {
  departure_id: number;
  language: string;
  note: string;
}

/** A whole list's counter, moved on by triggers with every change to its table (migration 0040). */
export interface ListVersionsTable {
  name: 'posts';
  version: number | string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  categories: TaxonomyTable;
  tags: TaxonomyTable;
  posts: PostsTable;
  pages: PagesTable;
  components: ComponentsTable;
  media: MediaTable;
  contacts: ContactsTable;
  modules: ModulesTable;
  settings: SettingsTable;
  post_tags: PostTagsTable;
  revisions: RevisionsTable;
  redirects: RedirectsTable;
  preview_links: PreviewLinksTable;
  trash: TrashTable;
  recovery_codes: RecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  activity: ActivityTable;
  throttle_hits: ThrottleHitsTable;
  job_runs: JobRunsTable;
  mail_settings: MailSettingsTable;
  mail_outbox: MailOutboxTable;
  media_usage: MediaUsageTable;
  faqs: FaqsTable;
  post_faqs: PostFaqsTable;
  menus: MenusTable;
  menu_items: MenuItemsTable;
  departures: DeparturesTable;
  departure_notes: DepartureNotesTable;
  list_versions: ListVersionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserRowUpdate = Updateable<UsersTable>;
export type TaxonomyRow = Selectable<TaxonomyTable>;
export type PageRow = Selectable<PagesTable>;
export type ComponentRow = Selectable<ComponentsTable>;
export type MediaRow = Selectable<MediaTable>;
export type ContactRow = Selectable<ContactsTable>;
export type ModuleRow = Selectable<ModulesTable>;
