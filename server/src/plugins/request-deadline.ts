import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes bodies that may take long to arrive (uploads): no overall deadline, only the idle timeout. */
    longBody?: boolean;
  }
}

/** A connection silent this long is closed, whatever it was doing (an upload that stalls for two minutes is dead). */
export const IDLE_TIMEOUT_MS = 120_000;

const TIMED_OUT = JSON.stringify({ detail: 'The request took too long to arrive' });

/**
 * Gives every request body a deadline: a client that trickles a body a byte at a time (to hold connections open
 * for free) is answered 408 and disconnected once `deadlineMs` have passed since the request began. Uploads are
 * exempt (`config: { longBody: true }`); they, like every connection, still meet the idle timeout.
 */
export function registerRequestDeadline(app: FastifyInstance, deadlineMs: number): void {
  app.addHook('onRequest', (req, reply, done) => {
    const raw = req.raw;
    const hasBody = raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
    if (!hasBody || raw.complete || req.routeOptions.config.longBody) return done();
    const timer = setTimeout(() => {
      if (raw.complete) return;
      req.log.warn('request body not received in time: connection closed');
      const res = reply.raw;
      if (!res.headersSent) {
        res.writeHead(408, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close', 'Content-Length': Buffer.byteLength(TIMED_OUT) });
        res.end(TIMED_OUT);
      }
      raw.socket.destroySoon();
    }, deadlineMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    reply.raw.once('finish', clear);
    done();
  });
}
