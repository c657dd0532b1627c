import { fieldKeys, isTranslated, type FieldSpec } from '@tours-cms/contract';

/** One part of a field's source text: a heading of its own where the field has parts (an itinerary's days). */
export interface SourcePart {
  heading: string | null;
  /** The text, a block (paragraph, heading, list item) a string. */
  blocks: string[];
}

/** A translated field of the source, as the side-by-side view shows it. */
export interface SourceField {
  key: string;
  label: string;
  parts: SourcePart[];
}

/** The kinds that hold no text to translate, though each language has its own (a status, a schedule). */
const NOT_TEXT = new Set(['choice', 'moment']);

/** The elements whose text is a block of its own. */
const BLOCKS = 'p,h1,h2,h3,h4,h5,h6,li,blockquote,pre,td,th,dt,dd,figcaption,caption,summary,label,button';

/**
 * The text of a piece of HTML, a block a string, never as live HTML: it is parsed by DOMParser, which runs no
 * script and loads nothing (its document has no browsing context), and only `textContent` is read. Blocks inside
 * another block (a paragraph in a list item) are read once, as part of the outer one.
 */
export function htmlTextBlocks(source: string | null | undefined): string[] {
  if (!source?.trim()) return [];
  const doc = new DOMParser().parseFromString(source, 'text/html');
  for (const hidden of doc.querySelectorAll('script,style,noscript,template,iframe,object,embed')) hidden.remove();
  const blocks = [...doc.body.querySelectorAll(BLOCKS)].filter((block) => !block.parentElement?.closest(BLOCKS));
  const texts = (blocks.length ? blocks : [doc.body]).map((block) => squash(block.textContent));
  const loose = [...doc.body.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
  return [...loose.map((node) => squash(node.textContent)), ...texts].filter(Boolean);
}

function squash(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

function plain(value: unknown): string[] {
  return typeof value === 'string' && value.trim() ? [value.trim()] : [];
}

/** A field's parts by its kind. */
function partsOf(spec: FieldSpec, value: unknown): SourcePart[] {
  const one = (blocks: string[]) => (blocks.length ? [{ heading: null, blocks }] : []);
  switch (spec.kind) {
    case 'richText':
    case 'code':
      return one(htmlTextBlocks(typeof value === 'string' ? value : null));
    case 'lines':
      return one(Array.isArray(value) ? value.flatMap(plain) : []);
    case 'itinerary':
      return (Array.isArray(value) ? (value as Record<string, unknown>[]) : []).map((day, index) => ({
        heading: `${index + 1}. ${typeof day.title === 'string' ? day.title : ''}`.trim(),
        blocks: [
          ...htmlTextBlocks(typeof day.description === 'string' ? day.description : null),
          ...plain(day.overnight).map((text) => `Overnight: ${text}`),
          ...plain(day.meals).map((text) => `Meals: ${text}`),
        ],
      }));
    case 'gallery':
      return one(
        (Array.isArray(value) ? (value as Record<string, unknown>[]) : []).flatMap((item, index) =>
          plain(item.caption).map((caption) => `${index + 1}. ${caption}`),
        ),
      );
    case 'place': {
      const place = (value ?? {}) as Record<string, unknown>;
      return one([...plain(place.name), ...plain(place.address), ...plain(place.notes)]);
    }
    default:
      return one(plain(value));
  }
}

/**
 * The source's translated text, field by field in its table's order (FieldSpec.translated: text, rich text, lists
 * of lines, itinerary days, gallery captions, the meeting point), for a translator to read beside their form.
 * What is no text to translate is left out: statuses, schedules, fields the history does not show (a layout's
 * JSON), and empty fields.
 */
export function sourceTextOf(table: object, values: Record<string, unknown>): SourceField[] {
  return fieldKeys(table).flatMap((key) => {
    const spec = (table as Record<string, FieldSpec>)[key]!;
    if (!isTranslated(spec) || NOT_TEXT.has(spec.kind) || spec.diff === false) return [];
    const parts = partsOf(spec, values[key]);
    return parts.length ? [{ key, label: spec.label, parts }] : [];
  });
}
