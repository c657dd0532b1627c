import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { formatDate, hasRole, type PostListItem, type PostStatus } from '@tours-cms/contract';
import { focusPageHeading, PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { FilterSelect } from '../../components/filter-select';
import { QueryStatus } from '../../components/query-status';
import { StatusBadge } from '../../components/badge';
import { useConfirm } from '../../components/confirm-dialog';
import { useNotify } from '../../components/notify';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../app/auth/auth-context';
import { usePosts } from './api/get-posts';
import { useDeletePost } from './api/delete-post';
import { filterPosts, toSearchable } from './filter-posts';

/** Rows drawn at first and added per "Show more": the DOM stays small however many posts match. */
export const POSTS_PAGE_STEP = 100;

const STATUS_FILTERS: { value: PostStatus; label: string }[] = [
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
  { value: 'pending', label: 'Pending' },
];

export function PostsPage() {
  const query = usePosts();
  const posts = query.data;
  const { user } = useAuth();
  const canEdit = !!user && hasRole(user.role, 'editor');
  const confirm = useConfirm();
  const notify = useNotify();
  const { mutateAsync: deletePost } = useDeletePost();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PostStatus | ''>('');
  const [shown, setShown] = useState({ key: '', count: POSTS_PAGE_STEP });

  // Typing stays instant at 10,000 posts: the box updates at once, the table follows as a low-priority render.
  const deferredSearch = useDeferredValue(search);
  const searchable = useMemo(() => toSearchable(posts ?? []), [posts]);
  const visible = useMemo(() => filterPosts(searchable, deferredSearch, status), [searchable, deferredSearch, status]);
  const filterKey = `${deferredSearch}\u0000${status}`;
  const limit = shown.key === filterKey ? shown.count : POSTS_PAGE_STEP;
  const rows = visible.length > limit ? visible.slice(0, limit) : visible;

  // Stable, so the memoised rows are not all redrawn on every keystroke.
  const handleDelete = useCallback(
    async (post: PostListItem) => {
      if (!(await confirm({ message: 'Are you sure you want to delete this post?' }))) return;
      try {
        await deletePost(post.id);
        focusPageHeading();
        notify.success('Post deleted.');
      } catch (error) {
        console.error(error);
        notify.error(errorMessage(error, 'The post could not be deleted. Please try again.'));
      }
    },
    [confirm, deletePost, notify],
  );

  return (
    <>
      <PageHeader
        title="Posts"
        subtitle="Manage your blog posts"
        actions={
          canEdit && (
            <Link to="/admin/posts/create" className="btn-primary">
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add New Post
            </Link>
          )
        }
      />
      <div className="card">
        <div className="flex flex-wrap gap-3 border-b border-slate-200 p-4">
          <SearchInput value={search} onChange={setSearch} placeholder="Search posts..." label="Search posts" className="min-w-60 flex-1" />
          <FilterSelect id="post-status-filter" label="Filter by status" allLabel="All Status" options={STATUS_FILTERS} value={status} onChange={setStatus} />
        </div>
        <QueryStatus
          query={query}
          loadingLabel="Loading posts"
          errorMessage="The posts could not be loaded."
          emptyMessage="No posts found."
          isEmpty={visible.length === 0}
        >
          <>
            <div className="overflow-x-auto">
              <table className="w-full min-w-[40rem] divide-y divide-slate-200 text-sm" aria-busy={search !== deferredSearch}>
                <thead className="table-head">
                  <tr>
                    <th scope="col" className="px-6 py-3">Title</th>
                    <th scope="col" className="px-6 py-3">Status</th>
                    <th scope="col" className="px-6 py-3">Created At</th>
                    <th scope="col" className="table-actions px-6 py-3 text-right">Actions</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {rows.map((post) => (
                    <PostRow key={post.id} post={post} canEdit={canEdit} onDelete={handleDelete} />
                  ))}
                </tbody>
              </table>
            </div>
            {visible.length > rows.length && (
              <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-6 py-3 text-sm text-slate-600">
                <p>
                  Showing {rows.length.toLocaleString()} of {visible.length.toLocaleString()} posts
                </p>
                <button type="button" className="btn-secondary" onClick={() => setShown({ key: filterKey, count: limit + POSTS_PAGE_STEP })}>
                  Show more
                </button>
              </div>
            )}
          </>
        </QueryStatus>
      </div>
    </>
  );
}

/** One row; memoised, so a filter change only draws the rows that appear. */
const PostRow = memo(function PostRow({
  post,
  canEdit,
  onDelete,
}: {
  post: PostListItem;
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
        <StatusBadge status={post.status} />
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
            <>
              <Link to={`/admin/posts/edit/${post.id}`} className="icon-btn" aria-label={`Edit ${post.title}`}>
                <Pencil className="h-4 w-4" aria-hidden="true" />
              </Link>
              <button type="button" className="icon-btn hover:text-red-600" onClick={() => onDelete(post)} aria-label={`Delete ${post.title}`}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
});
