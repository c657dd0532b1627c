import { memo } from 'react';
import { formatDate, type PostListItem, type PostListSort, type PostStatus } from '@tours-cms/contract';
import { CONTENT_STATUS_FILTERS, SortSelect, StatusFilter } from '../../components/ui/filter-select';
import { ListScreen, type ListScreenText } from '../../components/kit/list-screen';
import { ContentStatus, RowSummary } from '../../components/content/content-status';
import { PHONE_WIDTH, useMediaQuery } from '../../lib/use-media-query';
import { useSiteTimeZone } from '../../lib/site-time';
import { useCanEdit } from '../../lib/session';
import { queryKeys } from '../../lib/query-keys';
import { useListView, useServerList, useServerSearch } from '../../lib/use-server-list';
import { useDeletePost } from './api/delete-post';
import { useConfirmedDelete } from '../../components/kit/use-confirmed-delete';
import { EditDeleteActions } from '../../components/kit/row-actions';
import { ServerListFooter } from '../../components/kit/server-list-footer';
import { groupDeleteWording, LanguageCell, LanguageFilter } from '../../components/translations/translations';
import { useSiteLanguages } from '../../lib/site-languages';

const SCREEN: ListScreenText = {
  title: 'Posts',
  subtitle: 'Manage your blog posts',
  noun: 'posts',
  columns: ['Title', 'Status', 'Created At'],
  create: { label: 'Add New Post', to: '/admin/posts/create' },
};

const SORT_OPTIONS = [
  { value: 'created_at', label: 'Oldest first' },
  { value: 'title', label: 'Title A–Z' },
  { value: '-title', label: 'Title Z–A' },
] as const satisfies readonly { value: PostListSort; label: string }[];

/** On a site in more than one language (issue 30), each row's language and translations, after its title. */
const MULTILINGUAL_COLUMNS = ['Title', 'Language', 'Status', 'Created At'];

/**
 * The posts a page at a time, searched, filtered and sorted on the server (issue 26: the first rows at once at
 * 100,000 posts); the view (search, status, language, sort) lives in the URL, so a reload or a shared link shows the
 * same rows. On a site in more than one language, a Language column and filter; in one, the list as it always was.
 */
export function PostsPage() {
  const view = useListView({ q: '', status: '', language: '', sort: '-created_at' });
  const site = useSiteLanguages();
  const query = useServerList<PostListItem>(queryKeys.posts, '/posts/', view.values);
  const canEdit = useCanEdit();
  const timeZone = useSiteTimeZone();
  const phone = useMediaQuery(PHONE_WIDTH);
  const { mutateAsync: deletePost } = useDeletePost();
  const search = useServerSearch(view.values.q, (value) => view.set('q', value.trim()));
  const status = view.values.status as PostStatus | '';
  const sort = view.values.sort as PostListSort;

  const handleDelete = useConfirmedDelete(
    'post',
    (post: PostListItem, whole: boolean) => deletePost({ id: post.id, group: whole }),
    { group: (post) => groupDeleteWording('post', post) },
  );

  return (
    <ListScreen
      {...SCREEN}
      columns={site.multilingual ? MULTILINGUAL_COLUMNS : SCREEN.columns}
      search={search}
      filters={
        <>
          <StatusFilter
            id="post-status-filter"
            options={CONTENT_STATUS_FILTERS}
            value={status}
            onChange={(value) => view.set('status', value)}
          />
          {site.multilingual && (
            <LanguageFilter
              id="post-language-filter"
              languages={site.languages}
              value={view.values.language}
              onChange={(value) => view.set('language', value)}
            />
          )}
          <SortSelect
            id="post-sort"
            label="Sort posts"
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
      footer={<ServerListFooter list={query} noun="posts" />}
      renderItem={(post) => (
        <PostRow
          key={post.id}
          post={post}
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

/** One row; memoised, so a filter change only draws the rows that appear. */
const PostRow = memo(function PostRow({
  post,
  timeZone,
  phone,
  canEdit,
  onDelete,
  languages,
}: {
  post: PostListItem;
  timeZone: string;
  /** A phone's width: the status and language under the title too (RowSummary). */
  phone: boolean;
  canEdit: boolean;
  onDelete: (post: PostListItem) => void;
  /** The site's languages when it has more than one: the row shows its language and translations. */
  languages: readonly string[] | null;
}) {
  return (
    <tr className="hover:bg-slate-50">
      <td className="px-6 py-4">
        <p className="font-medium text-slate-900">{post.title}</p>
        <p className="text-slate-500">{post.slug}</p>
        {phone && <RowSummary status={post.status} language={languages ? post.language : null} />}
      </td>
      {languages && (
        <td className="px-6 py-4">
          <LanguageCell resource="posts" item={post} siteLanguages={languages} canEdit={canEdit} />
        </td>
      )}
      <td className="px-6 py-4">
        <ContentStatus status={post.status} publishAt={post.publish_at} timeZone={timeZone} />
      </td>
      <td className="px-6 py-4 text-slate-600">{formatDate(post.created_at)}</td>
      <td className="table-actions px-6 py-4">
        <div className="flex items-center justify-end gap-1">
          <a
            href={`/admin/posts/view/${encodeURIComponent(post.slug)}`}
            target="_blank"
            rel="noopener noreferrer"
            className="btn-ghost text-blue-600"
            aria-label={`View ${post.title}`}
          >
            View
          </a>
          {canEdit && (
            <EditDeleteActions name={post.title} to={`/admin/posts/edit/${post.id}`} onDelete={() => onDelete(post)} />
          )}
        </div>
      </td>
    </tr>
  );
});
