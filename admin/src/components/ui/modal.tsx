import { useCallback, useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { useNoticeHost } from './notify';

const SIZES = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-3xl', xl: 'max-w-6xl' } as const;

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: keyof typeof SIZES;
  role?: 'dialog' | 'alertdialog';
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays inside), Escape
 * closes it, and focus goes back to whatever opened it. Focus starts on the element marked `data-autofocus`
 * (React's `autoFocus` cannot work here: it fires while the dialog is still closed), else on the first control.
 */
export function Modal({ open, title, onClose, children, footer, size = 'md', role = 'dialog' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // Notices raised while the dialog is open show inside it: the page behind is inert.
  const registerNoticeHost = useNoticeHost();
  const noticeHostRef = useCallback(
    (host: HTMLDivElement | null) => (host && registerNoticeHost ? registerNoticeHost(host) : undefined),
    [registerNoticeHost],
  );

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
      if (opener.current instanceof HTMLElement) opener.current.focus();
    };
  }, []);

  useEffect(() => {
    if (!open && opener.current instanceof HTMLElement) {
      opener.current.focus();
      opener.current = null;
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${SIZES[size]} rounded-xl bg-white p-0 text-slate-900 shadow-2xl`}
    >
      {open && (
        <div className="flex max-h-[90vh] flex-col">
          <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button type="button" className="icon-btn" onClick={() => onCloseRef.current()} aria-label="Close">
              <X className="h-5 w-5" aria-hidden="true" />
            </button>
          </div>
          <div className="overflow-y-auto px-6 py-5">{children}</div>
          {footer && (
            <div className="flex justify-end gap-2 border-t border-slate-200 bg-slate-50 px-6 py-3">{footer}</div>
          )}
        </div>
      )}
      {open && <div ref={noticeHostRef} />}
    </dialog>
  );
}
