import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '@tours-cms/contract';
import { startS3Server, type TestS3Server } from './test/s3-server.js';
import { freePort } from './test/free-port.js';
import { DIALECTS } from './test/test-app.js';
import { makeImage, multipartBody } from './test/media-fixtures.js';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ADMIN = { username: 'owner', password: 'two-nodes-password' };

interface Node {
  origin: string;
  process: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** Starts the real server (src/main.ts through tsx) as a process of its own, as a deployment would. */
async function startNode(env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { origin: `http://127.0.0.1:${port}`, process: child, output: () => output, exited };
}

async function untilReady(node: Node): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (node.process.exitCode !== null) throw new Error(`The node exited early:\n${node.output()}`);
    const ready = await fetch(`${node.origin}/readyz`).then((res) => res.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The node did not become ready:\n${node.output()}`);
}

/**
 * Sends SIGTERM to `node` while an upload's body is still arriving, checks that it stops being ready at once,
 * answers that upload, refuses new connections and exits with 0; answers the media item it stored.
 */
async function stopDuringUpload(node: Node, token: string): Promise<MediaItem> {
  const { payload, headers } = multipartBody([{ name: 'file', filename: 'late.jpg', content: await makeImage('jpeg', 200, 100) }]);
  const { port } = new URL(node.origin);
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/media/upload', headers: { ...headers, authorization: `Bearer ${token}` } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    request.on('error', reject);
    request.write(payload.subarray(0, 100));
    setTimeout(() => {
      node.process.kill('SIGTERM');
      setTimeout(async () => {
        const ready = await fetch(`${node.origin}/readyz`).then((res) => res.status, () => 'refused');
        expect(['refused', 503]).toContain(ready);
        request.end(payload.subarray(100));
      }, 300);
    }, 300);
  });
  const { status, body } = await answer;
  expect(status, body).toBe(201);
  expect(await node.exited).toBe(0);
  expect(await fetch(`${node.origin}/healthz`).then(() => 'answered', () => 'refused')).toBe('refused');
  return JSON.parse(body) as MediaItem;
}

async function signInAs(node: Node): Promise<string> {
  const signIn = await fetch(`${node.origin}/api/auth/token`, { method: 'POST', body: new URLSearchParams(ADMIN) });
  return ((await signIn.json()) as { access_token: string }).access_token;
}

// SQLite means one process (decisions §15): the deployment the README's `npm start` makes, stopped as a host stops it.
describe('one node, SQLite and files on its disk [sqlite]', () => {
  let node: Node;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-node-'));

  beforeAll(async () => {
    node = await startNode({ DATA_DIR: dataDir, DATABASE_URL: '' });
    await untilReady(node);
  }, 120_000);

  afterAll(() => {
    if (node && node.process.exitCode === null) node.process.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM, stops being ready, finishes the upload in flight, refuses new connections and exits cleanly, the file kept', async () => {
    const item = await stopDuringUpload(node, await signInAs(node));
    expect(fs.existsSync(path.join(dataDir, item.file_path))).toBe(true);
  });
});

// Two server processes on one PostgreSQL database and one object store, as behind a load balancer (issue 14).
if (DIALECTS.includes('postgres')) {
  describe('two nodes, one PostgreSQL database, one bucket [postgres]', () => {
    let s3: TestS3Server;
    let a: Node;
    let b: Node;
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const dataDirs: string[] = [];
    let token: string;

    beforeAll(async () => {
      s3 = await startS3Server();
      const env = {
        ...s3.envFor(await s3.newBucket()),
        DATABASE_URL: process.env.TEST_DATABASE_URL!,
        DATABASE_SCHEMA: schema,
        LOGIN_MAX_FAILURES: '4',
      };
      const dataDir = () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-node-'));
        dataDirs.push(dir);
        return dir;
      };
      // Started at the same moment on an empty database.
      [a, b] = await Promise.all([startNode({ ...env, DATA_DIR: dataDir() }), startNode({ ...env, DATA_DIR: dataDir() })]);
      await Promise.all([untilReady(a), untilReady(b)]);
      token = await signInAs(a);
    }, 120_000);

    afterAll(async () => {
      for (const node of [a, b]) if (node && node.process.exitCode === null) node.process.kill('SIGKILL');
      await s3?.stop();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => admin.end());
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    const api = (node: Node, method: string, url: string, body?: unknown) =>
      fetch(`${node.origin}/api${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

    it('migrated the empty database once between them, and made one first admin', async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const migrations = await admin.query(`SELECT name FROM "${schema}".kysely_migration GROUP BY name HAVING count(*) > 1`);
        expect(migrations.rows).toEqual([]);
        expect((await admin.query(`SELECT count(*)::int AS n FROM "${schema}".kysely_migration`)).rows[0].n).toBeGreaterThan(10);
        expect((await admin.query(`SELECT username FROM "${schema}".users`)).rows).toEqual([{ username: ADMIN.username }]);
      } finally {
        await admin.end();
      }
    });

    it('serves a page edited through node A updated by node B', async () => {
      const created = await api(a, 'POST', '/pages/', { title: 'Harbour news', slug: 'harbour-news', status: 'published', content: '<p>Boats at nine</p>' });
      expect(created.status).toBe(201);
      const page = (await created.json()) as { id: number };
      expect(await (await fetch(`${b.origin}/harbour-news`)).text()).toContain('Boats at nine');
      const updated = await api(a, 'PUT', `/pages/${page.id}`, { title: 'Harbour news', slug: 'harbour-news', status: 'published', content: '<p>Boats at ten</p>' });
      expect(updated.status).toBe(200);
      await expect.poll(async () => (await fetch(`${b.origin}/harbour-news`)).text(), { timeout: 2000, interval: 20 }).toContain('Boats at ten');
    });

    it('serves a file uploaded through node A from node B', async () => {
      const image = await makeImage('jpeg', 320, 240);
      const { payload, headers } = multipartBody([{ name: 'file', filename: 'quay.jpg', content: image }]);
      const uploaded = await fetch(`${a.origin}/api/media/upload`, { method: 'POST', headers: { ...headers, authorization: `Bearer ${token}` }, body: payload });
      expect(uploaded.status).toBe(201);
      const item = (await uploaded.json()) as MediaItem;
      const served = await fetch(`${b.origin}/${item.file_path}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(image);
      expect((await fetch(`${b.origin}/${item.thumbnail_path}`)).headers.get('content-type')).toBe('image/webp');
    });

    it('counts sign-in failures spread over both nodes against the configured limit', async () => {
      const attempt = (node: Node, password: string) => fetch(`${node.origin}/api/auth/token`, { method: 'POST', body: new URLSearchParams({ username: 'editor-x', password }) });
      const statuses: number[] = [];
      for (const node of [a, b, a, b]) statuses.push((await attempt(node, 'wrong')).status);
      expect(statuses).toEqual([401, 401, 401, 401]);
      expect((await attempt(b, 'wrong')).status).toBe(429);
      expect((await attempt(a, 'wrong')).status).toBe(429);
    });

    it('on SIGTERM, stops being ready, finishes the request in flight, refuses new connections and exits cleanly', async () => {
      const item = await stopDuringUpload(b, token);
      // Node A serves on, and has the file node B stored as it stopped.
      expect((await fetch(`${a.origin}/${item.file_path}`)).status).toBe(200);
    });
  });
}
