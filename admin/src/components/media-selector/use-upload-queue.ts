import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MediaItem } from '@tours-cms/contract';
import { errorMessage } from '../../lib/api-client';
import { uploadMedia } from './upload-media';
import { invalidateMediaLists } from './use-media-list';

export interface UploadEntry {
  key: string;
  name: string;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  /** Whole percent sent, 0 to 100. */
  percent: number;
  /** Why the file was not stored: refused by the drop area or by the server. */
  error: string | null;
}

interface Job {
  key: string;
  file: File;
  folder: string | null;
}

let nextKey = 1;

/**
 * The files of a batch upload one request at a time, and the list reloads once the batch is done.
 * Files dropped while a batch runs join it. Leaving the screen cancels what is still going. `onUploaded` hears of
 * each file stored (the media selector chooses it).
 */
export function useUploadQueue({ onUploaded }: { onUploaded?: (item: MediaItem) => void } = {}) {
  const queryClient = useQueryClient();
  // The latest callback, read when a file is stored (the queue's runner is made once).
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  });
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [isUploading, setIsUploading] = useState(false);
  const jobs = useRef<Job[]>([]);
  const running = useRef(false);
  const abort = useRef(new AbortController());

  useEffect(() => {
    const controller = new AbortController();
    abort.current = controller;
    return () => {
      jobs.current = [];
      controller.abort();
    };
  }, []);

  const update = useCallback((key: string, patch: Partial<UploadEntry>) => {
    setEntries((all) => all.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)));
  }, []);

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setIsUploading(true);
    const signal = abort.current.signal;
    while (jobs.current.length > 0 && !signal.aborted) {
      const job = jobs.current.shift()!;
      update(job.key, { status: 'uploading' });
      let shown = 0;
      try {
        const item = await uploadMedia(job.file, job.folder, {
          signal,
          onProgress: (fraction) => {
            const percent = Math.floor(fraction * 100);
            if (percent !== shown) update(job.key, { percent: (shown = percent) });
          },
        });
        update(job.key, { status: 'done', percent: 100 });
        uploaded.current?.(item);
      } catch (error) {
        if (signal.aborted) break;
        console.error(error);
        update(job.key, {
          status: 'failed',
          error: errorMessage(error, 'The file could not be uploaded. Please try again.'),
        });
      }
    }
    running.current = false;
    if (signal.aborted) return;
    setIsUploading(false);
    // The uploaded files now show in the grid; only the refused ones stay listed, with their reasons.
    setEntries((all) => all.filter((entry) => entry.status !== 'done'));
    await invalidateMediaLists(queryClient);
  }, [queryClient, update]);

  /** Queues files for the folder (null: none) and starts uploading if nothing is running. */
  const enqueue = useCallback(
    (files: File[], folder: string | null) => {
      if (files.length === 0) return;
      const added = files.map((file) => ({ key: `upload-${nextKey++}`, file, folder }));
      setEntries((all) => [
        ...all,
        ...added.map(({ key, file }) => ({
          key,
          name: file.name,
          status: 'waiting' as const,
          percent: 0,
          error: null,
        })),
      ]);
      jobs.current.push(...added);
      void run();
    },
    [run],
  );

  /** Lists files that never left the browser, with the reason. */
  const refuse = useCallback((refused: { name: string; reason: string }[]) => {
    setEntries((all) => [
      ...all,
      ...refused.map(({ name, reason }) => ({
        key: `upload-${nextKey++}`,
        name,
        status: 'failed' as const,
        percent: 0,
        error: reason,
      })),
    ]);
  }, []);

  const dismissFailed = useCallback(() => setEntries((all) => all.filter((entry) => entry.status !== 'failed')), []);

  return { entries, isUploading, enqueue, refuse, dismissFailed };
}
