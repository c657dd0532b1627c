import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { DialectName } from '../db/dialect.js';
import {
  PROCESS_ADMIN,
  signInToProcess,
  startServerProcess,
  untilReady,
  type ServerProcess,
} from '../test/server-process.js';
import { DIALECTS, TEST_SECRETS_KEY } from '../test/test-app.js';
import { BUILT_CLI } from '../test/server-build.js';

/** `npm run backup` / `npm run restore` as an operator runs them, with the server's environment. */
function runCli(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [BUILT_CLI, ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
}

describe.each(DIALECTS)('a restore over a running server [%s]', { timeout: 120_000 }, (dialect: DialectName) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('is refused while the server runs; forced, it ends every session and preview link and the server serves the backup', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-restore-live-'));
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const env: Record<string, string> = {
      DATA_DIR: path.join(dir, 'data'),
      SECRETS_KEY: TEST_SECRETS_KEY,
      ...(dialect === 'postgres'
        ? { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATABASE_SCHEMA: schema }
        : { DATABASE_URL: '' }),
    };
    let node: ServerProcess | null = null;
    cleanups.push(async () => {
      if (node && node.process.exitCode === null && node.process.signalCode === null) node.process.kill('SIGKILL');
      await node?.exited;
      fs.rmSync(dir, { recursive: true, force: true });
      if (dialect !== 'postgres') return;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => admin.end());
    });
    node = await startServerProcess(env);
    await untilReady(node);
    const server = node;
    const token = await signInToProcess(server);
    const api = (method: string, url: string, body?: unknown, bearer = token) =>
      fetch(`${server.origin}/api${url}`, {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const pageText = async () => (await fetch(`${server.origin}/harbour`)).text();

    const created = await api('POST', '/pages/', {
      title: 'Harbour',
      slug: 'harbour',
      status: 'published',
      content: '<p>Boats at nine</p>',
    });
    expect(created.status).toBe(201);
    const page = (await created.json()) as { id: number };
    // A session and a preview link that will be ended after the backup: their rows are in the backup all the same.
    const laterSignedOut = await signInToProcess(server);
    const laterRevoked = (await (await api('POST', `/pages/${page.id}/previews`, {})).json()) as {
      id: number;
      url: string;
    };
    const archive = path.join(dir, 'site.tar.gz');
    const backup = runCli(['backup', archive], env);
    expect(backup.status, backup.stderr).toBe(0);

    // After the backup: an edit (cached, on the hot path), a sign-out, a revoked preview link and a new one.
    expect(
      (
        await api('PUT', `/pages/${page.id}`, {
          title: 'Harbour',
          slug: 'harbour',
          status: 'published',
          content: '<p>Boats at ten</p>',
        })
      ).status,
    ).toBe(200);
    expect(await pageText()).toContain('Boats at ten');
    expect(await pageText()).toContain('Boats at ten');
    expect((await api('POST', '/auth/logout', undefined, laterSignedOut)).status).toBe(204);
    expect((await api('DELETE', `/pages/${page.id}/previews/${laterRevoked.id}`)).status).toBe(204);
    expect((await fetch(new URL(laterRevoked.url, server.origin))).status).toBe(404);
    const preview = (await (await api('POST', `/pages/${page.id}/previews`, {})).json()) as { url: string };
    expect((await fetch(new URL(preview.url, server.origin))).status).toBe(200);

    const refused = runCli(['restore', archive], env);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      /A Tours CMS server \(.+\) is using this database\. Stop it \(every node\) and restore again, or add --force/,
    );
    expect(await pageText()).toContain('Boats at ten');
    expect((await api('GET', '/auth/me')).status).toBe(200);

    const forced = runCli(['restore', archive, '--force'], env);
    expect(forced.status, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('is using this database: restoring under it (--force).');
    expect(forced.stdout).toMatch(
      /Users' passwords and two-factor settings are now those of the backup's date \(\d{4}-\d\d-\d\dT[\d:.]+Z\)/,
    );
    expect(forced.stdout).toMatch(
      /Every session \(\d+\) ended and every preview link \(1\) was revoked: everyone signs in again\./,
    );

    // The running server now serves the backup's page (its cache and the hot path dropped), and nobody's session,
    // old or signed out since, is valid; the password still signs in.
    await expect.poll(pageText, { timeout: 5000, interval: 100 }).toContain('Boats at nine');
    expect((await api('GET', '/auth/me')).status).toBe(401);
    expect((await api('GET', '/auth/me', undefined, laterSignedOut)).status).toBe(401);
    for (const link of [preview, laterRevoked])
      expect((await fetch(new URL(link.url, server.origin))).status).toBe(404);
    const again = await fetch(`${server.origin}/api/auth/token`, {
      method: 'POST',
      body: new URLSearchParams(PROCESS_ADMIN),
    });
    expect(again.status).toBe(200);
  });
});
