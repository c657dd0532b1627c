import { describe, expect, it } from 'vitest';
import { mediaEmbedHtml } from './media-embed.js';

describe('mediaEmbedHtml', () => {
  it('embeds an image with its name as alt text and its size', () => {
    expect(
      mediaEmbedHtml('https://t.example/uploads/a.jpg', {
        original_name: 'Beach "day".jpg',
        mime_type: 'image/jpeg',
        width: 800,
        height: 600,
      }),
    ).toBe(
      '<img src="https://t.example/uploads/a.jpg" alt="Beach &quot;day&quot;.jpg" width="800" height="600" style="max-width: 100%; height: auto;">',
    );
  });

  it('embeds a video as a player', () => {
    expect(mediaEmbedHtml('/uploads/v.mp4', { original_name: 'tour.mp4', mime_type: 'video/mp4' })).toBe(
      '<video src="/uploads/v.mp4" controls style="max-width: 100%;"></video>',
    );
  });

  it('links any other file for download under its name, escaped', () => {
    expect(
      mediaEmbedHtml('/uploads/b.pdf?x=1&y=2', { original_name: '<Brochure>.pdf', mime_type: 'application/pdf' }),
    ).toBe('<a href="/uploads/b.pdf?x=1&amp;y=2" download="&lt;Brochure&gt;.pdf">&lt;Brochure&gt;.pdf</a>');
  });
});
