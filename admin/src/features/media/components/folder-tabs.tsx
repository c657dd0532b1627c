import { Folder } from 'lucide-react';

/** The folder filter: 'All Files' plus one tab per folder; null is All Files. */
export function FolderTabs({
  folders,
  active,
  onChange,
}: {
  folders: string[];
  active: string | null;
  onChange: (folder: string | null) => void;
}) {
  return (
    <div role="group" aria-label="Folders" className="mb-4 flex flex-wrap gap-2">
      {[null, ...folders].map((folder) => {
        const isActive = folder === active;
        return (
          <button
            key={folder ?? ''}
            type="button"
            aria-pressed={isActive}
            onClick={() => onChange(folder)}
            className={`inline-flex max-w-64 items-center gap-1.5 rounded-full px-3.5 py-1.5 text-sm font-medium transition-colors ${
              isActive
                ? 'bg-blue-600 text-white shadow-sm'
                : 'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50'
            }`}
          >
            {folder && <Folder className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />}
            <span className="truncate">{folder ?? 'All Files'}</span>
          </button>
        );
      })}
    </div>
  );
}
