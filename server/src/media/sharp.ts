import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | null = null;

/**
 * sharp (libvips), loaded on the first image it handles rather than at start: a tenth of a second of every start
 * (each node, each command, each test server) that a server which makes no image never needed. libvips' operation
 * cache is off: it would keep uploaded files open and memory held between uploads that never repeat.
 */
export function loadSharp(): Promise<typeof Sharp> {
  return (loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));
}
