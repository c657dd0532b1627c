import { useId, useState, type FormEvent } from 'react';
import { folderNameProblem } from '@tours-cms/contract';

/**
 * 'New Folder': a name input with Create and Cancel; Enter creates. The name is trimmed and an empty
 * one ignored. The folder lives only on this screen until a file is uploaded into it.
 */
export function NewFolderForm({ onCreate, onCancel }: { onCreate: (name: string) => void; onCancel: () => void }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    const found = folderNameProblem(trimmed);
    if (found) return setProblem(found);
    onCreate(trimmed);
  };

  return (
    <form onSubmit={submit} className="card mb-4 flex flex-wrap items-start gap-2 p-4">
      <div className="min-w-60 flex-1">
        <label htmlFor={inputId} className="sr-only">
          Folder name
        </label>
        <input
          id={inputId}
          className="input"
          placeholder="Folder name"
          value={name}
          autoFocus
          aria-invalid={problem !== null}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onCancel();
          }}
        />
        {problem && (
          <p id={errorId} className="field-error">
            {problem}
          </p>
        )}
      </div>
      <button type="submit" className="btn-primary">
        Create
      </button>
      <button type="button" className="btn-secondary" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
