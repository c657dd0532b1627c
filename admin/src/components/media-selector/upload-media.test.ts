import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, onUnauthorized } from '../../lib/api-client';
import { uploadMedia } from './upload-media';

/** Just enough XMLHttpRequest for the upload: it answers with the status and body the test gives. */
function stubXhr(status: number, body: unknown) {
  class AnsweringXhr {
    status = 0;
    responseText = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      this.status = status;
      this.responseText = JSON.stringify(body);
      queueMicrotask(() => this.onload?.());
    }
    abort() {}
  }
  vi.stubGlobal('XMLHttpRequest', AnsweringXhr);
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('uploadMedia', () => {
  it('ends the session when the server answers 401, so the editor is sent to sign in', async () => {
    localStorage.setItem('token', 'expired-token-abcdefghijklmnop');
    stubXhr(401, { detail: 'Not authenticated' });
    const ended = vi.fn();
    const stop = onUnauthorized(ended);
    try {
      const failure = await uploadMedia(new File(['x'], 'a.png'), null).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({ status: 401, detail: 'Not authenticated' });
      expect(ended).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it("keeps the session on other refusals and passes the server's reason on", async () => {
    localStorage.setItem('token', 'valid-token-abcdefghijklmnop');
    stubXhr(415, { detail: 'Files of type .html are not accepted' });
    const ended = vi.fn();
    const stop = onUnauthorized(ended);
    try {
      await expect(uploadMedia(new File(['x'], 'a.html'), null)).rejects.toMatchObject({
        status: 415,
        detail: 'Files of type .html are not accepted',
      });
      expect(ended).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });
});
