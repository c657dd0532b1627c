import { beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import { NotifyProvider } from '../../ui/notify';
import { CodeEditor } from './code-editor';
import { downloadName } from './languages';
import { cssPreviewDocument } from './code-preview';

beforeAll(() => {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <NotifyProvider>
      <CodeEditor value={value} onChange={setValue} />
    </NotifyProvider>
  );
}
const status = () => screen.getByLabelText('Editor status').textContent;

describe('CodeEditor', () => {
  it('shows language, theme, lines and characters in its footer, 400 px high by default', () => {
    render(<Harness initial={'<h1>Hi</h1>\n<p>x</p>'} />);
    expect(status()).toBe('HTMLLight theme2 lines20 characters');
    expect(
      (document.querySelector('.cm-editor') as HTMLElement).style.height ||
        getComputedStyle(document.querySelector('.cm-editor')!).height,
    ).toBe('400px');
  });

  it('switches language and theme', async () => {
    render(<Harness initial="body { color: red }" />);
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'CSS');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(status()).toBe('CSSDark theme1 line19 characters');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    // CSS has nothing to run.
    expect(screen.queryByRole('button', { name: 'Run code' })).toBeNull();
  });

  it('counts what is typed', async () => {
    render(<Harness initial="" />);
    const view = EditorView.findFromDOM(document.querySelector('.cm-editor') as HTMLElement)!;
    view.dispatch({ changes: { from: 0, insert: 'let a = 1;\nlet b = 2;' } });
    expect(await screen.findByText('21 characters')).toBeInTheDocument();
  });

  it('offers the Code, Preview and Split views, the preview in a sandboxed frame', async () => {
    render(<Harness initial="<p>Hello</p>" />);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const frame = screen.getByTitle('HTML preview');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups allow-modals');
    expect(frame).toHaveAttribute('src', '/frame/preview.html');
    expect(document.querySelector('.cm-editor')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Split' }));
    expect(document.querySelector('.cm-editor')).not.toBeNull();
    expect(screen.getByTitle('HTML preview')).toBeInTheDocument();
  });
});

describe('code editor helpers', () => {
  it('downloads as code.html, code.js or code.css, and code.txt otherwise', () => {
    expect(['html', 'javascript', 'css', 'python'].map(downloadName)).toEqual([
      'code.html',
      'code.js',
      'code.css',
      'code.txt',
    ]);
  });

  it('previews CSS on a sample element', () => {
    expect(cssPreviewDocument('.sample { color: red }')).toMatch(
      /^<style>\.sample \{ color: red \}<\/style>\n<div class="sample preview-sample"/,
    );
  });
});
