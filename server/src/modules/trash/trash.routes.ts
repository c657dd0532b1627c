import {
  groupQuerySchema,
  idParamsSchema,
  noContentSchema,
  trashListQuerySchema,
  trashListSchema,
  trashRestoredSchema,
  type TrashItemType,
} from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';
import type { Actor } from '../../core/actor.js';

/**
 * The trash: editors (who may delete) list what was deleted in the last 30 days and restore it; administrators may
 * also delete an entry for good before its time. A restore is done by the item's own service, which knows its rows.
 */
export const trashRoutes: RoutesPlugin = async (app, { services: { trash, posts, pages, components, media } }) => {
  const editor = { onRequest: app.requireRole('editor') };
  const untrash: Record<TrashItemType, (entryId: number, actor: Actor) => Promise<{ id: number }>> = {
    post: posts.untrash,
    page: pages.untrash,
    component: components.untrash,
    media: media.untrash,
  };
  // Media entries have no translation group: only these kinds restore several entries at once.
  const untrashGroup: Partial<
    Record<TrashItemType, (entryIds: readonly number[], actor: Actor) => Promise<{ id: number }>>
  > = {
    post: posts.untrashGroup,
    page: pages.untrashGroup,
    component: components.untrashGroup,
  };

  app.get(
    '/trash/',
    { ...editor, schema: { querystring: trashListQuerySchema, response: { 200: trashListSchema } } },
    async (req) => trash.list(req.query.type, req.query.page),
  );

  // `?group=true` (issue 30): every entry of its translation group in the trash comes back, this one first, in one
  // transaction: all of them or none (one refused, a slug taken meanwhile, refuses the restore, naming that item).
  app.post(
    '/trash/:id/restore',
    {
      ...editor,
      schema: { params: idParamsSchema, querystring: groupQuerySchema, response: { 200: trashRestoredSchema } },
    },
    async (req) => {
      const itemType = await trash.typeOf(req.params.id);
      const entries = req.query.group ? await trash.groupOf(req.params.id) : [req.params.id];
      const group = untrashGroup[itemType];
      const item =
        entries.length > 1 && group ? await group(entries, req.user) : await untrash[itemType](entries[0]!, req.user);
      return { item_type: itemType, item_id: item.id };
    },
  );

  app.delete(
    '/trash/:id',
    { onRequest: app.requireRole('admin'), schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await trash.purge(req.params.id, req.user);
      return reply.status(204).send();
    },
  );
};
