import { readPrice } from './price-text.js';
import { uploadPathsIn } from './media.js';

/**
 * Field tables: each content type says once, per field, what it is and where it appears, and everything that used to
 * be a hand-written list is read from that table (in the spirit of Payload's collection `fields`, not a framework):
 * the snapshot its versions keep, the activity log's names, the history diff's fields, the editors' form values and
 * the public read model's columns. A new field is the contract, a migration and the screen that shows it.
 */

/** What a field holds; it decides how a form edits it, how a snapshot reads it and how a diff shows it. */
export type FieldKind =
  /** A line of text; blank is null unless the field is required. */
  | 'text'
  /** Text or code kept exactly as typed (page and component HTML, a booking embed, the builder's JSON). */
  | 'code'
  /** HTML written in the rich text editor. */
  | 'richText'
  /** The item's address part; required. */
  | 'slug'
  /** One value of a fixed list (a status, a component's type); never blank. */
  | 'choice'
  /** An instant, ISO 8601 in UTC, or null. */
  | 'moment'
  /** An amount in the site's currency with at most two decimals, or null. */
  | 'price'
  /** The id of another item, or null; `references` names whose. */
  | 'reference'
  /** A list of ids of other items; `references` names whose. */
  | 'references'
  /** The id of a media item that is an image, or null. */
  | 'image'
  /** Yes or no. */
  | 'flag'
  /** A list of short lines (highlights, what is included). */
  | 'lines'
  /** A tour's days or stops: title, rich description, overnight, meals, an image. */
  | 'itinerary'
  /** Images of the media library with their captions, in order. */
  | 'gallery'
  /** A place: name, address, optional coordinates, notes; or none. */
  | 'place';

/** The collections a reference field can point into (the admin names a reference by the item's name). */
export type ReferenceTarget = 'categories' | 'tags' | 'faqs';

/** Where a field shows on the public site: on the tour's page, or on its catalogue card too. */
export type PublicUse = 'page' | 'card';

/** One field of a content type. */
export interface FieldSpec {
  /** The editor's label, which the history diff uses too. */
  readonly label: string;
  readonly kind: FieldKind;
  /** A text field that may not be blank (the form sends '' and the server names the problem). */
  readonly required?: boolean;
  /** Versions keep it, a restore brings it back; true unless false. */
  readonly versioned?: boolean;
  /** The history diff shows it; true for every versioned field unless false. */
  readonly diff?: boolean;
  /** How the activity log names it when it changes ("Changed price and tags"): the label in lower case unless given; false: never named. */
  readonly log?: string | false;
  /** In the public read model: 'card' puts it on catalogue cards and the tour page, 'page' on the page only. */
  readonly public?: PublicUse;
  /** Whose ids a reference field holds. */
  readonly references?: ReferenceTarget;
  /**
   * Each language's item has its own value (issue 30): text is translated. False: the item's translation group
   * keeps one value (a price, a flag, media and references, which map to the linked translations), and a save of
   * one translation writes it to all. By kind unless given (TRANSLATED_KINDS).
   */
  readonly translated?: boolean;
}

/** The kinds whose value each translation has its own of, unless a field says otherwise: text, and what holds text. */
export const TRANSLATED_KINDS: ReadonlySet<FieldKind> = new Set<FieldKind>([
  'text',
  'code',
  'richText',
  'slug',
  'choice',
  'moment',
  'lines',
  'itinerary',
  'gallery',
  'place',
]);

/** Whether each translation keeps its own value of the field (see FieldSpec.translated). */
export function isTranslated(spec: FieldSpec): boolean {
  return spec.translated ?? TRANSLATED_KINDS.has(spec.kind);
}

/** The kinds that hold words a translator writes (slugs, statuses, schedules and flags are translated, not written). */
const TEXT_KINDS: ReadonlySet<FieldKind> = new Set<FieldKind>([
  'text',
  'code',
  'richText',
  'lines',
  'itinerary',
  'gallery',
  'place',
]);

/**
 * The keys of the translated fields that hold text to translate (issue 30), in table order: a change to one of them
 * in the source makes its translations out of date. Not its slug, status, schedule or flags, which each language
 * keeps of its own but nobody translates, nor what the group shares (`groupFieldKeys`).
 */
export function textFieldKeys<T extends object>(table: T): (keyof T & string)[] {
  return fieldKeys(table).filter((key) => {
    const spec = table[key] as FieldSpec;
    return isTranslated(spec) && TEXT_KINDS.has(spec.kind);
  });
}

/** The keys of the fields a translation group keeps once (prices, flags, media, references), in table order. */
export function groupFieldKeys<T extends object>(table: T): (keyof T & string)[] {
  return fieldKeys(table).filter((key) => !isTranslated(table[key] as FieldSpec));
}

/** A content type's fields: one spec for every key of its parsed input (the version aside), and no other key. */
export type FieldTable<Data> = { readonly [K in keyof Data]-?: FieldSpec };

/**
 * Declares a content type's field table, typed against its parsed input: a field missing from the table, or a key
 * the input does not have, fails the type check. The literal types are kept, so the derived types below see them.
 */
export function defineFields<Data>() {
  return <const T extends FieldTable<Data>>(table: T & Record<Exclude<keyof T, keyof Data>, never>): T => table;
}

/** The keys of the fields that versions keep. */
export type VersionedKey<T> = { [K in keyof T]: T[K] extends { versioned: false } ? never : K }[keyof T];

/** The keys of the fields on the public site at `use` ('page' includes the card's). */
export type PublicKey<T, Use extends PublicUse = PublicUse> = {
  [K in keyof T]: T[K] extends { public: infer P } ? (P extends Use ? K : Use extends 'page' ? K : never) : never;
}[keyof T];

/** What a version keeps of an item: its versioned fields, as its input takes them. */
export type Snapshot<Data, T> = { [K in VersionedKey<T> & keyof Data]: Data[K] };

/** What a snapshot is read from: a flag may still be the 0 or 1 a database row holds. */
export type SnapshotSource<Data, T> = {
  [K in VersionedKey<T> & keyof Data]: T[K] extends { kind: 'flag' } ? Data[K] | number : Data[K];
};

/** The keys of a table in its own order. */
export function fieldKeys<T extends object>(table: T): (keyof T & string)[] {
  return Object.keys(table) as (keyof T & string)[];
}

function isVersioned(spec: FieldSpec): boolean {
  return spec.versioned !== false;
}

/** The versioned fields of `source` in table order: what a revision keeps, compares and restores; flags as booleans. */
export function snapshotOf<Data, T extends object>(table: T, source: SnapshotSource<Data, T>): Snapshot<Data, T> {
  const snapshot: Record<string, unknown> = {};
  const values = source as Record<string, unknown>;
  for (const key of fieldKeys(table)) {
    const spec = table[key] as FieldSpec;
    if (!isVersioned(spec)) continue;
    const value = values[key];
    snapshot[key] = spec.kind === 'flag' ? Boolean(value) : (value ?? null);
  }
  return snapshot as Snapshot<Data, T>;
}

/** The activity log's names of the fields it reports, by key, in table order. */
export function activityLabels<T extends object>(table: T): Partial<Record<keyof T & string, string>> {
  const labels: Partial<Record<keyof T & string, string>> = {};
  for (const key of fieldKeys(table)) {
    const spec = table[key] as FieldSpec;
    if (spec.log === false) continue;
    labels[key] = spec.log ?? spec.label.toLowerCase();
  }
  return labels;
}

/** A field as the history diff shows it: its key, label and kind (which says how to format its value). */
export interface DiffFieldSpec {
  key: string;
  label: string;
  kind: FieldKind;
  references?: ReferenceTarget;
}

/** The fields the history diff compares, in table order. */
export function diffFieldSpecs<T extends object>(table: T): DiffFieldSpec[] {
  return fieldKeys(table)
    .filter((key) => {
      const spec = table[key] as FieldSpec;
      return isVersioned(spec) && spec.diff !== false;
    })
    .map((key) => {
      const spec = table[key] as FieldSpec;
      return { key, label: spec.label, kind: spec.kind, ...(spec.references ? { references: spec.references } : {}) };
    });
}

/** The keys of the fields the public site reads at `use` ('page': every public field; 'card': the card's), in table order. */
export function publicFieldKeys<T extends object, Use extends PublicUse>(table: T, use: Use): PublicKey<T, Use>[] {
  return fieldKeys(table).filter((key) => {
    const where = (table[key] as FieldSpec).public;
    return where !== undefined && (use === 'page' || where === 'card');
  }) as PublicKey<T, Use>[];
}

/** An itinerary entry as its inputs hold it. */
export interface ItineraryFormEntry {
  title: string;
  description: string;
  overnight: string;
  meals: string;
  image_id: number | null;
}

/** A gallery image as its inputs hold it. */
export interface GalleryFormItem {
  media_id: number;
  caption: string;
}

/** A place as its inputs hold it (coordinates as typed). */
export interface PlaceFormValue {
  name: string;
  address: string;
  latitude: string;
  longitude: string;
  notes: string;
}

/** What an editor's input holds for a field of this kind: text as typed, ids as chosen, flags as checked. */
export type FormValue<Kind, Value> = Kind extends 'references'
  ? number[]
  : Kind extends 'image'
    ? number | null
    : Kind extends 'flag'
      ? boolean
      : Kind extends 'choice'
        ? Value
        : Kind extends 'lines'
          ? string[]
          : Kind extends 'itinerary'
            ? ItineraryFormEntry[]
            : Kind extends 'gallery'
              ? GalleryFormItem[]
              : Kind extends 'place'
                ? PlaceFormValue | null
                : string;

/** An editor's values for a table's fields (every input controlled). */
export type FormValues<Data, T> = {
  -readonly [K in keyof T & keyof Data]: FormValue<T[K] extends { kind: infer Kind } ? Kind : never, Data[K]>;
};

const textOf = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** The form value of one stored value. */
function formValueOf(spec: FieldSpec, value: unknown): unknown {
  switch (spec.kind) {
    case 'lines':
      return Array.isArray(value) ? value.map(textOf) : [];
    case 'itinerary':
      return Array.isArray(value)
        ? (value as Record<string, unknown>[]).map((entry) => ({
            title: textOf(entry.title),
            description: textOf(entry.description),
            overnight: textOf(entry.overnight),
            meals: textOf(entry.meals),
            image_id: typeof entry.image_id === 'number' ? entry.image_id : null,
          }))
        : [];
    case 'gallery':
      return Array.isArray(value)
        ? (value as Record<string, unknown>[]).map((item) => ({
            media_id: Number(item.media_id),
            caption: textOf(item.caption),
          }))
        : [];
    case 'place': {
      if (!value || typeof value !== 'object') return null;
      const place = value as Record<string, unknown>;
      return {
        name: textOf(place.name),
        address: textOf(place.address),
        latitude: textOf(place.latitude),
        longitude: textOf(place.longitude),
        notes: textOf(place.notes),
      };
    }
    case 'references':
      return Array.isArray(value) ? [...(value as number[])] : [];
    case 'image':
      return typeof value === 'number' ? value : null;
    case 'flag':
      return Boolean(value);
    case 'choice':
      return value;
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/*
 * The form functions take the content type's parsed input as their first type argument (`toFormValues<PostData,
 * PostFields>`): the table alone does not know a choice field's values.
 */

/**
 * The editor's values for an item's stored fields (a snapshot, or the item as the API answers it): null text as
 * '', numbers as their text. Fields of the table that `source` lacks start as `fallback`'s.
 */
export function toFormValues<Data, T extends object>(
  table: T,
  source: Partial<Record<keyof T, unknown>>,
  fallback: FormValues<Data, T>,
): FormValues<Data, T> {
  const values: Record<string, unknown> = {};
  for (const key of fieldKeys(table)) {
    values[key] =
      key in source ? formValueOf(table[key] as FieldSpec, source[key]) : (fallback as Record<string, unknown>)[key];
  }
  return values as FormValues<Data, T>;
}

/** What an input schema's object fields take when a body leaves them out: `{ status: 'draft', price: null, ... }`. */
export function inputDefaults(schema: {
  shape: Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }>;
}): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const parsed = field.safeParse(undefined);
    if (parsed.success && parsed.data !== undefined) defaults[key] = parsed.data;
  }
  return defaults;
}

/**
 * A new item's editor values: each field's default as the input schema gives it (`defaults`: the schema's parse of
 * an empty body, field by field), else blank.
 */
export function emptyFormValues<Data, T extends object>(
  table: T,
  defaults: Partial<Record<keyof T, unknown>> = {},
): FormValues<Data, T> {
  const values: Record<string, unknown> = {};
  for (const key of fieldKeys(table)) values[key] = formValueOf(table[key] as FieldSpec, defaults[key] ?? null);
  return values as FormValues<Data, T>;
}

/** A price as typed (readPrice: "35,50" is 35.5): blank is none; what cannot be read stays as text, for the schema to refuse. */
function priceInput(text: string): number | string | null {
  const reading = readPrice(text);
  return reading.ok ? reading.value : text.trim();
}

/** A chosen reference: blank is none. */
function referenceInput(text: string): number | null {
  return text === '' ? null : Number.parseInt(text, 10);
}

/**
 * How an editor sends its text: `asTyped` as the spec's post form does (a blank stays ''), `trimmed` as the page and
 * component builders do (a line of text trimmed, and blank text null unless required). The server reads both alike.
 */
export type TextSending = 'asTyped' | 'trimmed';

function textInput(spec: FieldSpec, value: string, sending: TextSending): string | null {
  if (spec.kind === 'moment') return value === '' ? null : value;
  if (sending === 'asTyped') return value;
  const line = spec.kind === 'text' || spec.kind === 'slug' ? value.trim() : value;
  return value.trim() === '' && !spec.required && spec.kind !== 'slug' ? null : line;
}

/**
 * The API body of an editor's values, field by field: a price and a reference as numbers, blank ones as null, text
 * as `sending` says. Nothing is dropped or invented: what cannot be read stays as typed, so the input schema names
 * the field.
 */
export function toInputValues<Data, T extends object>(
  table: T,
  values: FormValues<Data, T>,
  sending: TextSending = 'asTyped',
): Record<keyof T & string, unknown> {
  const input: Record<string, unknown> = {};
  const source = values as Record<string, unknown>;
  for (const key of fieldKeys(table)) {
    const spec = table[key] as FieldSpec;
    const value = source[key];
    switch (spec.kind) {
      case 'price':
        input[key] = priceInput(String(value));
        break;
      case 'reference':
        input[key] = referenceInput(String(value));
        break;
      case 'text':
      case 'code':
      case 'richText':
      case 'slug':
      case 'moment':
        input[key] = textInput(spec, String(value), sending);
        break;
      case 'itinerary':
        input[key] = (value as ItineraryFormEntry[]).map((entry) => ({
          title: entry.title,
          description: blankAsNull(entry.description),
          overnight: blankAsNull(entry.overnight),
          meals: blankAsNull(entry.meals),
          image_id: entry.image_id,
        }));
        break;
      case 'gallery':
        input[key] = (value as GalleryFormItem[]).map((item) => ({
          media_id: item.media_id,
          caption: blankAsNull(item.caption),
        }));
        break;
      case 'place': {
        const place = value as PlaceFormValue | null;
        input[key] = place && {
          name: place.name,
          address: blankAsNull(place.address),
          latitude: coordinateInput(place.latitude),
          longitude: coordinateInput(place.longitude),
          notes: blankAsNull(place.notes),
        };
        break;
      }
      default:
        input[key] = value;
    }
  }
  return input as Record<keyof T & string, unknown>;
}

const blankAsNull = (text: string): string | null => (text.trim() === '' ? null : text);

/** A coordinate as typed: blank is none, a decimal comma reads as a point; anything else is left for the schema to name. */
function coordinateInput(text: string): number | string | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : text;
}

/** The media an item's fields name: image fields by id, any text by the file paths it mentions (HTML, URLs). */
export function mediaReferencesOf<T extends object>(
  table: T,
  values: Record<string, unknown>,
): { ids: number[]; paths: string[] } {
  const ids = new Set<number>();
  const paths = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') for (const path of uploadPathsIn(value)) paths.add(path);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  const addId = (id: unknown) => typeof id === 'number' && ids.add(id);
  for (const key of fieldKeys(table)) {
    const spec = table[key] as FieldSpec;
    const value = values[key];
    if (spec.kind === 'image') addId(value);
    else if (spec.kind === 'itinerary' && Array.isArray(value))
      for (const entry of value as { image_id?: unknown }[]) addId(entry.image_id);
    else if (spec.kind === 'gallery' && Array.isArray(value))
      for (const item of value as { media_id?: unknown }[]) addId(item.media_id);
    if (spec.kind !== 'image') visit(value);
  }
  return { ids: [...ids], paths: [...paths] };
}
