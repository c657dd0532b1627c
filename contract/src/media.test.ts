import { describe, expect, it } from 'vitest';
import {
  uploadPathsIn,
  acceptedMediaExtension,
  distinctFolders,
  fileExtension,
  fileNameProblem,
  filterMedia,
  folderNameProblem,
  MEDIA_ACCEPT,
  mediaFolderSchema,
  mediaKind,
  mediaUrl,
} from './media.js';
import { FOLDER_NAME_MAX } from './limits.js';

describe('accepted media types', () => {
  it('accepts exactly the extensions, whatever their case', () => {
    for (const name of [
      'a.jpeg',
      'a.JPG',
      'a.png',
      'a.gif',
      'a.webp',
      'a.mp4',
      'a.avi',
      'a.MOV',
      'a.pdf',
      'a.txt',
      'a.doc',
      'a.docx',
    ]) {
      expect(acceptedMediaExtension(name), name).not.toBeNull();
    }
    for (const name of ['a.svg', 'a.html', 'a.htm', 'a.exe', 'a.png.svg', 'png', '.png', 'a.', 'a.tiff']) {
      expect(acceptedMediaExtension(name), name).toBeNull();
    }
  });

  it('takes the last extension of a name', () => {
    expect(fileExtension('archive.tar.gz')).toBe('gz');
    expect(fileExtension('photo.svg.png')).toBe('png');
    expect(fileExtension('README')).toBe('');
  });

  it('does not treat inherited object keys as extensions', () => {
    expect(acceptedMediaExtension('a.constructor')).toBeNull();
    expect(acceptedMediaExtension('a.__proto__')).toBeNull();
  });

  it('offers the file dialog every accepted extension under its MIME type', () => {
    expect(MEDIA_ACCEPT['image/jpeg']).toEqual(['.jpeg', '.jpg']);
    expect(Object.values(MEDIA_ACCEPT).flat()).toHaveLength(12);
  });

  it('sorts MIME types into kinds', () => {
    expect(mediaKind('image/webp')).toBe('image');
    expect(mediaKind('video/quicktime')).toBe('video');
    expect(mediaKind('application/pdf')).toBe('pdf');
    expect(mediaKind('application/msword')).toBe('document');
  });
});

describe('folder names', () => {
  it('trims the name and turns an empty one into no folder', () => {
    expect(mediaFolderSchema.parse('  Tours 2025  ')).toBe('Tours 2025');
    expect(mediaFolderSchema.parse('   ')).toBeNull();
    expect(mediaFolderSchema.parse(undefined)).toBeNull();
  });

  it('refuses names that could climb out of the upload root', () => {
    for (const name of ['../etc', 'a/b', 'a\\b', '..', 'x/../../y']) {
      expect(mediaFolderSchema.safeParse(name).success, name).toBe(false);
    }
  });

  it('refuses names over the limit and control characters', () => {
    expect(folderNameProblem('a'.repeat(FOLDER_NAME_MAX))).toBeNull();
    expect(folderNameProblem('a'.repeat(FOLDER_NAME_MAX + 1))).toMatch(/at most/);
    expect(folderNameProblem('a\u0000b')).toMatch(/control/);
  });
});

describe('file names', () => {
  it('accepts ordinary names, dots inside included', () => {
    expect(fileNameProblem('Beach day... (2).jpg')).toBeNull();
  });

  it('refuses paths, empty names and control characters', () => {
    expect(fileNameProblem('../../evil.png')).toMatch(/path/);
    expect(fileNameProblem('C:\\Users\\me\\photo.jpg')).toMatch(/path/);
    expect(fileNameProblem('  ')).toMatch(/required/);
    expect(fileNameProblem('a\nb.png')).toMatch(/control/);
  });
});

describe('filterMedia', () => {
  const items = [
    { id: 1, original_name: 'Beach.JPG', folder: 'Tours' },
    { id: 2, original_name: 'beach-map.pdf', folder: null },
    { id: 3, original_name: 'Sunset.png', folder: 'Tours' },
    { id: 4, original_name: 'sunset.mp4', folder: 'Videos' },
  ];
  const ids = (list: { id: number }[]) => list.map((item) => item.id);

  it('matches a case-insensitive substring of the original name', () => {
    expect(ids(filterMedia(items, { search: 'BEACH', folder: null }))).toEqual([1, 2]);
    expect(ids(filterMedia(items, { search: ' set ', folder: null }))).toEqual([3, 4]);
  });

  it('keeps only the chosen folder, exactly', () => {
    expect(ids(filterMedia(items, { search: '', folder: 'Tours' }))).toEqual([1, 3]);
    expect(ids(filterMedia(items, { search: '', folder: 'tours' }))).toEqual([]);
  });

  it('combines search and folder', () => {
    expect(ids(filterMedia(items, { search: 'sun', folder: 'Videos' }))).toEqual([4]);
  });

  it('lists each folder once, sorted, without the empty folder', () => {
    expect(distinctFolders(items)).toEqual(['Tours', 'Videos']);
  });
});

describe('mediaUrl', () => {
  it('joins an origin and a file path with one slash', () => {
    expect(mediaUrl('uploads/2025/07/a.jpg', 'https://tours.example.com/')).toBe(
      'https://tours.example.com/uploads/2025/07/a.jpg',
    );
    expect(mediaUrl('uploads/a.jpg')).toBe('/uploads/a.jpg');
  });
});

describe('uploadPathsIn', () => {
  it('finds the files a text links however it names them, once each, and no lookalike', () => {
    const html = [
      '<img src="/uploads/2026/11/a1b2.jpg" srcset="/uploads/2026/11/a1b2.w480.webp 480w, https://tours.example/uploads/2026/11/a1b2.w960.avif 960w">',
      '<a href="https://tours.example/admin_vendor_api/uploads/2026/10/guide.pdf">Guide</a>',
      '<div style="background:url(uploads/2026/09/bg.png)"></div> see uploads/2026/11/a1b2.jpg.',
      '<a href="/myuploads/2026/x.jpg">not ours</a> <a href="/files/uploads_x.png">nor this</a>',
    ].join('');
    expect(uploadPathsIn(html).sort()).toEqual([
      'uploads/2026/09/bg.png',
      'uploads/2026/10/guide.pdf',
      'uploads/2026/11/a1b2.jpg',
      'uploads/2026/11/a1b2.thumb.webp',
    ]);
  });

  it('reads a long pathological text in one pass', () => {
    expect(uploadPathsIn(`uploads/${'a/'.repeat(200_000)}`)).toHaveLength(1);
    expect(uploadPathsIn('xuploads/'.repeat(100_000))).toEqual([]);
    // A path ending in 2 MB of dots and a letter: trimming the dots with `/\.+$/` restarted at every one of them.
    expect(uploadPathsIn(`uploads/a${'.'.repeat(2 * 1024 * 1024)}b`)).toEqual([
      `uploads/a${'.'.repeat(2 * 1024 * 1024)}b`,
    ]);
    expect(uploadPathsIn(`see uploads/a/b.jpg${'.'.repeat(2 * 1024 * 1024)}`)).toEqual(['uploads/a/b.jpg']);
  });
});
