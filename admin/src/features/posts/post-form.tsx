import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { postFields, postInputSchema, postSnapshot, slugify, type Post, type PostInput } from '@tours-cms/contract';
import { queryKeys } from '../../lib/query-keys';
import { useCanEdit } from '../../lib/session';
import { HistoryPanel } from '../../components/content/history-panel';
import { VersionConflictBox } from '../../components/content/version-conflict-box';
import { PreviewLinksPanel } from '../../components/content/preview-links-panel';
import { PreviewDraftButton } from '../../components/content/preview-draft-button';
import { UnsavedCopyBanner } from '../../components/content/unsaved-copy-banner';
import { historyApi, previewLinksApi } from '../../components/content/content-api';
import { diffFieldsOf } from '../../components/content/diff-fields';
import { useVersionedEditor } from '../../components/content/use-versioned-editor';
import { getPost } from './api/get-post';
import { useCategories, useTags } from '../../lib/reads/taxonomy';
import { useFaqs } from '../../lib/reads/faqs';
import { useCreatePost, useUpdatePost } from './api/save-post';
import { revivePostCopy, toPostInput, type PostFormValues } from './post-form-values';
import { PostContentCard } from './components/post-content-card';
import { QuickDetailsCard } from './components/quick-details-card';
import { SeoCard } from './components/seo-card';
import { PublishCard } from './components/publish-card';
import { FeaturedImageCard } from './components/featured-image-card';
import { TagsCard } from './components/tags-card';
import { TourDetailsCard } from './components/tour-details/tour-details-card';
import { DeparturesCard } from './components/departures-card';
import { KnownImagesProvider } from './components/tour-details/known-images';
import { StyleBlockNotice } from '../../components/content/style-block-notice';

type Props = ({ mode: 'create'; initial: PostFormValues } | { mode: 'edit'; post: Post; initial: PostFormValues }) & {
  /** When the post was saved just before this editor opened (a new post, created and opened for editing). */
  savedAt?: Date | null;
  /** After the editor took the saved post instead of its own edits (a restore, a conflict): start it over. */
  onReloaded?: () => void;
};

const FAILURE_ALERT = {
  create: 'Error creating post. Please try again.',
  update: 'Error updating post. Please try again.',
} as const;

/**
 * The fields of Create Post and Edit Post. 'Save' keeps the editor open (a new post opens as itself, for editing);
 * the spec's 'Create Post' / 'Update Post' save and go back to the list.
 */
export function PostForm(props: Props) {
  const { mode, initial } = props;
  const navigate = useNavigate();
  const categories = useCategories();
  const tags = useTags();
  const createPost = useCreatePost();
  const updatePost = useUpdatePost();

  const post = props.mode === 'edit' ? props.post : null;
  const canEdit = useCanEdit();
  // On create the slug follows the title until it is edited by hand; on edit it is never regenerated.
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(mode === 'create');
  const editor = useVersionedEditor({
    resource: 'post',
    item: post ?? undefined,
    initial,
    queryKey: post ? queryKeys.post(post.id) : undefined,
    toInput: toPostInput,
    schema: postInputSchema,
    send: (input: PostInput) =>
      post === null ? createPost.mutateAsync(input) : updatePost.mutateAsync({ id: post.id, input }),
    successNotice: mode === 'create' ? 'Post created.' : 'Post updated.',
    failureNotice: FAILURE_ALERT[mode === 'create' ? 'create' : 'update'],
    onSaved: (saved, intent) => {
      if (intent === 'close') navigate('/admin/posts');
      else if (post === null)
        navigate(`/admin/posts/edit/${saved.id}`, { replace: true, state: { savedAt: new Date().toISOString() } });
    },
    onReloaded: props.onReloaded,
    savedAt: props.savedAt,
    reviveCopy: revivePostCopy,
  });
  const { values, setValues, conflict } = editor;
  const { isPending: isSaving, errorFor, formError, clearFieldErrors, fieldErrors } = editor.form;
  const faqs = useFaqs();
  const diffFields = diffFieldsOf(postFields, {
    categories: categories.data,
    tags: tags.data,
    faqs: faqs.data?.map((faq) => ({ id: faq.id, name: faq.question })),
  });
  const restoreCopy = () => {
    editor.restoreCopy();
    setSlugFollowsTitle(false);
  };
  // A field's errors include those named under it (`itinerary[2].title` under `itinerary`).
  const errorsUnder = (field: string) =>
    fieldErrors
      .map((error) => error.field)
      .filter((name) => name === field || name.startsWith(`${field}[`) || name.startsWith(`${field}.`));
  const clearError = (field: string) => clearFieldErrors([field, ...errorsUnder(field)]);
  const onChange = <K extends keyof PostFormValues>(field: K, value: PostFormValues[K]) => {
    editor.set(field, value);
    clearError(field);
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
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Enter in a field saves and stays; the spec's button saves and goes back to the list.
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    void editor.save(submitter?.value === 'close' ? 'close' : 'stay');
  };

  return (
    <KnownImagesProvider post={post}>
      <form onSubmit={handleSubmit} className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        {editor.copyOffer && (
          <div className="lg:col-span-3">
            <UnsavedCopyBanner
              copy={editor.copyOffer}
              noun="post"
              loadedVersion={post?.version}
              onRestore={restoreCopy}
              onDiscard={editor.discardCopy}
            />
          </div>
        )}
        <div className="space-y-6 lg:col-span-2">
          <PostContentCard
            key={editor.generation}
            values={values}
            errorFor={errorFor}
            onTitleChange={onTitleChange}
            onSlugChange={onSlugChange}
            onChange={onChange}
            initialContent={values.content}
          />
          <StyleBlockNotice html={values.content} />
          <QuickDetailsCard values={values} errorFor={errorFor} onChange={onChange} />
          <TourDetailsCard
            key={`tour-details-${editor.generation}`}
            values={values}
            onChange={onChange}
            errorAt={errorFor}
            hasErrorUnder={(field) => errorsUnder(field).length > 0}
          />
          {post && <DeparturesCard postId={post.id} canEdit={canEdit} />}
          <SeoCard values={values} errorFor={errorFor} onChange={onChange} />
        </div>
        <div className="lg:col-span-1">
          <div className="space-y-6 lg:sticky lg:top-6">
            {post && conflict && (
              <VersionConflictBox
                noun="post"
                conflict={conflict}
                fields={diffFields}
                loadCurrent={async () => postSnapshot(await getPost(post.id))}
                mine={toPostInput(values)}
                onReload={editor.reload}
                onSaveAnyway={() => void editor.saveAnyway()}
              />
            )}
            <PublishCard
              mode={mode}
              values={values}
              categories={categories.data}
              isSaving={isSaving}
              isDirty={editor.isDirty}
              lastSavedAt={editor.lastSavedAt}
              formError={formError}
              errorFor={errorFor}
              onChange={onChange}
              preview={
                post && (
                  <PreviewDraftButton
                    resource="posts"
                    id={post.id}
                    queryKey={queryKeys.post(post.id)}
                    isDirty={editor.isDirty}
                    save={() => editor.save('stay')}
                    noun="post"
                  />
                )
              }
            />
            <FeaturedImageCard
              image={values.featured_image}
              error={errorFor('featured_image_id')}
              onChange={(image) => {
                setValues((current) => ({ ...current, featured_image: image, featured_image_id: image?.id ?? null }));
                clearError('featured_image_id');
              }}
            />
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
                {...previewLinksApi('posts', post.id)}
                canEdit={canEdit}
              />
            )}
            {post && (
              <HistoryPanel
                noun="post"
                currentVersion={post.version}
                current={postSnapshot(post)}
                fields={diffFields}
                queryKey={queryKeys.post(post.id)}
                {...historyApi('posts', post.id)}
                canRestore={canEdit}
                onRestored={editor.reload}
              />
            )}
          </div>
        </div>
      </form>
    </KnownImagesProvider>
  );
}
