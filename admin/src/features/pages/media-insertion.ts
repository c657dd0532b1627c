import { mediaEmbedHtml, mediaUrl, type MediaItem } from '@tours-cms/contract';

type InsertableMedia = Pick<MediaItem, 'file_path' | 'mime_type' | 'original_name' | 'width' | 'height'>;

/**
 * The HTML for a media file placed in page content: an image for images, a video
 * player for videos, a download link with the file name for anything else (the shared mediaEmbedHtml). The
 * address is the site path (`/uploads/...`) rather than the admin's full URL, so it works on the public site, in
 * every preview, and after the site moves to another domain.
 */
export function mediaHtml(item: InsertableMedia): string {
  return mediaEmbedHtml(mediaUrl(item.file_path), item);
}

/** The content with the media file appended at its end, on a line of its own (the builder appends media to the content). */
export function appendMedia(content: string, item: InsertableMedia): string {
  const html = mediaHtml(item);
  return content.trim() === '' ? html : `${content.replace(/\s+$/, '')}\n${html}`;
}
