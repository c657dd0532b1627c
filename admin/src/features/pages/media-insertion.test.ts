import { describe, expect, it } from 'vitest';
import { appendMedia, mediaHtml } from './media-insertion';

const file = (original_name: string, mime_type: string) => ({ original_name, mime_type, file_path: `uploads/2026/01/abc.${original_name.split('.').pop()}` });

describe('media insertion', () => {
  it('inserts an image with alternative text from its name', () => {
    expect(mediaHtml(file('bay-at_sunset.jpg', 'image/jpeg'))).toBe(
      '<img src="/uploads/2026/01/abc.jpg" alt="bay at sunset" class="max-w-full h-auto rounded-lg">',
    );
  });

  it('inserts a video player for a video', () => {
    expect(mediaHtml(file('harbour.mp4', 'video/mp4'))).toBe(
      '<video src="/uploads/2026/01/abc.mp4" controls preload="metadata" class="w-full rounded-lg"></video>',
    );
  });

  it('inserts a download link with the file name for anything else', () => {
    expect(mediaHtml(file('Brochure 2026.pdf', 'application/pdf'))).toBe(
      '<p><a href="/uploads/2026/01/abc.pdf" download="Brochure 2026.pdf">Brochure 2026.pdf</a></p>',
    );
    expect(mediaHtml(file('notes.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'))).toContain('download="notes.docx"');
  });

  it('escapes a file name that looks like markup', () => {
    const html = mediaHtml(file('"><script>x</script>.txt', 'text/plain'));
    expect(html).not.toContain('<script>');
    expect(html).toContain('download="&quot;&gt;&lt;script&gt;x&lt;/script&gt;.txt"');
    expect(mediaHtml(file('a"b.png', 'image/png'))).toContain('alt="a&quot;b"');
  });

  it('appends to the end of the content, on a line of its own', () => {
    expect(appendMedia('<p>Intro</p>\n\n', file('a.png', 'image/png'))).toBe('<p>Intro</p>\n<img src="/uploads/2026/01/abc.png" alt="a" class="max-w-full h-auto rounded-lg">');
    expect(appendMedia('', file('a.png', 'image/png'))).toMatch(/^<img /);
  });
});
