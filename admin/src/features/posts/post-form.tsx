import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { postInputSchema, slugify, type Post, type PostInput, type VersionConflict } from '@tours-cms/contract';
import { ApiError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useCanEdit } from '../../lib/session';
import { HistoryPanel } from '../../components/history/history-panel';
import { VersionConflictBox } from '../../components/history/version-conflict-box';
import { getPost } from './api/get-post';
import { PreviewLinksPanel } from '../../components/preview-links/preview-links-panel';
import {
  createPostPreviewLink,
  getPostPreviewLinks,
  getPostRevision,
  getPostRevisions,
  restorePostRevision,
  revokePostPreviewLink,
} from './api/post-revisions';
import { postDiffFields, postSnapshot } from './post-history';
import { useFormSubmit } from '../../components/use-form-submit';
import { useUnsavedChangesGuard, valuesDiffer } from '../../components/unsaved-changes';
import { useUnsavedCopy } from '../../components/unsaved-copy/use-unsaved-copy';
import { UnsavedCopyBanner } from '../../components/unsaved-copy/unsaved-copy-banner';
import { useCategories } from './api/get-categories';
import { useTags } from './api/get-tags';
import { useCreatePost, useUpdatePost } from './api/save-post';
import { toPostInput, type PostFormValues } from './post-form-values';
import { PostContentCard } from './components/post-content-card';
import { QuickDetailsCard } from './components/quick-details-card';
import { SeoCard } from './components/seo-card';
import { PublishCard } from './components/publish-card';
import { FeaturedImageCard } from './components/featured-image-card';
import { TagsCard } from './components/tags-card';
import './post-prose.css';

type Props = { mode: 'create'; initial: PostFormValues } | { mode: 'edit'; post: Post; initial: PostFormValues };

const FAILURE_ALERT = {
  create: 'Error creating post. Please try again.',
  update: 'Error updating post. Please try again.',
} as const;

/** The fields of Create Post and Edit Post; on success both go back to the list. */
export function PostForm(props: Props) {
  const { mode, initial } = props;
  const navigate = useNavigate();
  const categories = useCategories();
  const tags = useTags();
  const createPost = useCreatePost();
  const updatePost = useUpdatePost();

  const [values, setValues] = useState(initial);
  // What the server holds: the form is dirty while its values differ from it.
  const [savedValues, setSavedValues] = useState(initial);
  const isDirty = valuesDiffer(values, savedValues);
  const markClean = useUnsavedChangesGuard(isDirty);
  // On create the slug follows the title until it is edited by hand; on edit it is never regenerated.
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(mode === 'create');
  const queryClient = useQueryClient();
  const canEdit = useCanEdit();
  const post = props.mode === 'edit' ? props.post : null;
  // A save against a newer version than the one loaded: who saved it, and the choices it offers.
  const [conflict, setConflict] = useState<VersionConflict | null>(null);
  // Unsaved edits are kept in this browser as they are typed; reopening the editor offers them back.
  const copy = useUnsavedCopy({
    resource: 'post',
    itemId: post?.id,
    values,
    isDirty,
    baseVersion: post?.version,
    differsFromLoaded: (stored) => valuesDiffer({ ...initial, ...stored }, initial),
  });
  // The rich text editor starts from this content; a restored copy starts it over.
  const [contentStart, setContentStart] = useState({ html: initial.content, generation: 0 });
  const restoreCopy = () => {
    if (!copy.offer) return;
    const restored = { ...initial, ...copy.offer.values };
    setValues(restored);
    setContentStart((current) => ({ html: restored.content, generation: current.generation + 1 }));
    setSlugFollowsTitle(false);
    copy.accept();
  };
  const { submit, isPending: isSaving, errorFor, formError, clearFieldErrors } = useFormSubmit({
    schema: postInputSchema,
    send: (input: PostInput) => (post === null ? createPost.mutateAsync(input) : updatePost.mutateAsync({ id: post.id, input })),
    onFailure: (error) => {
      if (error instanceof ApiError && error.status === 409 && typeof error.body.current_version === 'number') setConflict(error.body as unknown as VersionConflict);
    },
    successNotice: mode === 'create' ? 'Post created.' : 'Post updated.',
    failureNotice: FAILURE_ALERT[mode === 'create' ? 'create' : 'update'],
    onSuccess: () => {
      setSavedValues(values);
      copy.clear();
      markClean();
      navigate('/admin/posts');
    },
  });
  const clearError = (field: string) => clearFieldErrors([field]);
  const onChange = <K extends keyof PostFormValues>(field: K, value: PostFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field === 'category_id' ? 'category_id' : field);
  };
  const onTitleChange = (title: string) => {
    setValues((current) => ({ ...current, title, ...(slugFollowsTitle ? { slug: slugify(title) } : {}) }));
    clearError('title');
    if (slugFollowsTitle) clearError('slug');
  };
  const onSlugChange = (slug: string) => {
    onChange('slug', slug);
    // Emptying the slug by hand hands it back to the title (on create only).
    setSlugFollowsTitle(mode === 'create' && slug === '');
  };

  /** Sends the form with the version it was loaded at (or, to save anyway, the newer one it was told about). */
  const send = (version: number | undefined) => {
    setConflict(null);
    void submit({ ...toPostInput(values), ...(version !== undefined ? { version } : {}) });
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(post?.version);
  };
  /** Drops this form's edits for the saved post: the page loads it again and the form starts over. */
  const reload = () => {
    markClean();
    copy.clear(); // their version replaces these edits, by choice: nothing to offer back
    setConflict(null);
    if (post) void queryClient.invalidateQueries({ queryKey: queryKeys.post(post.id) });
  };

  return (
    <form onSubmit={handleSubmit} className="grid gap-6 lg:grid-cols-3">
      {copy.offer && (
        <div className="lg:col-span-3">
          <UnsavedCopyBanner copy={copy.offer} noun="post" loadedVersion={post?.version} onRestore={restoreCopy} onDiscard={copy.discard} />
        </div>
      )}
      <div className="space-y-6 lg:col-span-2">
        <PostContentCard
          key={contentStart.generation}
          values={values}
          errorFor={errorFor}
          onTitleChange={onTitleChange}
          onSlugChange={onSlugChange}
          onChange={onChange}
          initialContent={contentStart.html}
        />
        <QuickDetailsCard values={values} errorFor={errorFor} onChange={onChange} />
        <SeoCard values={values} errorFor={errorFor} onChange={onChange} />
      </div>
      <div className="lg:col-span-1">
        <div className="space-y-6 lg:sticky lg:top-6">
          {post && conflict && (
            <VersionConflictBox
              noun="post"
              conflict={conflict}
              fields={postDiffFields(categories.data, tags.data)}
              loadCurrent={async () => postSnapshot(await getPost(post.id))}
              mine={toPostInput(values) as unknown as Record<string, unknown>}
              onReload={reload}
              onSaveAnyway={() => send(conflict.current_version)}
            />
          )}
          <PublishCard
            mode={mode}
            values={values}
            categories={categories.data}
            isSaving={isSaving}
            formError={formError}
            errorFor={errorFor}
            onChange={onChange}
          />
          <FeaturedImageCard image={values.featured_image} error={errorFor('featured_image_id')} onChange={(image) => onChange('featured_image', image)} />
          <TagsCard
            tags={tags.data}
            isError={tags.isError}
            selected={values.tag_ids}
            error={errorFor('tag_ids')}
            onChange={(tagIds) => onChange('tag_ids', tagIds)}
          />
          {post && (
            <PreviewLinksPanel
              noun="post"
              queryKey={queryKeys.post(post.id)}
              fetchLinks={() => getPostPreviewLinks(post.id)}
              createLink={() => createPostPreviewLink(post.id)}
              revokeLink={(previewId) => revokePostPreviewLink(post.id, previewId)}
              canEdit={canEdit}
            />
          )}
          {post && (
            <HistoryPanel
              noun="post"
              currentVersion={post.version}
              current={postSnapshot(post)}
              fields={postDiffFields(categories.data, tags.data)}
              queryKey={queryKeys.post(post.id)}
              fetchList={(page) => getPostRevisions(post.id, page)}
              fetchRevision={(revisionId) => getPostRevision(post.id, revisionId)}
              restore={(revisionId) => restorePostRevision(post.id, revisionId)}
              canRestore={canEdit}
              onRestored={reload}
            />
          )}
        </div>
      </div>
    </form>
  );
}
