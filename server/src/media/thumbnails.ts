import { loadSharp } from './sharp.js';

/** The longest side of a thumbnail: crisp on the widest grid card at twice the pixel density. */
export const THUMBNAIL_MAX_SIDE = 480;

/**
 * The most pixels an uploaded image may have: 50 megapixels (an 8,660 × 5,773 photo; any camera's full size).
 * sharp's own default (268 megapixels, about a gigabyte of memory to decode) would let one upload, or a small
 * file that claims huge dimensions (a decompression bomb), hold the server's memory.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;

/** An image the checks let through whose pixels sharp could not read. */
export class UnreadableImageError extends Error {}

/** An image with more pixels than IMAGE_MAX_PIXELS, refused from its header before anything is decoded. */
export class ImageTooLargeError extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`The image is ${width} × ${height} pixels; at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels are accepted`);
  }
}

/**
 * Reads an image's size as it is displayed (EXIF rotation applied) and makes a small WebP preview of its first
 * frame, in memory: the caller stores it, so a decoding failure (UnreadableImageError; ImageTooLargeError when its
 * header names too many pixels) and a storage failure never look alike.
 */
export async function makeThumbnail(source: string): Promise<{ width: number; height: number; preview: Buffer }> {
  let preview: Buffer;
  let size: { width: number; height: number };
  const sharp = await loadSharp();
  try {
    // The header alone first (nothing is decoded), so an image over the limit is refused with its size.
    const metadata = await sharp(source, { failOn: 'error', limitInputPixels: false }).metadata();
    if (metadata.width * metadata.height > IMAGE_MAX_PIXELS)
      throw new ImageTooLargeError(metadata.width, metadata.height);
    size = metadata.autoOrient;
    const image = sharp(source, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS });
    preview = await image
      .autoOrient()
      .resize({ width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
  } catch (error) {
    if (error instanceof ImageTooLargeError) throw error;
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
  return { ...size, preview };
}
