import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  mediaEmbedHtml,
  modulePlacementHtml,
  toursBlockHtml,
  type EditorCommand,
  type FormatState,
} from '@tours-cms/contract';
import { MediaSelector } from '../../media-selector/media-selector';
import { CodeEditor } from '../code-editor/code-editor';
import type { CodeLanguage } from '../code-editor/languages';
import { CanvasFrame, type CanvasFrameHandle } from './canvas-frame';
import { EMPTY_FORMAT_STATE, Toolbar } from './toolbar';
import { LinkDialog } from '../link-dialog';
import { ModuleDialog } from '../module-dialog';
import { ToursBlockDialog } from '../tours-block-dialog';
import { PromptDialog } from './prompt-dialog';
import {
  canRedo,
  canUndo,
  createHistory,
  currentValue,
  recordEdit,
  redo,
  undo,
  type UndoHistory,
} from './undo-history';
import { SegmentedControl } from '../../ui/segmented-control';

export const RICH_TEXT_MODES = ['rich', 'code', 'split'] as const;
export type RichTextMode = (typeof RICH_TEXT_MODES)[number];
const MODE_LABELS: Record<RichTextMode, string> = { rich: 'Rich Text', code: 'Code Editor', split: 'Split View' };
/** The rich text editor is at least 400 px high. */
export const RICH_TEXT_MIN_HEIGHT = 400;

export interface RichTextEditorHandle {
  /** Inserts HTML at the caret (the media selector's image, video or download link). */
  insertHTML(html: string): void;
  focus(): void;
}

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  minHeight?: number;
  defaultMode?: RichTextMode;
  /** Offer the media library in the toolbar (a chosen file goes in at the caret). On by default. */
  mediaLibrary?: boolean;
  /** Offer the site's modules and a Tours block in the toolbar (placed after the caret's block; pages). Off by default. */
  modules?: boolean;
}

type Dialog = 'link' | 'image' | 'code' | 'media' | 'module' | 'tours' | null;

/**
 * The rich text editor: a canvas in a sandboxed frame that keeps arbitrary layout
 * HTML, the spec's toolbar and shortcuts, and the Rich Text, Code Editor and Split View modes over one value, so
 * switching modes loses nothing. The history (100 steps, merging within 1000 ms) lives here, across modes.
 */
export const RichTextEditor = forwardRef<RichTextEditorHandle, RichTextEditorProps>(function RichTextEditor(
  {
    value,
    onChange,
    placeholder = 'Start writing...',
    minHeight = RICH_TEXT_MIN_HEIGHT,
    defaultMode = 'rich',
    mediaLibrary = true,
    modules = false,
  },
  ref,
) {
  const [mode, setMode] = useState<RichTextMode>(defaultMode);
  const [codeLanguage, setCodeLanguage] = useState<CodeLanguage>('html');
  const [format, setFormat] = useState<FormatState>(EMPTY_FORMAT_STATE);
  const [dialog, setDialog] = useState<Dialog>(null);
  const canvasRef = useRef<CanvasFrameHandle>(null);
  const [history, setHistory] = useState<UndoHistory<string>>(() => createHistory(value));

  // A value set from outside (a record loaded after mount) starts a new history rather than an undo step.
  if (currentValue(history) !== value) setHistory(createHistory(value));

  const edit = (html: string) => {
    setHistory((h) => recordEdit(h, html, Date.now()));
    onChange(html);
  };

  const travel = (direction: 'undo' | 'redo') => {
    const next = direction === 'undo' ? undo(history) : redo(history);
    if (next === history) return;
    setHistory(next);
    onChange(currentValue(next));
  };

  const command = (c: EditorCommand) => canvasRef.current?.command(c);
  const closeDialog = () => {
    setDialog(null);
    canvasRef.current?.focus();
  };

  useImperativeHandle(ref, () => ({
    insertHTML(html) {
      if (mode === 'code') setMode('split');
      // The canvas mounts with the mode change; a frame that is not ready yet ignores the message.
      canvasRef.current?.command({ name: 'insertHTML', value: html });
    },
    focus() {
      canvasRef.current?.focus();
    },
  }));

  const canvas = (
    <div className="min-w-0">
      <Toolbar
        state={format}
        canUndo={canUndo(history)}
        canRedo={canRedo(history)}
        onCommand={command}
        onUndo={() => travel('undo')}
        onRedo={() => travel('redo')}
        onLink={() => setDialog('link')}
        onImage={() => setDialog('image')}
        onCodeBlock={() => setDialog('code')}
        onMedia={mediaLibrary ? () => setDialog('media') : undefined}
        onModule={modules ? () => setDialog('module') : undefined}
        onTours={modules ? () => setDialog('tours') : undefined}
      />
      <CanvasFrame
        ref={canvasRef}
        html={value}
        placeholder={placeholder}
        minHeight={minHeight}
        onEdit={edit}
        onSelection={setFormat}
        onShortcut={travel}
      />
    </div>
  );
  const code = (
    <CodeEditor
      value={value}
      onChange={edit}
      language={codeLanguage}
      onLanguageChange={setCodeLanguage}
      height={minHeight}
      label="Content code"
      viewModes={['code']}
    />
  );

  return (
    <div className="overflow-hidden rounded-lg border border-slate-300 bg-white">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
        <SegmentedControl
          label="Editor mode"
          options={RICH_TEXT_MODES.map((m) => ({ value: m, label: MODE_LABELS[m] }))}
          value={mode}
          onChange={setMode}
        />
        <span className="hidden text-xs text-slate-500 sm:inline">Scripts and widgets run in a sandbox</span>
      </div>
      {mode === 'rich' && canvas}
      {mode === 'code' && <div className="p-2">{code}</div>}
      {mode === 'split' && (
        <div className="grid grid-cols-1 divide-y divide-slate-200 xl:grid-cols-2 xl:divide-x xl:divide-y-0">
          <div className="min-w-0 p-2">{code}</div>
          {canvas}
        </div>
      )}
      {/* In a portal: the editor sits inside the builder's <form>, and forms must not nest. */}
      {dialog !== null &&
        createPortal(
          <>
            {dialog === 'link' && (
              <LinkDialog
                onClose={closeDialog}
                onInsert={({ href, ...options }) => {
                  setDialog(null);
                  command({ name: 'createLink', value: href, ...options });
                }}
              />
            )}
            {dialog === 'image' && (
              <PromptDialog
                title="Insert Image"
                label="Enter image URL:"
                onClose={closeDialog}
                onSubmit={(url) => {
                  setDialog(null);
                  command({ name: 'insertImage', value: url });
                }}
              />
            )}
            {dialog === 'module' && (
              <ModuleDialog
                onClose={closeDialog}
                onInsert={(module) => {
                  setDialog(null);
                  command({ name: 'insertPlacement', value: modulePlacementHtml(module) });
                }}
              />
            )}
            {dialog === 'tours' && (
              <ToursBlockDialog
                onClose={closeDialog}
                onInsert={(block) => {
                  setDialog(null);
                  command({ name: 'insertPlacement', value: toursBlockHtml(block) });
                }}
              />
            )}
            {dialog === 'media' && (
              <MediaSelector
                onClose={closeDialog}
                onSelect={(url, item) => {
                  setDialog(null);
                  command({ name: 'insertHTML', value: mediaEmbedHtml(url, item) });
                }}
              />
            )}
            {dialog === 'code' && (
              <PromptDialog
                title="Insert Code Block"
                label="Enter your code:"
                multiline
                onClose={closeDialog}
                onSubmit={(text) => {
                  setDialog(null);
                  command({ name: 'insertCodeBlock', value: text });
                }}
              />
            )}
          </>,
          document.body,
        )}
    </div>
  );
});
