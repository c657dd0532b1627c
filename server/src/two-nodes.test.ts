import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '@tours-cms/contract';
import { startS3Server, type TestS3Server } from './test/s3-server.js';
import {
  PROCESS_ADMIN,
  signInToProcess,
  startServerProcess as startNode,
  untilReady,
  type ServerProcess as Node,
} from './test/server-process.js';
import { DIALECTS, TEST_SECRETS_KEY } from './test/test-app.js';
import { makeImage, multipartBody } from './test/media-fixtures.js';
import { BUILT_CLI } from './test/server-build.js';

/**
 * Sends SIGTERM to `node` while an upload's body is still arriving, checks that it stops being ready at once,
 * answers that upload, refuses new connections and exits with 0; answers the media item it stored.
 */
async function stopDuringUpload(node: Node, token: string): Promise<MediaItem> {
  const { payload, headers } = multipartBody([
    { name: 'file', filename: 'late.jpg', content: await makeImage('jpeg', 200, 100) },
  ]);
  const { port } = new URL(node.origin);
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/media/upload',
        headers: { ...headers, authorization: `Bearer ${token}` },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    request.on('error', reject);
    request.write(payload.subarray(0, 100));
    setTimeout(() => {
      node.process.kill('SIGTERM');
      setTimeout(async () => {
        const ready = await fetch(`${node.origin}/readyz`).then(
          (res) => res.status,
          () => 'refused',
        );
        expect(['refused', 503]).toContain(ready);
        request.end(payload.subarray(100));
      }, 300);
    }, 300);
  });
  const { status, body } = await answer;
  expect(status, body).toBe(201);
  expect(await node.exited).toBe(0);
  expect(
    await fetch(`${node.origin}/healthz`).then(
      () => 'answered',
      () => 'refused',
    ),
  ).toBe('refused');
  return JSON.parse(body) as MediaItem;
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
    const item = await stopDuringUpload(node, await signInToProcess(node));
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
    let env: Record<string, string>;

    beforeAll(async () => {
      s3 = await startS3Server();
      env = {
        ...s3.envFor(await s3.newBucket()),
        DATABASE_URL: process.env.TEST_DATABASE_URL!,
        DATABASE_SCHEMA: schema,
        SECRETS_KEY: TEST_SECRETS_KEY,
        LOGIN_MAX_FAILURES: '4',
      };
      // Started at the same moment on an empty database.
      [a, b] = await Promise.all([
        startNode({ ...env, DATA_DIR: dataDir() }),
        startNode({ ...env, DATA_DIR: dataDir() }),
      ]);
      await Promise.all([untilReady(a), untilReady(b)]);
      token = await signInToProcess(a);
    }, 120_000);

    const dataDir = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-node-'));
      dataDirs.push(dir);
      return dir;
    };

    afterAll(async () => {
      for (const node of [a, b]) if (node && node.process.exitCode === null) node.process.kill('SIGKILL');
      await s3?.stop();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => admin.end());
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    const api = (node: Node, method: string, url: string, body?: unknown) =>
      fetch(`${node.origin}/api${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    it('migrated the empty database once between them, and made one first admin', async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const migrations = await admin.query(
          `SELECT name FROM "${schema}".kysely_migration GROUP BY name HAVING count(*) > 1`,
        );
        expect(migrations.rows).toEqual([]);
        expect(
          (await admin.query(`SELECT count(*)::int AS n FROM "${schema}".kysely_migration`)).rows[0].n,
        ).toBeGreaterThan(10);
        expect((await admin.query(`SELECT username FROM "${schema}".users`)).rows).toEqual([
          { username: PROCESS_ADMIN.username },
        ]);
      } finally {
        await admin.end();
      }
    });

    it('serves a page edited through node A updated by node B', async () => {
      const created = await api(a, 'POST', '/pages/', {
        title: 'Harbour news',
        slug: 'harbour-news',
        status: 'published',
        content: '<p>Boats at nine</p>',
      });
      expect(created.status).toBe(201);
      const page = (await created.json()) as { id: number };
      expect(await (await fetch(`${b.origin}/harbour-news`)).text()).toContain('Boats at nine');
      const updated = await api(a, 'PUT', `/pages/${page.id}`, {
        title: 'Harbour news',
        slug: 'harbour-news',
        status: 'published',
        content: '<p>Boats at ten</p>',
      });
      expect(updated.status).toBe(200);
      await expect
        .poll(async () => (await fetch(`${b.origin}/harbour-news`)).text(), { timeout: 2000, interval: 20 })
        .toContain('Boats at ten');
    });

    it('lists on node B at once a post created and retitled through node A (its whole list kept until the posts change)', async () => {
      const titles = async () =>
        ((await (await api(b, 'GET', '/posts/')).json()) as { title: string }[]).map((post) => post.title);
      const before = await titles();
      expect(await titles()).toEqual(before);
      const created = await api(a, 'POST', '/posts/', { title: 'Ferry to Cacilhas', slug: 'ferry-to-cacilhas' });
      expect(created.status).toBe(201);
      const post = (await created.json()) as { id: number };
      expect(await titles()).toEqual(['Ferry to Cacilhas', ...before]);
      const renamed = await api(a, 'PUT', `/posts/${post.id}`, { title: 'Ferry at dusk', slug: 'ferry-to-cacilhas' });
      expect(renamed.status).toBe(200);
      expect(await titles()).toEqual(['Ferry at dusk', ...before]);
    });

    it('serves a file uploaded through node A from node B', async () => {
      const image = await makeImage('jpeg', 320, 240);
      const { payload, headers } = multipartBody([{ name: 'file', filename: 'quay.jpg', content: image }]);
      const uploaded = await fetch(`${a.origin}/api/media/upload`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${token}` },
        body: payload,
      });
      expect(uploaded.status).toBe(201);
      const item = (await uploaded.json()) as MediaItem;
      const served = await fetch(`${b.origin}/${item.file_path}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(image);
      expect((await fetch(`${b.origin}/${item.thumbnail_path}`)).headers.get('content-type')).toBe('image/webp');
    });

    it('after a restore forced under both nodes, each serves the backup at once and every session has ended', async () => {
      // Not spawnSync: the bucket's server runs in this process, and must answer the command meanwhile.
      const cli = (args: string[]) =>
        new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
          const child = spawn(process.execPath, [BUILT_CLI, ...args], {
            env: { ...process.env, ...env, DATA_DIR: dataDir(), LOG_LEVEL: 'silent' },
          });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (chunk) => (stdout += chunk));
          child.stderr.on('data', (chunk) => (stderr += chunk));
          child.on('close', (status) => resolve({ status, stdout, stderr }));
        });
      const text = (node: Node) => fetch(`${node.origin}/ferry-times`).then((res) => res.text());
      const created = await api(a, 'POST', '/pages/', {
        title: 'Ferry times',
        slug: 'ferry-times',
        status: 'published',
        content: '<p>Ferry at eight</p>',
      });
      expect(created.status).toBe(201);
      const archive = path.join(dataDir(), 'site.tar.gz');
      const backup = await cli(['backup', archive]);
      expect(backup.status, backup.stderr).toBe(0);
      const page = (await created.json()) as { id: number };
      expect(
        (
          await api(a, 'PUT', `/pages/${page.id}`, {
            title: 'Ferry times',
            slug: 'ferry-times',
            status: 'published',
            content: '<p>Ferry at nine</p>',
          })
        ).status,
      ).toBe(200);
      for (const node of [a, b])
        await expect.poll(() => text(node), { timeout: 2000, interval: 20 }).toContain('Ferry at nine');

      expect((await cli(['restore', archive])).stderr).toContain(
        'A Tours CMS server (one node or more) is using this database',
      );
      const restore = await cli(['restore', archive, '--force']);
      expect(restore.status, restore.stderr).toBe(0);
      for (const node of [a, b]) {
        await expect.poll(() => text(node), { timeout: 2000, interval: 20 }).toContain('Ferry at eight');
        expect((await api(node, 'GET', '/auth/me')).status).toBe(401);
      }
      token = await signInToProcess(a);
      expect((await api(b, 'GET', '/auth/me')).status).toBe(200);
    }, 60_000);

    it('counts sign-in failures spread over both nodes against the configured limit', async () => {
      const attempt = (node: Node, password: string) =>
        fetch(`${node.origin}/api/auth/token`, {
          method: 'POST',
          body: new URLSearchParams({ username: 'editor-x', password }),
        });
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
