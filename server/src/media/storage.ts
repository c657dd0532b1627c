import type { Readable } from 'node:stream';

/** What the file server needs to know of a stored file before it sends a byte. */
export interface StoredFile {
  size: number;
  modifiedMs: number;
  /** A strong validator of the file's bytes, quoted as an ETag header carries it. */
  etag: string;
}

/** A byte range of a stored file, both ends included (as HTTP's Range counts). */
export interface ByteRange {
  start: number;
  end: number;
}

/** Headers a signed address makes the object store answer with (it cannot be given any other). */
export interface SignedUrlHeaders {
  contentType: string;
  contentDisposition: string;
  cacheControl: string;
}

/**
 * Where media bytes live: the local disk (local-storage.ts) or an S3-compatible bucket (s3-storage.ts). Callers
 * speak in `file_path`s: relative, slash-separated, starting with `uploads/`, exactly as the API answers them; no
 * caller ever builds a file-system path or an object key itself.
 *
 * An upload arrives in two steps so that a half-received file is never visible under its final name and a file
 * that fails its checks never reaches the store: `writeStaged` streams it to a staging file on this node's disk (the
 * checks read it there: magic bytes, image header, thumbnail), and `commit` moves it into the store once checked.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** A fresh, unguessable path `uploads/YYYY/MM/<32 hex>.<extension>` (UTC month of `date`). */
  newFilePath(extension: string, date?: Date): string;
  /** The thumbnail path that belongs to a file path (`…/<name>.thumb.webp`). */
  thumbnailPathOf(filePath: string): string;
  /**
   * Streams `source` into the staging file of `filePath` on this node's disk and answers its absolute path, for
   * the checks. On any error (the client went away, a limit, a refused byte) the partial file is removed before the
   * promise rejects.
   */
  writeStaged(filePath: string, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<string>;
  /**
   * Stores the staging file of `filePath` under its final name (a rename on disk; a streamed multipart upload to a
   * bucket, never held in memory) and removes the staging file. A failure leaves nothing under the final name.
   * `finalPath`, when given, is the name it is stored under instead: an existing file's, which it replaces whole.
   */
  commit(filePath: string, contentType: string, finalPath?: string): Promise<void>;
  /** Stores a small file made in memory (a thumbnail, an image variant) under its final name. */
  put(filePath: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored file's size, date and validator; null when there is no such file. */
  stat(filePath: string): Promise<StoredFile | null>;
  /** The stored file's bytes, whole or one range. Rejects when the file is gone. */
  read(filePath: string, range?: ByteRange): Promise<Readable>;
  /**
   * A short-lived address from which a browser fetches the file straight from the object store, answered with
   * these headers; null when this storage serves its files through the app only.
   */
  signedUrl(filePath: string, headers: SignedUrlHeaders): Promise<string | null>;
  /** Removes files and their staging files; paths that do not exist are ignored. */
  remove(...filePaths: (string | null)[]): Promise<void>;
  /**
   * Every stored file (staging files aside) with when it was last written: for the sweep of files that no media
   * item owns (a crash between writing them and recording them), and for backups.
   */
  listFiles(): AsyncIterable<{ filePath: string; modifiedMs: number }>;
  /** Resolves once no write is in progress (every partial file of a failed write is gone by then). */
  whenIdle(): Promise<void>;
  /** Resolves when the store answers (the bucket exists and the credentials are accepted); rejects otherwise. */
  check(): Promise<void>;
}

/** A media path as the API names it: under `uploads/`, no empty, `.` or `..` segment, no dotfile (staging files). */
const MEDIA_PATH = /^uploads(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+$/;

/** True for a path a stored media file may have; anything else (`..`, dotfiles, other roots) is refused. */
export function isMediaPath(filePath: string): boolean {
  return MEDIA_PATH.test(filePath) && !filePath.split('/').some((segment) => segment === '..' || segment === '.');
}
