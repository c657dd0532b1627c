import { z } from 'zod';
import { ALT_TEXT_MAX, FILE_NAME_MAX, FOLDER_NAME_MAX, URL_MAX } from './limits.js';
import { idSchema, nullableText, timestampsSchema } from './common.js';
import { listFilter, listPageSchema, listQuerySchema } from './list-page.js';

/** What a media file is, for icons, thumbnails and what the page builder inserts. */
export type MediaKind = 'image' | 'video' | 'pdf' | 'document';

interface AcceptedType {
  /** The MIME type the file is stored and served as once its bytes have been checked. */
  mime: string;
  kind: MediaKind;
}

/**
 * Every extension the media library accepts, with the type it is stored and served as. The server
 * also checks the bytes; SVG and HTML are never on this list.
 */
export const ACCEPTED_MEDIA_TYPES = {
  jpeg: { mime: 'image/jpeg', kind: 'image' },
  jpg: { mime: 'image/jpeg', kind: 'image' },
  png: { mime: 'image/png', kind: 'image' },
  gif: { mime: 'image/gif', kind: 'image' },
  webp: { mime: 'image/webp', kind: 'image' },
  mp4: { mime: 'video/mp4', kind: 'video' },
  avi: { mime: 'video/x-msvideo', kind: 'video' },
  mov: { mime: 'video/quicktime', kind: 'video' },
  pdf: { mime: 'application/pdf', kind: 'pdf' },
  txt: { mime: 'text/plain', kind: 'document' },
  doc: { mime: 'application/msword', kind: 'document' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', kind: 'document' },
} as const satisfies Record<string, AcceptedType>;

export type AcceptedMediaExtension = keyof typeof ACCEPTED_MEDIA_TYPES;
export const ACCEPTED_MEDIA_EXTENSIONS = Object.keys(ACCEPTED_MEDIA_TYPES) as AcceptedMediaExtension[];

/**
 * The `accept` map of a file input or drop area (MIME type → extensions), so the file dialog offers only
 * files the server will take.
 */
export const MEDIA_ACCEPT: Record<string, string[]> = ACCEPTED_MEDIA_EXTENSIONS.reduce<Record<string, string[]>>(
  (accept, extension) => {
    const { mime } = ACCEPTED_MEDIA_TYPES[extension];
    (accept[mime] ??= []).push(`.${extension}`);
    return accept;
  },
  {},
);

/** The lowercased extension of a file name without its dot, or '' when it has none ("a.JPG" → "jpg"). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The accepted extension of a file name, or null when the media library does not take that type. */
export function acceptedMediaExtension(name: string): AcceptedMediaExtension | null {
  const extension = fileExtension(name);
  return Object.hasOwn(ACCEPTED_MEDIA_TYPES, extension) ? (extension as AcceptedMediaExtension) : null;
}

/** The kind of a stored media item, from its MIME type. */
export function mediaKind(mimeType: string): MediaKind {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType === 'application/pdf') return 'pdf';
  return 'document';
}

// Control characters, including NUL and DEL, have no place in a name shown on screen or sent in a header.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Why a folder name is refused, or null when it is fine. Expects the name already trimmed. */
export function folderNameProblem(name: string): string | null {
  if (name.length > FOLDER_NAME_MAX) return `Folder name must be at most ${FOLDER_NAME_MAX} characters`;
  if (/[\\/]/.test(name) || name.includes('..')) return 'Folder name may not contain "/", "\\" or ".."';
  if (CONTROL_CHARACTERS.test(name)) return 'Folder name may not contain control characters';
  return null;
}

/** The upload's `folder` field: trimmed; empty means no folder (null); never a path out of the upload root. */
export const mediaFolderSchema = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    const problem = folderNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullish()
  .transform((name) => (name ? name : null));

/** Why an uploaded file's name is refused, or null when it is fine. */
export function fileNameProblem(name: string): string | null {
  if (name.trim() === '') return 'File name is required';
  if (name.length > FILE_NAME_MAX) return `File name must be at most ${FILE_NAME_MAX} characters`;
  if (/[\\/]/.test(name) || name === '.' || name === '..') return 'File name may not contain a path';
  if (CONTROL_CHARACTERS.test(name)) return 'File name may not contain control characters';
  return null;
}

/** A media item as the API answers it. Paths are relative (`uploads/2025/07/…`): see mediaUrl. */
export const mediaItemSchema = z.object({
  id: idSchema,
  original_name: z.string(),
  /** `uploads/YYYY/MM/<random>.<ext>`, served at both `/{file_path}` and `/admin_vendor_api/{file_path}`. */
  file_path: z.string(),
  /** A small WebP preview for images, served like file_path; null for other files. */
  thumbnail_path: nullableText,
  mime_type: z.string(),
  /** Bytes. */
  file_size: z.number(),
  /** Pixel size for images (after EXIF rotation); null for other files. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  folder: nullableText,
  /** What the image shows, read to visitors who cannot see it; every image the site shows carries it as `alt`. */
  alt_text: nullableText,
  ...timestampsSchema.shape,
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

/** PUT /media/{id}: what staff may change of a media item without a new file (its alternative text). */
export const mediaUpdateSchema = z.object({
  alt_text: z
    .string({ message: 'Alternative text must be text' })
    .trim()
    .max(ALT_TEXT_MAX, `Alternative text must be at most ${ALT_TEXT_MAX} characters`)
    .nullish()
    .transform((value) => (value == null || value === '' ? null : value)),
});
export type MediaUpdate = z.input<typeof mediaUpdateSchema>;
export type MediaUpdateData = z.output<typeof mediaUpdateSchema>;

/** The media item behind a featured image (of a page or a tour), when it was chosen from the library. */
export const featuredImageSchema = mediaItemSchema.pick({
  id: true,
  original_name: true,
  file_path: true,
  thumbnail_path: true,
  mime_type: true,
  width: true,
  height: true,
  alt_text: true,
});
export type FeaturedImage = z.infer<typeof featuredImageSchema>;

/** GET /media/settings: what the upload area needs to refuse files before sending them. */
export const mediaSettingsSchema = z.object({
  max_upload_bytes: z.number().int(),
  accepted_extensions: z.array(
    z.enum(Object.keys(ACCEPTED_MEDIA_TYPES) as [AcceptedMediaExtension, ...AcceptedMediaExtension[]]),
  ),
});
export type MediaSettings = z.infer<typeof mediaSettingsSchema>;

/** The full URL of a stored file; origin '' gives a root-relative URL. */
export function mediaUrl(filePath: string, origin = ''): string {
  return `${origin.replace(/\/+$/, '')}/${filePath.replace(/^\/+/, '')}`;
}

/** The media filter is a case-insensitive substring of original_name, plus the exact folder if one is chosen. */
export function filterMedia<T extends Pick<MediaItem, 'original_name' | 'folder'>>(
  items: readonly T[],
  { search, folder }: { search: string; folder: string | null },
): T[] {
  const needle = search.trim().toLowerCase();
  return items.filter(
    (item) =>
      (folder === null || item.folder === folder) &&
      (needle === '' || item.original_name.toLowerCase().includes(needle)),
  );
}

/** The distinct folders of a media list, sorted for the folder tabs. */
export function distinctFolders(items: readonly Pick<MediaItem, 'folder'>[]): string[] {
  const folders = new Set<string>();
  for (const item of items) if (item.folder) folders.add(item.folder);
  return [...folders].sort((a, b) => a.localeCompare(b));
}

// A stored file's path wherever a text names it: `uploads/...` alone, after `/`, `/admin_vendor_api/` or an origin.
const UPLOAD_PATH = /(?<![A-Za-z0-9_.-])uploads(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+/g;

/**
 * The media file paths a text mentions ("uploads/2026/11/x.jpg"), however it links them: an `src`, `href`,
 * `srcset` or `url()`, a path or a full URL. A thumbnail's or variant's path is given as the thumbnail's, which
 * names its item as well as the original does. Linear in the text's length.
 */
export function uploadPathsIn(text: string): string[] {
  const paths = new Set<string>();
  for (const match of text.matchAll(UPLOAD_PATH)) {
    // Trailing dots end a sentence, not the path. Trimmed by hand: `/\.+$/` restarts at every dot of a long run.
    let end = match[0].length;
    while (match[0][end - 1] === '.') end -= 1;
    const path = match[0].slice(0, end);
    const variant = /^(.+)\.w[1-9]\d{0,4}\.(?:avif|webp)$/.exec(path);
    paths.add(variant ? `${variant[1]}.thumb.webp` : path);
  }
  return [...paths];
}

/** Where a media item is used: a tour, a page or a common component, by its title now. */
export const mediaUseSchema = z.object({
  item_type: z.enum(['post', 'page', 'component']),
  item_id: idSchema,
  title: z.string(),
});
export type MediaUse = z.infer<typeof mediaUseSchema>;

/** One item of GET /media/: the item, and how many tours, pages and components use it. */
export const mediaListItemSchema = mediaItemSchema.extend({ usage_count: z.number().int() });
export type MediaListItem = z.infer<typeof mediaListItemSchema>;

/** The orders the Media Library offers on the server: newest first (the whole array's order) and oldest first. */
export const MEDIA_LIST_SORTS = ['-created_at', 'created_at'] as const;
export type MediaListSort = (typeof MEDIA_LIST_SORTS)[number];

/**
 * GET /media/ with any parameter: a page of the library, searched (`q` in the original name) and filtered by
 * folder or file path (exact) on the server. Without parameters the route answers the whole array.
 */
export const mediaListQuerySchema = listQuerySchema(MEDIA_LIST_SORTS, '-created_at', {
  folder: listFilter(
    z
      .string()
      .max(FOLDER_NAME_MAX, `Folder must be at most ${FOLDER_NAME_MAX} characters`)
      .refine((name) => folderNameProblem(name) === null, 'Folder is not a folder name'),
  ),
  /** The item stored at this `file_path` (`uploads/...`): the media selector's file already in use. */
  path: listFilter(z.string().max(URL_MAX, `Path must be at most ${URL_MAX} characters`)),
});
export type MediaListQuery = z.output<typeof mediaListQuerySchema>;
export const mediaListPageSchema = listPageSchema(mediaListItemSchema);

/** GET /media/folders: the folders that hold a file, sorted (the library's folder tabs). */
export const mediaFoldersSchema = z.array(z.string());

/** DELETE /media/{id} of an item in use, without `?in_use=confirmed`: 409 naming what uses it. */
export const mediaInUseSchema = z.object({ detail: z.string(), used_by: z.array(mediaUseSchema) });
export type MediaInUse = z.infer<typeof mediaInUseSchema>;

/** DELETE /media/{id}?in_use=confirmed: the staff member was told what uses it and deletes it anyway. */
export const mediaDeleteQuerySchema = z.object({
  in_use: z.literal('confirmed', { message: 'in_use must be confirmed' }).optional(),
});
