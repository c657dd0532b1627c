import { createHash, randomBytes } from 'node:crypto';
import { PREVIEW_PATH_PREFIX, type CreatedPreviewLink, type PreviewLink } from '@tours-cms/contract';
import type { Actor } from '../../core/actor.js';
import type { Db } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../core/errors.js';
import { nowIso } from '../../core/clock.js';
import type { ActivityService } from '../activity/activity.service.js';

export type PreviewItemType = 'post' | 'page';

export interface PreviewsDeps {
  db: Db;
  activity: ActivityService;
}

/** The item a link is for, as the activity log names it. */
export interface PreviewItem {
  type: PreviewItemType;
  id: number;
  title: string;
}

const DAY_MS = 86_400_000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Draft preview links (decisions §13): a random 256-bit token, stored hashed, for one post or page, expiring
 * (7 days by default) or revoked from the editor. `resolve` is all a token can do: name the one item whose current
 * draft the public site then renders; it signs no one in and reaches nothing else. Sharing a link and revoking
 * one are in the activity log: a link opens an unpublished draft to whoever holds it.
 */
export function createPreviewsService({ db, activity }: PreviewsDeps) {
  function select() {
    return db.kysely
      .selectFrom('preview_links')
      .leftJoin('users', 'users.id', 'preview_links.created_by')
      .select([
        'preview_links.id',
        'preview_links.expires_at',
        'preview_links.revoked_at',
        'preview_links.created_at',
        'preview_links.created_by as creator_id',
        'users.full_name as creator_name',
      ]);
  }
  type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
  const toLink = (row: Row): PreviewLink => ({
    id: row.id,
    expires_at: row.expires_at,
    revoked: row.revoked_at !== null,
    created_by: row.creator_id !== null ? { id: row.creator_id, name: row.creator_name ?? '' } : null,
    created_at: row.created_at,
  });

  const service = {
    async create(item: PreviewItem, days: number, actor: Actor): Promise<CreatedPreviewLink> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + days * DAY_MS).toISOString();
      const id = await inTransaction(db, async (tx) => {
        const created = await tx.kysely
          .insertInto('preview_links')
          .values({
            item_type: item.type,
            item_id: item.id,
            token_hash: hash(token),
            expires_at: expiresAt,
            revoked_at: null,
            created_by: actor.id,
            created_at: nowIso(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await activity.record(tx, actor, {
          action: 'preview_link',
          itemType: item.type,
          itemId: item.id,
          title: item.title,
          summary: `Valid until ${expiresAt.slice(0, 10)}`,
        });
        return created.id;
      });
      const row = await select().where('preview_links.id', '=', id).executeTakeFirstOrThrow();
      return { ...toLink(row), url: `${PREVIEW_PATH_PREFIX}${token}` };
    },

    async list(itemType: PreviewItemType, itemId: number): Promise<PreviewLink[]> {
      const rows = await select()
        .where('preview_links.item_type', '=', itemType)
        .where('preview_links.item_id', '=', itemId)
        .orderBy('preview_links.id', 'desc')
        .execute();
      return rows.map(toLink);
    },

    /** Removes an item's links, once the item is gone for good. */
    async forget(tx: Db, itemType: PreviewItemType, itemId: number): Promise<void> {
      await tx.kysely
        .deleteFrom('preview_links')
        .where('item_type', '=', itemType)
        .where('item_id', '=', itemId)
        .execute();
    },

    /** Revokes one of this item's links (404 for a link of another item or none; a revoked link stays so). */
    async revoke(item: PreviewItem, previewId: number, actor: Actor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const ofItem = tx.kysely
          .updateTable('preview_links')
          .where('id', '=', previewId)
          .where('item_type', '=', item.type)
          .where('item_id', '=', item.id);
        const result = await ofItem.set({ revoked_at: nowIso() }).where('revoked_at', 'is', null).executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0) {
          await activity.record(tx, actor, {
            action: 'preview_revoked',
            itemType: item.type,
            itemId: item.id,
            title: item.title,
          });
          return;
        }
        const exists = await tx.kysely
          .selectFrom('preview_links')
          .select('id')
          .where('id', '=', previewId)
          .where('item_type', '=', item.type)
          .where('item_id', '=', item.id)
          .executeTakeFirst();
        if (!exists) throw notFound('Preview link');
      });
    },

    /**
     * The preview-link methods of one kind of item for its service (posts, pages): each first checks that the item
     * exists (`get` throws its 404), then works on that item's links only.
     */
    forItem(itemType: PreviewItemType, get: (id: number) => Promise<{ title: string }>) {
      const item = async (id: number): Promise<PreviewItem> => ({ type: itemType, id, title: (await get(id)).title });
      return {
        async previewLinks(id: number): Promise<PreviewLink[]> {
          await get(id);
          return service.list(itemType, id);
        },
        async createPreviewLink(id: number, days: number, actor: Actor): Promise<CreatedPreviewLink> {
          return service.create(await item(id), days, actor);
        },
        async revokePreviewLink(id: number, previewId: number, actor: Actor): Promise<void> {
          await service.revoke(await item(id), previewId, actor);
        },
      };
    },

    /** The item a token opens, while it is neither expired nor revoked; null otherwise (or for any altered token). */
    /** The item a live token names, with its version now (what a cached rendering of its draft is keyed by). */
    async resolve(
      token: string,
    ): Promise<{ itemType: PreviewItemType; itemId: number; expiresAt: string; version: number } | null> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const row = await db.kysely
        .selectFrom('preview_links')
        .select(['item_type', 'item_id', 'expires_at', 'revoked_at'])
        .where('token_hash', '=', hash(token))
        .executeTakeFirst();
      if (!row || row.revoked_at !== null || row.expires_at <= nowIso()) return null;
      const item = await db.kysely
        .selectFrom(row.item_type === 'page' ? 'pages' : 'posts')
        .select('version')
        .where('id', '=', row.item_id)
        .executeTakeFirst();
      if (!item) return null;
      return { itemType: row.item_type, itemId: row.item_id, expiresAt: row.expires_at, version: Number(item.version) };
    },
  };
  return service;
}

export type PreviewsService = ReturnType<typeof createPreviewsService>;
