/**
 * Turns a title into a URL slug, the one rule shared by the server and every screen.
 *
 * Lowercase; drop everything but letters, digits, spaces and hyphens; whitespace runs become one
 * hyphen; trim. Two decisions the spec leaves open:
 * - Accented Latin letters lose their accents ("Café Tour" → "cafe-tour"): decomposed with NFKD and the
 *   combining marks after a Latin letter dropped, so slugs stay readable ASCII for most European titles.
 * - Letters of other scripts are kept as they are ("東京 ツアー" → "東京-ツアー", "ガイド" stays "ガイド",
 *   "서울" stays composed Hangul): browsers show them in the address bar and search engines index them,
 *   whereas dropping them would leave an empty slug. Their combining marks (Devanagari vowel signs, kana
 *   voicing marks) are part of the letter and are kept, and the text is recomposed (NFC) afterwards.
 * Hyphen runs are also collapsed and hyphens at either end removed, so a slug never looks like "-a--b-".
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s-]+/gu, '')
    .trim()
    .replace(/\s+/gu, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** True when the text is already a slug: non-empty and unchanged by slugify. */
export function isValidSlug(text: string): boolean {
  return text.length > 0 && slugify(text) === text;
}
