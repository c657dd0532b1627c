import { Parser } from 'htmlparser2';
import { mediaUrl } from '@tours-cms/contract';
import { variantPath, type VariantFormat } from '../../media/image-variants.js';
import type { ResponsiveImageData } from '../../modules/media/media.service.js';
import { html, raw, type Html } from '../rendering/html.js';

/**
 * How an image is fetched: `hero` for the largest image above the fold (fetched first, `fetchpriority="high"`),
 * `eager` for another image above it, `lazy` for one below it (fetched as it nears the screen, decoded off the
 * main thread).
 */
export type ImageLoading = 'hero' | 'eager' | 'lazy';

/** The attributes of a loading mode. */
function loadingAttributes(loading: ImageLoading): Html {
  if (loading === 'hero') return raw(' fetchpriority="high"');
  if (loading === 'lazy') return raw(' loading="lazy" decoding="async"');
  return raw('');
}

/** `srcset` of an image's variants in one format, up to `maxWidth`: `/uploads/…/x.w480.avif 480w, …`. */
export function variantSrcset(image: ResponsiveImageData, format: VariantFormat, maxWidth = Infinity): string {
  return image.widths
    .filter((width) => width <= maxWidth)
    .map((width) => `${mediaUrl(variantPath(image.file_path, width, format))} ${width}w`)
    .join(', ');
}

export interface PictureOptions {
  /** The image the <img> falls back to: the original, or a thumbnail. */
  src: string;
  alt: string;
  className?: string;
  /** The `sizes` of the sources: how wide the image is drawn. */
  sizes: string;
  loading: ImageLoading;
  /** The width and height attributes (no layout shift); the image's own size when not given. */
  width?: number | null;
  height?: number | null;
  /** The widest variant worth offering (a card's picture needs no 2,400 px copy). */
  maxWidth?: number;
}

/**
 * An image of the site's own markup (a featured image, a tour's picture, a card) as a <picture>: its AVIF and WebP
 * variants for the browser to choose from by `sizes`, and the original as the <img> every browser understands,
 * with its width and height. Without variants (not made yet, or failed), the <img> alone.
 */
export function pictureHtml(image: ResponsiveImageData | null | undefined, options: PictureOptions): Html {
  const width = options.width ?? image?.width;
  const height = options.height ?? image?.height;
  const size = width && height ? html` width="${width}" height="${height}"` : null;
  const className = options.className && html` class="${options.className}"`;
  const img = html`<img${className} src="${options.src}" alt="${options.alt}"${size}${loadingAttributes(options.loading)}>`;
  if (!image?.widths.length) return img;
  const sources = (['avif', 'webp'] as const).map(
    (format) =>
      html`<source type="image/${format}" srcset="${variantSrcset(image, format, options.maxWidth)}" sizes="${options.sizes}">`,
  );
  return html`<picture>${sources}${img}</picture>`;
}

/** An <img> in staff HTML that shows a file of the media library, and where its opening tag ends. */
export interface LibraryImage {
  filePath: string;
  /** The offset at which attributes can be added: just before the tag's `>` (or `/>`). */
  insertAt: number;
  attributes: Set<string>;
}

/** `/uploads/…` or `/admin_vendor_api/uploads/…` (with or without the site's origin is not known here): the library's files. */
const LIBRARY_SRC = /^(?:\/admin_vendor_api)?\/(uploads\/[^?#]+)$/;

/** The <img> elements of staff HTML that show media library files, in document order. */
export function findLibraryImages(html: string): LibraryImage[] {
  const found: LibraryImage[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== 'img') return;
        const match = LIBRARY_SRC.exec(attributes.src?.trim() ?? '');
        if (!match) return;
        let filePath = match[1]!;
        try {
          filePath = decodeURI(filePath);
        } catch {
          return;
        }
        let insertAt = parser.endIndex;
        if (html[insertAt] !== '>') return;
        while (insertAt > 0 && (html[insertAt - 1] === '/' || /\s/.test(html[insertAt - 1]!))) insertAt -= 1;
        found.push({ filePath, insertAt, attributes: new Set(Object.keys(attributes)) });
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/**
 * Staff HTML with its library images made responsive, without touching anything else of the markup: each <img>
 * of a media library image gains, unless it says otherwise already, a WebP `srcset` of its variants (`sizes="auto"`
 * lets a lazy image take the width it is drawn at), its width and height, and `loading="lazy"
 * decoding="async"`; or, for `heroIndex` (the first image of a page with nothing above it), `fetchpriority="high"`.
 * Images not in the library, or without variants yet, keep their markup and gain only what is known of them.
 */
export function responsiveContentImages(
  content: string,
  found: LibraryImage[],
  images: ReadonlyMap<string, ResponsiveImageData>,
  heroIndex: number | null,
): string {
  let out = '';
  let at = 0;
  found.forEach((image, index) => {
    const data = images.get(image.filePath);
    if (!data) return;
    const hero = index === heroIndex;
    const has = (name: string) => image.attributes.has(name);
    let added = '';
    if (!has('srcset') && data.widths.length) {
      added += String(html` srcset="${variantSrcset(data, 'webp')}"`);
      if (!has('sizes')) added += hero ? ' sizes="100vw"' : ' sizes="auto, 100vw"';
    }
    if (!has('width') && !has('height') && data.width && data.height)
      added += String(html` width="${data.width}" height="${data.height}"`);
    if (hero) {
      if (!has('fetchpriority') && !has('loading')) added += ' fetchpriority="high"';
    } else {
      if (!has('loading')) added += ' loading="lazy"';
      if (!has('decoding')) added += ' decoding="async"';
    }
    out += content.slice(at, image.insertAt) + added;
    at = image.insertAt;
  });
  return out + content.slice(at);
}

/** The media library paths of the images in staff HTML, to look their variants up before rendering. */
export function libraryImagePaths(html: string): string[] {
  return findLibraryImages(html).map((image) => image.filePath);
}

/** Staff HTML with responsive library images; `firstIsHero`: nothing is drawn above it, so its first image leads. */
export function withResponsiveImages(
  html: string,
  images: ReadonlyMap<string, ResponsiveImageData>,
  firstIsHero: boolean,
): string {
  if (images.size === 0) return html;
  return responsiveContentImages(html, findLibraryImages(html), images, firstIsHero ? 0 : null);
}
