import { expect, it } from 'vitest';
import { SITE_PATH } from './site-frame-protocol.js';

it("takes the site's addresses in every language as places a frame may send the visitor, and nothing deeper", () => {
  for (const path of ['/', '/contact', '/tours', '/tours/sunset', '/tours/category/bay', '/de/', '/de/kontakt'])
    expect(SITE_PATH.test(path), path).toBe(true);
  for (const path of ['/de/tours/segeltoern', '/pt-pt/tours/category/baia', '/zh-hant/tours', '/es-419/'])
    expect(SITE_PATH.test(path), path).toBe(true);
  for (const path of ['/admin/posts', '/uploads/2026/a.jpg', '/de/tours/a/b', '/tours/a/b', '/api/x/y'])
    expect(SITE_PATH.test(path), path).toBe(false);
});
