import { memo, useMemo, useState } from 'react';
import { formatDate, type PostListItem, type PostStatus } from '@tours-cms/contract';
import { CONTENT_STATUS_FILTERS, StatusFilter } from '../../components/ui/filter-select';
import { ListScreen, useListSearch, type ListScreenText } from '../../components/kit/list-screen';
import { ContentStatus } from '../../components/content/content-status';
import { useSiteTimeZone } from '../../lib/site-time';
import { useCanEdit } from '../../lib/session';
import { usePosts } from './api/get-posts';
import { useDeletePost } from './api/delete-post';
import { filterPosts, toSearchable } from './filter-posts';
import { useConfirmedDelete } from '../../components/kit/use-confirmed-delete';
import { EditDeleteActions } from '../../components/kit/row-actions';

const SCREEN: ListScreenText = {
  title: 'Posts',
  subtitle: 'Manage your blog posts',
  noun: 'posts',
  columns: ['Title', 'Status', 'Created At'],
  create: { label: 'Add New Post', to: '/admin/posts/create' },
};

/** Rows drawn at first and added per "Show more": the DOM stays small however many posts match. */
export const POSTS_PAGE_STEP = 100;

export function PostsPage() {
  const query = usePosts();
  const posts = query.data;
  const canEdit = useCanEdit();
  const timeZone = useSiteTimeZone();
  const { mutateAsync: deletePost } = useDeletePost();
  const search = useListSearch();
  const [status, setStatus] = useState<PostStatus | ''>('');
  const [shown, setShown] = useState({ key: '', count: POSTS_PAGE_STEP });

  // Typing stays instant at 10,000 posts: the box updates at once, the table follows as a low-priority render.
  const searchable = useMemo(() => toSearchable(posts ?? []), [posts]);
  const visible = useMemo(
    () => filterPosts(searchable, search.deferred, status),
    [searchable, search.deferred, status],
  );
  const filterKey = `${search.deferred}\u0000${status}`;
  const limit = shown.key === filterKey ? shown.count : POSTS_PAGE_STEP;
  const rows = visible.length > limit ? visible.slice(0, limit) : visible;

  const handleDelete = useConfirmedDelete('post', (post: PostListItem) => deletePost(post.id));

  return (
    <ListScreen
      {...SCREEN}
      search={search}
      filters={
        <StatusFilter id="post-status-filter" options={CONTENT_STATUS_FILTERS} value={status} onChange={setStatus} />
      }
      query={query}
      items={rows}
      footer={
        visible.length > rows.length && (
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-6 py-3 text-sm text-slate-600">
            <p>
              Showing {rows.length.toLocaleString()} of {visible.length.toLocaleString()} posts
            </p>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => setShown({ key: filterKey, count: limit + POSTS_PAGE_STEP })}
            >
              Show more
            </button>
          </div>
        )
      }
      renderItem={(post) => (
        <PostRow key={post.id} post={post} timeZone={timeZone} canEdit={canEdit} onDelete={handleDelete} />
      )}
    />
  );
}

/** One row; memoised, so a filter change only draws the rows that appear. */
const PostRow = memo(function PostRow({
  post,
  timeZone,
  canEdit,
  onDelete,
}: {
  post: PostListItem;
  timeZone: string;
  canEdit: boolean;
  onDelete: (post: PostListItem) => void;
}) {
  return (
    <tr className="hover:bg-slate-50">
      <td className="px-6 py-4">
        <p className="font-medium text-slate-900">{post.title}</p>
        <p className="text-slate-500">{post.slug}</p>
      </td>
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
