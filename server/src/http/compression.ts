/**
 * The app's response compression (the @fastify/compress plugin, and bodies the app compresses itself): answers
 * from this size on, brotli at a quality that costs little CPU (lists of 10,000 posts are 1.6 MB of JSON).
 */
export const COMPRESS_FROM_BYTES = 1024;
export const BROTLI_QUALITY = 4;
