import { useMemo } from 'react';
import { useParams } from 'react-router';
import { formatDate } from '@tours-cms/contract';
import { ErrorState } from '../../components/ui/states';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { ApiError } from '../../lib/api-client';
import { usePostBySlug } from './api/get-post-by-slug';
import { sanitizePostHtml } from './sanitize-post-html';
import '../../components/editors/prose-editor/prose.css';

/** The title, the creation date and the content, sanitised, or 'Loading...'. */
export function PostViewPage() {
  const slug = useParams().slug ?? '';
  const post = usePostBySlug(slug);
  const html = useMemo(() => sanitizePostHtml(post.data?.content), [post.data?.content]);
  useDocumentTitle(post.data?.title ?? (post.isError ? 'Post not found' : undefined));

  if (post.isError) {
    const missing = post.error instanceof ApiError && post.error.status === 404;
    return (
      <div className="card">
        <ErrorState
          message={missing ? 'Post not found' : 'The post could not be loaded.'}
          onRetry={missing ? undefined : () => post.refetch()}
        />
      </div>
    );
  }
  if (post.isPending) {
    return (
      <p role="status" className="py-12 text-center text-slate-500">
        Loading...
      </p>
    );
  }
  return (
    <article className="card mx-auto max-w-3xl p-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{post.data.title}</h1>
      <p className="mt-2 text-sm text-slate-500">
        <time dateTime={post.data.created_at}>{formatDate(post.data.created_at)}</time>
      </p>
      {/* Sanitised above: no scripts, handlers or disallowed protocols reach the admin's DOM. */}
      <div className="post-prose mt-6" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
