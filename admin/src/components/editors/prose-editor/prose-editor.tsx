import { useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import { postEditorExtensions } from './editor-extensions';
import { EditorToolbar } from './editor-toolbar';

interface Props {
  /** The id of the visible label ("Content"), announced as the editing area's name. */
  labelId: string;
  initialHtml: string;
  onChange: (html: string) => void;
  /** The editing area's least height: the post body's 400 px by default, less for an itinerary day. */
  minHeight?: number;
  /** Offer 'Insert module' (a tour's content; not the sanitised itinerary and FAQ text). */
  modules?: boolean;
}

/**
 * The post body's rich text editor (Tiptap). Uncontrolled after the first render: the form gets each change as
 * HTML, and the editor keeps its own undo history. Lazy-loaded (`LazyPostContentEditor`), so Tiptap is in no other bundle.
 */
export default function ProseEditor({ labelId, initialHtml, onChange, minHeight = 400, modules = false }: Props) {
  const [focused, setFocused] = useState(false);
  const editor = useEditor({
    extensions: postEditorExtensions,
    content: initialHtml,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: 'post-prose px-4 py-3 focus:outline-none',
        style: `min-height: ${minHeight}px`,
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onFocus: () => setFocused(true),
    onBlur: () => setFocused(false),
  });

  return (
    <div
      className={`overflow-hidden rounded-lg border bg-white shadow-sm ${
        focused ? 'border-blue-500 ring-2 ring-blue-500/30' : 'border-slate-300'
      }`}
    >
      <EditorToolbar editor={editor} modules={modules} />
      <EditorContent editor={editor} />
    </div>
  );
}
