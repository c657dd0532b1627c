/**
 * Where media bytes live. Callers speak in `file_path`s: relative, slash-separated, starting with `uploads/`,
 * exactly as the API answers them. The module never builds file-system paths itself.
 *
 * A file arrives in two steps so that a half-received upload is never visible under its final name:
 * `writeStaged` streams it to a hidden staging file, and `commit` moves it into place once it has been checked.
 */
export interface MediaStorage {
  /** The absolute directory served at /uploads/ and /admin_vendor_api/uploads/. */
  readonly uploadsDir: string;
  /** A fresh, unguessable path `uploads/YYYY/MM/<32 hex>.<extension>` (UTC month of `date`). */
  newFilePath(extension: string, date?: Date): string;
  /** The thumbnail path that belongs to a file path (`…/<name>.thumb.webp`). */
  thumbnailPathOf(filePath: string): string;
  /**
   * Streams `source` into the staging file of `filePath` and answers its absolute path, for checks that need
   * to read it. On any error (the client went away, a limit, a refused byte) the partial file is removed
   * before the promise rejects.
   */
  writeStaged(filePath: string, source: AsyncIterable<Uint8Array>): Promise<string>;
  /** Moves the staging file of `filePath` to its final name. */
  commit(filePath: string): Promise<void>;
  /** The absolute path of a stored file, refusing any path outside the upload root. */
  absolutePath(filePath: string): string;
  /** Removes files and their staging files; paths that do not exist are ignored. */
  remove(...filePaths: (string | null)[]): Promise<void>;
  /**
   * Every stored file (staging files aside) with when it was last written: for the sweep of files that no media
   * item owns (a crash between writing them and recording them).
   */
  listFiles(): AsyncIterable<{ filePath: string; modifiedMs: number }>;
  /** Resolves once no write is in progress (every partial file of a failed write is gone by then). */
  whenIdle(): Promise<void>;
}
