import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * Every table, so later work adds behaviour and not tables. Never edit this file once landed:
 * a change is a new migration.
 */
export function initialMigration(d: DialectHelpers): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await d
        .addIdColumn(db.schema.createTable('users'))
        .addColumn('username', 'varchar(50)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('full_name', 'varchar(100)')
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role', 'varchar(16)', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // Usernames and emails are unique whatever their case: "Admin" and "admin" are one person.
      await sql`CREATE UNIQUE INDEX users_username_lower ON users (lower(username))`.execute(db);
      await sql`CREATE UNIQUE INDEX users_email_lower ON users (lower(email))`.execute(db);

      await d
        .addIdColumn(db.schema.createTable('sessions'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      for (const table of ['categories', 'tags'] as const) {
        await d
          .addIdColumn(db.schema.createTable(table))
          .addColumn('name', 'varchar(100)', (c) => c.notNull())
          .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
          .addColumn('description', 'text')
          .addColumn('parent_id', 'integer', (c) => c.references(`${table}.id`).onDelete('set null'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex(`${table}_parent_id`).on(table).column('parent_id').execute();
      }

      await d
        .addIdColumn(db.schema.createTable('media'))
        .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('file_path', 'varchar(500)', (c) => c.notNull().unique())
        .addColumn('thumbnail_path', 'varchar(500)')
        .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
        .addColumn('file_size', d.bigint, (c) => c.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('folder', 'varchar(100)')
        .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('media_folder').on('media').column('folder').execute();

      const tourColumns = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
        table
          .addColumn('price', 'numeric(12, 2)')
          .addColumn('duration', 'varchar(255)')
          .addColumn('age', 'varchar(255)')
          .addColumn('location', 'varchar(255)')
          .addColumn('button_label', 'varchar(255)')
          .addColumn('button_value', 'text')
          .addColumn('calendar_time_iframe', 'text')
          .addColumn('short_description', 'text');

      await tourColumns(d.addIdColumn(db.schema.createTable('posts')))
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
        .addColumn('content', 'text')
        .addColumn('excerpt', 'text')
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('seo_title', 'text')
        .addColumn('seo_description', 'text')
        .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
        .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('posts_status').on('posts').column('status').execute();
      await db.schema.createIndex('posts_category_id').on('posts').column('category_id').execute();

      await tourColumns(d.addIdColumn(db.schema.createTable('pages')))
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
        .addColumn('content', 'text')
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('seo_title', 'text')
        .addColumn('seo_description', 'text')
        .addColumn('featured_image_id', 'integer', (c) => c.references('media.id').onDelete('set null'))
        .addColumn('featured_image_url', 'text')
        .addColumn('template_data', 'text')
        .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('pages_status').on('pages').column('status').execute();
      await db.schema.createIndex('pages_featured_image_id').on('pages').column('featured_image_id').execute();

      await d
        .addIdColumn(db.schema.createTable('components'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('is_common', 'integer', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('components_type')
        .on('components')
        .columns(['type', 'is_common', 'is_active'])
        .execute();

      await d
        .addIdColumn(db.schema.createTable('contacts'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('phone', 'varchar(40)')
        .addColumn('subject', 'varchar(255)', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('ip_address', 'varchar(64)')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contacts_status').on('contacts').column('status').execute();

      await d
        .addIdColumn(db.schema.createTable('modules'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('heading', 'varchar(255)')
        .addColumn('subtitle', 'varchar(255)')
        .addColumn('description', 'text')
        .addColumn('video_url', 'text')
        .addColumn('button_label', 'varchar(255)')
        .addColumn('button_link', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
