import { createHash, randomBytes } from 'node:crypto';
import { PREVIEW_PATH_PREFIX, type CreatedPreviewLink, type PreviewLink } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import { notFound } from '../../errors.js';
import { nowIso } from '../../clock.js';

export type PreviewItemType = 'post' | 'page';

export interface PreviewsDeps {
  db: Db;
}

const DAY_MS = 86_400_000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Draft preview links (decisions §13): a random 256-bit token, stored hashed, for one post or page, expiring
 * (7 days by default) or revoked from the editor. `resolve` is all a token can do: name the one item whose current
 * draft the public site then renders; it signs no one in and reaches nothing else.
 */
export function createPreviewsService({ db }: PreviewsDeps) {
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
    async create(itemType: PreviewItemType, itemId: number, days: number, actorId: number): Promise<CreatedPreviewLink> {
      const token = randomBytes(32).toString('base64url');
      const now = nowIso();
      const { id } = await db.kysely
        .insertInto('preview_links')
        .values({ item_type: itemType, item_id: itemId, token_hash: hash(token), expires_at: new Date(Date.now() + days * DAY_MS).toISOString(), revoked_at: null, created_by: actorId, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
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
      await tx.kysely.deleteFrom('preview_links').where('item_type', '=', itemType).where('item_id', '=', itemId).execute();
    },

    /** Revokes one of this item's links (404 for a link of another item or none). */
    async revoke(itemType: PreviewItemType, itemId: number, previewId: number): Promise<void> {
      const result = await db.kysely
        .updateTable('preview_links')
        .set({ revoked_at: nowIso() })
        .where('id', '=', previewId)
        .where('item_type', '=', itemType)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound('Preview link');
    },

    /**
     * The preview-link methods of one kind of item for its service (posts, pages): each first checks that the item
     * exists (`get` throws its 404), then works on that item's links only.
     */
    forItem(itemType: PreviewItemType, get: (id: number) => Promise<unknown>) {
      return {
        async previewLinks(id: number): Promise<PreviewLink[]> {
          await get(id);
          return service.list(itemType, id);
        },
        async createPreviewLink(id: number, days: number, actor: { id: number }): Promise<CreatedPreviewLink> {
          await get(id);
          return service.create(itemType, id, days, actor.id);
        },
        async revokePreviewLink(id: number, previewId: number): Promise<void> {
          await get(id);
          await service.revoke(itemType, id, previewId);
        },
      };
    },

    /** The item a token opens, while it is neither expired nor revoked; null otherwise (or for any altered token). */
    async resolve(token: string): Promise<{ itemType: PreviewItemType; itemId: number; expiresAt: string } | null> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const row = await db.kysely
        .selectFrom('preview_links')
        .select(['item_type', 'item_id', 'expires_at', 'revoked_at'])
        .where('token_hash', '=', hash(token))
        .executeTakeFirst();
      if (!row || row.revoked_at !== null || row.expires_at <= nowIso()) return null;
      return { itemType: row.item_type, itemId: row.item_id, expiresAt: row.expires_at };
    },
  };
  return service;
}

export type PreviewsService = ReturnType<typeof createPreviewsService>;
