import type { FastifyReply } from 'fastify';

/**
 * The admin's policy: scripts only from our own origin, never inline, so content scripts can
 * run only inside sandboxed frames served from their own URL with their own policy.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "media-src 'self' blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** API answers are data, never documents: nothing in them may run or be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export function setAdminDocumentHeaders(reply: FastifyReply): void {
  reply.header('Content-Security-Policy', ADMIN_CSP);
  reply.header('X-Frame-Options', 'SAMEORIGIN');
}
