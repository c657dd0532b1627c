import type { MediaInUse, MediaItem } from '@tours-cms/contract';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { useConfirmedDelete } from '../../components/kit/use-confirmed-delete';
import { ApiError } from '../../lib/api-client';
import { useDeleteMedia } from './api/delete-media';

/** The server's 409 for an item in use: what it says, or null for any other failure. */
function inUse(error: unknown): MediaInUse | null {
  return error instanceof ApiError && error.status === 409 && Array.isArray(error.body.used_by)
    ? { detail: error.detail, used_by: error.body.used_by as MediaInUse['used_by'] }
    : null;
}

/**
 * Deleting a media file: the spec's question first; a file that tours, pages or components use is named with
 * them and asked about again; it then goes to the Trash, from which it comes back whole for 30 days.
 */
export function useMediaDelete(): (item: MediaItem) => Promise<void> {
  const confirm = useConfirm();
  // mutateAsync is stable, the mutation object is not: depending on it alone keeps every card from re-rendering.
  const { mutateAsync: deleteMedia } = useDeleteMedia();
  return useConfirmedDelete(
    'media file',
    async (item: MediaItem) => {
      try {
        await deleteMedia({ id: item.id });
      } catch (error) {
        const uses = inUse(error);
        if (!uses) throw error;
        const again = await confirm({
          title: 'This file is in use',
          message: `${uses.detail} It goes to the Trash for 30 days, and meanwhile those pages show nothing in its place.`,
          confirmLabel: 'Delete anyway',
        });
        if (!again) return false;
        await deleteMedia({ id: item.id, inUseConfirmed: true });
      }
    },
    { deletedNotice: (item) => `"${item.original_name}" moved to the Trash.` },
  );
}
