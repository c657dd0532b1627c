import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import { FRAME_PROTOCOL, type FrameMessageBody, type MediaItem, type ParentMessage } from '@tours-cms/contract';
import { NotifyProvider } from '../../ui/notify';
import { renderSignedIn } from '../../../test/render';
import { RichTextEditor } from './rich-text-editor';

/** Layout HTML of the kind the canvas must keep: Tailwind classes, data attributes, nested sections, a script. */
const LAYOUT = [
  '<header class="bg-slate-900 text-white" data-sticky="true">',
  '  <nav class="mx-auto flex max-w-6xl items-center gap-6 px-4 py-3">',
  '    <a href="/" class="font-bold"><i class="fa-solid fa-mountain"></i> Crete Tours</a>',
  '    <div data-dropdown class="relative"><button data-dropdown-toggle>Tours</button>',
  '      <ul data-dropdown-menu class="hidden absolute"><li><a href="/samaria">Samaria</a></li></ul></div>',
  '  </nav>',
  '  <section><div class="grid grid-cols-2"><article><h2>Hi</h2></article></div></section>',
  '  <script>window.headerReady = true;</script>',
  '</header>',
].join('\n');

let onChange: ReturnType<typeof vi.fn<(html: string) => void>>;
function Harness({ initial = LAYOUT }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <NotifyProvider>
      <RichTextEditor
        value={value}
        onChange={(html) => {
          onChange(html);
          setValue(html);
        }}
      />
    </NotifyProvider>
  );
}

const canvasFrame = () => screen.getByTitle('Rich text editing area') as HTMLIFrameElement;
/** Every message the admin posted to the canvas frame now on screen. */
function sentMessages(): ParentMessage[] {
  const spy = canvasFrame().contentWindow!.postMessage as unknown as ReturnType<typeof vi.fn>;
  return spy.mock.calls.map((call) => call[0] as ParentMessage);
}
/** The canvas's runtime answering, as a real frame would: a message whose source is the frame's window. */
function fromCanvas(body: FrameMessageBody) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data: { ...body, protocol: FRAME_PROTOCOL }, source: canvasFrame().contentWindow }),
    );
  });
}
function spyOnCanvas() {
  vi.spyOn(canvasFrame().contentWindow!, 'postMessage');
  fromCanvas({ type: 'ready' });
}
const codeValue = () =>
  EditorView.findFromDOM(document.querySelector('.cm-editor') as HTMLElement)!.state.doc.toString();
const mode = (name: string) => userEvent.click(screen.getByRole('button', { name }));
const lastEdit = () =>
  sentMessages()
    .filter((m) => m.type === 'edit')
    .at(-1);

beforeAll(() => {
  // jsdom has no layout; CodeMirror measures text ranges after each update.
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});
beforeEach(() => {
  onChange = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('RichTextEditor modes', () => {
  it('loads the canvas with the content exactly, with the placeholder "Start writing..."', () => {
    render(<Harness />);
    spyOnCanvas();
    expect(lastEdit()).toEqual({
      protocol: FRAME_PROTOCOL,
      type: 'edit',
      html: LAYOUT,
      placeholder: 'Start writing...',
    });
  });

  it('keeps the content byte for byte through Rich Text → Code Editor → Split View → Rich Text', async () => {
    render(<Harness />);
    spyOnCanvas();
    await mode('Code Editor');
    expect(screen.queryByTitle('Rich text editing area')).toBeNull();
    expect(codeValue()).toBe(LAYOUT);
    await mode('Split View');
    expect(codeValue()).toBe(LAYOUT);
    spyOnCanvas();
    expect(lastEdit()?.html).toBe(LAYOUT);
    await mode('Rich Text');
    spyOnCanvas();
    expect(lastEdit()?.html).toBe(LAYOUT);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('carries an edit made in the canvas into the code, and one made in the code into the canvas', async () => {
    render(<Harness />);
    spyOnCanvas();
    const edited = LAYOUT.replace('<h2>Hi</h2>', '<h2>Hello <b>Crete</b></h2>');
    fromCanvas({ type: 'change', html: edited });
    expect(onChange).toHaveBeenLastCalledWith(edited);
    // The canvas's own edit is not sent back to it.
    expect(sentMessages().filter((m) => m.type === 'edit')).toHaveLength(1);

    await mode('Code Editor');
    expect(codeValue()).toBe(edited);
    const view = EditorView.findFromDOM(document.querySelector('.cm-editor') as HTMLElement)!;
    act(() => view.dispatch({ changes: { from: 0, insert: '<p data-note="x">Top</p>\n' } }));
    expect(onChange).toHaveBeenLastCalledWith(`<p data-note="x">Top</p>\n${edited}`);

    await mode('Rich Text');
    spyOnCanvas();
    expect(lastEdit()?.html).toBe(`<p data-note="x">Top</p>\n${edited}`);
  });

  it('undoes and redoes through the toolbar and the Ctrl+Z / Ctrl+Y shortcuts of the canvas', async () => {
    render(<Harness initial="<p>One</p>" />);
    spyOnCanvas();
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toBeDisabled();
    fromCanvas({ type: 'change', html: '<p>One two</p>' });
    await userEvent.click(undo);
    expect(onChange).toHaveBeenLastCalledWith('<p>One</p>');
    expect(lastEdit()?.html).toBe('<p>One</p>');
    fromCanvas({ type: 'shortcut', action: 'redo' });
    expect(onChange).toHaveBeenLastCalledWith('<p>One two</p>');
    fromCanvas({ type: 'shortcut', action: 'undo' });
    expect(onChange).toHaveBeenLastCalledWith('<p>One</p>');
  });

  it('ignores messages that do not come from its canvas', () => {
    render(<Harness initial="<p>One</p>" />);
    spyOnCanvas();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { protocol: FRAME_PROTOCOL, type: 'change', html: '<p>forged</p>' },
          source: window,
        }),
      );
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'change', html: '<p>untagged</p>' },
          source: canvasFrame().contentWindow,
        }),
      );
    });
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('RichTextEditor toolbar', () => {
  it('sends the formatting commands of the toolbar to the canvas', async () => {
    render(<Harness initial="<p>x</p>" />);
    spyOnCanvas();
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
    await userEvent.selectOptions(screen.getByLabelText('Format'), 'Heading 2');
    await userEvent.selectOptions(screen.getByLabelText('Font size'), 'Extra Large');
    await userEvent.click(screen.getByRole('button', { name: 'Text colour' }));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Text colours' })).getByRole('button', { name: 'Red' }),
    );
    const commands = sentMessages().flatMap((m) => (m.type === 'command' ? [m.command] : []));
    expect(commands).toEqual([
      { name: 'bold' },
      { name: 'formatBlock', value: 'h2' },
      { name: 'fontSize', value: '7' },
      { name: 'foreColor', value: '#ef4444' },
    ]);
  });

  it('offers 18 colours', async () => {
    render(<Harness initial="<p>x</p>" />);
    await userEvent.click(screen.getByRole('button', { name: 'Text colour' }));
    expect(within(screen.getByRole('group', { name: 'Text colours' })).getAllByRole('button')).toHaveLength(18);
  });

  it('inserts a link from the Insert Link dialog only when a URL is entered', async () => {
    render(<Harness initial="<p>x</p>" />);
    spyOnCanvas();
    await userEvent.click(screen.getByRole('button', { name: 'Insert link' }));
    const dialog = screen.getByRole('dialog', { name: 'Insert Link' });
    const insert = within(dialog).getByRole('button', { name: 'Insert' });
    expect(insert).toBeDisabled();
    await userEvent.type(within(dialog).getByPlaceholderText('Enter URL'), 'https://tours.example.com/crete');
    await userEvent.click(insert);
    expect(screen.queryByRole('dialog', { name: 'Insert Link' })).toBeNull();
    expect(sentMessages().at(-1)).toMatchObject({
      type: 'command',
      command: { name: 'createLink', value: 'https://tours.example.com/crete' },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Insert link' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Insert Link' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(sentMessages().filter((m) => m.type === 'command' && m.command.name === 'createLink')).toHaveLength(1);
  });

  it('inserts a link with its text, in a new tab, shown as a button', async () => {
    render(<Harness initial="<p>x</p>" />);
    spyOnCanvas();
    await userEvent.click(screen.getByRole('button', { name: 'Insert link' }));
    const dialog = screen.getByRole('dialog', { name: 'Insert Link' });
    await userEvent.type(within(dialog).getByLabelText('URL'), '/tours');
    await userEvent.type(within(dialog).getByLabelText('Text'), 'Book now');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Open in a new tab' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Show as a button' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(sentMessages().at(-1)).toMatchObject({
      type: 'command',
      command: { name: 'createLink', value: '/tours', text: 'Book now', newTab: true, button: true },
    });
  });

  it('refuses a javascript: link at the field and inserts nothing', async () => {
    render(<Harness initial="<p>x</p>" />);
    spyOnCanvas();
    await userEvent.click(screen.getByRole('button', { name: 'Insert link' }));
    const dialog = screen.getByRole('dialog', { name: 'Insert Link' });
    await userEvent.type(within(dialog).getByLabelText('URL'), 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(within(dialog).getByLabelText('URL')).toHaveAccessibleDescription(
      'Links may use only http, https, mailto or tel addresses.',
    );
    expect(sentMessages().filter((m) => m.type === 'command' && m.command.name === 'createLink')).toHaveLength(0);
  });

  it('does not submit the form the editor sits in when a dialog inserts', async () => {
    const submitted = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <NotifyProvider>
        <form onSubmit={submitted}>
          <RichTextEditor value="<p>x</p>" onChange={() => undefined} />
        </form>
      </NotifyProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Insert link' }));
    await userEvent.type(screen.getByPlaceholderText('Enter URL'), 'https://example.com{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Insert code block' }));
    await userEvent.type(screen.getByLabelText('Enter your code:'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(submitted).not.toHaveBeenCalled();
  });

  it('inserts a file chosen in the media library at the caret', async () => {
    const beach = {
      id: 7,
      original_name: 'Beach.jpg',
      file_path: 'uploads/2026/01/beach.jpg',
      thumbnail_path: null,
      mime_type: 'image/jpeg',
      file_size: 2048,
      width: 800,
      height: 600,
      folder: null,
      created_at: '2026-01-02T10:00:00.000Z',
    } as MediaItem;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        // The library's first page, and its folders (none).
        const body = input.includes('/media/folders') ? [] : { items: [beach], next_cursor: null, total: 1 };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    // The selector lets editors describe an image (its alternative text): it reads who is signed in.
    renderSignedIn(<Harness initial="<p>x</p>" />);
    spyOnCanvas();
    await userEvent.click(screen.getByRole('button', { name: 'Insert from the media library' }));
    await userEvent.click(await screen.findByRole('button', { name: /Beach\.jpg/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Select File' }));
    const commands = sentMessages().flatMap((m) =>
      m.type === 'command' && m.command.name !== 'focus' ? [m.command] : [],
    );
    expect(commands).toEqual([
      {
        name: 'insertHTML',
        value: `<img src="${window.location.origin}/uploads/2026/01/beach.jpg" alt="Beach.jpg" width="800" height="600" style="max-width: 100%; height: auto;">`,
      },
    ]);
    vi.unstubAllGlobals();
  });

  it('asks for an image URL and for code with the prompts of the spec', async () => {
    render(<Harness initial="<p>x</p>" />);
    spyOnCanvas();
    await userEvent.click(screen.getByRole('button', { name: 'Insert image' }));
    await userEvent.type(screen.getByLabelText('Enter image URL:'), '/uploads/2026/01/beach.webp');
    await userEvent.click(screen.getByRole('button', { name: 'Insert' }));
    await userEvent.click(screen.getByRole('button', { name: 'Insert code block' }));
    await userEvent.type(screen.getByLabelText('Enter your code:'), '<b>not markup</b>');
    await userEvent.click(screen.getByRole('button', { name: 'Insert' }));
    const commands = sentMessages().flatMap((m) => (m.type === 'command' ? [m.command] : []));
    expect(commands).toEqual([
      { name: 'insertImage', value: '/uploads/2026/01/beach.webp' },
      { name: 'insertCodeBlock', value: '<b>not markup</b>' },
    ]);
  });
});

describe('RichTextEditor focus', () => {
  it('rings the canvas while the keyboard focus is inside its frame, which CSS alone cannot see', () => {
    render(<Harness />);
    const frame = canvasFrame();
    expect(frame.className).not.toContain('outline-blue-600');
    // Focus moving into the frame's document blurs this window, leaving the frame as the active element.
    act(() => {
      frame.focus();
      window.dispatchEvent(new Event('blur'));
    });
    expect(document.activeElement).toBe(frame);
    expect(frame.className).toContain('outline-blue-600');
    // Shift+Tab back to the toolbar: the ring goes.
    act(() => screen.getByRole('button', { name: 'Quote' }).focus());
    expect(frame.className).not.toContain('outline-blue-600');
  });
});
