import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it('names the browser tab after the screen and gives the tab its old name back when the screen goes', () => {
    document.title = 'Admin · Tours CMS';
    const view = render(<PageHeader title="Posts" subtitle="Manage your blog posts" />);
    expect(document.title).toBe('Posts · Tours CMS');
    act(() => view.rerender(<PageHeader title="Create New Post" />));
    expect(document.title).toBe('Create New Post · Tours CMS');
    view.unmount();
    expect(document.title).toBe('Admin · Tours CMS');
  });
});
