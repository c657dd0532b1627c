import { useDropzone, type FileRejection } from 'react-dropzone';
import { AlertCircle, CheckCircle2, Loader2, UploadCloud } from 'lucide-react';
import { acceptedMediaExtension, fileExtension, formatBytes, MEDIA_ACCEPT } from '@tours-cms/contract';
import type { UploadEntry } from './use-upload-queue';

interface Props {
  folder: string | null;
  /** The server's MAX_UPLOAD_MB in bytes, once known. */
  maxBytes: number | undefined;
  isUploading: boolean;
  entries: UploadEntry[];
  onFiles: (files: File[]) => void;
  onRefused: (refused: { name: string; reason: string }[]) => void;
  onDismissFailed: () => void;
  /** Smaller, inside a dialog (the media selector). */
  compact?: boolean;
}

function typeRefusal(name: string): string {
  const extension = fileExtension(name);
  return extension ? `Files of type .${extension} are not accepted` : 'Files without an extension are not accepted';
}

/** The reason the drop area gives for a file it will not send, in the server's own words where they exist. */
function refusalReason({ file, errors }: FileRejection, maxBytes: number | undefined): string {
  const code = errors[0]?.code;
  if (code === 'file-too-large' && maxBytes)
    return `The file is larger than the upload limit of ${formatBytes(maxBytes)}`;
  if (code === 'file-too-small') return 'The file is empty';
  if (code === 'file-invalid-type') return typeRefusal(file.name);
  return errors[0]?.message ?? 'This file cannot be uploaded';
}

/**
 * The upload area: drop files, or click it or its 'Select files' button to choose them. Files it refuses (type, size) are
 * listed with the reason rather than dropped silently (the product's own spec left such refusals unsaid), as are files the
 * server refuses. Each file being sent shows its progress.
 */
export function UploadArea({
  folder,
  maxBytes,
  isUploading,
  entries,
  onFiles,
  onRefused,
  onDismissFailed,
  compact = false,
}: Props) {
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    // The area takes drops and mouse clicks; the keyboard has the real button inside it (a focusable area around
    // a button would nest two controls, and name the area apart from its text).
    noKeyboard: true,
    accept: MEDIA_ACCEPT,
    maxSize: maxBytes,
    minSize: 1,
    multiple: true,
    // The MIME type a browser reports is a guess; the extension is what the server checks first.
    validator: (file) =>
      file.name && !acceptedMediaExtension(file.name)
        ? { code: 'file-invalid-type', message: typeRefusal(file.name) }
        : null,
    onDrop: (accepted, rejected) => {
      if (rejected.length > 0)
        onRefused(
          rejected.map((rejection) => ({ name: rejection.file.name, reason: refusalReason(rejection, maxBytes) })),
        );
      onFiles(accepted);
    },
  });
  const hasFailed = entries.some((entry) => entry.status === 'failed');

  return (
    <section aria-label="Upload media" className={compact ? 'mb-4' : 'card mb-6 p-4'}>
      <div
        {...getRootProps()}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed text-center transition-colors ${
          compact ? 'px-4 py-3' : 'px-6 py-8'
        } ${isDragActive ? 'border-blue-500 bg-blue-50' : 'border-slate-300 hover:border-blue-400 hover:bg-slate-50'}`}
      >
        <input {...getInputProps({ 'aria-label': 'Upload files' })} />
        {compact ? null : isUploading ? (
          <Loader2 className="h-10 w-10 animate-spin text-blue-500" aria-hidden="true" />
        ) : (
          <UploadCloud className="h-10 w-10 text-slate-400" aria-hidden="true" />
        )}
        <p className="font-medium text-slate-800" aria-live="polite">
          {isUploading
            ? 'Uploading files...'
            : isDragActive
              ? 'Drop the files here'
              : 'Drag and drop files here, or click to select files'}
        </p>
        <p className="text-sm text-slate-500">Supports images, videos, PDFs, and documents</p>
        {maxBytes !== undefined && <p className="text-xs text-slate-500">Up to {formatBytes(maxBytes)} per file</p>}
        <button
          type="button"
          className="btn-secondary mt-1"
          onClick={(event) => {
            // The area around it would open the dialog a second time.
            event.stopPropagation();
            open();
          }}
        >
          {/* In the selector, a name apart from its 'Select File' (which confirms the choice). */}
          {compact ? 'Upload files from this device' : 'Select files'}
        </button>
        {folder && <p className="text-sm font-medium text-blue-700">Files will be uploaded to: {folder}</p>}
      </div>

      {entries.length > 0 && (
        <div className="mt-4">
          <ul aria-label="Uploads" className="space-y-2">
            {entries.map((entry) => (
              <UploadRow key={entry.key} entry={entry} />
            ))}
          </ul>
          {hasFailed && !isUploading && (
            <button type="button" className="btn-ghost mt-2 text-xs" onClick={onDismissFailed}>
              Dismiss
            </button>
          )}
        </div>
      )}
    </section>
  );
}

function UploadRow({ entry }: { entry: UploadEntry }) {
  return (
    <li className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
      <div className="flex items-center gap-2">
        {entry.status === 'failed' ? (
          <AlertCircle className="h-4 w-4 shrink-0 text-red-500" aria-hidden="true" />
        ) : entry.status === 'done' ? (
          <CheckCircle2 className="h-4 w-4 shrink-0 text-green-600" aria-hidden="true" />
        ) : (
          <UploadCloud className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
        )}
        <span className="min-w-0 flex-1 truncate font-medium text-slate-800" title={entry.name}>
          {entry.name}
        </span>
        <span className="shrink-0 text-xs text-slate-500">
          {entry.status === 'waiting'
            ? 'Waiting'
            : entry.status === 'uploading'
              ? `${entry.percent}%`
              : entry.status === 'done'
                ? 'Uploaded'
                : 'Not uploaded'}
        </span>
      </div>
      {entry.status === 'uploading' && (
        <progress
          className="mt-2 block h-1.5 w-full overflow-hidden rounded-full accent-blue-600"
          max={100}
          value={entry.percent}
          aria-label={`Uploading ${entry.name}`}
        />
      )}
      {entry.error && (
        <p role="alert" className="mt-1 text-red-600">
          {entry.error}
        </p>
      )}
    </li>
  );
}
