import type { FastifyReply } from 'fastify';
import { ADMIN_CSP } from '../http/csp.js';

export function setAdminDocumentHeaders(reply: FastifyReply): void {
  reply.header('Content-Security-Policy', ADMIN_CSP);
  reply.header('X-Frame-Options', 'SAMEORIGIN');
}
