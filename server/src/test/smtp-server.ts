import net from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the test's mail server received it: who the envelope named, and the message as sent. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestMailServer {
  /** For SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** While set, every recipient is refused with this reply (a 5xx or 4xx line). */
  refuseWith: string | null;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (smtp-server, the library nodemailer's author keeps), accepting any sender
 * without authentication or TLS, keeping what it receives. Tests point SMTP_URL at it instead of mocking a transport.
 */
export async function startTestMailServer(): Promise<TestMailServer> {
  const state: TestMailServer = { url: '', received: [], refuseWith: null, close: async () => undefined };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!state.refuseWith) return callback();
      const error = Object.assign(new Error(state.refuseWith), {
        responseCode: Number(state.refuseWith.slice(0, 3)) || 550,
      });
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** A server that takes connections and never says a word: a mail server that does not answer. */
export async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The headers of a received message, unfolded, as `Name: value` lines. */
export function headerLines(raw: string): string[] {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  return head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
}

/** The body of a received message as text, quoted-printable undone when the message used it. */
export function bodyText(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(head)) return body;
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}
