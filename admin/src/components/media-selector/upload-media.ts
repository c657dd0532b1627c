import type { MediaItem } from '@tours-cms/contract';
import { API_BASE, ApiError, getStoredToken, reportUnauthorized, toApiError } from '../../lib/api-client';

export interface UploadOptions {
  /** Called as the bytes go out, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /media/upload (multipart: folder, then file). Uses XMLHttpRequest rather than fetch because only it
 * reports upload progress. Rejects with an ApiError carrying the server's reason (413 too large, 415 type).
 */
export function uploadMedia(file: File, folder: string | null, options: UploadOptions = {}): Promise<MediaItem> {
  const form = new FormData();
  if (folder) form.append('folder', folder);
  form.append('file', file);
  return postFile('/media/upload', form, options);
}

/** POST /media/{id}/file: a new file for an item, under its address; the same progress and refusals as an upload. */
export function replaceMediaFile(id: number, file: File, options: UploadOptions = {}): Promise<MediaItem> {
  const form = new FormData();
  form.append('file', file);
  return postFile(`/media/${id}/file`, form, options);
}

function postFile(path: string, form: FormData, { onProgress, signal }: UploadOptions): Promise<MediaItem> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    const token = getStoredToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(JSON.parse(xhr.responseText) as MediaItem);
      } else {
        // A session that ended while the file went up sends its editor to sign in, as any other request would.
        if (xhr.status === 401 && token) reportUnauthorized();
        void toApiError(new Response(xhr.responseText || null, { status: xhr.status })).then(reject);
      }
    };
    // The server reads a refused upload to its end before answering, so this is a real network failure.
    xhr.onerror = () => reject(new ApiError(0, 'The upload was interrupted. Check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
