import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from '../lifecycle.js';

/**
 * The headers of every answer: no content-type sniffing, the request's id (for a report to name), a referrer policy
 * unless the route chose a stricter one (a preview link's page sends no Referer, so its token stays here), and
 * `Connection: close` once the process drains, so clients move to another node.
 */
export function registerResponseHeaders(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onSend', async (req, reply) => {
    if (lifecycle.state === 'draining') reply.header('Connection', 'close');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Request-Id', req.id);
    if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  });
}
