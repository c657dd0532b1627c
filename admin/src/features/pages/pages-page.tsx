import { memo } from 'react';
import { ExternalLink, Info } from 'lucide-react';
import { formatDate, publicPageUrl, type PageListItem, type PageListSort, type PageStatus } from '@tours-cms/contract';
import { CONTENT_STATUS_FILTERS, SortSelect, StatusFilter } from '../../components/ui/filter-select';
import { ListScreen, type ListScreenText } from '../../components/kit/list-screen';
import { ServerListFooter } from '../../components/kit/server-list-footer';
import { useListView, useServerSearch } from '../../lib/use-server-list';
import { Badge } from '../../components/ui/badge';
import { ContentStatus, RowSummary } from '../../components/content/content-status';
import { PHONE_WIDTH, useMediaQuery } from '../../lib/use-media-query';
import { useSiteTimeZone } from '../../lib/site-time';
import { useCanEdit } from '../../lib/session';
import { usePagesPages } from './api/get-pages';
import { useDeletePage } from './api/delete-page';
import { CopyUrlButton } from './components/copy-url-button';
import { useConfirmedDelete } from '../../components/kit/use-confirmed-delete';
import { EditDeleteActions } from '../../components/kit/row-actions';
import { groupDeleteWording, LanguageCell, LanguageFilter } from '../../components/translations/translations';
import { useSiteLanguages } from '../../lib/site-languages';

const SCREEN: ListScreenText = {
  title: 'Pages',
  subtitle: 'Manage your website pages',
  noun: 'pages',
  columns: ['Title & URL', 'Status', 'Type', 'Created At'],
  create: { label: 'Add New Page', to: '/admin/pages/create' },
};

const SORT_OPTIONS = [
  { value: 'created_at', label: 'Oldest first' },
  { value: 'title', label: 'Title A–Z' },
  { value: '-title', label: 'Title Z–A' },
] as const satisfies readonly { value: PageListSort; label: string }[];

/** On a site in more than one language (issue 30), each row's language and translations, after its title. */
const MULTILINGUAL_COLUMNS = ['Title & URL', 'Language', 'Status', 'Type', 'Created At'];

/**
 * The Pages list, a page at a time, searched (title), filtered and sorted on the server (issue 26: 10,000 pages);
 * the view (search, status, language, sort) lives in the URL, so a reload or a shared link shows the same rows. On a
 * site in more than one language, a Language column and filter; in one, the list as it always was.
 */
export function PagesPage() {
  const view = useListView({ q: '', status: '', language: '', sort: '-created_at' });
  const site = useSiteLanguages();
  const query = usePagesPages(view.values);
  const canEdit = useCanEdit();
  const timeZone = useSiteTimeZone();
  const phone = useMediaQuery(PHONE_WIDTH);
  const { mutateAsync: deletePage } = useDeletePage();
  const search = useServerSearch(view.values.q, (value) => view.set('q', value.trim()));
  const status = view.values.status as PageStatus | '';
  const sort = view.values.sort as PageListSort;
  const origin = window.location.origin;

  const handleDelete = useConfirmedDelete(
    'page',
    (page: PageListItem, whole: boolean) => deletePage({ id: page.id, group: whole }),
    { group: (page) => groupDeleteWording('page', page) },
  );

  return (
    <ListScreen
      {...SCREEN}
      columns={site.multilingual ? MULTILINGUAL_COLUMNS : SCREEN.columns}
      search={search}
      filters={
        <>
          <StatusFilter
            id="page-status-filter"
            options={CONTENT_STATUS_FILTERS}
            value={status}
            onChange={(value) => view.set('status', value)}
          />
          {site.multilingual && (
            <LanguageFilter
              id="page-language-filter"
              languages={site.languages}
              value={view.values.language}
              onChange={(value) => view.set('language', value)}
            />
          )}
          <SortSelect
            id="page-sort"
            label="Sort pages"
            defaultSort="-created_at"
            defaultLabel="Newest first"
            options={SORT_OPTIONS}
            value={sort}
            onChange={(value) => view.set('sort', value)}
          />
        </>
      }
      query={query}
      items={query.items}
      footer={<ServerListFooter list={query} noun="pages" />}
      after={
        // Pages exist when any matched, or when a search or filter is what leaves none (the whole site has some).
        (query.total > 0 || view.values.q !== '' || status !== '' || view.values.language !== '') && (
          <aside
            className="mt-6 flex gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900"
            aria-labelledby="public-urls-heading"
          >
            <Info className="mt-0.5 h-4 w-4 shrink-0 text-blue-600" aria-hidden="true" />
            <div>
              <h2 id="public-urls-heading" className="font-semibold">
                Public Page URLs
              </h2>
              <p className="mt-1">
                Published pages are accessible at:{' '}
                <code className="rounded bg-white/70 px-1 py-0.5">{origin}/[page-slug]</code>
              </p>
            </div>
          </aside>
        )
      }
      renderItem={(page) => (
        <PageRow
          key={page.id}
          page={page}
          url={publicPageUrl(origin, page.slug, { language: page.language, defaultLanguage: site.defaultLanguage })}
          timeZone={timeZone}
          phone={phone}
          canEdit={canEdit}
          onDelete={handleDelete}
          languages={site.multilingual ? site.languages : null}
        />
      )}
    />
  );
}

const PageRow = memo(function PageRow({
  page,
  url,
  timeZone,
  phone,
  canEdit,
  onDelete,
  languages,
}: {
  page: PageListItem;
  url: string;
  timeZone: string;
  /** A phone's width: the status and language under the title too (RowSummary). */
  phone: boolean;
  canEdit: boolean;
  onDelete: (page: PageListItem) => void;
  /** The site's languages when it has more than one: the row shows its language and translations. */
  languages: readonly string[] | null;
}) {
  return (
    <tr className="hover:bg-slate-50">
      <td className="px-6 py-4 max-md:min-w-52">
        <p className="font-medium text-slate-900">{page.title}</p>
        <div className="flex items-center gap-1 text-slate-500">
          <span className="break-all">{url}</span>
          <CopyUrlButton url={url} label={`Copy URL of ${page.title}`} />
        </div>
        {phone && <RowSummary status={page.status} language={languages ? page.language : null} />}
      </td>
      {languages && (
        <td className="px-6 py-4">
          <LanguageCell resource="pages" item={page} siteLanguages={languages} canEdit={canEdit} />
        </td>
      )}
      <td className="px-6 py-4">
        <ContentStatus status={page.status} publishAt={page.publish_at} timeZone={timeZone} />
      </td>
      <td className="px-6 py-4">
        {page.has_template_data ? <Badge tone="purple">Rich Editor</Badge> : <Badge tone="blue">Basic Content</Badge>}
      </td>
      <td className="px-6 py-4 text-slate-600">{formatDate(page.created_at)}</td>
      <td className="table-actions px-6 py-4">
        <div className="flex items-center justify-end gap-1">
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="icon-btn"
            aria-label={`View ${page.title} live`}
            title="View live page"
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
          </a>
          {canEdit && (
            <EditDeleteActions name={page.title} to={`/admin/pages/edit/${page.id}`} onDelete={() => onDelete(page)} />
          )}
        </div>
      </td>
    </tr>
  );
});
