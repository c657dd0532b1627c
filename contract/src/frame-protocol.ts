/**
 * The messages between the admin (the parent) and its sandboxed content frames (/frame/canvas.html and
 * /frame/preview.html). The frames have an opaque origin, so each side checks the sender
 * by identity instead: the admin accepts a message only when `event.source === iframe.contentWindow`, the frame
 * only when `event.source` is its parent (or its opener, for a frame opened in a window of its own) and
 * `event.origin` is the origin of the frame's own address (so another site that opens or frames it is ignored).
 *
 * Content scripts run inside those frames and can post messages too, so the admin treats every message from a
 * frame as untrusted data: it is checked with `isFrameMessage` and never carries anything that could act in the
 * admin origin. Every message is tagged with FRAME_PROTOCOL so that messages of embedded widgets are ignored.
 */
export const FRAME_PROTOCOL = 'tours-cms-frame/1';

/** The URLs of the frame documents and of the vendor files loaded inside them (served by server/src/frames). */
export const FRAME_URLS = {
  canvas: '/frame/canvas.html',
  preview: '/frame/preview.html',
  runtime: '/frame/runtime.js',
  tailwind: '/vendor/tailwind.js',
  fontAwesome: '/vendor/fontawesome/css/all.min.css',
} as const;

/** The sandbox of every content frame: scripts, forms, popups and dialogs, but never allow-same-origin. */
export const FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups allow-modals';

export const BLOCK_FORMATS = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
export type BlockFormat = (typeof BLOCK_FORMATS)[number];
/** The font sizes of the toolbar: Small=1, Normal=3, Large=5, Extra Large=7. */
export const FONT_SIZES = ['1', '3', '5', '7'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

/** One toolbar action, carried out by the canvas on its own selection. */
export type EditorCommand =
  | {
      name:
        | 'bold'
        | 'italic'
        | 'underline'
        | 'insertUnorderedList'
        | 'insertOrderedList'
        | 'justifyLeft'
        | 'justifyCenter'
        | 'justifyRight'
        | 'blockquote'
        | 'focus';
    }
  | { name: 'formatBlock'; value: BlockFormat }
  | { name: 'fontSize'; value: FontSize }
  | { name: 'foreColor'; value: string }
  /**
   * The URL is filtered again by the canvas with the protocol rules. A text replaces the selection; without one the
   * selection becomes the link (or, with nothing selected, the URL is its text). link-html.ts makes the attributes.
   */
  | { name: 'createLink'; value: string; text?: string; newTab?: boolean; button?: boolean }
  | { name: 'insertImage'; value: string }
  /** Inserted as text inside <pre><code>, never parsed as HTML. */
  | { name: 'insertCodeBlock'; value: string }
  /** A module's or a Tours block's placement (modulePlacementHtml, toursBlockHtml), after the caret's block. */
  | { name: 'insertPlacement'; value: string }
  /** Trusted HTML built by the admin (a media item's image, video or download link). */
  | { name: 'insertHTML'; value: string };

/** What the toolbar shows as active where the caret is. */
export interface FormatState {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  unorderedList: boolean;
  orderedList: boolean;
  block: BlockFormat | 'other';
  align: 'left' | 'center' | 'right' | 'other';
}

/** Admin → frame. */
export type ParentMessage =
  /** Preview: show this HTML, run its scripts and wire its widgets. */
  | { protocol: typeof FRAME_PROTOCOL; type: 'render'; html: string }
  /** Canvas: load this HTML for editing (does not answer with a change). */
  | { protocol: typeof FRAME_PROTOCOL; type: 'edit'; html: string; placeholder: string }
  | { protocol: typeof FRAME_PROTOCOL; type: 'command'; command: EditorCommand }
  /** Code editor: evaluate this JavaScript and answer with script-result. */
  | { protocol: typeof FRAME_PROTOCOL; type: 'run-script'; id: number; code: string };

/** Frame → admin. */
export type FrameMessage =
  | { protocol: typeof FRAME_PROTOCOL; type: 'ready' }
  /** The canvas's content after an edit by the user. */
  | { protocol: typeof FRAME_PROTOCOL; type: 'change'; html: string }
  | { protocol: typeof FRAME_PROTOCOL; type: 'selection'; state: FormatState }
  /** Ctrl/Cmd+Z and Ctrl/Cmd+Y (or Shift+Z) pressed in the canvas: the admin owns the history. */
  | { protocol: typeof FRAME_PROTOCOL; type: 'shortcut'; action: 'undo' | 'redo' }
  /** The height the document needs, for frames that grow with their content. */
  | { protocol: typeof FRAME_PROTOCOL; type: 'resize'; height: number }
  | { protocol: typeof FRAME_PROTOCOL; type: 'script-result'; id: number; error: string | null };

type Body<M> = M extends unknown ? Omit<M, 'protocol'> : never;
export type ParentMessageBody = Body<ParentMessage>;
export type FrameMessageBody = Body<FrameMessage>;

/** Tags a message body with the protocol. */
export function frameMessage<M extends ParentMessageBody | FrameMessageBody>(
  body: M,
): M & { protocol: typeof FRAME_PROTOCOL } {
  return { ...body, protocol: FRAME_PROTOCOL };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isBool = (value: unknown) => typeof value === 'boolean';

function isFormatState(value: unknown): value is FormatState {
  return (
    isRecord(value) &&
    isBool(value.bold) &&
    isBool(value.italic) &&
    isBool(value.underline) &&
    isBool(value.unorderedList) &&
    isBool(value.orderedList) &&
    typeof value.block === 'string' &&
    typeof value.align === 'string'
  );
}

/** True when data is a well-formed message from a frame; anything else (a widget's own message) is ignored. */
export function isFrameMessage(data: unknown): data is FrameMessage {
  if (!isRecord(data) || data.protocol !== FRAME_PROTOCOL) return false;
  switch (data.type) {
    case 'ready':
      return true;
    case 'change':
      return typeof data.html === 'string';
    case 'selection':
      return isFormatState(data.state);
    case 'shortcut':
      return data.action === 'undo' || data.action === 'redo';
    case 'resize':
      return typeof data.height === 'number' && Number.isFinite(data.height) && data.height >= 0;
    case 'script-result':
      return typeof data.id === 'number' && (data.error === null || typeof data.error === 'string');
    default:
      return false;
  }
}

/** True when data is a message from the admin; the frame also checks that it came from its parent. */
export function isParentMessage(data: unknown): data is ParentMessage {
  if (!isRecord(data) || data.protocol !== FRAME_PROTOCOL) return false;
  switch (data.type) {
    case 'render':
      return typeof data.html === 'string';
    case 'edit':
      return typeof data.html === 'string' && typeof data.placeholder === 'string';
    case 'command':
      return isRecord(data.command) && typeof data.command.name === 'string';
    case 'run-script':
      return typeof data.id === 'number' && typeof data.code === 'string';
    default:
      return false;
  }
}
