import { describe, expect, it } from 'vitest';
import type { ResponsiveImageData } from '../../modules/media/media.service.js';
import {
  findLibraryImages,
  libraryImagePaths,
  pictureHtml,
  responsiveContentImages,
  variantSrcset,
  withResponsiveImages,
} from './responsive-images.js';
import { variantPaths, variantWidths } from '../../media/image-variants.js';

const bay: ResponsiveImageData = {
  file_path: 'uploads/2026/11/bay.jpg',
  width: 1600,
  height: 640,
  widths: [480, 960, 1600],
  pending: false,
};
const images = new Map([[bay.file_path, bay]]);

describe('variantWidths', () => {
  it('never makes a variant wider than the original, and offers the original width itself up to 2,400 px', () => {
    expect(variantWidths(4000)).toEqual([480, 960, 1600, 2400]);
    expect(variantWidths(2400)).toEqual([480, 960, 1600, 2400]);
    expect(variantWidths(1600)).toEqual([480, 960, 1600]);
    expect(variantWidths(1200)).toEqual([480, 960, 1200]);
    expect(variantWidths(300)).toEqual([300]);
  });

  it('stores each width in AVIF and WebP beside the original', () => {
    expect(variantPaths('uploads/2026/11/bay.jpg', [480])).toEqual([
      'uploads/2026/11/bay.w480.avif',
      'uploads/2026/11/bay.w480.webp',
    ]);
  });
});

describe('variantSrcset', () => {
  it('lists the variants of one format with their widths, up to a maximum', () => {
    expect(variantSrcset(bay, 'avif')).toBe(
      '/uploads/2026/11/bay.w480.avif 480w, /uploads/2026/11/bay.w960.avif 960w, /uploads/2026/11/bay.w1600.avif 1600w',
    );
    expect(variantSrcset(bay, 'webp', 960)).toBe(
      '/uploads/2026/11/bay.w480.webp 480w, /uploads/2026/11/bay.w960.webp 960w',
    );
  });
});

describe('pictureHtml', () => {
  it('offers AVIF, then WebP, with sizes, over the original with its size; the hero is fetched first', () => {
    expect(
      String(
        pictureHtml(bay, {
          src: '/uploads/2026/11/bay.jpg',
          alt: 'The bay',
          className: 'hero',
          sizes: '100vw',
          loading: 'hero',
        }),
      ),
    ).toBe(
      '<picture>' +
        '<source type="image/avif" srcset="/uploads/2026/11/bay.w480.avif 480w, /uploads/2026/11/bay.w960.avif 960w, /uploads/2026/11/bay.w1600.avif 1600w" sizes="100vw">' +
        '<source type="image/webp" srcset="/uploads/2026/11/bay.w480.webp 480w, /uploads/2026/11/bay.w960.webp 960w, /uploads/2026/11/bay.w1600.webp 1600w" sizes="100vw">' +
        '<img class="hero" src="/uploads/2026/11/bay.jpg" alt="The bay" width="1600" height="640" fetchpriority="high">' +
        '</picture>',
    );
  });

  it('loads an image below the fold lazily and decodes it off the main thread', () => {
    const html = String(
      pictureHtml(bay, {
        src: '/uploads/2026/11/bay.thumb.webp',
        alt: '',
        sizes: '22rem',
        loading: 'lazy',
        width: 480,
        height: 360,
        maxWidth: 960,
      }),
    );
    expect(html).toContain(
      '<img src="/uploads/2026/11/bay.thumb.webp" alt="" width="480" height="360" loading="lazy" decoding="async">',
    );
    expect(html).not.toContain('1600w');
  });

  it('sends the original alone while the variants are not made, or when they failed', () => {
    expect(
      String(
        pictureHtml(
          { ...bay, widths: [], pending: true },
          { src: '/uploads/2026/11/bay.jpg', alt: 'A "quoted" <bay>', sizes: '100vw', loading: 'eager' },
        ),
      ),
    ).toBe('<img src="/uploads/2026/11/bay.jpg" alt="A &quot;quoted&quot; &lt;bay&gt;" width="1600" height="640">');
    expect(
      String(pictureHtml(null, { src: 'https://images.example.com/a.jpg', alt: '', sizes: '100vw', loading: 'lazy' })),
    ).toBe('<img src="https://images.example.com/a.jpg" alt="" loading="lazy" decoding="async">');
  });
});

describe('responsive library images in staff HTML', () => {
  it('finds the images that show library files, under both readings of their address', () => {
    const html =
      '<img src="/uploads/2026/11/bay.jpg"><img src="https://elsewhere.example/x.jpg"><img src="/admin_vendor_api/uploads/2026/11/a%20b.png" /><img alt="no src">';
    expect(libraryImagePaths(html)).toEqual(['uploads/2026/11/bay.jpg', 'uploads/2026/11/a b.png']);
  });

  it('adds a WebP srcset, sizes, width, height, lazy loading and async decoding, changing nothing else', () => {
    const html =
      '<p class="lead">Before</p>\n<img class="rounded-xl" src="/uploads/2026/11/bay.jpg" alt="Bay"><p>After</p>';
    expect(withResponsiveImages(html, images, false)).toBe(
      '<p class="lead">Before</p>\n<img class="rounded-xl" src="/uploads/2026/11/bay.jpg" alt="Bay"' +
        ' srcset="/uploads/2026/11/bay.w480.webp 480w, /uploads/2026/11/bay.w960.webp 960w, /uploads/2026/11/bay.w1600.webp 1600w"' +
        ' sizes="auto, 100vw" width="1600" height="640" loading="lazy" decoding="async"><p>After</p>',
    );
  });

  it('gives the first image of a page without a featured image high priority instead of lazy loading', () => {
    const html = '<img src="/uploads/2026/11/bay.jpg" alt=""/><img src="/uploads/2026/11/bay.jpg" alt="">';
    const out = withResponsiveImages(html, images, true);
    const [first, second] = out.split('/><');
    expect(first).toContain('sizes="100vw" width="1600" height="640" fetchpriority="high"');
    expect(first).not.toContain('loading=');
    expect(second).toContain('loading="lazy" decoding="async"');
    // A self-closing tag keeps its slash after the added attributes.
    expect(out.startsWith('<img src="/uploads/2026/11/bay.jpg" alt="" srcset=')).toBe(true);
  });

  it('keeps what staff wrote: their own srcset, sizes, size and loading win', () => {
    const html = '<img src="/uploads/2026/11/bay.jpg" srcset="/x.jpg 2x" width="300" loading="eager">';
    expect(responsiveContentImages(html, findLibraryImages(html), images, null)).toBe(
      '<img src="/uploads/2026/11/bay.jpg" srcset="/x.jpg 2x" width="300" loading="eager" decoding="async">',
    );
  });

  it('leaves images that are not in the library, or not images, as they are', () => {
    const html = '<img src="/uploads/2026/11/gone.jpg"><img src="/uploads/2026/11/bay.jpg?v=2">';
    expect(withResponsiveImages(html, images, false)).toBe(html);
  });
});
