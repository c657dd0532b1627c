/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** What the editors need of a media file to embed it. */
interface EmbeddableMedia {
  original_name: string;
  mime_type: string;
  width?: number | null;
  height?: number | null;
}

/**
 * A file chosen in the media selector goes into content as an image for images, a video player for
 * videos, or a download link with the file name for anything else. The HTML is built here, escaped, once.
 */
export function mediaEmbedHtml(url: string, media: EmbeddableMedia): string {
  const src = escapeHtml(url);
  const name = escapeHtml(media.original_name);
  if (media.mime_type.startsWith('image/')) {
    const size = media.width && media.height ? ` width="${media.width}" height="${media.height}"` : '';
    return `<img src="${src}" alt="${name}"${size} style="max-width: 100%; height: auto;">`;
  }
  if (media.mime_type.startsWith('video/')) return `<video src="${src}" controls style="max-width: 100%;"></video>`;
  return `<a href="${src}" download="${name}">${name}</a>`;
}
