import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { ErrorState } from '../../components/ui/states';
import { ApiError } from '../../lib/api-client';
import { usePost } from './api/get-post';
import { PostForm } from './post-form';
import { emptyPostValues, toPostFormValues } from './post-form-values';
import { LanguageSwitcher } from '../../components/translations/translations';
import { SourceBeside } from '../../components/translations/source-panel';
import { useSiteLanguages } from '../../lib/site-languages';
import { useCanEdit } from '../../lib/session';

const backToPosts = (
  <Link to="/admin/posts" className="btn-secondary">
    <ArrowLeft className="h-4 w-4" aria-hidden="true" />
    Back to Posts
  </Link>
);

export function CreatePostPage() {
  return (
    <>
      <PageHeader title="Create New Post" subtitle="Add a new blog post" actions={backToPosts} />
      <PostForm mode="create" initial={emptyPostValues} />
    </>
  );
}

/** Loads the post by the id in the route, then shows the same form. */
export function EditPostPage() {
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const post = usePost(validId ? id : null);
  // The editor starts over only when it takes the saved post instead of its own edits, not after its own saves.
  const [generation, setGeneration] = useState(0);
  const savedAt = (useLocation().state as { savedAt?: string } | null)?.savedAt;
  const site = useSiteLanguages();
  const canEdit = useCanEdit();

  return (
    <>
      <PageHeader
        title="Edit Post"
        subtitle="Update your blog post"
        actions={
          <>
            {post.data?.status === 'published' && (
              <a
                href={`/tours/${encodeURIComponent(post.data.slug)}`}
                target="_blank"
                rel="noopener noreferrer"
                className="btn-secondary"
              >
                <ExternalLink className="h-4 w-4" aria-hidden="true" />
                View on site<span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
            {backToPosts}
          </>
        }
      />
      {!validId || (post.isError && post.error instanceof ApiError && post.error.status === 404) ? (
        <div className="card">
          <ErrorState message="Post not found" />
        </div>
      ) : post.isError ? (
        <div className="card">
          <ErrorState message="The post could not be loaded." onRetry={() => post.refetch()} />
        </div>
      ) : post.isPending ? (
        <Spinner label="Loading post" />
      ) : (
        <>
          {site.multilingual && (
            <LanguageSwitcher resource="posts" item={post.data} siteLanguages={site.languages} canEdit={canEdit} />
          )}
          <SourceBeside resource="posts" item={post.data} defaultLanguage={site.defaultLanguage}>
            <PostForm
              key={`${post.data.id}-${generation}`}
              mode="edit"
              post={post.data}
              initial={toPostFormValues(post.data)}
              savedAt={savedAt ? new Date(savedAt) : null}
              onReloaded={() => setGeneration((n) => n + 1)}
            />
          </SourceBeside>
        </>
      )}
    </>
  );
}
