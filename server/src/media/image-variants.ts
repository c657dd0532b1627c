import { loadSharp } from './sharp.js';
import { IMAGE_MAX_PIXELS } from './thumbnails.js';

/** The widths an image is resized to for `srcset`: a phone, a phone at 2x or a laptop, a desktop, a large screen. */
export const VARIANT_WIDTHS = [480, 960, 1600, 2400] as const;
/** Every variant is made in both: AVIF is the smaller, WebP the fallback for the browsers without AVIF. */
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export const VARIANT_MIME: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/**
 * The widths of an image's variants: each standard width narrower than the image, and the image's own width when
 * it is no wider than the largest (a 1,200 px photo gets 480, 960 and 1,200). Never wider than the original.
 */
export function variantWidths(width: number): number[] {
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
  if (width <= largest) widths.push(width);
  return widths;
}

/** Where a variant is stored: beside its original, `uploads/2026/11/<name>.w960.avif`. */
export function variantPath(filePath: string, width: number, format: VariantFormat): string {
  return `${filePath.replace(/\.[^./]+$/, '')}.w${width}.${format}`;
}

const VARIANT_PATH = /^(.+)\.w[1-9]\d{0,4}\.(?:avif|webp)$/;

/** The thumbnail path of the original a variant path belongs to (both share its name), or null for any other path. */
export function variantOwnerThumbnail(filePath: string): string | null {
  const match = VARIANT_PATH.exec(filePath);
  return match ? `${match[1]}.thumb.webp` : null;
}

/** Every stored path of an image's variants of these widths. */
export function variantPaths(filePath: string, widths: readonly number[]): string[] {
  return widths.flatMap((width) => VARIANT_FORMATS.map((format) => variantPath(filePath, width, format)));
}

/** An image's width as it is displayed (EXIF rotation applied), from its header. */
export async function displayWidth(source: Buffer): Promise<number> {
  const sharp = await loadSharp();
  return (await sharp(source, { failOn: 'error', limitInputPixels: false }).metadata()).autoOrient.width;
}

/** One resized copy of an image. */
export interface ImageVariant {
  width: number;
  format: VariantFormat;
  bytes: Buffer;
}

/**
 * The variants of an image's bytes, one after the other (each decoded anew: a JPEG decodes straight at a
 * fraction of its size, and no more than one variant is held at once). EXIF rotation is applied, as it is for the
 * size the library records; AVIF at effort 2 (a 2,400 px variant in about 0.4 s here; effort 4 takes six times
 * as long for 20% fewer bytes). Rejects when the bytes cannot be decoded.
 */
export async function* makeImageVariants(source: Buffer, widths: readonly number[]): AsyncGenerator<ImageVariant> {
  const sharp = await loadSharp();
  for (const width of widths) {
    for (const format of VARIANT_FORMATS) {
      const image = sharp(source, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS })
        .autoOrient()
        .resize({ width, withoutEnlargement: true });
      const bytes = await (
        format === 'avif' ? image.avif({ quality: 50, effort: 2 }) : image.webp({ quality: 75 })
      ).toBuffer();
      yield { width, format, bytes };
    }
  }
}
