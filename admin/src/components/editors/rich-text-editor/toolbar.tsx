import { useId, type ReactNode } from 'react';
import {
  AlignCenter,
  AlignLeft,
  AlignRight,
  Bold,
  Code2,
  ImagePlus,
  Images,
  LayoutTemplate,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Ship,
  Underline,
  Undo2,
} from 'lucide-react';
import type { BlockFormat, EditorCommand, FontSize, FormatState } from '@tours-cms/contract';
import { ColourPicker } from './colour-picker';

const BLOCK_OPTIONS: { value: BlockFormat; label: string }[] = [
  { value: 'p', label: 'Paragraph' },
  { value: 'h1', label: 'Heading 1' },
  { value: 'h2', label: 'Heading 2' },
  { value: 'h3', label: 'Heading 3' },
  { value: 'h4', label: 'Heading 4' },
  { value: 'h5', label: 'Heading 5' },
  { value: 'h6', label: 'Heading 6' },
];
/** Small=1, Normal=3, Large=5, Extra Large=7. */
const FONT_SIZE_OPTIONS: { value: FontSize; label: string }[] = [
  { value: '1', label: 'Small' },
  { value: '3', label: 'Normal' },
  { value: '5', label: 'Large' },
  { value: '7', label: 'Extra Large' },
];

export const EMPTY_FORMAT_STATE: FormatState = {
  bold: false,
  italic: false,
  underline: false,
  unorderedList: false,
  orderedList: false,
  block: 'p',
  align: 'left',
};

function ToolButton({
  label,
  shortcut,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  shortcut?: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`icon-btn disabled:cursor-not-allowed disabled:opacity-40 ${active ? 'bg-blue-100 text-blue-700 hover:bg-blue-100' : ''}`}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      aria-keyshortcuts={shortcut}
      title={shortcut ? `${label} (${shortcut.replace('Control+', 'Ctrl+')})` : label}
      disabled={disabled}
      // Keep the canvas's selection: the button never takes focus away on a mouse press.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

const Divider = () => <span className="mx-1 h-6 w-px bg-slate-200" aria-hidden="true" />;

interface ToolbarProps {
  state: FormatState;
  canUndo: boolean;
  canRedo: boolean;
  onCommand: (command: EditorCommand) => void;
  onUndo: () => void;
  onRedo: () => void;
  onLink: () => void;
  onImage: () => void;
  onCodeBlock: () => void;
  /** Shown when the editor may open the media library. */
  onMedia?: () => void;
  /** Shown when the content may place modules and Tours blocks. */
  onModule?: () => void;
  onTours?: () => void;
}

/** The rich text toolbar, in its order: format, size, colour, B/I/U, lists, alignment, quote, undo, redo, link, image, code. */
export function Toolbar({
  state,
  canUndo,
  canRedo,
  onCommand,
  onUndo,
  onRedo,
  onLink,
  onImage,
  onCodeBlock,
  onMedia,
  onModule,
  onTours,
}: ToolbarProps) {
  const icon = 'h-4 w-4';
  const id = useId();
  return (
    <div
      role="toolbar"
      aria-label="Editor toolbar"
      className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-slate-50 px-2 py-1.5"
    >
      <label className="sr-only" htmlFor={`${id}-format`}>
        Format
      </label>
      <select
        id={`${id}-format`}
        className="input w-32 py-1 text-xs"
        value={state.block === 'other' ? '' : state.block}
        onChange={(e) => onCommand({ name: 'formatBlock', value: e.target.value as BlockFormat })}
      >
        {state.block === 'other' && <option value="">Format</option>}
        {BLOCK_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <label className="sr-only" htmlFor={`${id}-size`}>
        Font size
      </label>
      <select
        id={`${id}-size`}
        className="input w-28 py-1 text-xs"
        defaultValue=""
        onChange={(e) => {
          if (e.target.value) onCommand({ name: 'fontSize', value: e.target.value as FontSize });
          e.target.value = '';
        }}
      >
        <option value="" disabled>
          Size
        </option>
        {FONT_SIZE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ColourPicker onPick={(value) => onCommand({ name: 'foreColor', value })} />
      <Divider />
      <ToolButton label="Bold" shortcut="Control+B" active={state.bold} onClick={() => onCommand({ name: 'bold' })}>
        <Bold className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton
        label="Italic"
        shortcut="Control+I"
        active={state.italic}
        onClick={() => onCommand({ name: 'italic' })}
      >
        <Italic className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton
        label="Underline"
        shortcut="Control+U"
        active={state.underline}
        onClick={() => onCommand({ name: 'underline' })}
      >
        <Underline className={icon} aria-hidden="true" />
      </ToolButton>
      <Divider />
      <ToolButton
        label="Bullet list"
        active={state.unorderedList}
        onClick={() => onCommand({ name: 'insertUnorderedList' })}
      >
        <List className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton
        label="Numbered list"
        active={state.orderedList}
        onClick={() => onCommand({ name: 'insertOrderedList' })}
      >
        <ListOrdered className={icon} aria-hidden="true" />
      </ToolButton>
      <Divider />
      <ToolButton label="Align left" active={state.align === 'left'} onClick={() => onCommand({ name: 'justifyLeft' })}>
        <AlignLeft className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton
        label="Align centre"
        active={state.align === 'center'}
        onClick={() => onCommand({ name: 'justifyCenter' })}
      >
        <AlignCenter className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton
        label="Align right"
        active={state.align === 'right'}
        onClick={() => onCommand({ name: 'justifyRight' })}
      >
        <AlignRight className={icon} aria-hidden="true" />
      </ToolButton>
      <Divider />
      <ToolButton label="Quote" onClick={() => onCommand({ name: 'blockquote' })}>
        <Quote className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Undo" shortcut="Control+Z" disabled={!canUndo} onClick={onUndo}>
        <Undo2 className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Redo" shortcut="Control+Y" disabled={!canRedo} onClick={onRedo}>
        <Redo2 className={icon} aria-hidden="true" />
      </ToolButton>
      <Divider />
      <ToolButton label="Insert link" onClick={onLink}>
        <Link2 className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Insert image" onClick={onImage}>
        <ImagePlus className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Insert code block" onClick={onCodeBlock}>
        <Code2 className={icon} aria-hidden="true" />
      </ToolButton>
      {onMedia && (
        <ToolButton label="Insert from the media library" onClick={onMedia}>
          <Images className={icon} aria-hidden="true" />
        </ToolButton>
      )}
      {onModule && (
        <ToolButton label="Insert module" onClick={onModule}>
          <LayoutTemplate className={icon} aria-hidden="true" />
        </ToolButton>
      )}
      {onTours && (
        <ToolButton label="Insert tours" onClick={onTours}>
          <Ship className={icon} aria-hidden="true" />
        </ToolButton>
      )}
    </div>
  );
}
