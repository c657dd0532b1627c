import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CheckCircle2, XCircle, X } from 'lucide-react';

interface Notice {
  id: number;
  kind: 'error' | 'success';
  message: string;
}

export interface Notify {
  /** The spec's "alerts", e.g. 'Error creating post. Please try again.', announced to screen readers. */
  error(message: string): void;
  success(message: string): void;
}

const NotifyContext = createContext<Notify | null>(null);
/** Offers an element inside an open modal dialog to show notices in; answers the function that withdraws it. */
type NoticeHostRegistry = (host: HTMLElement) => () => void;
const NoticeHostContext = createContext<NoticeHostRegistry | null>(null);
const LIFETIME_MS = { error: 8_000, success: 4_000 } as const;

/** Messages in the corner of the screen instead of blocking window.alert boxes. */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(1);
  // Each notice's timer, so none fires after the provider is gone (a state update on an unmounted tree).
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const dismiss = useCallback((id: number) => setNotices((all) => all.filter((n) => n.id !== id)), []);
  const push = useCallback(
    (kind: Notice['kind'], message: string) => {
      const id = nextId.current++;
      setNotices((all) => [...all.slice(-3), { id, kind, message }]);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, LIFETIME_MS[kind]);
      timers.current.add(timer);
    },
    [dismiss],
  );
  const notify = useMemo<Notify>(
    () => ({ error: (m) => push('error', m), success: (m) => push('success', m) }),
    [push],
  );

  // A modal dialog makes the rest of the page inert: notices outside it would be dimmed, out of reach and never
  // announced (a failed save in the 'Add New User' dialog, say). So while one is open they show inside it.
  const [hosts, setHosts] = useState<HTMLElement[]>([]);
  const registerHost = useCallback<NoticeHostRegistry>((host) => {
    setHosts((all) => [...all, host]);
    return () => setHosts((all) => all.filter((h) => h !== host));
  }, []);
  const host = hosts.at(-1);

  const region = (
    <div className="pointer-events-none fixed bottom-4 right-4 z-50 flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2">
      {notices.map((notice) => (
        <div
          key={notice.id}
          role={notice.kind === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${
            notice.kind === 'error'
              ? 'border-red-200 bg-red-50 text-red-800'
              : 'border-green-200 bg-green-50 text-green-800'
          }`}
        >
          {notice.kind === 'error' ? (
            <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          ) : (
            <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          )}
          <p className="flex-1">{notice.message}</p>
          <button
            type="button"
            onClick={() => dismiss(notice.id)}
            aria-label="Dismiss"
            className="shrink-0 rounded opacity-70 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      ))}
    </div>
  );

  return (
    <NotifyContext.Provider value={notify}>
      <NoticeHostContext.Provider value={registerHost}>
        {children}
        {host ? createPortal(region, host) : region}
      </NoticeHostContext.Provider>
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify must be used within a NotifyProvider');
  return notify;
}

/** For Modal: where an open dialog offers its notice area (null outside a NotifyProvider). */
export function useNoticeHost(): NoticeHostRegistry | null {
  return useContext(NoticeHostContext);
}
