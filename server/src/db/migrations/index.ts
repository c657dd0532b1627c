import type { Migration } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { initialMigration } from './0001-initial.js';
import { postsListIndexMigration } from './0002-posts-list-index.js';
import { settingsMigration } from './0003-settings.js';
import { postFeaturedImageMigration } from './0004-post-featured-image.js';

/** Every migration in order. Names sort lexically; append, never rename. */
export function allMigrations(d: DialectHelpers): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(d),
    '0002-posts-list-index': postsListIndexMigration,
    '0003-settings': settingsMigration,
    '0004-post-featured-image': postFeaturedImageMigration,
  };
}
