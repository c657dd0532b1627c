import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { postInputSchema, slugify, type PostInput } from '@tours-cms/contract';
import { useFormSubmit } from '../../components/use-form-submit';
import { useUnsavedChangesGuard, valuesDiffer } from '../../components/unsaved-changes';
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

type Props = { mode: 'create'; initial: PostFormValues } | { mode: 'edit'; postId: number; initial: PostFormValues };

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
  const markClean = useUnsavedChangesGuard(valuesDiffer(values, savedValues));
  // On create the slug follows the title until it is edited by hand; on edit it is never regenerated.
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(mode === 'create');
  const { submit, isPending: isSaving, errorFor, formError, clearFieldErrors } = useFormSubmit({
    schema: postInputSchema,
    send: (input: PostInput) => (props.mode === 'create' ? createPost.mutateAsync(input) : updatePost.mutateAsync({ id: props.postId, input })),
    successNotice: mode === 'create' ? 'Post created.' : 'Post updated.',
    failureNotice: FAILURE_ALERT[mode === 'create' ? 'create' : 'update'],
    onSuccess: () => {
      setSavedValues(values);
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

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(toPostInput(values));
  };

  return (
    <form onSubmit={handleSubmit} className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <PostContentCard
          values={values}
          errorFor={errorFor}
          onTitleChange={onTitleChange}
          onSlugChange={onSlugChange}
          onChange={onChange}
          initialContent={initial.content}
        />
        <QuickDetailsCard values={values} errorFor={errorFor} onChange={onChange} />
        <SeoCard values={values} errorFor={errorFor} onChange={onChange} />
      </div>
      <div className="lg:col-span-1">
        <div className="space-y-6 lg:sticky lg:top-6">
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
        </div>
      </div>
    </form>
  );
}
