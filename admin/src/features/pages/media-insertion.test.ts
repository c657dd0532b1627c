import { describe, expect, it } from 'vitest';
import type { MediaItem } from '@tours-cms/contract';
import { appendMedia, mediaHtml } from './media-insertion';

const file = (original_name: string, mime_type: string, size: Partial<Pick<MediaItem, 'width' | 'height'>> = {}) => ({
  original_name,
  mime_type,
  file_path: `uploads/2026/01/abc.${original_name.split('.').pop()}`,
  width: size.width ?? null,
  height: size.height ?? null,
});

describe('media insertion', () => {
  it('inserts an image at its site path, with its size when known', () => {
    expect(mediaHtml(file('bay.jpg', 'image/jpeg', { width: 1600, height: 640 }))).toBe(
      '<img src="/uploads/2026/01/abc.jpg" alt="bay.jpg" width="1600" height="640" style="max-width: 100%; height: auto;">',
    );
  });

  it('inserts a video player for a video', () => {
    expect(mediaHtml(file('harbour.mp4', 'video/mp4'))).toBe(
      '<video src="/uploads/2026/01/abc.mp4" controls style="max-width: 100%;"></video>',
    );
  });

  it('inserts a download link with the file name for anything else', () => {
    expect(mediaHtml(file('Brochure 2026.pdf', 'application/pdf'))).toBe(
      '<a href="/uploads/2026/01/abc.pdf" download="Brochure 2026.pdf">Brochure 2026.pdf</a>',
    );
    expect(
      mediaHtml(file('notes.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')),
    ).toContain('download="notes.docx"');
  });

  it('escapes a file name that looks like markup', () => {
    const html = mediaHtml(file('"><script>x</script>.txt', 'text/plain'));
    expect(html).not.toContain('<script>');
    expect(html).toContain('download="&quot;&gt;&lt;script&gt;x&lt;/script&gt;.txt"');
  });

  it('appends to the end of the content, on a line of its own', () => {
    expect(appendMedia('<p>Intro</p>\n\n', file('a.png', 'image/png'))).toBe(
      '<p>Intro</p>\n<img src="/uploads/2026/01/abc.png" alt="a.png" style="max-width: 100%; height: auto;">',
    );
    expect(appendMedia('  ', file('a.png', 'image/png'))).toMatch(/^<img /);
  });
});
