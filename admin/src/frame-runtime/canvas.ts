import {
  BLOCK_FORMATS,
  type EditorCommand,
  type FormatState,
  type ParentMessage,
} from '../../../contract/src/frame-protocol';
import { filterImageUrl } from '../../../contract/src/url-protocols';
import { escapeHtml } from '../../../contract/src/media-embed';
import { linkAttributes, linkHtml } from '../../../contract/src/link-html';
import { ChangeTracker } from './change-tracker';
import type { HostChannel } from './host';
import { runScripts } from './run-scripts';
import { sanitizeUrls } from './sanitize-urls';
import { initWidgets } from './widgets';

const BLANK_LINK_MARK = 'about:blank#tcms-blank-link';

function queryState(command: string): boolean {
  try {
    return document.queryCommandState(command);
  } catch {
    return false;
  }
}

/**
 * The rich text editor's canvas: the content lives in a contentEditable root and keeps whatever
 * HTML it was given; the admin's toolbar drives it with commands; each edit by the user goes back as a change.
 * Ctrl/Cmd+Z and +Y go to the admin, which owns the history across modes.
 */
export function startCanvas(root: HTMLElement, channel: HostChannel): (message: ParentMessage) => void {
  const tracker = new ChangeTracker(root);
  let savedRange: Range | null = null;

  const isEmpty = () =>
    root.textContent?.trim() === '' && !root.querySelector('img, video, iframe, hr, table, input, embed, object');
  const updateEmpty = () => root.classList.toggle('tcms-empty', isEmpty());
  const emitChange = () => channel.post({ type: 'change', html: tracker.serialize() });

  function formatState(): FormatState {
    const block = String(document.queryCommandValue('formatBlock') || 'p').toLowerCase();
    return {
      bold: queryState('bold'),
      italic: queryState('italic'),
      underline: queryState('underline'),
      unorderedList: queryState('insertUnorderedList'),
      orderedList: queryState('insertOrderedList'),
      block: (BLOCK_FORMATS as readonly string[]).includes(block)
        ? (block as FormatState['block'])
        : block === 'div'
          ? 'p'
          : 'other',
      align: queryState('justifyCenter')
        ? 'center'
        : queryState('justifyRight')
          ? 'right'
          : queryState('justifyLeft')
            ? 'left'
            : 'other',
    };
  }

  function load(html: string, placeholder: string): void {
    tracker.stop();
    root.dataset.placeholder = placeholder;
    root.innerHTML = html;
    const normalised = sanitizeUrls(root);
    tracker.start();
    tracker.markAsContent(runScripts(root));
    initWidgets(root);
    updateEmpty();
    savedRange = null;
    if (normalised) emitChange();
  }

  /** The part of a selection that lies in the content (Select All may anchor it outside, on the body). */
  function rangeInRoot(range: Range): Range | null {
    if (root.contains(range.commonAncestorContainer)) return range.cloneRange();
    if (!range.intersectsNode(root)) return null;
    const clamped = document.createRange();
    clamped.selectNodeContents(root);
    if (root.contains(range.startContainer)) clamped.setStart(range.startContainer, range.startOffset);
    if (root.contains(range.endContainer)) clamped.setEnd(range.endContainer, range.endOffset);
    return clamped;
  }

  /** Puts the caret back where it was before focus left for the toolbar (or at the end of the content). */
  function restoreSelection(): void {
    if (document.hasFocus() && document.activeElement === root) return;
    root.focus({ preventScroll: true });
    const selection = document.getSelection();
    if (!selection) return;
    let range = savedRange && root.contains(savedRange.commonAncestorContainer) ? savedRange : null;
    if (!range) {
      range = document.createRange();
      range.selectNodeContents(root);
      range.collapse(false);
    }
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function insertLink(command: Extract<EditorCommand, { name: 'createLink' }>): void {
    const choice = {
      href: command.value,
      text: command.text ?? '',
      newTab: command.newTab ?? false,
      button: command.button ?? false,
    };
    const selection = document.getSelection();
    if (!selection || selection.isCollapsed || choice.text.trim()) {
      document.execCommand('insertHTML', false, linkHtml(choice));
      return;
    }
    // createLink refuses an empty URL and sets no other attribute: the link is made with a marker, then given its own.
    document.execCommand('createLink', false, BLANK_LINK_MARK);
    const attributes = linkAttributes(choice);
    root.querySelectorAll(`a[href="${BLANK_LINK_MARK}"]`).forEach((a) => {
      for (const [name, value] of Object.entries(attributes)) a.setAttribute(name, value);
    });
  }

  /**
   * Puts block HTML (a code block) after the block the caret is in. insertHTML would fold a <pre> into the
   * surrounding heading or paragraph as a styled span; a block belongs beside it.
   */
  function insertBlock(html: string): void {
    const selection = document.getSelection();
    const template = document.createElement('template');
    template.innerHTML = html;
    const last = template.content.lastChild;
    let block: Node | null = selection?.rangeCount ? selection.getRangeAt(0).endContainer : null;
    while (block && block.parentNode !== root) block = block.parentNode;
    if (block) (block as ChildNode).after(template.content);
    else root.appendChild(template.content);
    if (last && selection) {
      const range = document.createRange();
      range.selectNodeContents(last);
      range.collapse(true);
      selection.removeAllRanges();
      selection.addRange(range);
    }
  }

  function apply(command: EditorCommand): void {
    switch (command.name) {
      case 'focus':
        return;
      case 'formatBlock':
        document.execCommand('formatBlock', false, command.value);
        return;
      case 'blockquote':
        document.execCommand('formatBlock', false, 'blockquote');
        return;
      case 'fontSize':
      case 'foreColor':
        document.execCommand(command.name, false, command.value);
        return;
      case 'createLink':
        insertLink(command);
        return;
      case 'insertImage':
        document.execCommand('insertHTML', false, `<img src="${escapeHtml(filterImageUrl(command.value))}" alt="">`);
        return;
      case 'insertCodeBlock':
        insertBlock(`<pre><code>${escapeHtml(command.value)}</code></pre><p><br></p>`);
        return;
      case 'insertPlacement':
        insertBlock(`${command.value}<p><br></p>`);
        return;
      case 'insertHTML':
        document.execCommand('insertHTML', false, command.value);
        sanitizeUrls(root);
        return;
      default:
        document.execCommand(command.name, false);
    }
  }

  function exec(command: EditorCommand): void {
    restoreSelection();
    if (command.name === 'focus') return;
    tracker.asUser(() => apply(command));
    updateEmpty();
    emitChange();
    channel.post({ type: 'selection', state: formatState() });
  }

  document.addEventListener('selectionchange', () => {
    const selection = document.getSelection();
    if (!selection?.rangeCount) return;
    const range = rangeInRoot(selection.getRangeAt(0));
    if (!range) return;
    savedRange = range;
    channel.post({ type: 'selection', state: formatState() });
  });

  root.addEventListener('keydown', (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    const format = ({ b: 'bold', i: 'italic', u: 'underline' } as const)[key as 'b' | 'i' | 'u'];
    if (format && !event.shiftKey) {
      event.preventDefault();
      exec({ name: format });
    } else if (key === 'z' || key === 'y') {
      event.preventDefault();
      channel.post({ type: 'shortcut', action: key === 'y' || event.shiftKey ? 'redo' : 'undo' });
    }
  });

  root.addEventListener('beforeinput', (event) => {
    if (event.inputType === 'historyUndo' || event.inputType === 'historyRedo') {
      event.preventDefault();
      channel.post({ type: 'shortcut', action: event.inputType === 'historyUndo' ? 'undo' : 'redo' });
      return;
    }
    tracker.beginUserEdit();
  });

  root.addEventListener('input', (event) => {
    tracker.endUserEdit();
    const inputType = (event as InputEvent).inputType;
    if (inputType === 'insertFromPaste' || inputType === 'insertFromDrop') tracker.asUser(() => sanitizeUrls(root));
    if (root.innerHTML === '<br>') tracker.asUser(() => (root.innerHTML = ''));
    updateEmpty();
    emitChange();
  });

  return (message) => {
    if (message.type === 'edit') load(message.html, message.placeholder);
    else if (message.type === 'command') exec(message.command);
  };
}
