import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueries } from '@tanstack/react-query';
import { Check, History, Plus } from 'lucide-react';
import { languageName } from '@tours-cms/contract';
import { apiFetch, errorMessage } from '../../lib/api-client';
import { useInvalidate } from '../../lib/use-invalidate';
import { changedWith, queryKeys } from '../../lib/query-keys';
import { FilterSelect } from '../ui/filter-select';
import type { GroupDeleteWording } from '../kit/use-confirmed-delete';
import { useDiscardGuardContext } from '../content/unsaved-changes';

/**
 * The kinds of content linked as translations (issue 30), by their API path. Posts, pages and components have an
 * editor of their own (`editorPath`); categories, tags and FAQs are edited in a dialog on their list, which the
 * screens open through `open`.
 */
export type TranslatedResource = 'posts' | 'pages' | 'components' | 'categories' | 'tags' | 'faqs';

/**
 * An item as the lists and editors know its translations: its language and the other items of its group. A link's
 * slug and status are null for the kinds without them (categories and tags have no status, FAQs neither).
 */
export interface TranslatedItem {
  id: number;
  language: string;
  /**
   * `text_updated_at` where the kind keeps it (not categories and tags): a translation whose source's text changed
   * after it was last saved is out of date.
   */
  translations: readonly {
    id: number;
    language: string;
    slug: string | null;
    status: string | null;
    updated_at?: string | null;
    text_updated_at?: string | null;
  }[];
}

/** The admin editor of an item (posts, pages, components). */
export const editorPath = (resource: TranslatedResource, id: number) => `/admin/${resource}/edit/${id}`;

/** What an added translation refreshes: its kind's lists, and what they change besides. */
const CHANGED_WITH: Record<TranslatedResource, readonly (readonly unknown[])[]> = {
  posts: changedWith.post,
  pages: changedWith.page,
  components: changedWith.component,
  categories: [queryKeys.taxonomy('categories')],
  tags: [queryKeys.taxonomy('tags')],
  faqs: [queryKeys.faqs],
};

/** The title a translation link carries: its status when the kind has one. */
const linkTitle = (name: string, status: string | null) => (status ? `${name}: ${status}` : name);

/**
 * Every language an item's group can show, in order: the site's languages (default first), then any other language
 * the item or its translations are in (none, while Settings refuses to drop a language items use).
 */
function languagesOf(item: TranslatedItem, siteLanguages: readonly string[]): string[] {
  const all = [...siteLanguages, item.language, ...item.translations.map((link) => link.language)];
  return [...new Set(all)];
}

/** A list's 'Filter by language' drop-down: 'All Languages', then the site's languages by name. */
export function LanguageFilter({
  id,
  languages,
  value,
  onChange,
}: {
  id: string;
  languages: readonly string[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FilterSelect
      id={id}
      label="Filter by language"
      allLabel="All Languages"
      options={languages.map((language) => ({ value: language, label: languageName(language) }))}
      value={value}
      onChange={onChange}
    />
  );
}

/**
 * A list row's Language cell: the item's language by name, then each other language of the site, as a link to
 * that translation's editor where it exists (plain when the user may not edit), dashed where it is missing, amber
 * and marked where it is out of date (the text of the group's item in the default language changed after it was
 * last saved: `outOfDate`, from the row's and its translation links' `text_updated_at`).
 */
export function LanguageCell({
  resource,
  item,
  siteLanguages,
  canEdit,
  open,
}: {
  resource: TranslatedResource;
  item: SavedTranslatedItem;
  /** The site's languages, the default first (the source of every translation). */
  siteLanguages: readonly string[];
  canEdit: boolean;
  /** For the kinds edited in a dialog: opens that translation's (a button instead of a link). */
  open?: (id: number) => void;
}) {
  const others = languagesOf(item, siteLanguages).filter((language) => language !== item.language);
  const stale = outOfDate([item, ...item.translations], siteLanguages[0]!);
  return (
    <>
      <p className="flex flex-wrap items-center gap-2 whitespace-nowrap text-slate-900">
        {languageName(item.language)}
        {stale.has(item.id) && <OutOfDate source={siteLanguages[0]!} />}
      </p>
      <ul aria-label="Translations" className="mt-1 flex flex-wrap gap-1">
        {others.map((language) => {
          const link = item.translations.find((t) => t.language === language);
          const name = languageName(language);
          const chip = 'inline-flex items-center gap-0.5 rounded-full px-2 py-0.5 text-xs font-medium';
          if (!link)
            return (
              <li key={language}>
                <span
                  className={`${chip} border border-dashed border-slate-400 text-slate-600`}
                  title={`${name}: missing`}
                >
                  {language}
                  <span className="sr-only"> (missing)</span>
                </span>
              </li>
            );
          const old = stale.has(link.id);
          const content = (
            <>
              {old ? (
                <History className="h-3 w-3" aria-hidden="true" />
              ) : (
                <Check className="h-3 w-3" aria-hidden="true" />
              )}
              {language}
            </>
          );
          const editable = `${chip} border ${old ? 'border-amber-400 bg-amber-50 text-amber-900 hover:bg-amber-100' : 'border-blue-300 bg-blue-50 text-blue-800 hover:bg-blue-100'}`;
          const label = `Edit the ${language} translation: ${name}${old ? ' (out of date)' : ''}`;
          const title = `${linkTitle(name, link.status)}${old ? `, out of date (${languageName(siteLanguages[0]!)} text changed after it was last saved)` : ''}`;
          return (
            <li key={language}>
              {canEdit && open ? (
                <button
                  type="button"
                  className={editable}
                  aria-label={label}
                  title={title}
                  onClick={() => open(link.id)}
                >
                  {content}
                </button>
              ) : canEdit ? (
                <Link to={editorPath(resource, link.id)} className={editable} aria-label={label} title={title}>
                  {content}
                </Link>
              ) : (
                <span
                  className={`${chip} border ${old ? 'border-amber-400 bg-amber-50 text-amber-900' : 'border-slate-300 bg-slate-50 text-slate-700'}`}
                  title={old ? `${name}: out of date` : name}
                >
                  {content}
                  <span className="sr-only">{old ? ' (out of date)' : ' (translated)'}</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/**
 * The delete question for an item with translations (issue 30): this translation alone, or the whole group, each
 * language its own entry in the Trash (restored together from there). None for an item without translations, which
 * is asked the spec's question.
 */
export function groupDeleteWording(noun: 'post' | 'page', item: TranslatedItem): GroupDeleteWording | null {
  if (!item.translations.length) return null;
  const others = item.translations.map((link) => languageName(link.language)).join(', ');
  const count = item.translations.length + 1;
  const Noun = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
  return {
    message: `Are you sure you want to delete this ${noun}? It is the ${languageName(item.language)} translation; the same ${noun} is also in ${others}. Delete only this translation, or all ${count} languages?`,
    confirmLabel: 'Only This Translation',
    alternativeLabel: `All ${count} Languages`,
    groupDeletedNotice: `${Noun} deleted in all ${count} languages.`,
  };
}

/** POST /{resource}/{id}/translations: a draft copy of the item in `language`, linked to its group. */
export const addTranslation = (resource: TranslatedResource, id: number, language: string) =>
  apiFetch<TranslatedItem>(`/${resource}/${id}/translations`, { method: 'POST', body: { language } });

/**
 * An item as an editor has it: with when its text last changed (`text_updated_at`, absent for categories and tags),
 * to tell which translations are out of date.
 */
export interface SavedTranslatedItem extends TranslatedItem {
  updated_at?: string;
  text_updated_at?: string | null;
}

/**
 * Which items of the group are out of date (issue 30), by id: a translation is when the text of its source, the
 * group's item in the site's default language, changed after the translation was last saved. The server keeps that
 * time (`text_updated_at`): it moves when an item's translatable text changes and when a translation is saved, never
 * for what the group shares (a price, tags, pictures), whichever language it is changed in. Items not known yet, and
 * kinds without the time, are not marked.
 */
export function outOfDate(
  items: readonly { id: number; language: string; text_updated_at?: string | null }[],
  defaultLanguage: string,
): Set<number> {
  const source = items.find((item) => item.language === defaultLanguage);
  const stale = new Set<number>();
  if (!source?.text_updated_at) return stale;
  const changed = Date.parse(source.text_updated_at);
  for (const item of items)
    if (item.id !== source.id && item.text_updated_at && changed > Date.parse(item.text_updated_at)) stale.add(item.id);
  return stale;
}

/** The cache entry an editor reads an item of the kind from; none for the kinds whose lists hold them whole. */
function itemKey(resource: TranslatedResource, id: number): readonly unknown[] | null {
  if (resource === 'posts') return queryKeys.post(id);
  if (resource === 'pages') return queryKeys.page(String(id));
  if (resource === 'components') return queryKeys.component(String(id));
  return null;
}

/**
 * The other items of the group, each as its editor reads it (the same cache entries), for their `updated_at`; or,
 * for the kinds edited in a dialog, as their screen's list has them (`known`).
 */
function useGroupItems(
  resource: TranslatedResource,
  item: SavedTranslatedItem,
  known: readonly SavedTranslatedItem[] | undefined,
): SavedTranslatedItem[] {
  const results = useQueries({
    queries: known
      ? []
      : item.translations.flatMap((link) => {
          const queryKey = itemKey(resource, link.id);
          return queryKey
            ? [
                {
                  queryKey,
                  queryFn: () => apiFetch<SavedTranslatedItem>(`/${resource}/${link.id}`),
                  staleTime: 30_000,
                },
              ]
            : [];
        }),
  });
  if (known) return [item, ...known.filter((other) => item.translations.some((link) => link.id === other.id))];
  return [item, ...results.flatMap((result) => (result.data ? [result.data] : []))];
}

/** "(out of date)" beside a language in the switcher, and what it means. */
function OutOfDate({ source }: { source: string }) {
  return (
    <span
      className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
      title={`The ${languageName(source)} text changed after this translation was last saved`}
    >
      out of date
    </span>
  );
}

/**
 * An editor's language switcher ("English (en) · Deutsch (de)  Add translation: + Português (pt-PT)"): the item's
 * language marked as current, its translations as links to their editors, those out of date marked (`outOfDate`),
 * and, for those who may edit, one button per missing language that makes the translation (a draft copy of the item
 * as saved) and opens it. Leaving
 * unsaved edits, by link or by a new translation, asks first as any navigation does (the editor's guard).
 */
export function LanguageSwitcher({
  resource,
  item,
  siteLanguages,
  canEdit,
  open,
  known,
  className = 'card mb-6 px-4 py-3',
}: {
  resource: TranslatedResource;
  item: SavedTranslatedItem;
  /** The site's languages, the default first (the source of every translation). */
  siteLanguages: readonly string[];
  canEdit: boolean;
  /**
   * For the kinds edited in a dialog (categories, tags, FAQs): opens that item's dialog, for a translation or one
   * just added (buttons instead of links); the list they are read from (`known`) tells which are out of date.
   */
  open?: (id: number) => void;
  known?: readonly SavedTranslatedItem[];
  className?: string;
}) {
  const navigate = useNavigate();
  // In a dialog, switching drops its unsaved edits: it asks first (the editors' route guard asks for their links).
  const guard = useDiscardGuardContext();
  const defaultLanguage = siteLanguages[0]!;
  const stale = outOfDate(useGroupItems(resource, item, known), defaultLanguage);
  const invalidate = useInvalidate();
  const [adding, setAdding] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (language: string) => addTranslation(resource, item.id, language),
    onSuccess: async (created) => {
      if (open) {
        // The dialog opens on the new item once the list holds it.
        await invalidate(CHANGED_WITH[resource]);
        open(created.id);
      } else {
        void invalidate(CHANGED_WITH[resource]);
        navigate(editorPath(resource, created.id));
      }
    },
  });
  const languages = languagesOf(item, siteLanguages);
  const existing = languages.filter(
    (language) => language === item.language || item.translations.some((link) => link.language === language),
  );
  const missing = languages.filter((language) => !existing.includes(language));

  return (
    <nav aria-label="Languages" className={`${className} flex flex-wrap items-center gap-x-4 gap-y-2 text-sm`}>
      <ul className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {existing.map((language, index) => {
          const link = item.translations.find((t) => t.language === language);
          const id = language === item.language ? item.id : link!.id;
          return (
            <li key={language} className="flex items-center gap-2">
              {index > 0 && (
                <span className="text-slate-400" aria-hidden="true">
                  ·
                </span>
              )}
              {language === item.language ? (
                <span aria-current="page" className="font-semibold text-slate-900">
                  {languageName(language)}
                </span>
              ) : open ? (
                <button
                  type="button"
                  className="text-blue-700 underline-offset-2 hover:underline"
                  title={link!.status ? `Status: ${link!.status}` : undefined}
                  onClick={() => guard(() => open(link!.id))}
                >
                  {languageName(language)}
                </button>
              ) : (
                <Link
                  to={editorPath(resource, link!.id)}
                  className="text-blue-700 underline-offset-2 hover:underline"
                  title={link!.status ? `Status: ${link!.status}` : undefined}
                >
                  {languageName(language)}
                </Link>
              )}
              {stale.has(id) && <OutOfDate source={defaultLanguage} />}
            </li>
          );
        })}
      </ul>
      {canEdit && missing.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-slate-600" aria-hidden="true">
            Add translation:
          </span>
          {missing.map((language) => (
            <button
              key={language}
              type="button"
              className="btn-secondary px-2.5 py-1"
              disabled={add.isPending}
              aria-busy={add.isPending && adding === language}
              aria-label={`Add translation: ${languageName(language)}`}
              onClick={() => {
                const go = () => {
                  setAdding(language);
                  add.mutate(language);
                };
                // A dialog opens the copy (of the item as saved) in place of its edits: ask before, not after.
                if (open) guard(go);
                else go();
              }}
            >
              <Plus className="h-3.5 w-3.5" aria-hidden="true" />
              {languageName(language)}
            </button>
          ))}
        </div>
      )}
      {add.isError && (
        <p role="alert" className="field-error w-full">
          {errorMessage(add.error, 'The translation could not be added. Please try again.')}
        </p>
      )}
    </nav>
  );
}
