import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SeoPanel, SEO_TIPS } from './seo-panel';

function Harness({ title = '', slug = '', seoTitle = '', seoDescription = '' }) {
  const [t, setT] = useState(seoTitle);
  const [d, setD] = useState(seoDescription);
  return (
    <SeoPanel
      seoTitle={t}
      seoDescription={d}
      onSeoTitleChange={setT}
      onSeoDescriptionChange={setD}
      title={title}
      slug={slug}
      origin="https://tours.example.com"
    />
  );
}

const counter = (text: string) =>
  screen.getByText((_, el) => el?.getAttribute('data-tone') !== null && el?.textContent?.startsWith(text) === true);

describe('SeoPanel', () => {
  it.each([
    [0, '0/60', 'green', 'text-green-700'],
    [50, '50/60', 'green', 'text-green-700'],
    [51, '51/60', 'yellow', 'text-yellow-700'],
    [60, '60/60', 'yellow', 'text-yellow-700'],
    [61, '61/60', 'red', 'text-red-700'],
  ])('colours a title of %i characters: %s %s', (length, text, tone, className) => {
    render(<Harness seoTitle={'t'.repeat(length)} />);
    const el = counter(text);
    expect(el).toHaveAttribute('data-tone', tone);
    expect(el).toHaveClass(className);
  });

  it.each([
    [150, '150/160', 'green'],
    [151, '151/160', 'yellow'],
    [160, '160/160', 'yellow'],
    [161, '161/160', 'red'],
  ])('colours a description of %i characters: %s %s', (length, text, tone) => {
    render(<Harness seoDescription={'d'.repeat(length)} />);
    expect(counter(text)).toHaveAttribute('data-tone', tone);
  });

  it('counts as the user types, with the hints of the spec', async () => {
    render(<Harness />);
    expect(screen.getByText('Recommended: 50-60 characters')).toBeInTheDocument();
    expect(screen.getByText('Recommended: 150-160 characters')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('SEO Title'), 'Crete in spring');
    expect(counter('15/60')).toHaveAttribute('data-tone', 'green');
    await userEvent.type(screen.getByLabelText('Meta Description'), 'Walk the gorge');
    expect(counter('14/160')).toBeInTheDocument();
  });

  it('previews with the fallbacks: page title, page-slug and the description placeholder', () => {
    render(<Harness />);
    const preview = within(screen.getByTestId('search-preview'));
    expect(preview.getByText('Page Title')).toBeInTheDocument();
    expect(preview.getByText('https://tours.example.com/page-slug')).toBeInTheDocument();
    expect(preview.getByText('Meta description will appear here...')).toBeInTheDocument();
  });

  it('previews the page title when there is no SEO title, and the SEO fields when set', async () => {
    render(<Harness title="Samaria Gorge" slug="samaria-gorge" />);
    const preview = within(screen.getByTestId('search-preview'));
    expect(preview.getByText('Samaria Gorge')).toBeInTheDocument();
    expect(preview.getByText('https://tours.example.com/samaria-gorge')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('SEO Title'), 'Hike Samaria');
    await userEvent.type(screen.getByLabelText('Meta Description'), 'A day in the gorge.');
    expect(preview.getByText('Hike Samaria')).toBeInTheDocument();
    expect(preview.getByText('A day in the gorge.')).toBeInTheDocument();
  });

  it('lists the SEO tips', () => {
    render(<Harness />);
    expect(screen.getByText('SEO Tips')).toBeInTheDocument();
    for (const tip of SEO_TIPS) expect(screen.getByText(tip)).toBeInTheDocument();
  });
});
