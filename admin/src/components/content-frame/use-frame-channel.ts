import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { frameMessage, isFrameMessage, type FrameMessage, type ParentMessageBody } from '@tours-cms/contract';

/**
 * Talks to one sandboxed content frame. Messages count only when they come from that frame's
 * window (its origin is opaque, so the sender is checked by identity) and have the protocol's shape; even then
 * they are data from content that may run scripts, never commands.
 *
 * `readyCount` goes up each time a frame document's runtime announces itself (the first load, or a reload), so
 * effects that depend on it send their content again to each new document.
 */
export function useFrameChannel(
  frameRef: RefObject<HTMLIFrameElement | null>,
  onMessage?: (message: FrameMessage) => void,
) {
  const [readyCount, setReadyCount] = useState(0);
  const onMessageRef = useRef(onMessage);
  // Layout effects, so the listener (and the latest handler) are in place in the same commit that puts the frame
  // in the document: a passive effect runs later, and a message arriving in between would be lost.
  useLayoutEffect(() => {
    onMessageRef.current = onMessage;
  });

  useLayoutEffect(() => {
    const listener = (event: MessageEvent) => {
      const frame = frameRef.current;
      if (!frame || event.source !== frame.contentWindow || !isFrameMessage(event.data)) return;
      if (event.data.type === 'ready') setReadyCount((n) => n + 1);
      onMessageRef.current?.(event.data);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [frameRef]);

  const post = useCallback(
    (body: ParentMessageBody) => {
      // '*' because the frame's origin is opaque and cannot be named; what is sent is the content being edited.
      frameRef.current?.contentWindow?.postMessage(frameMessage(body), '*');
    },
    [frameRef],
  );

  return { readyCount, ready: readyCount > 0, post };
}

/** A frame may ask to grow with its content, within reason: content scripts can post any number. */
export const MAX_FRAME_HEIGHT = 20_000;
export const clampFrameHeight = (height: number) => Math.min(Math.max(0, height), MAX_FRAME_HEIGHT);
