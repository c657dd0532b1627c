import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { FRAME_SANDBOX, FRAME_URLS, type EditorCommand, type FormatState } from '@tours-cms/contract';
import { clampFrameHeight, useFrameChannel } from '../../content-frame/use-frame-channel';

export interface CanvasFrameHandle {
  command(command: EditorCommand): void;
  focus(): void;
}

interface CanvasFrameProps {
  html: string;
  placeholder: string;
  minHeight: number;
  /** The user edited the content in the canvas. */
  onEdit(html: string): void;
  onSelection(state: FormatState): void;
  onShortcut(action: 'undo' | 'redo'): void;
}

/**
 * The editing canvas (/frame/canvas.html): a contentEditable document in a sandboxed frame, so the content's
 * scripts and widgets run there and never in the admin. The content goes in by message when the frame is ready
 * and whenever it changes from outside (another mode, undo); edits come back as messages.
 */
export const CanvasFrame = forwardRef<CanvasFrameHandle, CanvasFrameProps>(function CanvasFrame(
  { html, placeholder, minHeight, onEdit, onSelection, onShortcut },
  ref,
) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(minHeight);
  /**
   * The contents the canvas reported that may still come back as the html prop. The admin renders them a little
   * later than the canvas sends them, so an older one can arrive after a newer was sent: none of them is a change
   * from outside, and sending one back would undo the user's latest keystrokes.
   */
  const echoes = useRef<string[]>([]);
  const sentFor = useRef(0);
  const hasFocus = useFrameFocus(frameRef);
  const { readyCount, post } = useFrameChannel(frameRef, (message) => {
    if (message.type === 'change') {
      echoes.current.push(message.html);
      if (echoes.current.length > 100) echoes.current.shift();
      onEdit(message.html);
    } else if (message.type === 'selection') onSelection(message.state);
    else if (message.type === 'shortcut') onShortcut(message.action);
    else if (message.type === 'resize') setHeight(clampFrameHeight(message.height));
  });

  useEffect(() => {
    if (readyCount === 0) return;
    const echo = echoes.current.indexOf(html);
    if (sentFor.current === readyCount && echo >= 0) {
      echoes.current.splice(0, echo + 1);
      return;
    }
    // A new frame document, or content changed elsewhere (code mode, undo): the canvas takes it as it is.
    sentFor.current = readyCount;
    echoes.current = [];
    post({ type: 'edit', html, placeholder });
  }, [readyCount, html, placeholder, post]);

  useImperativeHandle(
    ref,
    () => ({
      command(command) {
        post({ type: 'command', command });
        frameRef.current?.focus();
      },
      focus() {
        frameRef.current?.focus();
        post({ type: 'command', command: { name: 'focus' } });
      },
    }),
    [post],
  );

  return (
    <iframe
      ref={frameRef}
      src={FRAME_URLS.canvas}
      sandbox={FRAME_SANDBOX}
      title="Rich text editing area"
      className={`block w-full border-0 bg-white ${hasFocus ? 'outline-2 -outline-offset-2 outline-blue-600' : ''}`}
      style={{ height: Math.max(minHeight, height) }}
    />
  );
});

/**
 * Whether the keyboard focus is in the frame. The frame element never matches :focus or :focus-within while its
 * (cross-origin) document has the focus, so the ring the rest of the admin gets from CSS is drawn from this.
 * Focus moving into the frame blurs this window with the frame as the active element; coming back fires focus.
 */
function useFrameFocus(frameRef: React.RefObject<HTMLIFrameElement | null>): boolean {
  const [hasFocus, setHasFocus] = useState(false);
  useEffect(() => {
    const check = () => setHasFocus(document.activeElement !== null && document.activeElement === frameRef.current);
    window.addEventListener('blur', check);
    window.addEventListener('focus', check);
    document.addEventListener('focusin', check);
    return () => {
      window.removeEventListener('blur', check);
      window.removeEventListener('focus', check);
      document.removeEventListener('focusin', check);
    };
  }, [frameRef]);
  return hasFocus;
}
