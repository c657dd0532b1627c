import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { makeImage, multipartBody } from '../test/media-fixtures.js';

/** Sends `head`, then each later part after `gapMs`, and answers everything the server wrote before it closed. */
function exchange(port: number, parts: (string | Buffer)[], gapMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.on('error', reject);
    const sendNext = (index: number) => {
      if (index >= parts.length || socket.destroyed) return;
      socket.write(parts[index]!);
      timer = setTimeout(() => sendNext(index + 1), gapMs);
    };
    sendNext(0);
  });
}

describe('request deadlines', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { REQUEST_BODY_TIMEOUT_SECONDS: '1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  // Review finding: there was no request timeout, so a client trickling a body held its connection forever.
  it('answers 408 and closes the connection when a body does not arrive in time', async () => {
    const head =
      'POST /api/auth/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n{"username":';
    const answer = await exchange(port, [head], 0);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('{"detail":"The request took too long to arrive"}');
  });

  it('lets an upload take longer than the deadline, as long as its bytes keep coming', async () => {
    const { payload, headers } = multipartBody([
      { name: 'file', filename: 'bay.png', content: await makeImage('png', 64, 48) },
    ]);
    const head =
      `POST /api/media/upload HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${t.tokens.editor}\r\nConnection: close\r\n` +
      `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`;
    const half = Math.floor(payload.length / 2);
    const answer = await exchange(port, [head, payload.subarray(0, half), payload.subarray(half)], 800);
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
  });
});

describe('idle connections', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { IDLE_TIMEOUT_SECONDS: '1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  it('closes a connection that never sends a request', async () => {
    expect(await exchange(port, [''], 0)).toBe('');
  });

  it('closes a kept-alive connection whose next request, an upload, stalls', async () => {
    const { payload, headers } = multipartBody([
      { name: 'file', filename: 'bay.png', content: await makeImage('png', 64, 48) },
    ]);
    const first = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n';
    const stalled =
      `POST /api/media/upload HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${t.tokens.editor}\r\n` +
      `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`;
    const answer = await exchange(port, [first, Buffer.concat([Buffer.from(stalled), payload.subarray(0, 100)])], 200);
    expect(answer.match(/HTTP\/1\.1 \d+/g)).toEqual(['HTTP/1.1 200']);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/media/',
          headers: { authorization: `Bearer ${t.tokens.editor}` },
        })
      ).json(),
    ).toEqual([]);
  });

  it('keeps a connection open between requests for longer than the idle timeout (the keep-alive timeout applies)', async () => {
    const first = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n';
    const last = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n';
    const answer = await exchange(port, [first, last], 1_500);
    expect(answer.match(/HTTP\/1\.1 \d+/g)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
  });
});
