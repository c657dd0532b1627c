import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Modal } from './modal';

export interface ConfirmOptions {
  /** The spec's sentence, e.g. 'Are you sure you want to delete this post?' */
  message: string;
  title?: string;
  confirmLabel?: string;
  tone?: 'danger' | 'primary';
  /** A second way to go on, beside the confirm button (a translation alone, or its whole group): answers 'alternative'. */
  alternativeLabel?: string;
}

/** true: confirmed; 'alternative': the second way chosen; false: cancelled. */
export type ConfirmAnswer = boolean | 'alternative';
type Confirm = (options: ConfirmOptions) => Promise<ConfirmAnswer>;
const ConfirmContext = createContext<Confirm | null>(null);

/** One confirmation dialog for the whole app; `await confirm({ message })` answers true or false. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((answer: ConfirmAnswer) => void) | null>(null);

  const confirm = useCallback<Confirm>((next) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<ConfirmAnswer>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: ConfirmAnswer) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal
        open={options !== null}
        title={options?.title ?? 'Please confirm'}
        onClose={() => answer(false)}
        size="sm"
        role="alertdialog"
        footer={
          <>
            <button type="button" className="btn-secondary" onClick={() => answer(false)} data-autofocus>
              Cancel
            </button>
            {options?.alternativeLabel && (
              <button type="button" className="btn-danger" onClick={() => answer('alternative')}>
                {options.alternativeLabel}
              </button>
            )}
            <button
              type="button"
              className={options?.tone === 'primary' ? 'btn-primary' : 'btn-danger'}
              onClick={() => answer(true)}
            >
              {options?.confirmLabel ?? 'Delete'}
            </button>
          </>
        }
      >
        <p className="text-sm text-slate-700">{options?.message}</p>
      </Modal>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used within a ConfirmProvider');
  return confirm;
}
