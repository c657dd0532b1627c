import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { DialectName } from './db/dialect.js';
import { signInToProcess, startServerProcess, untilReady, type ServerProcess } from './test/server-process.js';
import { DIALECTS } from './test/test-app.js';
import { multipartBody } from './test/media-fixtures.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** When its last byte arrived. */
  at: number;
}

/** One request on `agent`, whose connection a keep-alive agent keeps open afterwards, as browsers and proxies do. */
function send(
  agent: http.Agent,
  origin: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer },
  beforeEnd?: () => Promise<void>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}${options.path}`,
      { agent, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, at: Date.now() }));
      },
    );
    req.on('error', reject);
    if (!options.body) {
      req.end();
      return;
    }
    // Half the body now, the rest once `beforeEnd` has done its part: the request is in flight meanwhile.
    const half = Math.floor(options.body.length / 2);
    req.write(options.body.subarray(0, half));
    (beforeEnd ?? (async () => {}))().then(() => req.end(options.body!.subarray(half)), reject);
  });
}

const SHUTDOWN_TIMEOUT_SECONDS = 10;

describe.each(DIALECTS)('shutting down with keep-alive clients [%s]', { timeout: 60_000 }, (dialect: DialectName) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function startServer(): Promise<ServerProcess> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-shutdown-'));
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const node = await startServerProcess({
      DATA_DIR: dataDir,
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
      ...(dialect === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATABASE_SCHEMA: schema } : {}),
    });
    cleanups.push(async () => {
      if (node.process.exitCode === null && node.process.signalCode === null) node.process.kill('SIGKILL');
      await node.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (dialect !== 'postgres') return;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => admin.end());
    });
    await untilReady(node);
    return node;
  }

  function keepAliveAgent(): http.Agent {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    cleanups.push(async () => agent.destroy());
    return agent;
  }

  // The database matters only to what a stop closes (PostgreSQL: the pool and the site-change channel), which the
  // request in flight below exercises on both; the other two cases run on SQLite alone.
  const onSqlite = dialect === 'sqlite' ? it : () => {};

  onSqlite('closes a connection kept alive after a cached page at once, and exits', async () => {
    const node = await startServer();
    const token = await signInToProcess(node);
    const created = await fetch(`${node.origin}/api/pages/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Home', slug: 'home', status: 'published', content: '<p>Harbour tours</p>' }),
    });
    expect(created.status).toBe(201);
    const agent = keepAliveAgent();
    // The second answer comes from the hot path (before Fastify), on the same kept-alive connection.
    await send(agent, node.origin, { path: '/' });
    const last = await send(agent, node.origin, { path: '/' });
    expect(last.status).toBe(200);
    expect(last.body).toContain('Harbour tours');
    expect(last.headers.connection).toBe('keep-alive');

    node.process.kill('SIGTERM');
    expect(await node.exited).toBe(0);
    expect(Date.now() - last.at).toBeLessThan(2000);
  });

  it('answers a request in flight, then closes its kept-alive connection and exits', async () => {
    const node = await startServer();
    const agent = keepAliveAgent();
    await send(agent, node.origin, { path: '/healthz' });
    // A website inquiry whose body is still arriving when the signal comes, on the connection kept from above.
    const inquiry = Buffer.from(
      JSON.stringify({
        name: 'Maya',
        email: 'maya@example.com',
        subject: 'Boats',
        message: 'Is there a boat at nine?',
      }),
    );
    const answer = await send(
      agent,
      node.origin,
      {
        method: 'POST',
        path: '/api/contacts/',
        headers: { 'content-type': 'application/json', 'content-length': String(inquiry.length) },
        body: inquiry,
      },
      async () => {
        // Long enough for the server to have read the request's head: it is then a request in flight.
        await sleep(300);
        node.process.kill('SIGTERM');
        await sleep(500);
      },
    );
    expect(answer.status, answer.body).toBe(201);
    expect(await node.exited).toBe(0);
    expect(Date.now() - answer.at).toBeLessThan(2000);
    expect(node.output()).not.toContain('requests still in flight at the shutdown timeout');
  });
  onSqlite(
    'finishes a download whose answer began before the signal, then closes its kept-alive connection and exits',
    async () => {
      const node = await startServer();
      const token = await signInToProcess(node);
      // Far more than the connection's buffers hold, so that most of it is still to send when the signal comes.
      const { payload, headers } = multipartBody([
        { name: 'file', filename: 'timetable.txt', content: Buffer.alloc(32 * 1024 * 1024, 'Ferry at nine. ') },
      ]);
      const uploaded = await fetch(`${node.origin}/api/media/upload`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${token}` },
        body: payload,
      });
      expect(uploaded.status).toBe(201);
      const { file_path: filePath } = (await uploaded.json()) as { file_path: string };

      const agent = keepAliveAgent();
      const download = await new Promise<Answer & { bytes: number }>((resolve, reject) => {
        http
          .get(`${node.origin}/${filePath}`, { agent }, (res) => {
            let bytes = 0;
            res.once('data', () => {
              // The answer is under way: stop reading, send the signal, read the rest.
              res.pause();
              node.process.kill('SIGTERM');
              setTimeout(() => res.resume(), 500);
            });
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('end', () =>
              resolve({ status: res.statusCode!, headers: res.headers, body: '', at: Date.now(), bytes }),
            );
          })
          .on('error', reject);
      });
      expect(download.status).toBe(200);
      expect(download.headers.connection).toBe('keep-alive');
      expect(download.bytes).toBe(32 * 1024 * 1024);
      expect(await node.exited).toBe(0);
      expect(Date.now() - download.at).toBeLessThan(2000);
    },
  );
});
