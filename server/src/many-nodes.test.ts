import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Contact, Departure } from '@tours-cms/contract';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { allMigrations } from './db/migrations/index.js';
import { dialectHelpers } from './db/dialect.js';
import { createTestPage } from './test/page-fixtures.js';
import { createTestApp, DIALECTS, injectAs, TEST_PASSWORD, TEST_SECRETS_KEY, type TestApp } from './test/test-app.js';

// SQLite means one process (decisions §15): what several nodes share through PostgreSQL, the one process keeps
// itself. The same two promises, kept by a single node.
describe('one node on SQLite [sqlite]', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp('sqlite', { LOGIN_MAX_FAILURES: '4' });
  });
  afterEach(async () => t.close());

  const visit = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('serves a page edited through it updated at once, though it had it cached', async () => {
    const page = await createTestPage(t, {
      title: 'Winter offers',
      slug: 'winter-offers',
      status: 'published',
      content: '<p>Ten percent off</p>',
    });
    const cached = await visit('/winter-offers');
    expect(cached.body).toContain('Ten percent off');
    expect((await visit('/winter-offers')).headers.etag).toBe(cached.headers.etag);
    const update = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: {
        title: 'Winter offers',
        slug: 'winter-offers',
        status: 'published',
        content: '<p>Twenty percent off</p>',
      },
    });
    expect(update.statusCode).toBe(200);
    expect((await visit('/winter-offers')).body).toContain('Twenty percent off');
  });

  it('counts failed sign-ins against the configured limit', async () => {
    const signIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: { username: 'editor1', password },
        remoteAddress: '203.0.113.50',
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await signIn('wrong password')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401]);
    const refused = await signIn(TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

// Two app instances on one PostgreSQL schema, as two nodes behind a balancer would be (decisions §15). The
// process-level version of this (two servers, one object store) is two-nodes.test.ts.
if (DIALECTS.includes('postgres')) {
  describe('several nodes on one PostgreSQL database [postgres]', () => {
    let a: TestApp;
    let b: FastifyInstance;
    beforeEach(async () => {
      a = await createTestApp('postgres', { LOGIN_MAX_FAILURES: '4' });
      b = await buildApp(a.config);
    });
    afterEach(async () => {
      await b.close();
      await a.close();
    });

    const visit = (app: FastifyInstance, url: string) =>
      app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

    it('serves a page edited through one node updated by the other, which had it cached', async () => {
      const page = await createTestPage(a, {
        title: 'Winter offers',
        slug: 'winter-offers',
        status: 'published',
        content: '<p>Ten percent off</p>',
      });
      const cached = await visit(b, '/winter-offers');
      expect(cached.body).toContain('Ten percent off');
      expect((await visit(b, '/winter-offers')).headers.etag).toBe(cached.headers.etag);

      const update = await injectAs(a.app, a.tokens.editor, {
        method: 'PUT',
        url: `/api/pages/${page.id}`,
        payload: {
          title: 'Winter offers',
          slug: 'winter-offers',
          status: 'published',
          content: '<p>Twenty percent off</p>',
        },
      });
      expect(update.statusCode).toBe(200);
      // The signal travels by NOTIFY, delivered when the edit commits: node B hears it within moments.
      await expect
        .poll(async () => (await visit(b, '/winter-offers')).body, { timeout: 2000, interval: 20 })
        .toContain('Twenty percent off');
    });

    it('counts failed sign-ins spread over both nodes against one limit', async () => {
      const signIn = (app: FastifyInstance, password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/token',
          payload: { username: 'editor1', password },
          remoteAddress: '203.0.113.50',
        });
      const statuses: number[] = [];
      for (const app of [a.app, b, a.app, b]) statuses.push((await signIn(app, 'wrong password')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401]);
      const refused = await signIn(b, TEST_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await signIn(a.app, TEST_PASSWORD)).statusCode).toBe(429);
    });

    it('takes the last seats exactly once when confirmations race for them at both nodes', async () => {
      const editor = a.tokens.editor;
      const tour = await injectAs(a.app, editor, {
        method: 'POST',
        url: '/api/posts/',
        payload: { title: 'Sunset sail', slug: 'sunset-sail', status: 'published', price: 60 },
      });
      const postId = tour.json<{ id: number }>().id;
      const added = await injectAs(b, editor, {
        method: 'POST',
        url: `/api/posts/${postId}/departures`,
        payload: { starts_on: '2099-06-01', start_time: '18:30', seats_total: 40 },
      });
      expect(added.statusCode, added.body).toBe(201);
      const departureId = added.json<Departure>().id;
      // 40 requests of one seat while there is room for all, half sent to each node, each from its own address.
      const requests = await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          (n % 2 ? b : a.app).inject({
            method: 'POST',
            url: '/api/contacts/',
            payload: {
              name: `Guest ${n}`,
              email: `guest${n}@example.com`,
              message: 'One seat, please.',
              post_id: postId,
              departure_id: departureId,
              adults: 1,
            },
            remoteAddress: `10.0.0.${n + 1}`,
          }),
        ),
      );
      expect(requests.map((res) => res.statusCode)).toEqual(Array(40).fill(201));
      // Then the boat shrinks to 7 seats: far fewer than the requests.
      const shrunk = await injectAs(a.app, editor, {
        method: 'PUT',
        url: `/api/posts/${postId}/departures/${departureId}`,
        payload: { starts_on: '2099-06-01', start_time: '18:30', seats_total: 7 },
      });
      expect(shrunk.statusCode, shrunk.body).toBe(200);
      const ids = (await injectAs(b, editor, { method: 'GET', url: '/api/contacts/' }))
        .json<Contact[]>()
        .map((c) => c.id);
      expect(ids).toHaveLength(40);

      // Every request confirmed at both nodes at once: 80 confirmations on two pools of connections.
      const confirm = (app: FastifyInstance, id: number) =>
        injectAs(app, editor, { method: 'POST', url: `/api/contacts/${id}/booking/confirm` }).then((res) => ({
          id,
          status: res.statusCode,
          body: res.json<{ seats_left?: number | null }>(),
        }));
      const answers = await Promise.all(ids.flatMap((id) => [confirm(a.app, id), confirm(b, id)]));
      const confirmed = answers.filter((answer) => answer.status === 200);
      expect(confirmed).toHaveLength(7);
      expect(new Set(confirmed.map((answer) => answer.id)).size).toBe(7);
      expect(answers.filter((answer) => answer.status === 409)).toHaveLength(73);
      // The seats ran out before each 409 but the ones a second confirmation of a confirmed request got.
      const refusedForSeats = answers.filter((answer) => answer.status === 409 && 'seats_left' in answer.body);
      expect(refusedForSeats.length).toBeGreaterThan(0);
      expect(refusedForSeats.every((answer) => answer.body.seats_left === 0)).toBe(true);

      for (const node of [a.app, b]) {
        const departures = await injectAs(node, editor, { method: 'GET', url: `/api/posts/${postId}/departures` });
        expect(departures.json<Departure[]>()[0]).toMatchObject({ seats_taken: 7, availability: 'sold_out' });
        const contacts = (await injectAs(node, editor, { method: 'GET', url: '/api/contacts/' })).json<Contact[]>();
        expect(
          contacts
            .filter((c) => c.booking?.status === 'confirmed')
            .map((c) => c.id)
            .sort(),
        ).toEqual(confirmed.map((answer) => answer.id).sort());
      }
    });

    it('drops its cached pages when its channel to the other nodes was lost and comes back, since it may have missed edits', async () => {
      await createTestPage(a, {
        title: 'Ferry times',
        slug: 'ferry-times',
        status: 'published',
        content: '<p>Ferries at nine</p>',
      });
      expect((await visit(b, '/ferry-times')).body).toContain('Ferries at nine');
      const schema = a.config.databaseSchema ?? 'public';
      const admin = new pg.Client({ connectionString: a.config.databaseUrl! });
      await admin.connect();
      try {
        // Every listening connection of this database and schema goes: both nodes lose their channel.
        const killed = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = $1`,
          [`LISTEN "tours_cms_site_${schema}"`],
        );
        expect(killed.rowCount).toBe(2);
        // An edit no node hears of (made straight in the database while the channels are down).
        await admin.query(`UPDATE "${schema}".pages SET content = '<p>Ferries at ten</p>' WHERE slug = 'ferry-times'`);
      } finally {
        await admin.end();
      }
      await expect
        .poll(async () => (await visit(b, '/ferry-times')).body, { timeout: 5000, interval: 50 })
        .toContain('Ferries at ten');
    });
  });

  describe('nodes starting together [postgres]', () => {
    it('migrate an empty database once between them, and both serve', async () => {
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-nodes-'));
      const config = loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        SCHEDULER_INTERVAL_SECONDS: '0',
        DATABASE_URL: process.env.TEST_DATABASE_URL,
        DATABASE_SCHEMA: schema,
        SECRETS_KEY: TEST_SECRETS_KEY,
      });
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const nodes = await Promise.all([buildApp(config), buildApp(config), buildApp(config)]);
        for (const node of nodes) expect((await node.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
        await Promise.all(nodes.map((node) => node.close()));
        const { rows } = await admin.query(
          `SELECT name, count(*)::int AS times FROM "${schema}".kysely_migration GROUP BY name ORDER BY name`,
        );
        expect(rows).toEqual(
          Object.keys(allMigrations(dialectHelpers('postgres')))
            .sort()
            .map((name) => ({ name, times: 1 })),
        );
      } finally {
        await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await admin.end();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
