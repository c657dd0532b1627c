import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { FRAME_SANDBOX, FRAME_URLS } from '@tours-cms/contract';
import { clampFrameHeight, useFrameChannel } from './use-frame-channel';

export interface ContentFrameProps {
  /** The HTML to show; its scripts run and its widgets work, inside the sandbox only. */
  html: string;
  /** The frame's accessible name. */
  title: string;
  className?: string;
  style?: CSSProperties;
  /** Grow with the content (at least minHeight) instead of a fixed height. */
  autoHeight?: boolean;
  minHeight?: number;
  /** Leave the preview out of the tab order and ignore pointer events (a thumbnail). */
  inert?: boolean;
}

/**
 * A render-only sandboxed frame (/frame/preview.html): the content is sent by message once the
 * frame's runtime is ready, and again whenever it changes. Never srcdoc, which would run under the admin's policy.
 */
export function ContentFrame({
  html,
  title,
  className = '',
  style,
  autoHeight = false,
  minHeight = 0,
  inert = false,
}: ContentFrameProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  const { readyCount, post } = useFrameChannel(frameRef, (message) => {
    if (message.type === 'resize' && autoHeight) setHeight(clampFrameHeight(message.height));
  });

  useEffect(() => {
    if (readyCount > 0) post({ type: 'render', html });
  }, [readyCount, html, post]);

  const sized: CSSProperties = autoHeight ? { height: Math.max(minHeight, height ?? 0) || minHeight || undefined } : {};
  return (
    <iframe
      ref={frameRef}
      src={FRAME_URLS.preview}
      sandbox={FRAME_SANDBOX}
      title={title}
      tabIndex={inert ? -1 : undefined}
      aria-hidden={inert || undefined}
      className={`block w-full border-0 bg-white ${inert ? 'pointer-events-none' : ''} ${className}`}
      style={{ ...sized, ...style }}
    />
  );
}
