import { useLayoutEffect, useRef, useState } from 'react';
import { FRAME_SANDBOX, SITE_CHROME_FRAME_URLS, SITE_FRAME_PROTOCOL } from '@tours-cms/contract';
import { clampFrameHeight } from '../../../components/content-frame/use-frame-channel';

const TITLES = { header: 'Site header', footer: 'Site footer' } as const;

/**
 * The site's active common header or footer, in the very frame the public site shows it in (its own address, its
 * own policy, the site's compiled styles and menus), sandboxed: its scripts never run in the admin's origin. The
 * frame reports its height (the site frame protocol); that is all that is taken from it: links inside it lead
 * nowhere from here.
 */
export function SiteChromeFrame({ part }: { part: keyof typeof SITE_CHROME_FRAME_URLS }) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(0);

  useLayoutEffect(() => {
    const listener = (event: MessageEvent<unknown>) => {
      // The frame's origin is opaque: the sender is checked by identity, and its message read as untrusted data.
      if (!frameRef.current || event.source !== frameRef.current.contentWindow) return;
      const data = event.data as { protocol?: unknown; type?: unknown; height?: unknown } | null;
      if (data?.protocol !== SITE_FRAME_PROTOCOL || data.type !== 'resize' || typeof data.height !== 'number') return;
      setHeight(clampFrameHeight(Math.ceil(data.height)));
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);

  return (
    <iframe
      ref={frameRef}
      src={SITE_CHROME_FRAME_URLS[part]}
      sandbox={FRAME_SANDBOX}
      title={TITLES[part]}
      className="block w-full border-0 bg-white"
      style={{ height }}
    />
  );
}
