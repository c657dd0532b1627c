import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * A counter per whole list, moved on by the database itself with every change to the table the list is read from
 * (issue 30): `GET /posts/` without parameters is 40 MB of JSON at 100,000 posts with their translations, and a
 * node keeps it, compressed, for as long as `list_versions.version` for 'posts' stays what it was when the list
 * was read (http/whole-list-cache.ts). A trigger, not the app, moves it, so no write path can forget it, and a
 * write through any node (or a restore, or a scheduled publish) is seen by every node at its next request. The
 * counter moves in the writing transaction: a reader sees the new count only with the rows it counts.
 *
 * Not in backups (backup/tables.ts): restored rows move the count on as they are written, so it never goes back.
 * The triggers make the row when it is missing; while it is, nothing is kept.
 */
export const listVersionsMigration = (d: DialectHelpers): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('list_versions')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('version', d.bigint, (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`INSERT INTO list_versions (name, version) VALUES ('posts', 0)`.execute(db);
    if (d.name === 'postgres') {
      // At commit (a deferred constraint trigger), once per transaction (a flag local to it): the counter's row is
      // locked only in the moment before the commit, after the transaction's last row lock, so two transactions
      // writing posts wait on each other's commit at worst and never deadlock over it; a write of 100,000 rows
      // moves it once.
      await sql`CREATE FUNCTION bump_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF current_setting('tours_cms.list_moved_' || TG_ARGV[0], true) IS DISTINCT FROM 'yes' THEN
            PERFORM set_config('tours_cms.list_moved_' || TG_ARGV[0], 'yes', true);
            INSERT INTO list_versions (name, version) VALUES (TG_ARGV[0], 1)
              ON CONFLICT (name) DO UPDATE SET version = list_versions.version + 1;
          END IF;
          RETURN NULL;
        END
      $$`.execute(db);
      await sql`CREATE CONSTRAINT TRIGGER posts_list_version AFTER INSERT OR UPDATE OR DELETE ON posts
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_list_version('posts')`.execute(db);
      await sql`CREATE TRIGGER posts_list_version_truncate AFTER TRUNCATE ON posts
        FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('posts')`.execute(db);
    } else {
      // SQLite has row triggers only: one small UPDATE per row written.
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        await sql`CREATE TRIGGER ${sql.id(`posts_list_version_${event.toLowerCase()}`)} AFTER ${sql.raw(event)} ON posts
          BEGIN
            INSERT INTO list_versions (name, version) VALUES ('posts', 1)
              ON CONFLICT (name) DO UPDATE SET version = version + 1;
          END`.execute(db);
      }
    }
  },
});
