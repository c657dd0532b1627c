/**
 * The heights of the site's autosized frames of staff HTML (header, footer, a tour's content), as browsers measured
 * them, by viewport width, so that the next render of a document sizes each frame before it paints instead of
 * growing it from a fixed placeholder (which shifted the page: CLS 0.06 on a phone, issue 26).
 *
 * What a report can do is bounded. A height only ever comes from a frame through the parent script's `resize`
 * message (its own frames, checked by identity) and then from the page's own origin (the server refuses a report
 * whose Sec-Fetch-Site is not same-origin, so neither a sandboxed frame, whose origin is opaque, nor another site
 * can send one); anyone can still forge the request outside a browser, so every height is clamped (header and
 * footer to CHROME_HEIGHT_MAX, a tour's content to CONTENT_HEIGHT_MAX), only frame addresses the site's own
 * documents carry are taken (the renderer names them: `issue`), and a height is only where the frame starts: the
 * parent script still sizes every frame to what it reports. Each report that teaches something new drops the
 * rendered documents, so what one can teach is bounded until the site next changes (`clear`): the first height
 * reported for an address and width stands, and at most FRAME_HEIGHTS_MAX_FRAMES addresses with WIDTHS_PER_FRAME
 * widths each are learnt (more are ignored, not traded for older ones).
 */
export const CHROME_HEIGHT_MAX = 2000;
export const CONTENT_HEIGHT_MAX = 20_000;
export const FRAME_HEIGHTS_MAX_FRAMES = 2000;
export const WIDTHS_PER_FRAME = 16;
export const VIEWPORT_WIDTH_MIN = 200;
export const VIEWPORT_WIDTH_MAX = 4000;

/** The addresses of the autosized frames (SITE_FRAME_URLS, with the chrome frames' `current`), not previews'. */
const FRAME_SRC = /^\/frame\/site\/(?:(?:header|footer)(?:\?current=[\w%.~-]{1,600})?|tour\/[\w%.~-]{1,400})$/;

export function isSiteFrameSrc(src: string): boolean {
  return FRAME_SRC.test(src);
}

/** The largest height kept for a frame address. */
export function frameHeightMax(src: string): number {
  return src.startsWith('/frame/site/tour/') ? CONTENT_HEIGHT_MAX : CHROME_HEIGHT_MAX;
}

export class FrameHeights {
  private readonly frames = new Map<string, Map<number, number>>();
  /** The frame addresses rendered documents carry since the last change: the only ones a report may teach. */
  private readonly issued = new Set<string>();

  get size(): number {
    return this.frames.size;
  }

  /**
   * Keeps a frame's measured height at a viewport width; true when it changed what a document would say (the
   * caller then drops the rendered documents). Unknown addresses and widths out of range are ignored.
   */
  record(src: string, width: number, height: number): boolean {
    if (!isSiteFrameSrc(src) || !Number.isInteger(width) || width < VIEWPORT_WIDTH_MIN || width > VIEWPORT_WIDTH_MAX)
      return false;
    // A frame measures 0 before its content is laid out; kept, that would stand for the real height until the site
    // next changes, so under a pixel is not a height.
    if (!Number.isFinite(height) || height < 1 || !this.issued.has(src)) return false;
    const kept = Math.min(Math.ceil(height), frameHeightMax(src));
    let widths = this.frames.get(src);
    if (!widths) {
      if (this.frames.size >= FRAME_HEIGHTS_MAX_FRAMES) return false;
      widths = new Map();
      this.frames.set(src, widths);
    }
    if (widths.has(width) || widths.size >= WIDTHS_PER_FRAME) return false;
    widths.set(width, kept);
    return true;
  }

  /** Notes a frame address a rendered document carries (bounded as the learnt heights are). */
  issue(src: string): void {
    if (this.issued.size < FRAME_HEIGHTS_MAX_FRAMES * 2) this.issued.add(src);
  }

  /** Forgets every height and address: the site changed, and its frames may be of other heights now. */
  clear(): void {
    this.frames.clear();
    this.issued.clear();
  }

  /** The `data-heights` value of a frame: `width:height` pairs by width, or null when none was measured. */
  attribute(src: string): string | null {
    const widths = this.frames.get(src);
    if (!widths?.size) return null;
    return [...widths]
      .sort(([a], [b]) => a - b)
      .map(([width, height]) => `${width}:${height}`)
      .join(' ');
  }
}
