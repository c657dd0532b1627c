import { useCallback, useSyncExternalStore } from 'react';

/** The admin's phone layout: below Tailwind's `md`, where the sidebar becomes a menu (admin-layout.tsx). */
export const PHONE_WIDTH = '(max-width: 767px)';

/**
 * Whether the viewport matches a media query, kept current as the window is resized or turned. False where the
 * environment has no `matchMedia` (a document without layout), so what it adds is only ever added where it shows.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(query).matches ?? false);
}
