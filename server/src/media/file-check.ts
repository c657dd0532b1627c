import type { AcceptedMediaExtension } from '@tours-cms/contract';

/**
 * What `file-type` may report, by its own names, for each accepted extension with a binary signature
 *. .doc is an OLE compound file ("cfb"); a .mov may carry a plain MP4 brand.
 */
const SIGNATURES: Record<Exclude<AcceptedMediaExtension, 'txt'>, readonly string[]> = {
  jpeg: ['jpg'],
  jpg: ['jpg'],
  png: ['png', 'apng'],
  gif: ['gif'],
  webp: ['webp'],
  mp4: ['mp4', 'm4v'],
  mov: ['mov', 'mp4'],
  avi: ['avi'],
  pdf: ['pdf'],
  doc: ['cfb'],
  docx: ['docx'],
};

/** True when the bytes of a stored file carry the signature its extension promises. */
export async function signatureMatches(
  absolutePath: string,
  extension: Exclude<AcceptedMediaExtension, 'txt'>,
): Promise<boolean> {
  // Loaded with the first upload that needs it, not at start (a tenth of a second of every start otherwise).
  const { fileTypeFromFile } = await import('file-type');
  const detected = await fileTypeFromFile(absolutePath);
  return detected !== undefined && SIGNATURES[extension].includes(detected.ext);
}

/** Why the bytes of a .txt were refused. */
export class NotPlainTextError extends Error {}

// A document that a browser could be talked into rendering is not plain text, whatever its name says.
const MARKUP_START = /^\s*<(?:!doctype\s+html|html|head|body|script|svg|iframe|\?xml)\b/i;
const MARKUP_PROBE_CHARS = 512;

/**
 * Passes a .txt upload through while checking it is plain text: valid UTF-8 (checked chunk by chunk, so a
 * character split between chunks is fine), no NUL byte, and not an HTML or SVG document. Throws
 * NotPlainTextError at the first offending chunk, which aborts the write.
 */
export async function* checkPlainText(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let head = '';
  const probeMarkup = () => {
    if (MARKUP_START.test(head.replace(/^\uFEFF/, '')))
      throw new NotPlainTextError('A .txt file may not hold an HTML or SVG document');
  };
  for await (const chunk of source) {
    if (chunk.includes(0)) throw new NotPlainTextError('A .txt file must be text without NUL bytes');
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw new NotPlainTextError('A .txt file must be valid UTF-8 text');
    }
    if (head.length < MARKUP_PROBE_CHARS) {
      head += text.slice(0, MARKUP_PROBE_CHARS - head.length);
      if (head.length >= MARKUP_PROBE_CHARS) probeMarkup();
    }
    yield chunk;
  }
  try {
    decoder.decode();
  } catch {
    throw new NotPlainTextError('A .txt file must be valid UTF-8 text');
  }
  probeMarkup();
}
