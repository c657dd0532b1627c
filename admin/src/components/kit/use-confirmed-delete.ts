import { useCallback, useRef } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useConfirm } from '../ui/confirm-dialog';
import { useNotify } from '../ui/notify';
import { focusPageHeading } from '../ui/page-header';

export interface DeleteWording<T> {
  /** The question asked first; declining does nothing. */
  confirmMessage: (item: T) => string;
  /** The notice once it is done. */
  deletedNotice: (item: T) => string;
  /** The notice when it fails and the server gave no reason of its own. */
  failureNotice: string;
  /** Shows a failure somewhere else instead of a notice (the component manager's red box). */
  onError?: (error: unknown) => void;
  /**
   * An item that belongs to a group (a translation, issue 30): the question offers both, this item alone (the
   * confirm button) or the whole group (`alternativeLabel`), and `remove` is told which (`whole`).
   */
  group?: (item: T) => GroupDeleteWording | null;
}

/** What the question and the notice say when the item may go alone or with its group. */
export interface GroupDeleteWording {
  message: string;
  confirmLabel: string;
  alternativeLabel: string;
  groupDeletedNotice: string;
}

/** The spec's wording for a noun: 'Are you sure you want to delete this post?', 'Post deleted.'. */
function wordingFor<T>(noun: string): DeleteWording<T> {
  return {
    confirmMessage: () => `Are you sure you want to delete this ${noun}?`,
    deletedNotice: () => `${noun.charAt(0).toUpperCase()}${noun.slice(1)} deleted.`,
    failureNotice: `The ${noun} could not be deleted. Please try again.`,
  };
}

/**
 * The one delete flow of every list: confirm, delete, move the keyboard focus to the screen's title (the focused
 * Delete button leaves with its row), then a notice; on failure the server's reason, else the failure notice.
 * The wording follows the noun ("post", "media file") unless overridden. The returned function is stable, so
 * memoised rows are not redrawn on every render.
 */
export function useConfirmedDelete<T>(
  noun: string,
  remove: (item: T, whole: boolean) => Promise<unknown>,
  wording: Partial<DeleteWording<T>> = {},
): (item: T) => Promise<void> {
  // `remove` answering false means the user stopped at a further question: nothing was deleted, nothing to say.
  const confirm = useConfirm();
  const notify = useNotify();
  const latest = useRef({ remove, ...wordingFor<T>(noun), ...wording });
  latest.current = { remove, ...wordingFor<T>(noun), ...wording };
  return useCallback(
    async (item: T) => {
      const { confirmMessage, remove: removeItem, deletedNotice, failureNotice, onError, group } = latest.current;
      const asked = group?.(item);
      const answer = await confirm(
        asked
          ? { message: asked.message, confirmLabel: asked.confirmLabel, alternativeLabel: asked.alternativeLabel }
          : { message: confirmMessage(item) },
      );
      if (!answer) return;
      const whole = answer === 'alternative';
      try {
        if ((await removeItem(item, whole)) === false) return;
        focusPageHeading();
        notify.success(whole && asked ? asked.groupDeletedNotice : deletedNotice(item));
      } catch (error) {
        console.error(error);
        if (onError) onError(error);
        else notify.error(errorMessage(error, failureNotice));
      }
    },
    [confirm, notify],
  );
}
