import sharp from 'sharp';

/** The longest side of a thumbnail: crisp on the widest grid card at twice the pixel density. */
export const THUMBNAIL_MAX_SIDE = 480;

// libvips' operation cache would keep uploaded files open and memory held between uploads that never repeat.
sharp.cache(false);

/** An image the checks let through whose pixels sharp could not read. */
export class UnreadableImageError extends Error {}

/**
 * Reads an image's size as it is displayed (EXIF rotation applied) and writes a small WebP preview of its
 * first frame. Rejects with UnreadableImageError when the bytes are not a decodable image.
 */
export async function makeThumbnail(source: string, destination: string): Promise<{ width: number; height: number }> {
  try {
    const image = sharp(source, { failOn: 'error' });
    const metadata = await image.metadata();
    const { width, height } = metadata.autoOrient;
    await image
      .autoOrient()
      .resize({ width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toFile(destination);
    return { width, height };
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}
