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
];
