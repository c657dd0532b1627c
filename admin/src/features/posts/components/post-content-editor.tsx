import { useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import { postEditorExtensions } from './editor-extensions';
import { EditorToolbar } from './editor-toolbar';

interface Props {
  /** The id of the visible label ("Content"), announced as the editing area's name. */
  labelId: string;
  initialHtml: string;
  onChange: (html: string) => void;
}

/**
 * The post body's rich text editor (Tiptap). Uncontrolled after the first render: the form gets each change as
 * HTML, and the editor keeps its own undo history. Lazy-loaded by the post form, so Tiptap is in no other bundle.
 */
export default function PostContentEditor({ labelId, initialHtml, onChange }: Props) {
  const [focused, setFocused] = useState(false);
  const editor = useEditor({
    extensions: postEditorExtensions,
    content: initialHtml,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: 'post-prose min-h-[400px] px-4 py-3 focus:outline-none',
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
      <EditorToolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}
