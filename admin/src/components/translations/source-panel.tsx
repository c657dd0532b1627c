import { useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BookOpen } from 'lucide-react';
import { pageFields, pageSnapshot, postFields, postSnapshot, type Page, type Post } from '@tours-cms/contract';
import { apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { sourceTextOf, type SourceField } from './source-text';
import type { TranslatedItem, TranslatedResource } from './translations';

/** A language's name in English, as the admin speaks ("German"); the tag where the runtime has none. */
export function englishLanguageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** The source's translated text, read through the editor's own cache entry of that item. */
function useSourceText(resource: TranslatedResource, id: number) {
  return useQuery({
    queryKey: resource === 'posts' ? queryKeys.post(id) : queryKeys.page(String(id)),
    queryFn: () => apiFetch<Post | Page>(`/${resource}/${id}`),
    staleTime: 30_000,
    select: (item): SourceField[] =>
      resource === 'posts'
        ? sourceTextOf(postFields, postSnapshot(item as Post) as unknown as Record<string, unknown>)
        : sourceTextOf(pageFields, pageSnapshot(item as Page) as unknown as Record<string, unknown>),
  });
}

function SourceFields({ resource, id }: { resource: TranslatedResource; id: number }) {
  const source = useSourceText(resource, id);
  if (source.isPending) return <p className="text-sm text-slate-600">Loading the source…</p>;
  if (source.isError)
    return (
      <p role="alert" className="field-error">
        The source could not be loaded.
      </p>
    );
  if (source.data.length === 0) return <p className="text-sm text-slate-600">The source has no text yet.</p>;
  return (
    <dl className="space-y-4">
      {source.data.map((field) => (
        <div key={field.key}>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{field.label}</dt>
          <dd className="mt-1 space-y-2 text-sm text-slate-900">
            {field.parts.map((part, index) => (
              <div key={index} className="space-y-1">
                {part.heading && <p className="font-semibold">{part.heading}</p>}
                {part.blocks.map((block, at) => (
                  <p key={at} className="whitespace-pre-line break-words">
                    {block}
                  </p>
                ))}
              </div>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The side-by-side view of the source while translating (issue 30): on a translation whose group has an item in
 * the site's default language, a "Show English source" button opens that item's translated text, read only, beside
 * the form on wide screens and above it on narrow ones. The source's HTML is never rendered: it is parsed and only
 * its text is shown (source-text.ts), so no content script runs in the admin's origin. Anything else renders the
 * form alone.
 */
export function SourceBeside({
  resource,
  item,
  defaultLanguage,
  children,
}: {
  resource: TranslatedResource;
  item: TranslatedItem;
  defaultLanguage: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const source =
    item.language === defaultLanguage ? null : item.translations.find((link) => link.language === defaultLanguage);
  if (!source) return <>{children}</>;
  const name = englishLanguageName(defaultLanguage);

  return (
    <>
      <div className="mb-4 flex justify-end">
        <button
          type="button"
          className="btn-secondary"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((value) => !value)}
        >
          <BookOpen className="h-4 w-4" aria-hidden="true" />
          {open ? `Hide ${name} source` : `Show ${name} source`}
        </button>
      </div>
      <div className={open ? 'grid grid-cols-1 gap-6 2xl:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]' : undefined}>
        {open && (
          <section
            id={panelId}
            aria-labelledby={headingId}
            tabIndex={0}
            className="card self-start p-4 focus-visible:outline-2 focus-visible:outline-blue-600 2xl:sticky 2xl:top-4 2xl:max-h-[calc(100vh-2rem)] 2xl:overflow-y-auto"
          >
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              {name} source
            </h2>
            <p className="mb-4 text-xs text-slate-600">Read only: its text as last saved.</p>
            <div lang={defaultLanguage}>
              <SourceFields resource={resource} id={source.id} />
            </div>
          </section>
        )}
        <div className="min-w-0">{children}</div>
      </div>
    </>
  );
}
