import { afterEach, beforeEach, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, forEachDialect, type TestApp } from '../test/test-app.js';
import { httpErrorFromDatabase } from './errors.js';
import { isUniqueViolation } from '../db/database-errors.js';
import { nowIso } from './clock.js';

/** The error a database operation fails with (the test fails if it does not fail). */
async function failureOf(operation: () => Promise<unknown>): Promise<unknown> {
  try {
    await operation();
  } catch (error) {
    return error;
  }
  throw new Error('expected the database to refuse this');
}

forEachDialect('database refusals', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  const stamps = () => ({ created_at: nowIso(), updated_at: nowIso() });

  it('answers a unique violation as 409', async () => {
    const error = await failureOf(() =>
      t.app.ctx.db.kysely
        .insertInto('users')
        .values({
          username: 'ADMIN1',
          email: 'other@example.com',
          password_hash: 'x',
          role: 'user',
          is_active: 1,
          ...stamps(),
        })
        .execute(),
    );
    expect(isUniqueViolation(error)).toBe(true);
    expect(httpErrorFromDatabase(error)).toMatchObject({ statusCode: 409 });
  });

  it('answers a missing referenced row as 422', async () => {
    const error = await failureOf(() =>
      t.app.ctx.db.kysely
        .insertInto('sessions')
        .values({ user_id: 999, token_hash: 'h'.repeat(64), created_at: nowIso(), expires_at: nowIso() })
        .execute(),
    );
    expect(isUniqueViolation(error)).toBe(false);
    expect(httpErrorFromDatabase(error)).toMatchObject({ statusCode: 422, detail: 'A referenced item does not exist' });
  });

  it('answers a value PostgreSQL cannot store as 400 (SQLite stores it, hence the API refuses NUL on both)', async () => {
    const writeNul = () =>
      t.app.ctx.db.kysely.updateTable('users').set({ full_name: 'a\u0000b' }).where('id', '=', 1).execute();
    if (dialect === 'postgres') {
      expect(httpErrorFromDatabase(await failureOf(writeNul))).toMatchObject({ statusCode: 400 });
      const outOfRange = await failureOf(() =>
        t.app.ctx.db.kysely.selectFrom('users').selectAll().where('id', '=', 3_000_000_000).execute(),
      );
      expect(httpErrorFromDatabase(outOfRange)).toMatchObject({ statusCode: 400 });
    } else {
      await writeNul();
      const row = await t.app.ctx.db.kysely
        .selectFrom('users')
        .select('full_name')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      expect(row.full_name).toBe('a\u0000b');
    }
  });

  it('leaves a real failure alone, so it stays a 500', async () => {
    const error = await failureOf(() => sql`SELECT * FROM no_such_table`.execute(t.app.ctx.db.kysely));
    expect(httpErrorFromDatabase(error)).toBeNull();
  });
});
