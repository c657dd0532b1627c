import diagnostics from 'node:diagnostics_channel';
import type { Server } from 'node:http';

/** Node publishes here when a response has been written whole (http.Server, Node 20 and later). */
const RESPONSE_FINISHED = 'http.server.response.finish';

/**
 * From the moment the server stops (SIGTERM), closes every kept-alive connection as soon as it falls idle, so the
 * process exits once its last answer is out instead of waiting for clients to hang up (the keep-alive timeout is
 * 72 s, past the shutdown timeout). Node's `server.close()` closes the connections idle at that moment; a request in
 * flight then leaves its connection open after its answer. Answers sent after the stop began carry `Connection:
 * close` (app.ts), which closes theirs; this catches the rest, those whose headers went out before (a download that
 * was streaming). Listening costs nothing until the stop: Node publishes only while someone subscribes.
 */
export function closeConnectionsWhenIdle(server: Server): void {
  const onFinished = (message: unknown) => {
    if ((message as { server?: unknown }).server !== server) return;
    // Published before Node detaches the answer from its connection: look once that is done.
    setImmediate(() => server.closeIdleConnections());
  };
  diagnostics.subscribe(RESPONSE_FINISHED, onFinished);
  server.once('close', () => diagnostics.unsubscribe(RESPONSE_FINISHED, onFinished));
  server.closeIdleConnections();
}
