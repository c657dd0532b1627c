import { mediaKind, mediaUrl, type MediaItem } from '@tours-cms/contract';

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The file name without its extension, as an image's alternative text ("bay-at-sunset.jpg" → "bay at sunset"). */
function altTextOf(name: string): string {
  return name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ').trim();
}

/**
 * The HTML for a media file placed in page content (spec §4, media selection): an image for images, a video
 * player for videos, a download link with the file name for anything else. The address is the site path
 * (`/uploads/...`), which works on the public site, in previews and after a move to another domain.
 */
export function mediaHtml(item: Pick<MediaItem, 'file_path' | 'mime_type' | 'original_name'>): string {
  const src = escapeAttribute(mediaUrl(item.file_path));
  const name = item.original_name;
  switch (mediaKind(item.mime_type)) {
    case 'image':
      return `<img src="${src}" alt="${escapeAttribute(altTextOf(name))}" class="max-w-full h-auto rounded-lg">`;
    case 'video':
      return `<video src="${src}" controls preload="metadata" class="w-full rounded-lg"></video>`;
    default:
      return `<p><a href="${src}" download="${escapeAttribute(name)}">${escapeText(name)}</a></p>`;
  }
}

/** The content with the media file appended at its end (spec §4: "appends to the content"). */
export function appendMedia(content: string, item: Pick<MediaItem, 'file_path' | 'mime_type' | 'original_name'>): string {
  const html = mediaHtml(item);
  return content.trim() === '' ? html : `${content.replace(/\s+$/, '')}\n${html}`;
}
