import { forwardRef, lazy, Suspense } from 'react';
import { Spinner } from '../ui/spinner';
import type { RichTextEditorHandle, RichTextEditorProps } from './rich-text-editor/rich-text-editor';
import type { CodeEditorProps } from './code-editor/code-editor';

/*
 * The editors load on first use, in chunks of their own (CodeMirror alone is large), so no screen pays for them
 * until it shows one. Prettier is split further still: it loads only on "format document".
 */
const RichTextEditorChunk = lazy(() =>
  import('./rich-text-editor/rich-text-editor').then((m) => ({ default: m.RichTextEditor })),
);
const CodeEditorChunk = lazy(() => import('./code-editor/code-editor').then((m) => ({ default: m.CodeEditor })));

function EditorLoading({ height }: { height: number }) {
  return (
    <div
      className="flex items-center justify-center rounded-lg border border-slate-300 bg-white"
      style={{ minHeight: height }}
    >
      <Spinner label="Loading editor" />
    </div>
  );
}

export const LazyRichTextEditor = forwardRef<RichTextEditorHandle, RichTextEditorProps>(
  function LazyRichTextEditor(props, ref) {
    return (
      <Suspense fallback={<EditorLoading height={(props.minHeight ?? 400) + 48} />}>
        <RichTextEditorChunk ref={ref} {...props} />
      </Suspense>
    );
  },
);

export function LazyCodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<EditorLoading height={(props.height ?? 400) + 80} />}>
      <CodeEditorChunk {...props} />
    </Suspense>
  );
}

export type { RichTextEditorHandle, RichTextEditorProps, CodeEditorProps };
