import type { FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  acceptedMediaExtension,
  fileExtension,
  fileNameProblem,
  FOLDER_NAME_MAX,
  mediaFolderSchema,
  type AcceptedMediaExtension,
} from '@tours-cms/contract';
import { HttpError, invalidField } from '../../core/errors.js';
import type { MediaStorage } from '../../media/storage.js';
import { checkPlainText, NotPlainTextError } from '../../media/file-check.js';

/** An upload whose bytes are on disk in a staging file, not yet checked beyond its name and text rules. */
export interface ReceivedUpload {
  filePath: string;
  stagedPath: string;
  extension: AcceptedMediaExtension;
  originalName: string;
  size: number;
  folder: string | null;
}

// Room for the multipart framing and the folder field around the file itself.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const FOLDER_FIELD_MAX_BYTES = FOLDER_NAME_MAX * 4;

export const tooLarge = (maxBytes: number) =>
  new HttpError(413, `The file is larger than the upload limit of ${Math.floor(maxBytes / (1024 * 1024))} MB`);
export const unsupportedType = (detail: string) => new HttpError(415, detail);

function parseFolder(value: unknown): string | null {
  const parsed = mediaFolderSchema.safeParse(typeof value === 'string' ? value : undefined);
  if (!parsed.success) throw invalidField('folder', parsed.error.issues[0]!.message);
  return parsed.data;
}

/** Counts the bytes and notices busboy's size limit, which truncates the stream rather than failing it. */
async function* limitedFile(
  file: MultipartFile['file'],
  maxBytes: number,
  onBytes: (n: number) => void,
): AsyncGenerator<Buffer> {
  for await (const chunk of file as AsyncIterable<Buffer>) {
    onBytes(chunk.length);
    yield chunk;
  }
  if (file.truncated) throw tooLarge(maxBytes);
}

/**
 * A failure of the server's own storage, told apart from a bad file: a full disk or quota is 507 Insufficient
 * Storage, any other file-system failure 503 (try again later). Null when the error is not the file system's.
 */
export function storageFailure(error: unknown): HttpError | null {
  const { code, syscall } = (error ?? {}) as { code?: string; syscall?: string };
  if (!syscall && !(code && /^E[A-Z]+$/.test(code))) return null;
  if (code === 'EOBJECTSTORE') {
    return new HttpError(
      503,
      'The media storage did not answer, so the file was not saved. Try again in a moment; if it keeps failing, tell your administrator.',
      undefined,
      { 'Retry-After': '30' },
    );
  }
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new HttpError(
      507,
      'The server has no room left to store this file. Nothing was saved; tell your administrator.',
    );
  }
  return new HttpError(
    503,
    'The server could not store the file just now. Nothing was saved; try again in a moment.',
    undefined,
    { 'Retry-After': '30' },
  );
}

/** Multipart and stream failures as the client's fault (400/413/415); file-system failures as 507 or 503. */
function toHttpError(error: unknown, maxBytes: number): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof NotPlainTextError) return unsupportedType(error.message);
  const { code, syscall } = error as { code?: string; syscall?: string };
  if (syscall) return storageFailure(error) ?? error;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return unsupportedType('Send the upload as multipart/form-data');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(400, 'Send one file per upload, with at most a folder field');
  }
  return new HttpError(400, 'The upload is not a complete multipart form');
}

/**
 * Reads POST /media/upload: one `file` part streamed straight to a staging file (never held in memory), and an
 * optional `folder` field before or after it. The name, extension, size and (for .txt) text rules are
 * enforced while the bytes arrive; anything refused leaves no file behind.
 */
export async function receiveUpload(
  req: FastifyRequest,
  storage: MediaStorage,
  maxBytes: number,
): Promise<ReceivedUpload> {
  const declaredLength = Number(req.headers['content-length']);
  if (declaredLength > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge(maxBytes);

  let folderValue: unknown;
  let received: ReceivedUpload | null = null;
  let openFile: MultipartFile | null = null;
  try {
    const parts: AsyncIterable<Multipart> = req.parts({
      preservePath: true,
      limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: FOLDER_FIELD_MAX_BYTES, parts: 6, headerPairs: 20 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== 'folder') continue;
        if (part.valueTruncated)
          throw invalidField('folder', `Folder name must be at most ${FOLDER_NAME_MAX} characters`);
        folderValue = part.value;
        parseFolder(folderValue);
        continue;
      }
      openFile = part;
      if (part.fieldname !== 'file') throw invalidField('file', 'Send the file in a field named "file"');
      const problem = fileNameProblem(part.filename);
      if (problem) throw invalidField('file', problem);
      const extension = acceptedMediaExtension(part.filename);
      if (!extension) {
        const shown = fileExtension(part.filename);
        throw unsupportedType(
          shown ? `Files of type .${shown} are not accepted` : 'Files without an extension are not accepted',
        );
      }
      const filePath = storage.newFilePath(extension);
      let size = 0;
      const bytes = limitedFile(part.file, maxBytes, (n) => (size += n));
      const stagedPath = await storage.writeStaged(filePath, extension === 'txt' ? checkPlainText(bytes) : bytes);
      openFile = null;
      received = { filePath, stagedPath, extension, originalName: part.filename, size, folder: null };
    }
    if (!received) throw invalidField('file', 'File is required');
    if (received.size === 0) throw invalidField('file', 'The file is empty');
    received.folder = parseFolder(folderValue);
    return received;
  } catch (error) {
    // A part we stopped reading would hold the parser, and with it the request, open.
    openFile?.file.destroy();
    if (received) await storage.remove(received.filePath).catch(() => {});
    throw toHttpError(error, maxBytes);
  }
}
