/**
 * Links in post content may use only http, https, mailto and tel; images only http, https and data
 * (data images, not data HTML). Addresses without a scheme (/tours/boat, #top, uploads/x.jpg) are relative to
 * our own site and allowed. Anything else becomes a blank link or image.
 */
const SCHEME = /^([a-z][a-z\d+.-]*):/i;

// Browsers ignore tabs, newlines and leading control characters in URLs ("java\tscript:"), so we do too.
function normalise(url: string): string {
  // eslint-disable-next-line no-control-regex
  return url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
}

function schemeOf(url: string): string | null {
  return SCHEME.exec(normalise(url))?.[1]?.toLowerCase() ?? null;
}

export function isAllowedLinkUrl(url: string): boolean {
  const scheme = schemeOf(url);
  return scheme === null || ['http', 'https', 'mailto', 'tel'].includes(scheme);
}

export function isAllowedImageUrl(url: string): boolean {
  const scheme = schemeOf(url);
  if (scheme === 'data') return /^data:image\/(png|jpe?g|gif|webp|avif|bmp);/i.test(normalise(url));
  return scheme === null || scheme === 'http' || scheme === 'https';
}
