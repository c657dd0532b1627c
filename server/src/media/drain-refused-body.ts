import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An upload can be refused before its body has been read: a missing or expired token (401), a user's role
 * (403), a declared size over the limit (413), an extension seen in the part's header (415). Node answers such
 * a request with `Connection: close` and closes the socket once the answer is written, so the client, still
 * sending, writes into a closed socket: it gets EPIPE or a reset, and a browser reports a network error instead
 * of the status (an editor whose session expired is never sent to sign in). So the answer waits while the rest
 * of the body is read and thrown away; the connection then stays usable. Only a body larger than `budget` (twice
 * the upload limit: a file somewhat over the limit still gets its 413 cleanly) is cut off once its answer is out.
 */
export function drainRefusedBody(req: FastifyRequest, reply: FastifyReply, budget: number): Promise<void> {
  const raw = req.raw;
  if (raw.readableEnded) return Promise.resolve();
  // The multipart parser may still be attached; from here on the bytes go nowhere.
  raw.unpipe();
  return new Promise((resolve) => {
    let discarded = 0;
    const done = () => {
      raw.off('data', discard);
      raw.off('end', done);
      raw.off('error', done);
      raw.off('close', done);
      resolve();
    };
    const discard = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded <= budget) return;
      // Told, then done: the answer goes out with `Connection: close` and the socket is closed behind it.
      if (!reply.raw.headersSent) reply.header('Connection', 'close');
      reply.raw.once('finish', () => raw.socket?.destroy());
      done();
    };
    raw.on('data', discard);
    raw.once('end', done);
    raw.once('error', done);
    raw.once('close', done);
    raw.resume();
  });
}
