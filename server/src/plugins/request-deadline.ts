import type { FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes bodies that may take long to arrive (uploads): no overall deadline, only the idle timeout. */
    longBody?: boolean;
  }
}

const TIMED_OUT = JSON.stringify({ detail: 'The request took too long to arrive' });

/**
 * Connections that fall silent are closed (IDLE_TIMEOUT_SECONDS): from the moment one opens, and again for every
 * request Fastify takes, the socket's own timeout is armed; Node disarms it when a request starts on a kept-alive
 * connection and arms its keep-alive timeout once the answer is written. (Arming it once for the server,
 * `server.setTimeout`, makes Node arm a new timer, a `Timeout` and a bound function, at the start of every request,
 * a cached page's included: about 1 µs of its 15 in one side-by-side run, lost in this machine's noise in another.
 * The hot path arms it only for an answer the socket has not taken whole; hot-path.ts.)
 */
export function armIdleTimeouts(server: Server, idleTimeoutMs: number): void {
  server.on('connection', (socket: Socket) => socket.setTimeout(idleTimeoutMs));
}

/**
 * Gives every request body a deadline: a client that trickles a body a byte at a time (to hold connections open
 * for free) is answered 408 and disconnected once `deadlineMs` have passed since the request began. Uploads are
 * exempt (`config: { longBody: true }`); they, like every request, still meet the idle timeout (armed here).
 */
export function registerRequestDeadline(app: FastifyInstance, deadlineMs: number, idleTimeoutMs: number): void {
  app.addHook('onRequest', (req, reply, done) => {
    const raw = req.raw;
    // inject()'s requests have no real socket.
    if (typeof raw.socket?.setTimeout === 'function') raw.socket.setTimeout(idleTimeoutMs);
    const hasBody = raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
    if (!hasBody || raw.complete || req.routeOptions.config.longBody) return done();
    const timer = setTimeout(() => {
      if (raw.complete) return;
      req.log.warn('request body not received in time: connection closed');
      const res = reply.raw;
      if (!res.headersSent) {
        res.writeHead(408, {
          'Content-Type': 'application/json; charset=utf-8',
          Connection: 'close',
          'Content-Length': Buffer.byteLength(TIMED_OUT),
        });
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
