import { useState, type FormEvent } from 'react';
import { Modal } from '../../ui/modal';

/** 'Insert Link' dialog: a URL ('Enter URL'), Insert and Cancel; nothing is inserted without a URL. */
export function LinkDialog({ onInsert, onClose }: { onInsert: (url: string) => void; onClose: () => void }) {
  const [url, setUrl] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The editor usually sits inside a form of its own (a builder's): this submit is the dialog's alone.
    event.stopPropagation();
    if (!url.trim()) return;
    onInsert(url.trim());
  };
  return (
    <Modal
      open
      title="Insert Link"
      onClose={onClose}
      size="sm"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="insert-link-form" className="btn-primary" disabled={!url.trim()}>
            Insert
          </button>
        </>
      }
    >
      <form id="insert-link-form" onSubmit={submit}>
        <label htmlFor="insert-link-url" className="label">
          URL
        </label>
        <input
          id="insert-link-url"
          className="input"
          type="text"
          inputMode="url"
          placeholder="Enter URL"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          data-autofocus
        />
        <p className="mt-2 text-xs text-slate-500">
          Links may use http, https, mailto or tel, or a path on this site such as /tours.
        </p>
      </form>
    </Modal>
  );
}
