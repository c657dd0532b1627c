import { useState, type ReactNode } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Bold,
  Code2,
  Image as ImageIcon,
  Italic,
  LayoutTemplate,
  Link2,
  List,
  ListOrdered,
  Quote,
  RemoveFormatting,
  Ship,
  Strikethrough,
  Underline,
} from 'lucide-react';
import { isAllowedImageUrl } from './content-urls';
import {
  LINK_BUTTON_CLASS,
  linkAttributes,
  modulePlacementLabel,
  toursBlockHtml,
  type LinkChoice,
} from '@tours-cms/contract';
import { LinkDialog } from '../link-dialog';
import { ModuleDialog } from '../module-dialog';
import { ToursBlockDialog } from '../tours-block-dialog';
import { UrlPromptModal } from './url-prompt-modal';

const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;
type Level = (typeof HEADING_LEVELS)[number];
const ALIGNMENTS = [
  { value: 'left', label: 'Align left', icon: AlignLeft },
  { value: 'center', label: 'Align center', icon: AlignCenter },
  { value: 'right', label: 'Align right', icon: AlignRight },
  { value: 'justify', label: 'Justify', icon: AlignJustify },
] as const;

/** `active` makes it a toggle (announced as pressed or not); without it, a plain button (Image, Clear formatting). */
function ToolbarButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`inline-flex h-8 w-8 items-center justify-center rounded-md transition-colors ${
        active ? 'bg-blue-100 text-blue-700' : 'text-slate-600 hover:bg-slate-200 hover:text-slate-900'
      }`}
    >
      {children}
    </button>
  );
}

/** The text of the selection, for the link dialog's Text field. */
function selectedText(editor: Editor): string {
  const { from, to } = editor.state.selection;
  return editor.state.doc.textBetween(from, to, ' ');
}

/** The link at the caret as the dialog shows it: its address, text, new tab and button options. */
function linkChoiceOf(editor: Editor): LinkChoice {
  const attrs = editor.getAttributes('link') as { href?: string; target?: string; class?: string };
  let text = '';
  if (editor.isActive('link')) {
    const { state } = editor;
    const { $from } = state.selection;
    const linkType = state.schema.marks.link;
    // The whole link's text, not only the part the caret is in.
    const parent = $from.parent;
    parent.forEach((node) => {
      if (linkType && node.marks.some((mark) => mark.type === linkType && mark.attrs.href === attrs.href))
        text += node.text ?? '';
    });
  }
  return {
    href: attrs.href ?? '',
    text,
    newTab: attrs.target === '_blank',
    button: (attrs.class ?? '').split(/\s+/).includes(LINK_BUTTON_CLASS),
  };
}

const Divider = () => <span aria-hidden="true" className="mx-1 h-6 w-px bg-slate-300" />;

/** The post editor's toolbar: headings 1-6, bold, italic, underline, strike, alignment, lists, blockquote, code block, link, image, clean. */
export function EditorToolbar({ editor, modules = false }: { editor: Editor; modules?: boolean }) {
  const [prompt, setPrompt] = useState<'link' | 'image' | 'module' | 'tours' | null>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      level: (HEADING_LEVELS.find((level) => e.isActive('heading', { level })) ?? 0) as Level | 0,
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      align: ALIGNMENTS.find((a) => e.isActive({ textAlign: a.value }))?.value ?? 'left',
      orderedList: e.isActive('orderedList'),
      bulletList: e.isActive('bulletList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      linkChoice: linkChoiceOf(e),
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-2 py-1.5"
    >
      <label className="sr-only" htmlFor="post-editor-block">
        Text style
      </label>
      <select
        id="post-editor-block"
        className="mr-1 h-8 rounded-md border border-slate-300 bg-white px-2 text-sm"
        value={state.level}
        onChange={(event) => {
          const level = Number(event.target.value) as Level | 0;
          if (level === 0) chain().setParagraph().run();
          else chain().setHeading({ level }).run();
        }}
      >
        <option value={0}>Paragraph</option>
        {HEADING_LEVELS.map((level) => (
          <option key={level} value={level}>
            Heading {level}
          </option>
        ))}
      </select>
      <ToolbarButton label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <Bold className="h-4 w-4" aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic className="h-4 w-4" aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Underline" active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <Underline className="h-4 w-4" aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Strikethrough" active={state.strike} onClick={() => chain().toggleStrike().run()}>
        <Strikethrough className="h-4 w-4" aria-hidden="true" />
      </ToolbarButton>
      <Divider />
      {ALIGNMENTS.map(({ value, label, icon: Icon }) => (
        <ToolbarButton
          key={value}
          label={label}
          active={state.align === value}
          onClick={() => chain().setTextAlign(value).run()}
        >
          <Icon className="h-4 w-4" aria-hidden="true" />
        </ToolbarButton>
      ))}
      <Divider />
      <ToolbarButton label="Numbered list" active={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrdered className="h-4 w-4" aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Bullet list" active={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
        <List className="h-4 w-4" aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Quote" active={state.blockquote} onClick={() => chain().toggleBlockquote().run()}>
        <Quote className="h-4 w-4" aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Code block" active={state.codeBlock} onClick={() => chain().toggleCodeBlock().run()}>
        <Code2 className="h-4 w-4" aria-hidden="true" />
      </ToolbarButton>
      <Divider />
      <ToolbarButton label="Link" active={state.link} onClick={() => setPrompt('link')}>
        <Link2 className="h-4 w-4" aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Image" onClick={() => setPrompt('image')}>
        <ImageIcon className="h-4 w-4" aria-hidden="true" />
      </ToolbarButton>
      {modules && (
        <ToolbarButton label="Insert module" onClick={() => setPrompt('module')}>
          <LayoutTemplate className="h-4 w-4" aria-hidden="true" />
        </ToolbarButton>
      )}
      {modules && (
        <ToolbarButton label="Insert tours" onClick={() => setPrompt('tours')}>
          <Ship className="h-4 w-4" aria-hidden="true" />
        </ToolbarButton>
      )}
      <ToolbarButton
        label="Clear formatting"
        onClick={() => chain().unsetAllMarks().clearNodes().unsetTextAlign().run()}
      >
        <RemoveFormatting className="h-4 w-4" aria-hidden="true" />
      </ToolbarButton>

      {prompt === 'link' && (
        <LinkDialog
          initial={state.link ? state.linkChoice : { text: selectedText(editor) }}
          onClose={() => setPrompt(null)}
          onInsert={(choice) => {
            setPrompt(null);
            const attrs = { target: null, rel: null, class: null, ...linkAttributes(choice) };
            const current = state.link ? state.linkChoice.text : selectedText(editor);
            const text = choice.text || current || choice.href;
            const step = state.link ? chain().extendMarkRange('link') : chain();
            // The same text keeps its formatting and takes the new address and options; a new text replaces it.
            if (text === current) step.setLink(attrs).run();
            else step.insertContent({ type: 'text', text, marks: [{ type: 'link', attrs }] }).run();
          }}
        />
      )}
      {prompt === 'module' && (
        <ModuleDialog
          onClose={() => setPrompt(null)}
          onInsert={(module) => {
            setPrompt(null);
            chain()
              .insertContent({
                type: 'moduleBlock',
                attrs: { id: String(module.id), label: modulePlacementLabel(module.name) },
              })
              .run();
          }}
        />
      )}
      {prompt === 'tours' && (
        <ToursBlockDialog
          onClose={() => setPrompt(null)}
          onInsert={(block) => {
            setPrompt(null);
            // The placement's own HTML, parsed by the editor's Tours block node.
            chain().insertContent(toursBlockHtml(block)).run();
          }}
        />
      )}
      {prompt === 'image' && (
        <UrlPromptModal
          title="Insert Image"
          label="Image URL"
          placeholder="Enter image URL"
          submitLabel="Insert"
          validate={(url) =>
            isAllowedImageUrl(url) ? null : 'Images may use only http, https or data:image addresses.'
          }
          onClose={() => setPrompt(null)}
          onSubmit={(url) => {
            setPrompt(null);
            chain().setImage({ src: url }).run();
          }}
        />
      )}
    </div>
  );
}
