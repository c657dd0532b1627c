import { mergeAttributes, Node } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import TextAlign from '@tiptap/extension-text-align';
import Image from '@tiptap/extension-image';
import { EDITOR_HISTORY_DEPTH, EDITOR_HISTORY_MERGE_MS } from '@tours-cms/contract';
import { isAllowedImageUrl, isAllowedLinkUrl } from './content-urls';

/** Images whose address breaks the spec's protocol rule are kept, but blank. */
const SafeImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      src: {
        default: null,
        parseHTML: (element: HTMLElement) => {
          const src = element.getAttribute('src');
          return src && isAllowedImageUrl(src) ? src : '';
        },
      },
    };
  },
}).configure({ allowBase64: true });

/**
 * A module placed in the content (contract modulePlacementHtml): one block the editor moves or deletes whole, named
 * by its text; the site shows the module there.
 */
export const ModuleBlock = Node.create({
  name: 'moduleBlock',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return {
      id: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute('data-module'),
        renderHTML: (attributes: { id: string | null }) => ({ 'data-module': attributes.id }),
      },
      label: {
        default: '',
        parseHTML: (element: HTMLElement) => element.textContent ?? '',
        renderHTML: () => ({}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-module]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['div', mergeAttributes(HTMLAttributes, { contenteditable: 'false' }), String(node.attrs.label)];
  },
});

/** A "Tours" block placed in the content (contract toursBlockHtml): its settings kept as the placement's attributes. */
export const ToursBlockNode = Node.create({
  name: 'toursBlock',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    const data = (name: string) => ({
      default: null,
      parseHTML: (element: HTMLElement) => element.getAttribute(`data-${name}`),
      renderHTML: (attributes: Record<string, string | null>) =>
        attributes[name] === null ? {} : { [`data-${name}`]: attributes[name] },
    });
    return {
      tours: data('tours'),
      category: data('category'),
      count: data('count'),
      ids: data('ids'),
      label: {
        default: '',
        parseHTML: (element: HTMLElement) => element.textContent ?? '',
        renderHTML: () => ({}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-tours]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['div', mergeAttributes(HTMLAttributes, { contenteditable: 'false' }), String(node.attrs.label)];
  },
});

/**
 * The post editor's schema: headings 1-6, bold, italic, underline, strike, alignment, lists, blockquote, code
 * block, links and images; undo history of 100 steps that merges edits within 1000 ms.
 */
export const postEditorExtensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4, 5, 6] },
    undoRedo: { depth: EDITOR_HISTORY_DEPTH, newGroupDelay: EDITOR_HISTORY_MERGE_MS },
    horizontalRule: false,
    code: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['mailto', 'tel'],
      isAllowedUri: (url) => isAllowedLinkUrl(url),
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
    },
  }),
  TextAlign.configure({ types: ['heading', 'paragraph'] }),
  SafeImage,
  ModuleBlock,
  ToursBlockNode,
];
