import { useId, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { filterLinkUrl, type LinkChoice } from '@tours-cms/contract';
import { Modal } from '../ui/modal';
import { ModalFormFooter } from '../ui/modal-form-footer';

export const LINK_REFUSED = 'Links may use only http, https, mailto or tel addresses.';

interface Props {
  /** The link being edited, or the selected text of a new one. */
  initial?: Partial<LinkChoice>;
  onInsert: (choice: LinkChoice) => void;
  onClose: () => void;
}

/**
 * 'Insert Link' dialog of both editors: the URL ('Enter URL'), the link's text, "Open in a new tab" and "Show as a
 * button" (the site styles such a link as a button); Insert and Cancel. Nothing is inserted without a URL, and an
 * address outside the protocol rule (javascript:, data:...) is refused at the field. Rendered into the body: the
 * editors sit inside their screen's own form, and forms cannot nest.
 */
export function LinkDialog({ initial = {}, onInsert, onClose }: Props) {
  const [href, setHref] = useState(initial.href ?? '');
  const [text, setText] = useState(initial.text ?? '');
  const [newTab, setNewTab] = useState(initial.newTab ?? false);
  const [button, setButton] = useState(initial.button ?? false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The editor usually sits inside a form of its own (a builder's): this submit is the dialog's alone.
    event.stopPropagation();
    const url = href.trim();
    if (!url) return;
    if (!filterLinkUrl(url)) {
      setError(LINK_REFUSED);
      return;
    }
    onInsert({ href: url, text: text.trim(), newTab, button });
  };

  return createPortal(
    <Modal
      open
      title="Insert Link"
      onClose={onClose}
      size="sm"
      footer={<ModalFormFooter formId={`${id}-form`} submitLabel="Insert" disabled={!href.trim()} onCancel={onClose} />}
    >
      <form id={`${id}-form`} onSubmit={submit} className="space-y-3">
        <div>
          <label htmlFor={`${id}-url`} className="label">
            URL
          </label>
          <input
            id={`${id}-url`}
            className="input"
            type="text"
            inputMode="url"
            placeholder="Enter URL"
            value={href}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onChange={(e) => {
              setHref(e.target.value);
              setError(null);
            }}
            data-autofocus
          />
          {error ? (
            <p id={`${id}-error`} className="field-error">
              {error}
            </p>
          ) : (
            <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
              Links may use http, https, mailto or tel, or a path on this site such as /tours.
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-text`} className="label">
            Text
          </label>
          <input
            id={`${id}-text`}
            className="input"
            type="text"
            placeholder="The selected text, or the URL"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={newTab} onChange={(e) => setNewTab(e.target.checked)} />
          Open in a new tab
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={button} onChange={(e) => setButton(e.target.checked)} />
          Show as a button
        </label>
      </form>
    </Modal>,
    document.body,
  );
}
